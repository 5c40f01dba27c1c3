// The model's word lists are looked up in their file text (lineIndex), not split into a Map: the
// same positions a Map filled in order gives, for every word of the shipped model's lists.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lineIndex } from '../../../../src/services/reader/classify/packed-numbers.js';
import { modelPath } from '../../../../src/paths.js';

function mapOf(text: string): Map<string, number> {
  const map = new Map<string, number>();
  (text ? text.split('\n') : []).forEach((word, i) => map.set(word, i));
  return map;
}

describe('lineIndex', () => {
  it('finds each line at its position, nothing else, and a repeated line at its last', () => {
    const text = 'rates\nrate cut\né\n\nrates\nrat\n🦀 crab';
    const index = lineIndex(text);
    const map = mapOf(text);
    expect(index.size).toBe(7);
    for (const word of [...map.keys(), 'rate', 'rates ', 'rat\n', 'crab', '🦀', 'ratesrate cut', 'e', 'x'.repeat(40)]) {
      expect(index.get(word), JSON.stringify(word)).toBe(map.get(word));
      expect(index.has(word)).toBe(map.has(word));
    }
    expect(index.get('rates')).toBe(4);
    expect(index.get('')).toBe(3);
    expect([...index.keys()]).toEqual(text.split('\n'));
    expect(lineIndex('').size).toBe(0);
    expect(lineIndex('').get('')).toBeUndefined();
  });

  it("gives the shipped model's features and words the positions a Map gives them", () => {
    const file = JSON.parse(readFileSync(modelPath('topics'), 'utf8')) as { regression: { features: string }; embedding: { words: string } };
    for (const text of [file.regression.features, file.embedding.words]) {
      const index = lineIndex(text);
      const map = mapOf(text);
      expect(index.size).toBe(text.split('\n').length);
      for (const [word, position] of map) if (index.get(word) !== position) expect(index.get(word), word).toBe(position);
      for (const word of ['zzzqx', 'the quick', 'ünïcödé']) expect(index.get(word)).toBe(map.get(word));
    }
  });
});

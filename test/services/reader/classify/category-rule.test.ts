import { describe, expect, it } from 'vitest';
import { categorizeByKeywords, keywordTotals, TOPIC_PRIORITY } from '../../../../src/services/reader/classify/category-rule.js';
import { TOPIC_KEYWORDS } from '../../../../src/services/reader/classify/topic-keywords.js';
import { TOPICS, type Topic } from '../../../../src/shared/topics.js';
import { topicWords } from '../../../../src/services/reader/classify/words.js';

/** A one-word keyword of `topic` with `weight` that no other topic lists. */
function exclusiveKeyword(topic: Topic, weight: number): string {
  const elsewhere = new Set(TOPICS.filter((other) => other !== topic).flatMap((other) => TOPIC_KEYWORDS[other].flatMap((k) => k.words)));
  const keyword = TOPIC_KEYWORDS[topic].find((k) => k.words.length === 1 && k.weight === weight && !elsewhere.has(k.words[0]!));
  if (!keyword) throw new Error(`no exclusive ${topic} keyword of weight ${weight}`);
  return keyword.words[0]!;
}

const FILLER = 'zzq';

describe('categorizeByKeywords (spec 001 §9)', () => {
  it('keeps every keyword weight between 1.5 and 3, and food has a vocabulary of its own', () => {
    for (const topic of TOPICS) {
      expect(TOPIC_KEYWORDS[topic].length).toBeGreaterThan(0);
      for (const keyword of TOPIC_KEYWORDS[topic]) {
        expect(keyword.weight).toBeGreaterThanOrEqual(1.5);
        expect(keyword.weight).toBeLessThanOrEqual(3);
      }
    }
  });

  it('writes every keyword as topicWords() reads text, so each one can match', () => {
    for (const topic of TOPICS) {
      for (const keyword of TOPIC_KEYWORDS[topic]) expect(topicWords(keyword.words.join(' '))).toEqual(keyword.words);
    }
  });

  it('gives international when no topic scores', () => {
    expect(categorizeByKeywords(`${FILLER} ${FILLER}`, `${FILLER} ${FILLER} ${FILLER}`)).toBe('international');
    expect(categorizeByKeywords('', '')).toBe('international');
    expect(Object.values(keywordTotals(FILLER, FILLER)).every((total) => total === 0)).toBe(true);
  });

  it('scores the title as its keyword weights × 3 ÷ its word count, plus body weights ÷ body words', () => {
    const science = exclusiveKeyword('science', 3);
    const totals = keywordTotals(`${science} ${FILLER}`, `${science} ${FILLER} ${FILLER} ${FILLER} ${FILLER} ${FILLER}`);
    expect(totals.science).toBeCloseTo((3 * 3) / 2 + 3 / 6, 12);
  });

  it('lets the ×3 title factor beat a denser body', () => {
    const tech = exclusiveKeyword('tech', 3);
    const food = exclusiveKeyword('food', 3);
    // Title: tech 3 × 3 ÷ 3 = 3. Body: food 6 ÷ 3 = 2. Without the factor, food (2) would beat tech (1).
    expect(categorizeByKeywords(`${tech} ${FILLER} ${FILLER}`, `${food} ${food} ${FILLER}`)).toBe('tech');
  });

  it('breaks ties by the lower priority number, with food last', () => {
    const pairs: [Topic, Topic][] = [
      ['health', 'finance'],
      ['usa', 'international'],
      ['tech', 'energy'],
      ['science', 'food'],
      ['health', 'food'],
    ];
    for (const [winner, loser] of pairs) {
      expect(TOPIC_PRIORITY[winner]).toBeLessThan(TOPIC_PRIORITY[loser]);
      const title = `${exclusiveKeyword(loser, 3)} ${exclusiveKeyword(winner, 3)}`;
      const totals = keywordTotals(title, '');
      expect(totals[winner]).toBe(totals[loser]);
      expect(categorizeByKeywords(title, '')).toBe(winner);
    }
  });

  it('counts the highest total, not the first topic found', () => {
    const health = exclusiveKeyword('health', 3);
    const energy = exclusiveKeyword('energy', 3);
    expect(categorizeByKeywords(`${health} ${energy} ${energy}`, '')).toBe('energy');
  });

  it('counts every occurrence, and a phrase once as itself rather than again as its words', () => {
    const phrase = TOPIC_KEYWORDS.energy.find((k) => k.words.join(' ') === 'natural gas')!;
    const gas = TOPIC_KEYWORDS.energy.find((k) => k.words.join(' ') === 'gas')!;
    expect(keywordTotals('', 'natural gas').energy).toBeCloseTo(phrase.weight / 2, 12);
    expect(keywordTotals('', 'natural gas natural gas').energy).toBeCloseTo((2 * phrase.weight) / 4, 12);
    expect(keywordTotals('', 'gas natural').energy).toBeCloseTo(gas.weight / 2, 12);
  });

  it('matches whole words, case and punctuation aside', () => {
    const energy = exclusiveKeyword('energy', 3);
    expect(categorizeByKeywords(`${energy.toUpperCase()}!`, '')).toBe('energy');
    expect(categorizeByKeywords(`${energy}zz`, '')).toBe('international');
  });
});

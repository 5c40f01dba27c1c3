import { describe, expect, it } from 'vitest';
import { terms } from '../../../../../src/services/reader/trends/engine/tokenize.js';
import { articleFeatures, type FeatureNames, vectorize } from '../../../../../src/services/reader/trends/engine/vectorize.js';
import type { StoryInput } from '../../../../../src/services/reader/trends/engine/index.js';

/** The feature of a word or phrase, as the engine stems it. */
const feature = (text: string) => terms(text).join(' ');

const articles: StoryInput[] = [
  {
    id: '1',
    title: 'Port Linden warehouse fire forces evacuations',
    body: 'A fire at a Port Linden warehouse forced hundreds from their homes on Tuesday. Fire crews from Port Linden worked all night.',
  },
  { id: '2', title: 'Warehouse fire in Port Linden: residents evacuated', body: 'Residents near the Port Linden docks were evacuated as a warehouse burned.' },
  { id: '3', title: 'Central bank holds rates steady', body: 'The central bank held its rate at 4.5 per cent, citing steady prices; rates rates rates.' },
  { id: '4', title: 'Fire fire fire', body: '' },
];

/** Every feature's text, by id. */
const namesOf = (features: FeatureNames) => Array.from({ length: features.count }, (_, id) => features.name(id));

describe('vectorize', () => {
  it("holds each article's features of articleFeatures, heaviest raw weight kept, normalised", () => {
    const { vectors, features, documentFrequency } = vectorize(articles, { background: null, pairWeight: 0.5, bodyWeight: 0.5 });
    articles.forEach((article, i) => {
      const expected = articleFeatures(article, { pairWeight: 0.5, bodyWeight: 0.5 });
      const vector = vectors[i]!;
      expect(new Set(Array.from(vector.ids, (id) => features.name(id)))).toEqual(new Set(expected.keys()));
      expect([...vector.ids]).toEqual([...vector.ids].sort((a, b) => a - b));
      // Weights are kept as 32-bit numbers: a unit norm to their precision.
      expect(vector.weights).toBeInstanceOf(Float32Array);
      expect(Math.hypot(...vector.weights)).toBeCloseTo(1, 6);
    });
    // A repeated word is one feature, and no pair of a word with itself.
    expect(vectors[3]!.ids).toHaveLength(1);
    // Document frequency counts articles, not occurrences.
    expect(documentFrequency[namesOf(features).indexOf(feature('fire'))]).toBe(3);
    expect(documentFrequency[namesOf(features).indexOf(feature('port linden'))]).toBe(2);
  });

  it('weighs a title term over the same term in the lead, and a pair at its weight', () => {
    const { vectors, features, featureWeight } = vectorize([articles[0]!], { background: null, pairWeight: 0.5, bodyWeight: 0.5 });
    const raw = (text: string) => {
      const id = namesOf(features).indexOf(feature(text));
      const k = vectors[0]!.ids.indexOf(id);
      return vectors[0]!.weights[k]! / featureWeight[id]!;
    };
    // "tuesday" is only in the lead, "warehouse" in both: the title's weight stands.
    expect(raw('warehouse') / raw('tuesday')).toBeCloseTo(2, 10);
    expect(raw('warehouse') / raw('port linden')).toBeCloseTo(2, 10);
  });

  it('keeps every pair apart past the first 32,768 distinct pairs (where its table grows)', () => {
    // 2,500 headlines of 20 words no other holds (47,500 distinct pairs), each told twice: the
    // second tellings find the pairs the first made, before and after the table grew.
    const word = (n: number) => `w${n.toString(36)}x`;
    const headline = (i: number) => Array.from({ length: 20 }, (_, k) => word(i * 20 + k)).join(' ');
    const many: StoryInput[] = Array.from({ length: 5_000 }, (_, i) => ({ id: String(i), title: headline(i % 2_500) }));
    const { vectors, features, documentFrequency } = vectorize(many, { background: null });
    const names = namesOf(features);
    expect(names.filter((text) => text.includes(' ')).length).toBe(47_500);
    expect(new Set(names).size).toBe(features.count);
    expect(documentFrequency.every((count) => count === 2)).toBe(true);
    many.forEach((article, i) => {
      expect(Array.from(vectors[i]!.ids, (id) => features.name(id)).sort()).toEqual([...articleFeatures(article).keys()].sort());
    });
  });
});

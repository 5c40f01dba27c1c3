import { describe, expect, it } from 'vitest';
import { terms } from '../../../../../src/services/reader/trends/engine/tokenize.js';
import { articleFeatures, vectorize } from '../../../../../src/services/reader/trends/engine/vectorize.js';
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

describe('vectorize', () => {
  it("holds each article's features of articleFeatures, heaviest raw weight kept, normalised", () => {
    const { vectors, features, documentFrequency } = vectorize(articles, { background: null, pairWeight: 0.5, bodyWeight: 0.5 });
    articles.forEach((article, i) => {
      const expected = articleFeatures(article, { pairWeight: 0.5, bodyWeight: 0.5 });
      const vector = vectors[i]!;
      expect(new Set(Array.from(vector.ids, (id) => features[id]))).toEqual(new Set(expected.keys()));
      expect([...vector.ids]).toEqual([...vector.ids].sort((a, b) => a - b));
      const norm = Math.hypot(...vector.weights);
      expect(norm).toBeCloseTo(1, 10);
    });
    // A repeated word is one feature, and no pair of a word with itself.
    expect(vectors[3]!.ids).toHaveLength(1);
    // Document frequency counts articles, not occurrences.
    expect(documentFrequency[features.indexOf(feature('fire'))]).toBe(3);
    expect(documentFrequency[features.indexOf(feature('port linden'))]).toBe(2);
  });

  it('weighs a title term over the same term in the lead, and a pair at its weight', () => {
    const { vectors, features, featureWeight } = vectorize([articles[0]!], { background: null, pairWeight: 0.5, bodyWeight: 0.5 });
    const raw = (text: string) => {
      const id = features.indexOf(feature(text));
      const k = vectors[0]!.ids.indexOf(id);
      return vectors[0]!.weights[k]! / featureWeight[id]!;
    };
    // "tuesday" is only in the lead, "warehouse" in both: the title's weight stands.
    expect(raw('warehouse') / raw('tuesday')).toBeCloseTo(2, 10);
    expect(raw('warehouse') / raw('port linden')).toBeCloseTo(2, 10);
  });
});

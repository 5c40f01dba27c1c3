// The candidate pairs of the grouping against a plain reading of what they are: for each article,
// its partners shortlisted by the products of the indexed features they share, then kept by exact
// similarity. The index only makes this fast (each pair scored once, long lists read by day), so
// on any batch the two must agree exactly, weights included.
import { describe, expect, it } from 'vitest';
import { type CandidateEdge, type CandidateOptions, candidateEdges, dayFactor } from '../../../../../src/services/reader/trends/engine/candidates.js';
import type { SparseVector } from '../../../../../src/services/reader/trends/engine/vectorize.js';
import { seededRandom } from '../../../../fixtures/news-web/text.js';

/** Random L2-normalised sparse vectors over `features` features, some sharing the same weights (ties). */
function batch(size: number, features: number, seed: number): { vectors: SparseVector[]; days: Float64Array } {
  const next = seededRandom(seed);
  const vectors = Array.from({ length: size }, () => {
    const ids = new Set<number>();
    const length = 3 + Math.floor(next() * 25);
    // Skewed, so that some features are in long lists and some in none.
    while (ids.size < length) ids.add(Math.floor(next() ** 2 * features));
    const sorted = Int32Array.from([...ids].sort((a, b) => a - b));
    const raw = Float64Array.from(sorted, () => (next() < 0.2 ? 0.5 : 0.1 + next()));
    const norm = Math.hypot(...raw);
    return { ids: sorted, weights: Float32Array.from(raw, (w) => w / norm) };
  });
  // Five days of fractional times, a tenth of the articles with none (-1).
  const days = Float64Array.from(vectors, () => (next() < 0.1 ? -1 : 20_000 + next() * 5));
  return { vectors, days };
}

/** The pairs as defined, every pair tried. */
function plainly(vectors: SparseVector[], options: CandidateOptions): CandidateEdge[] {
  const n = vectors.length;
  // Each article's indexed features: its `indexTerms` heaviest (ties: the earlier feature).
  const indexed = vectors.map((vector) => {
    const order = [...vector.ids.keys()].sort((a, b) => vector.weights[b]! - vector.weights[a]! || a - b);
    return new Set(order.slice(0, options.indexTerms).map((k) => vector.ids[k]!));
  });
  const listed = new Map<number, number>();
  for (const set of indexed) for (const feature of set) listed.set(feature, (listed.get(feature) ?? 0) + 1);
  const inIndex = (feature: number) => (listed.get(feature) ?? 0) >= 2 && listed.get(feature)! <= options.maxPosting;
  const weightOf = (vector: SparseVector, feature: number) => {
    const k = vector.ids.indexOf(feature);
    return k < 0 ? 0 : vector.weights[k]!;
  };
  const factor = (i: number, j: number) => dayFactor(options.days[i]!, options.days[j]!, options.dayDecay, options.maxDayGap);
  const partial = (i: number, j: number) => {
    let sum = 0;
    for (const feature of vectors[i]!.ids)
      if (indexed[i]!.has(feature) && indexed[j]!.has(feature) && inIndex(feature)) sum += weightOf(vectors[i]!, feature) * weightOf(vectors[j]!, feature);
    return sum;
  };
  const exact = (i: number, j: number) => {
    let sum = 0;
    for (let k = 0; k < vectors[j]!.ids.length; k++) sum += weightOf(vectors[i]!, vectors[j]!.ids[k]!) * vectors[j]!.weights[k]!;
    return sum * factor(i, j);
  };
  const byScore = (x: { j: number; score: number }, y: { j: number; score: number }) => y.score - x.score || x.j - y.j;
  const kept = new Map<string, CandidateEdge>();
  for (let i = 0; i < n; i++) {
    const shortlist = [];
    for (let j = 0; j < n; j++) {
      if (j === i || factor(i, j) === 0) continue;
      const score = partial(i, j);
      if (score > 0 && score >= options.minSimilarity / 2) shortlist.push({ j, score });
    }
    shortlist.sort(byScore);
    const best = shortlist
      .slice(0, options.neighbours * 2)
      .map(({ j }) => ({ j, score: exact(i, j) }))
      .filter(({ score }) => score >= options.minSimilarity)
      .sort(byScore)
      .slice(0, options.neighbours);
    for (const { j, score } of best) kept.set(`${Math.min(i, j)} ${Math.max(i, j)}`, { a: Math.min(i, j), b: Math.max(i, j), similarity: score });
  }
  return [...kept.values()].sort((x, y) => y.similarity - x.similarity || x.a - y.a || x.b - y.b);
}

describe('candidateEdges', () => {
  for (const [name, size, features, indexTerms, maxPosting] of [
    ['every feature indexed', 300, 60, 40, 10_000],
    ['heaviest features only, common ones left out, long lists read by day', 400, 80, 6, 60],
  ] as const) {
    it(`finds exactly the pairs a plain comparison of every pair finds (${name})`, () => {
      for (const seed of [1, 2, 3]) {
        const { vectors, days } = batch(size, features, seed);
        const options = { neighbours: 4, minSimilarity: 0.1, maxPosting, indexTerms, days, dayDecay: 0.2, maxDayGap: 2 };
        const edges = candidateEdges(vectors, features, options);
        expect(edges.length).toBeGreaterThan(size / 2);
        expect(edges).toEqual(plainly(vectors, options));
      }
    });
  }
});

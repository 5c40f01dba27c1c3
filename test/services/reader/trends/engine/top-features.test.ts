// A story's key terms are picked in one pass; they must be exactly what sorting every feature gave.
import { describe, expect, it } from 'vitest';
import { topFeatures } from '../../../../../src/services/reader/trends/engine/story-clusters.js';
import { seededRandom } from '../../../../fixtures/news-web/text.js';

/** The plain reference: every weighted feature sorted by its sum, ties by the lower id. */
function sortedTop(ids: readonly number[], sums: Float64Array, weights: Float64Array, count: number): number[] {
  return ids
    .filter((id) => weights[id]! > 0)
    .sort((a, b) => sums[b]! - sums[a]! || a - b)
    .slice(0, count);
}

describe("a story's key terms", () => {
  it('are the heaviest weighted features, ties by the lower id, whatever order they were met in', () => {
    const next = seededRandom(35);
    for (let round = 0; round < 300; round++) {
      const features = 1 + Math.floor(next() * 60);
      // Few distinct sums, so that ties are common; some features carry no weight (stop words).
      const sums = Float64Array.from({ length: features }, () => Math.floor(next() * 6) / 2);
      const weights = Float64Array.from({ length: features }, () => (next() < 0.2 ? 0 : next()));
      const ids = Array.from({ length: features }, (_, id) => id).sort(() => next() - 0.5);
      for (const count of [1, 3, 8]) expect(topFeatures(ids, sums, weights, count)).toEqual(sortedTop(ids, sums, weights, count));
    }
  });

  it('are fewer when the story has fewer weighted features', () => {
    // Feature 1 carries no weight: two of three, the heavier first.
    expect(topFeatures([2, 0, 1], Float64Array.from([3, 2, 1]), Float64Array.from([1, 0, 1]), 8)).toEqual([0, 2]);
  });
});

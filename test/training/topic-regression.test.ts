import { describe, expect, it } from 'vitest';
import { articleFeatureCounts, featureRow, PIECE, type FeatureWeighting } from '../../src/services/reader/classify/article-features.js';
import { minimize } from '../../scripts/training/lbfgs.js';
import { decodeTopicRegression, regressionScores } from '../../src/services/reader/classify/topic-regression.js';
import { encodeTopicRegression } from '../../scripts/training/model-encoding.js';
import { fitTopicRegression, type RegressionRow } from '../../scripts/training/topic-regression-fit.js';

const WEIGHTING: FeatureWeighting = { bodyWeight: 0.5, bodyWords: 60, pieceMin: 3, pieceMax: 5, pieceWeight: 1 };

describe('minimize (L-BFGS)', () => {
  it('finds the minimum of a badly scaled quadratic', () => {
    const centre = [3, -2, 0.5];
    const scale = [1, 100, 0.01];
    const x = minimize(
      (point, gradient) => {
        let value = 0;
        point.forEach((v, i) => {
          value += scale[i]! * (v - centre[i]!) ** 2;
          gradient[i] = 2 * scale[i]! * (v - centre[i]!);
        });
        return value;
      },
      new Float64Array(3),
      { maxIterations: 200, tolerance: 1e-15 },
    );
    x.forEach((v, i) => expect(v).toBeCloseTo(centre[i]!, 4));
  });
});

describe('article features', () => {
  it('counts words, pairs of content words and the letter pieces of each word', () => {
    const { words, pieces } = articleFeatureCounts('The oil price', undefined, WEIGHTING);
    expect([...words.keys()]).toEqual(['the', 'oil', 'price', 'oil price']);
    expect(pieces.get(`${PIECE}<oi`)).toBe(1);
    expect(pieces.get(`${PIECE}oil>`)).toBe(1);
    expect(pieces.get(`${PIECE}<oil>`)).toBe(1);
    expect(pieces.has(`${PIECE}<the>`)).toBe(true);
  });

  it('weighs body words less and reads only the first body words', () => {
    const { words } = articleFeatureCounts('Oil', 'oil rigs and more oil words here', { ...WEIGHTING, bodyWords: 2 });
    expect(words.get('oil')).toBe(1.5);
    expect(words.get('rigs')).toBe(0.5);
    expect(words.has('words')).toBe(false);
  });

  it('scales each block to unit length and drops features outside the vocabulary', () => {
    const counts = articleFeatureCounts('oil oil price', undefined, WEIGHTING);
    const vocabulary = new Map([
      ['oil', 0],
      ['price', 1],
      [`${PIECE}<oil>`, 2],
      [`${PIECE}<pr`, 3],
    ]);
    const row = featureRow(counts, vocabulary, [1, 2, 1, 1], 0.5);
    const length = (columns: number[]) => Math.hypot(...columns.map((c) => row.values[Array.from(row.columns).indexOf(c)] ?? 0));
    expect(length([0, 1])).toBeCloseTo(1, 12);
    expect(length([2, 3])).toBeCloseTo(0.5, 12);
    expect(row.columns.length).toBe(4);
  });
});

// Two classes told apart by their words; the test headlines use forms no training row had.
function rows(): RegressionRow[] {
  const space = ['astronomers spot comet', 'telescope sees galaxy', 'rocket reaches orbit', 'planet found by telescope'];
  const money = ['bank raises rates', 'investors sell shares', 'stocks fall on earnings', 'bank profit beats forecast'];
  return [...space.map((title) => ({ title, label: 0, weight: 1 })), ...money.map((title) => ({ title, label: 1, weight: 1 }))];
}

describe('fitTopicRegression', () => {
  const options = { weighting: WEIGHTING, minArticles: 1, penalty: 1e-3, maxIterations: 200 };

  it('learns the classes and reaches word forms it never saw through their letter pieces', () => {
    const regression = fitTopicRegression(rows(), 2, options);
    const best = (title: string) => {
      const scores = regressionScores(regression, title);
      return scores[0]! > scores[1]! ? 0 : 1;
    };
    expect(best('telescopes and comets')).toBe(0);
    expect(best('banks and investors')).toBe(1);
    const scores = regressionScores(regression, 'comets');
    expect(Math.exp(scores[0]!) + Math.exp(scores[1]!)).toBeCloseTo(1, 12);
  });

  it('is deterministic and survives the compact file form', () => {
    const first = encodeTopicRegression(fitTopicRegression(rows(), 2, options));
    const second = encodeTopicRegression(fitTopicRegression(rows(), 2, options));
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    const original = fitTopicRegression(rows(), 2, options);
    const decoded = decodeTopicRegression(JSON.parse(JSON.stringify(first)));
    expect([...decoded.vocabulary.keys()]).toEqual([...original.vocabulary.keys()]);
    for (const title of ['telescopes and comets', 'banks and investors']) {
      const a = regressionScores(original, title);
      const b = regressionScores(decoded, title);
      a.forEach((score, k) => expect(Math.abs(score - b[k]!)).toBeLessThan(1e-3));
    }
  });

  it('refuses a label outside its classes', () => {
    expect(() => fitTopicRegression([{ title: 'x', label: 2, weight: 1 }], 2, options)).toThrow(/label/);
  });
});

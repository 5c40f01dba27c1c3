// Fits the topic regression (src/services/reader/classify/topic-regression.ts applies it): L-BFGS
// over the weighted rows' tf-idf feature rows, L2-regularised. Training only; the product reads the
// fitted model from models/.
import { articleFeatureCounts, featureRow, featureRowReader, type FeatureWeighting } from '../../src/services/reader/classify/article-features.js';
import { logSoftmax, rowScores, type TopicRegression } from '../../src/services/reader/classify/topic-regression.js';
import { minimize } from './lbfgs.js';

export interface RegressionOptions {
  weighting: FeatureWeighting;
  /** A feature enters the vocabulary when at least this many rows contain it. */
  minArticles: number;
  /** L2 penalty on the weights; the row weights sum to 1. */
  penalty: number;
  maxIterations: number;
}

export interface RegressionRow {
  title: string;
  body?: string;
  /** Class number, 0 … classes - 1. */
  label: number;
  /** Weight of the row in the loss (rescaled to sum to 1). */
  weight: number;
}

/** Fits the regression to the rows. Deterministic: the vocabulary is sorted and every loop runs in order. */
export function fitTopicRegression(rows: readonly RegressionRow[], classes: number, options: RegressionOptions): TopicRegression {
  const counts = rows.map((row) => articleFeatureCounts(row.title, row.body, options.weighting));
  const articles = new Map<string, number>();
  for (const { words, pieces } of counts) {
    for (const feature of words.keys()) articles.set(feature, (articles.get(feature) ?? 0) + 1);
    for (const feature of pieces.keys()) articles.set(feature, (articles.get(feature) ?? 0) + 1);
  }
  const features = [...articles.keys()].filter((feature) => articles.get(feature)! >= options.minArticles).sort();
  const vocabulary = new Map(features.map((feature, column) => [feature, column]));
  const idf = Float64Array.from(features, (feature) => inverseDocumentFrequency(rows.length, articles.get(feature)!));
  const matrix = counts.map((articleCounts) => featureRow(articleCounts, vocabulary, idf, options.weighting.pieceWeight));

  let total = 0;
  for (const row of rows) total += row.weight;
  const rowWeights = Float64Array.from(rows, (row) => row.weight / total);
  const labels = Int32Array.from(rows, (row) => {
    if (!(row.label >= 0 && row.label < classes)) throw new Error(`regression row label ${row.label} outside 0…${classes - 1}`);
    return row.label;
  });
  const size = features.length * classes;
  const scores = new Float64Array(classes);

  const objective = (theta: Float64Array, gradient: Float64Array): number => {
    gradient.fill(0);
    const bias = theta.subarray(size);
    let loss = 0;
    for (let i = 0; i < matrix.length; i++) {
      const weight = rowWeights[i]!;
      if (weight === 0) continue;
      const row = matrix[i]!;
      rowScores(theta, bias, classes, row, scores);
      logSoftmax(scores);
      loss -= weight * scores[labels[i]!]!;
      // scores become the loss gradient per class score: weight × (p − 1[gold]).
      for (let k = 0; k < classes; k++) scores[k] = weight * (Math.exp(scores[k]!) - (k === labels[i] ? 1 : 0));
      for (let p = 0; p < row.columns.length; p++) {
        const at = row.columns[p]! * classes;
        const value = row.values[p]!;
        for (let k = 0; k < classes; k++) gradient[at + k]! += value * scores[k]!;
      }
      for (let k = 0; k < classes; k++) gradient[size + k]! += scores[k]!;
    }
    for (let j = 0; j < size; j++) {
      loss += 0.5 * options.penalty * theta[j]! * theta[j]!;
      gradient[j]! += options.penalty * theta[j]!;
    }
    return loss;
  };

  const theta = minimize(objective, new Float64Array(size + classes), { maxIterations: options.maxIterations });
  return {
    weighting: { ...options.weighting },
    classes,
    vocabulary,
    idf,
    weights: theta.slice(0, size),
    bias: theta.slice(size),
    featureRow: featureRowReader(vocabulary, idf, options.weighting),
  };
}

export function inverseDocumentFrequency(articles: number, containing: number): number {
  return Math.log((1 + articles) / (1 + containing)) + 1;
}

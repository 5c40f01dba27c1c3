// The topic regression: a multinomial logistic regression over the article features (words, word
// pairs and letter pieces, tf-idf), L2-regularised, fitted by L-BFGS on weighted rows. Where naive
// Bayes counts each word on its own, the regression weighs the words of a headline against each
// other, and its letter pieces reach words no training row contained.
//
// In the model file the vocabulary is one string (a feature per line, column order), the idf and
// the weights small integers in base64: the file stays a few megabytes, and a weight keeps four
// significant digits, far below what moves a prediction.
import { articleFeatureCounts, featureRow, type FeatureRow, type FeatureWeighting } from './article-features.js';
import { minimize } from './lbfgs.js';
import { packInt16, unpackInt16 } from './packed-numbers.js';

export interface TopicRegression {
  weighting: FeatureWeighting;
  /** Number of classes (the topics the rows cover). */
  classes: number;
  vocabulary: Map<string, number>;
  idf: Float64Array;
  /** weights[column × classes + class] */
  weights: Float64Array;
  bias: Float64Array;
}

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

/** Log-probability of each class for the article. */
export function regressionScores(regression: TopicRegression, title: string, body?: string): Float64Array {
  const row = featureRow(articleFeatureCounts(title, body, regression.weighting), regression.vocabulary, regression.idf, regression.weighting.pieceWeight);
  return logSoftmax(rowScores(regression.weights, regression.bias, regression.classes, row, new Float64Array(regression.classes)));
}

function rowScores(weights: Float64Array, bias: ArrayLike<number>, classes: number, row: FeatureRow, out: Float64Array): Float64Array {
  for (let k = 0; k < classes; k++) out[k] = bias[k]!;
  for (let p = 0; p < row.columns.length; p++) {
    const at = row.columns[p]! * classes;
    const value = row.values[p]!;
    for (let k = 0; k < classes; k++) out[k]! += value * weights[at + k]!;
  }
  return out;
}

/** Turns class scores into log-probabilities, in place. */
export function logSoftmax(scores: Float64Array): Float64Array {
  let top = -Infinity;
  for (const score of scores) top = Math.max(top, score);
  let sum = 0;
  for (const score of scores) sum += Math.exp(score - top);
  const shift = top + Math.log(sum);
  for (let k = 0; k < scores.length; k++) scores[k]! -= shift;
  return scores;
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
  };
}

export function inverseDocumentFrequency(articles: number, containing: number): number {
  return Math.log((1 + articles) / (1 + containing)) + 1;
}

/** The regression as the model file stores it. */
export interface TopicRegressionFile {
  weighting: FeatureWeighting;
  classes: number;
  /** The vocabulary, one feature per line, in column order. */
  features: string;
  /** idf per column in units of IDF_UNIT, unsigned 16-bit little-endian, base64. */
  idf: string;
  /** weights[column × classes + class] in units of weightUnit, signed 16-bit little-endian, base64. */
  weights: string;
  weightUnit: number;
  bias: number[];
}

const IDF_UNIT = 1 / 4096;

export function encodeTopicRegression(regression: TopicRegression): TopicRegressionFile {
  const features = [...regression.vocabulary.keys()];
  const idf = Buffer.alloc(regression.idf.length * 2);
  regression.idf.forEach((value, i) => idf.writeUInt16LE(Math.min(65535, Math.round(value / IDF_UNIT)), i * 2));
  const weights = packInt16(regression.weights);
  return {
    weighting: { ...regression.weighting },
    classes: regression.classes,
    features: features.join('\n'),
    idf: idf.toString('base64'),
    weights: weights.data,
    weightUnit: weights.unit,
    bias: Array.from(regression.bias, (value) => Number(value.toFixed(6)) || 0),
  };
}

export function decodeTopicRegression(file: TopicRegressionFile): TopicRegression {
  const features = file.features ? file.features.split('\n') : [];
  const idfBytes = Buffer.from(file.idf, 'base64');
  const weights = unpackInt16(file.weights, file.weightUnit, features.length * file.classes);
  if (idfBytes.length !== features.length * 2 || !weights || file.bias.length !== file.classes) {
    throw new Error('topic regression: vocabulary, idf, weights and bias sizes disagree');
  }
  return {
    weighting: file.weighting,
    classes: file.classes,
    vocabulary: new Map(features.map((feature, column) => [feature, column])),
    idf: Float64Array.from(features, (_, i) => idfBytes.readUInt16LE(i * 2) * IDF_UNIT),
    weights,
    bias: Float64Array.from(file.bias),
  };
}

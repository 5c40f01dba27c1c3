// The topic regression: a multinomial logistic regression over the article features (words, word
// pairs and letter pieces, tf-idf), L2-regularised, fitted by L-BFGS on weighted rows (the fitting
// is scripts/training/topic-regression-fit.ts; this module reads and applies the fitted model). Where naive
// Bayes counts each word on its own, the regression weighs the words of a headline against each
// other, and its letter pieces reach words no training row contained.
//
// In the model file the vocabulary is one string (a feature per line, column order), the idf and
// the weights small integers in base64: the file stays a few megabytes, and a weight keeps four
// significant digits, far below what moves a prediction.
import { featureRowReader, type FeatureRow, type FeatureWeighting } from './article-features.js';
import { lineIndex, unpackInt16, unpackUint16, type WordIndex } from './packed-numbers.js';
import type { TitleText } from './words.js';

export interface TopicRegression {
  weighting: FeatureWeighting;
  /** Number of classes (the topics the rows cover). */
  classes: number;
  vocabulary: WordIndex;
  idf: Float64Array;
  /** weights[column × classes + class] */
  weights: Float64Array;
  bias: Float64Array;
  /** The article's feature row over this vocabulary. */
  featureRow: (title: TitleText, body?: string) => FeatureRow;
}

/** Log-probability of each class for the article. */
export function regressionScores(regression: TopicRegression, title: TitleText, body?: string): Float64Array {
  const row = regression.featureRow(title, body);
  return logSoftmax(rowScores(regression.weights, regression.bias, regression.classes, row, new Float64Array(regression.classes)));
}

/** The class scores of one feature row (before softmax), into `out`. */
export function rowScores(weights: Float64Array, bias: ArrayLike<number>, classes: number, row: FeatureRow, out: Float64Array): Float64Array {
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

/** The idf's unit in the model file. */
export const IDF_UNIT = 1 / 4096;

export function decodeTopicRegression(file: TopicRegressionFile): TopicRegression {
  const vocabulary = lineIndex(file.features);
  const idfBytes = Buffer.from(file.idf, 'base64');
  const weights = unpackInt16(file.weights, file.weightUnit, vocabulary.size * file.classes);
  if (idfBytes.length !== vocabulary.size * 2 || !weights || file.bias.length !== file.classes) {
    throw new Error('topic regression: vocabulary, idf, weights and bias sizes disagree');
  }
  const idf = unpackUint16(idfBytes, IDF_UNIT);
  return {
    weighting: file.weighting,
    classes: file.classes,
    vocabulary,
    idf,
    weights,
    bias: Float64Array.from(file.bias),
    featureRow: featureRowReader(vocabulary, idf, file.weighting),
  };
}

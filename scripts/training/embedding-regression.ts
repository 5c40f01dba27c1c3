// A multinomial logistic regression over dense article embeddings (word-vectors.ts), each
// dimension standardised on the training rows, L2-regularised, fitted by L-BFGS on weighted rows.
// Training only: the model file keeps its scores per word (train.ts).
import { minimize } from './lbfgs.js';
import { logSoftmax } from '../../src/services/reader/classify/topic-regression.js';

export interface DenseRegression {
  classes: number;
  dimensions: number;
  mean: Float64Array;
  scale: Float64Array;
  /** weights[dimension × classes + class] */
  weights: Float64Array;
  bias: Float64Array;
}

export interface DenseRow {
  x: Float64Array;
  label: number;
  weight: number;
}

export function fitDenseRegression(rows: readonly DenseRow[], classes: number, options: { penalty: number; maxIterations: number }): DenseRegression {
  const D = rows[0]!.x.length;
  let total = 0;
  for (const row of rows) total += row.weight;
  const mean = new Float64Array(D);
  const scale = new Float64Array(D);
  for (const row of rows) for (let d = 0; d < D; d++) mean[d]! += (row.weight / total) * row.x[d]!;
  for (const row of rows) for (let d = 0; d < D; d++) scale[d]! += (row.weight / total) * (row.x[d]! - mean[d]!) ** 2;
  for (let d = 0; d < D; d++) scale[d] = scale[d]! > 0 ? 1 / Math.sqrt(scale[d]!) : 0;
  const xs = rows.map((row) => Float64Array.from(row.x, (v, d) => (v - mean[d]!) * scale[d]!));
  const w = Float64Array.from(rows, (row) => row.weight / total);
  const size = D * classes;
  const scores = new Float64Array(classes);
  const objective = (theta: Float64Array, gradient: Float64Array): number => {
    gradient.fill(0);
    let loss = 0;
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i]!;
      for (let k = 0; k < classes; k++) scores[k] = theta[size + k]!;
      for (let d = 0; d < D; d++) {
        const v = x[d]!;
        if (v === 0) continue;
        for (let k = 0; k < classes; k++) scores[k]! += v * theta[d * classes + k]!;
      }
      let top = -Infinity;
      for (let k = 0; k < classes; k++) top = Math.max(top, scores[k]!);
      let sum = 0;
      for (let k = 0; k < classes; k++) sum += Math.exp(scores[k]! - top);
      const shift = top + Math.log(sum);
      const label = rows[i]!.label;
      loss += w[i]! * (shift - scores[label]!);
      for (let k = 0; k < classes; k++) scores[k] = w[i]! * (Math.exp(scores[k]! - shift) - (k === label ? 1 : 0));
      for (let d = 0; d < D; d++) {
        const v = x[d]!;
        if (v === 0) continue;
        for (let k = 0; k < classes; k++) gradient[d * classes + k]! += v * scores[k]!;
      }
      for (let k = 0; k < classes; k++) gradient[size + k]! += scores[k]!;
    }
    for (let j = 0; j < size; j++) {
      loss += 0.5 * options.penalty * theta[j]! ** 2;
      gradient[j]! += options.penalty * theta[j]!;
    }
    return loss;
  };
  const theta = minimize(objective, new Float64Array(size + classes), { maxIterations: options.maxIterations });
  return { classes, dimensions: D, mean, scale, weights: theta.slice(0, size), bias: theta.slice(size) };
}

/** Log-probability of each class. */
export function denseScores(regression: DenseRegression, x: ArrayLike<number>): Float64Array {
  const { classes, dimensions, mean, scale, weights } = regression;
  const out = Float64Array.from(regression.bias);
  for (let d = 0; d < dimensions; d++) {
    const v = (x[d]! - mean[d]!) * scale[d]!;
    for (let k = 0; k < classes; k++) out[k]! += v * weights[d * classes + k]!;
  }
  return logSoftmax(out);
}

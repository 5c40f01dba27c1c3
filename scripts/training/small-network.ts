// A small network over an article's mean word vector, for the CV harness only (cv-extra.ts `net`):
// one hidden layer of tanh units, softmax output, L2 on the weights, weighted rows, fitted by the
// deterministic L-BFGS from a seeded start. Tried as a fifth stacked signal; docs/benchmarks.md says
// what it gave and why it is not shipped.
import { logSoftmax } from '../../src/services/reader/classify/topic-regression.js';
import { minimize } from './lbfgs.js';

export interface SmallNetwork {
  inputs: number;
  hidden: number;
  classes: number;
  /** inputs × hidden, then hidden biases, then hidden × classes, then class biases. */
  theta: Float64Array;
}

export interface NetworkRow {
  x: Float64Array;
  label: number;
  weight: number;
}

/** A start drawn from a fixed-seed generator (mulberry32), scaled to the layer's fan-in. */
function seededStart(size: number, inputs: number, hidden: number, seed: number): Float64Array {
  let state = seed >>> 0;
  const random = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const theta = new Float64Array(size);
  for (let i = 0; i < inputs * hidden; i++) theta[i] = (random() * 2 - 1) / Math.sqrt(inputs);
  const second = inputs * hidden + hidden;
  for (let i = second; i < size; i++) theta[i] = (random() * 2 - 1) / Math.sqrt(hidden);
  return theta;
}

export function fitSmallNetwork(
  rows: readonly NetworkRow[],
  classes: number,
  options: { hidden: number; penalty: number; maxIterations: number; seed: number },
): SmallNetwork {
  const inputs = rows[0]!.x.length;
  const H = options.hidden;
  const hiddenBias = inputs * H;
  const second = hiddenBias + H;
  const classBias = second + H * classes;
  const size = classBias + classes;
  let total = 0;
  for (const row of rows) total += row.weight;
  const activation = new Float64Array(H);
  const scores = new Float64Array(classes);
  const back = new Float64Array(H);
  const objective = (theta: Float64Array, gradient: Float64Array): number => {
    gradient.fill(0);
    let loss = 0;
    for (const row of rows) {
      const w = row.weight / total;
      for (let h = 0; h < H; h++) {
        let sum = theta[hiddenBias + h]!;
        for (let d = 0; d < inputs; d++) sum += row.x[d]! * theta[d * H + h]!;
        activation[h] = Math.tanh(sum);
      }
      for (let k = 0; k < classes; k++) {
        let sum = theta[classBias + k]!;
        for (let h = 0; h < H; h++) sum += activation[h]! * theta[second + h * classes + k]!;
        scores[k] = sum;
      }
      const log = logSoftmax(scores);
      loss -= w * log[row.label]!;
      back.fill(0);
      for (let k = 0; k < classes; k++) {
        const delta = w * (Math.exp(log[k]!) - (k === row.label ? 1 : 0));
        gradient[classBias + k]! += delta;
        for (let h = 0; h < H; h++) {
          gradient[second + h * classes + k]! += delta * activation[h]!;
          back[h]! += delta * theta[second + h * classes + k]!;
        }
      }
      for (let h = 0; h < H; h++) {
        const delta = back[h]! * (1 - activation[h]! ** 2);
        gradient[hiddenBias + h]! += delta;
        for (let d = 0; d < inputs; d++) gradient[d * H + h]! += delta * row.x[d]!;
      }
    }
    // L2 on the weights, not the biases.
    for (let i = 0; i < size; i++) {
      if ((i >= hiddenBias && i < second) || i >= classBias) continue;
      loss += 0.5 * options.penalty * theta[i]! ** 2;
      gradient[i]! += options.penalty * theta[i]!;
    }
    return loss;
  };
  const theta = minimize(objective, seededStart(size, inputs, H, options.seed), { maxIterations: options.maxIterations });
  return { inputs, hidden: H, classes, theta };
}

/** Log-probability of each class. */
export function networkScores(network: SmallNetwork, x: ArrayLike<number>): Float64Array {
  const { inputs, hidden: H, classes, theta } = network;
  const hiddenBias = inputs * H;
  const second = hiddenBias + H;
  const classBias = second + H * classes;
  const activation = new Float64Array(H);
  for (let h = 0; h < H; h++) {
    let sum = theta[hiddenBias + h]!;
    for (let d = 0; d < inputs; d++) sum += x[d]! * theta[d * H + h]!;
    activation[h] = Math.tanh(sum);
  }
  const scores = new Float64Array(classes);
  for (let k = 0; k < classes; k++) {
    let sum = theta[classBias + k]!;
    for (let h = 0; h < H; h++) sum += activation[h]! * theta[second + h * classes + k]!;
    scores[k] = sum;
  }
  return logSoftmax(scores);
}

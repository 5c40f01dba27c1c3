// The GloVe word vectors as training reads them (the product keeps only each word's topic scores:
// src/services/reader/classify/word-vectors.ts), and an article's embedding over them: the same
// weighted mean the product takes of the words' scores.
import { articleMean, type EmbeddingWeighting } from '../../src/services/reader/classify/word-vectors.js';
import { FUNCTION_WORDS, topicWords } from '../../src/services/reader/classify/words.js';

export interface WordVectors {
  dimensions: number;
  /** Word → row number. */
  index: Map<string, number>;
  /** Unit-length vectors, row after row. */
  vectors: Float32Array;
  /** Each word's weight in an article's mean. */
  weights: Float32Array;
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

/** The weighted mean of the unit vectors of the article's content words (articleMean); zeros when no word has a vector. */
export function articleEmbedding(vectors: WordVectors, title: string, body: string | undefined, weighting: EmbeddingWeighting): Float64Array {
  const rows = { index: vectors.index, weights: vectors.weights, values: vectors.vectors, width: vectors.dimensions };
  return articleMean(rows, title, body, weighting) ?? new Float64Array(vectors.dimensions);
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

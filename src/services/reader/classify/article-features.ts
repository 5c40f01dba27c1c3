// The features the topic regression reads from an article, shared by training and classification.
// Two blocks, each a tf-idf vector scaled to unit length:
// - words: lower-cased words and pairs of adjacent content words ("natural gas"), as topicWords()
//   writes them, so case and digits say nothing about the source;
// - letters: the 3- to 5-letter pieces of each word, marked at its ends ("<oil", "oil>"), which
//   carry what a word shares with its relatives ("refinery", "refiners") and with words no training
//   headline used: the thin topics need that most.
import { FUNCTION_WORDS, topicWords } from './words.js';

export interface FeatureWeighting {
  /** Weight of a body occurrence relative to a title occurrence. */
  bodyWeight: number;
  /** Only the first words of a body count (the lead carries the topic; it bounds the cost). */
  bodyWords: number;
  /** Shortest and longest letter pieces. */
  pieceMin: number;
  pieceMax: number;
  /** Length of the letters block relative to the words block. */
  pieceWeight: number;
}

/** Marks letter pieces in the vocabulary; no word or word pair can start with it. */
export const PIECE = '#';

export interface ArticleFeatureCounts {
  words: Map<string, number>;
  pieces: Map<string, number>;
}

function count(counts: Map<string, number>, key: string, weight: number): void {
  counts.set(key, (counts.get(key) ?? 0) + weight);
}

// A word's pieces, remembered: cutting them was most of a classification's time (a story's topic
// classifies its paragraphs one by one, and news repeats its words). Bounded: emptied when full.
const PIECES_REMEMBERED = 50_000;
const remembered = new Map<string, Map<string, string[]>>();

function piecesOf(word: string, weighting: FeatureWeighting): string[] {
  const sizes = `${weighting.pieceMin}-${weighting.pieceMax}`;
  let memo = remembered.get(sizes);
  if (!memo) remembered.set(sizes, (memo = new Map()));
  let pieces = memo.get(word);
  if (pieces) return pieces;
  pieces = [];
  const marked = `<${word}>`;
  for (let n = weighting.pieceMin; n <= weighting.pieceMax; n++) {
    for (let i = 0; i + n <= marked.length; i++) pieces.push(PIECE + marked.slice(i, i + n));
  }
  if (memo.size >= PIECES_REMEMBERED) memo.clear();
  memo.set(word, pieces);
  return pieces;
}

function addText(words: readonly string[], weight: number, weighting: FeatureWeighting, into: ArticleFeatureCounts): void {
  let previous: string | undefined;
  for (const word of words) {
    count(into.words, word, weight);
    if (!FUNCTION_WORDS.has(word)) {
      if (previous !== undefined) count(into.words, `${previous} ${word}`, weight);
      previous = word;
    }
    for (const piece of piecesOf(word, weighting)) count(into.pieces, piece, weight);
  }
}

/** Raw (weighted) counts of every feature of an article. */
export function articleFeatureCounts(title: string, body: string | undefined, weighting: FeatureWeighting): ArticleFeatureCounts {
  const counts: ArticleFeatureCounts = { words: new Map(), pieces: new Map() };
  addText(topicWords(title), 1, weighting, counts);
  if (body && weighting.bodyWeight > 0) {
    const words = topicWords(body.length > weighting.bodyWords * 12 ? body.slice(0, weighting.bodyWords * 12) : body);
    if (words.length > weighting.bodyWords) words.length = weighting.bodyWords;
    addText(words, weighting.bodyWeight, weighting, counts);
  }
  return counts;
}

/** A sparse row: column numbers (words block first) with their values. */
export interface FeatureRow {
  columns: Int32Array;
  values: Float64Array;
}

/**
 * The article's feature row over a vocabulary: sublinear term frequency (1 + ln count) times idf,
 * each block scaled to unit length, the letters block then to `pieceWeight`. Unknown features drop out.
 */
export function featureRow(counts: ArticleFeatureCounts, vocabulary: ReadonlyMap<string, number>, idf: ArrayLike<number>, pieceWeight: number): FeatureRow {
  const columns: number[] = [];
  const values: number[] = [];
  for (const [block, scale] of [
    [counts.words, 1],
    [counts.pieces, pieceWeight],
  ] as const) {
    const start = columns.length;
    let norm = 0;
    for (const [feature, n] of block) {
      const column = vocabulary.get(feature);
      if (column === undefined) continue;
      // Body occurrences weigh less than one, so a feature may count below 1: keep tf positive.
      const value = (n >= 1 ? 1 + Math.log(n) : n) * idf[column]!;
      columns.push(column);
      values.push(value);
      norm += value * value;
    }
    if (norm > 0) {
      const factor = scale / Math.sqrt(norm);
      for (let i = start; i < values.length; i++) values[i]! *= factor;
    }
  }
  return { columns: Int32Array.from(columns), values: Float64Array.from(values) };
}

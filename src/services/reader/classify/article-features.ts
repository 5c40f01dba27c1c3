// The features the topic regression reads from an article, shared by training and classification:
// training finds its vocabulary in articleFeatureCounts() and fits on featureRow(); the classifier
// reads the same rows through featureRowReader(), built for speed (tested to match them).
// Two blocks, each a tf-idf vector scaled to unit length:
// - words: lower-cased words and pairs of adjacent content words ("natural gas"), as topicWords()
//   writes them, so case and digits say nothing about the source;
// - letters: the 3- to 5-letter pieces of each word, marked at its ends ("<oil", "oil>"), which
//   carry what a word shares with its relatives ("refinery", "refiners") and with words no training
//   headline used: the thin topics need that most.
import { FUNCTION_WORDS, titleWords, topicWords, type TitleText } from './words.js';
import type { WordIndex } from './packed-numbers.js';

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
export function featureRow(counts: ArticleFeatureCounts, vocabulary: Pick<WordIndex, 'get'>, idf: ArrayLike<number>, pieceWeight: number): FeatureRow {
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

/** What one word adds to a row over a fixed vocabulary: its own column (-1: unknown) and its known pieces' columns. */
interface WordColumns {
  column: number;
  pieces: Int32Array;
  content: boolean;
  /** The column of this word followed by another (-1: unknown pair), as met. */
  next: Map<string, number>;
}

/** Words remembered per reader; emptied when full (news repeats its words, so few are cut twice). */
const WORDS_REMEMBERED = 100_000;

/**
 * featureRow(articleFeatureCounts(…)) for a fitted vocabulary, the same row, read without a string
 * per letter piece: each word's column and its pieces' columns are looked up once and remembered,
 * and counts are summed by column. Classifying a story's paragraphs spent most of its time on
 * those lookups.
 */
export function featureRowReader(
  vocabulary: Pick<WordIndex, 'get'>,
  idf: ArrayLike<number>,
  weighting: FeatureWeighting,
): (title: TitleText, body?: string) => FeatureRow {
  const counts = new Float64Array(idf.length);
  const known = new Map<string, WordColumns>();
  const words: number[] = [];
  const pieces: number[] = [];
  const columnsOf = (word: string): WordColumns => {
    let entry = known.get(word);
    if (entry) return entry;
    const found: number[] = [];
    for (const piece of piecesOf(word, weighting)) {
      const column = vocabulary.get(piece);
      if (column !== undefined) found.push(column);
    }
    entry = { column: vocabulary.get(word) ?? -1, pieces: Int32Array.from(found), content: !FUNCTION_WORDS.has(word), next: new Map() };
    if (known.size >= WORDS_REMEMBERED) known.clear();
    known.set(word, entry);
    return entry;
  };
  const add = (column: number, weight: number, touched: number[]) => {
    if (counts[column] === 0) touched.push(column);
    counts[column]! += weight;
  };
  const addText = (text: readonly string[], weight: number) => {
    let previous: WordColumns | undefined;
    let previousWord = '';
    for (const word of text) {
      const entry = columnsOf(word);
      if (entry.column >= 0) add(entry.column, weight, words);
      if (entry.content) {
        if (previous !== undefined) {
          let pair = previous.next.get(word);
          if (pair === undefined) previous.next.set(word, (pair = vocabulary.get(`${previousWord} ${word}`) ?? -1));
          if (pair >= 0) add(pair, weight, words);
        }
        previous = entry;
        previousWord = word;
      }
      for (const column of entry.pieces) add(column, weight, pieces);
    }
  };
  return (title, body) => {
    addText(titleWords(title), 1);
    if (body && weighting.bodyWeight > 0) {
      const bodyWords = topicWords(body.length > weighting.bodyWords * 12 ? body.slice(0, weighting.bodyWords * 12) : body);
      if (bodyWords.length > weighting.bodyWords) bodyWords.length = weighting.bodyWords;
      addText(bodyWords, weighting.bodyWeight);
    }
    const columns = new Int32Array(words.length + pieces.length);
    const values = new Float64Array(columns.length);
    let at = 0;
    for (const [touched, scale] of [
      [words, 1],
      [pieces, weighting.pieceWeight],
    ] as const) {
      const start = at;
      let norm = 0;
      for (const column of touched) {
        const n = counts[column]!;
        counts[column] = 0;
        const value = (n >= 1 ? 1 + Math.log(n) : n) * idf[column]!;
        columns[at] = column;
        values[at++] = value;
        norm += value * value;
      }
      touched.length = 0;
      if (norm > 0) for (let i = start, factor = scale / Math.sqrt(norm); i < at; i++) values[i]! *= factor;
    }
    return { columns, values };
  };
}

// Articles → sparse, L2-normalised term vectors. A feature is a stemmed word or a pair of adjacent
// content words ("titan aerospac"): pairs carry the names and phrases that make a story specific.
import { termOf, terms, words } from './tokenize.js';
import type { BackgroundModel, StoryInput } from './types.js';

export interface SparseVector {
  /** Feature ids, ascending. */
  ids: Int32Array;
  /** 32-bit: a week's window holds ~9 million entries; products and norms are summed in 64 bits. */
  weights: Float32Array;
}

/**
 * Feature id → its text. A pair is kept as its two words' ids and spelled when asked: a week's
 * 1.2 million distinct pairs held as strings were ~50 MB of the grouping's heap through the whole
 * grouping, for the few key terms each story shows.
 */
export class FeatureNames {
  /** Per feature: -1 - its word's index (a word), or its first word's feature id (a pair). */
  private firsts = new Int32Array(1 << 12);
  private seconds = new Int32Array(1 << 12);
  private readonly words: string[] = [];
  count = 0;

  addWord(text: string): number {
    this.words.push(text);
    return this.add(-this.words.length, 0);
  }

  addPair(first: number, second: number): number {
    return this.add(first, second);
  }

  /** The feature's word, or null for a pair. */
  word(id: number): string | null {
    const first = this.firsts[id]!;
    return first < 0 ? this.words[-1 - first]! : null;
  }

  name(id: number): string {
    const first = this.firsts[id]!;
    return first < 0 ? this.words[-1 - first]! : `${this.name(first)} ${this.name(this.seconds[id]!)}`;
  }

  private add(first: number, second: number): number {
    if (this.count === this.firsts.length) {
      const firsts = new Int32Array(this.count * 2);
      firsts.set(this.firsts);
      this.firsts = firsts;
      const seconds = new Int32Array(this.count * 2);
      seconds.set(this.seconds);
      this.seconds = seconds;
    }
    this.firsts[this.count] = first;
    this.seconds[this.count] = second;
    return this.count++;
  }
}

export interface ArticleVectors {
  vectors: SparseVector[];
  features: FeatureNames;
  /** Feature id → number of articles of the batch holding it. */
  documentFrequency: Int32Array;
  /** Feature id → weight given to one occurrence (an idf). */
  featureWeight: Float64Array;
}

/** Characters of an article's body (its lead) the grouping reads by default. */
export const LEAD_LENGTH = 400;

export interface VectorizeOptions {
  background?: BackgroundModel | null;
  /** Weight of a word pair relative to a single word. */
  pairWeight?: number;
  /** Weight of a body term relative to a title term. */
  bodyWeight?: number;
  /** How many characters of the body (its lead) are read. */
  leadLength?: number;
  /** Share of the background corpus in the document frequencies (0 = batch only). */
  backgroundShare?: number;
}

/** The features of one article with their raw weight (title terms 1, lead terms `bodyWeight`). */
export function articleFeatures(article: StoryInput, options: VectorizeOptions = {}): Map<string, number> {
  const pairWeight = options.pairWeight ?? 0.5;
  const bodyWeight = options.bodyWeight ?? 0.5;
  const leadLength = options.leadLength ?? LEAD_LENGTH;
  const found = new Map<string, number>();
  const add = (text: string, weight: number) => {
    const list = terms(text);
    for (let i = 0; i < list.length; i++) {
      const word = list[i]!;
      found.set(word, Math.max(found.get(word) ?? 0, weight));
      const next = list[i + 1];
      if (next !== undefined && next !== word) {
        const pair = `${word} ${next}`;
        found.set(pair, Math.max(found.get(pair) ?? 0, weight * pairWeight));
      }
    }
  };
  add(article.title, 1);
  if (article.body) add(article.body.slice(0, leadLength), bodyWeight);
  return found;
}

/**
 * Feature ids of word pairs, keyed by their two word ids: open addressing in typed arrays, since a
 * week's batch holds over a million distinct pairs and a Map of them spent most of the vectorising
 * in hashing and memory misses.
 */
class PairTable {
  private firsts = new Int32Array(1 << 16).fill(-1);
  private seconds = new Int32Array(1 << 16);
  private ids = new Int32Array(1 << 16);
  private size = 0;

  /** The pair's id; `make` gives a new pair its id. */
  get(first: number, second: number, make: (first: number) => number): number {
    const mask = this.firsts.length - 1;
    let slot = (Math.imul(first, 0x9e3779b1) ^ Math.imul(second, 0x85ebca6b)) & mask;
    while (this.firsts[slot] !== -1) {
      if (this.firsts[slot] === first && this.seconds[slot] === second) return this.ids[slot]!;
      slot = (slot + 1) & mask;
    }
    const id = make(first);
    this.firsts[slot] = first;
    this.seconds[slot] = second;
    this.ids[slot] = id;
    // Kept at most half full, so that a probe ends soon.
    if (++this.size * 2 > this.firsts.length) this.grow();
    return id;
  }

  private grow(): void {
    const { firsts, seconds, ids } = this;
    this.firsts = new Int32Array(firsts.length * 2).fill(-1);
    this.seconds = new Int32Array(firsts.length * 2);
    this.ids = new Int32Array(firsts.length * 2);
    const mask = this.firsts.length - 1;
    for (let old = 0; old < firsts.length; old++) {
      if (firsts[old] === -1) continue;
      let slot = (Math.imul(firsts[old]!, 0x9e3779b1) ^ Math.imul(seconds[old]!, 0x85ebca6b)) & mask;
      while (this.firsts[slot] !== -1) slot = (slot + 1) & mask;
      this.firsts[slot] = firsts[old]!;
      this.seconds[slot] = seconds[old]!;
      this.ids[slot] = ids[old]!;
    }
  }
}

/**
 * The batch's vectors: the features of articleFeatures, built with numeric keys. A pair's text is
 * made once per distinct pair (not once per occurrence), and no map is made per article: a week of
 * 100,000 articles spent most of its vectorising there.
 */
export function vectorize(articles: StoryInput[], options: VectorizeOptions = {}): ArticleVectors {
  const pairWeight = options.pairWeight ?? 0.5;
  const bodyWeight = options.bodyWeight ?? 0.5;
  const leadLength = options.leadLength ?? LEAD_LENGTH;
  const wordIds = new Map<string, number>();
  // Each word as written → its term's feature id, or -1 for none: one lookup a word instead of a
  // word's term and then the term's id (a week's grouping spent seconds hashing those strings).
  const idOfWord = new Map<string, number>();
  const pairs = new PairTable();
  const features = new FeatureNames();
  let counts = new Int32Array(1 << 12);
  // The current article's raw weight per feature (0: not in it), and which are set.
  let weightOf = new Float64Array(1 << 12);
  const touched: number[] = [];
  /** Makes room for feature `id`, just added. */
  const newFeature = (id: number) => {
    if (id === counts.length) {
      const grownCounts = new Int32Array(id * 2);
      grownCounts.set(counts);
      counts = grownCounts;
      const grownWeights = new Float64Array(id * 2);
      grownWeights.set(weightOf);
      weightOf = grownWeights;
    }
    return id;
  };
  const mark = (id: number, weight: number) => {
    if (weightOf[id] === 0) touched.push(id);
    if (weight > weightOf[id]!) weightOf[id] = weight;
  };
  const featureOf = (word: string): number => {
    const term = termOf(word);
    if (term === null) return -1;
    let id = wordIds.get(term);
    if (id === undefined) {
      id = newFeature(features.addWord(term));
      wordIds.set(term, id);
    }
    return id;
  };
  const add = (text: string, weight: number) => {
    let previous = -1;
    for (const word of words(text)) {
      let known = idOfWord.get(word);
      if (known === undefined) {
        known = featureOf(word);
        idOfWord.set(word, known);
      }
      const id = known;
      // A stop word is no term, and no break between the terms on either side of it (as in terms()).
      if (id < 0) continue;
      mark(id, weight);
      if (previous >= 0 && previous !== id)
        mark(
          pairs.get(previous, id, (first) => newFeature(features.addPair(first, id))),
          weight * pairWeight,
        );
      previous = id;
    }
  };
  // Every vector's entries in two arrays, article after article (`ends[i]`: where article i's end):
  // a pair of arrays of its own per article was 200,000 small allocations in a week's window.
  let allIds = new Int32Array(1 << 16);
  let allWeights = new Float32Array(1 << 16);
  const ends = new Int32Array(articles.length);
  let used = 0;
  articles.forEach((article, i) => {
    add(article.title, 1);
    if (article.body) add(article.body.slice(0, leadLength), bodyWeight);
    if (used + touched.length > allIds.length) {
      const size = Math.max(allIds.length * 2, used + touched.length);
      const grownIds = new Int32Array(size);
      grownIds.set(allIds.subarray(0, used));
      allIds = grownIds;
      const grownWeights = new Float32Array(size);
      grownWeights.set(allWeights.subarray(0, used));
      allWeights = grownWeights;
    }
    const ids = allIds.subarray(used, used + touched.length);
    ids.set(touched);
    ids.sort();
    for (let k = 0; k < ids.length; k++) {
      const id = ids[k]!;
      allWeights[used + k] = weightOf[id]!;
      weightOf[id] = 0;
      counts[id]!++;
    }
    used += touched.length;
    ends[i] = used;
    touched.length = 0;
  });
  // The room left by doubling given back: up to half of a week's vectors.
  allIds = allIds.slice(0, used);
  allWeights = allWeights.slice(0, used);
  const vectors: SparseVector[] = Array.from(ends, (end, i) => {
    const begin = i === 0 ? 0 : ends[i - 1]!;
    return { ids: allIds.subarray(begin, end), weights: allWeights.subarray(begin, end) };
  });

  const documentFrequency = counts.slice(0, features.count);
  const featureWeight = inverseDocumentFrequency(features, documentFrequency, articles.length, options);
  // Raw weights become idf-weighted, L2-normalised weights, in place.
  for (const { ids, weights } of vectors) {
    let norm = 0;
    for (let k = 0; k < ids.length; k++) {
      weights[k] = weights[k]! * featureWeight[ids[k]!]!;
      norm += weights[k]! ** 2;
    }
    norm = Math.sqrt(norm);
    if (norm > 0) for (let k = 0; k < weights.length; k++) weights[k]! /= norm;
  }
  return { vectors, features, documentFrequency, featureWeight };
}

function inverseDocumentFrequency(features: FeatureNames, documentFrequency: Int32Array, batchSize: number, options: VectorizeOptions): Float64Array {
  const background = options.background ?? null;
  // The background is scaled to a share of the combined corpus so that a big batch is not drowned
  // by it and a small batch still gets sensible weights.
  const share = background ? Math.min(0.95, Math.max(0, options.backgroundShare ?? 0.5)) : 0;
  const scale = background && background.documents > 0 ? (share / (1 - share)) * (batchSize / background.documents) : 0;
  const total = batchSize + (background ? background.documents * scale : 0);
  const weights = new Float64Array(features.count);
  for (let id = 0; id < features.count; id++) {
    let df = documentFrequency[id]!;
    if (background) df += (background.documentFrequency.get(features.name(id)) ?? 0) * scale;
    weights[id] = Math.log((total + 1) / (df + 0.5));
  }
  return weights;
}

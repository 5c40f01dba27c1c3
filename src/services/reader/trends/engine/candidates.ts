// Which pairs of articles are worth comparing: an inverted index over the features, so that only
// articles sharing a feature meet. Features held by more than `maxPosting` articles are too common
// to say anything and are left out of the index (they still count in the similarity), which keeps
// the cost about linear in the number of articles. Only each article's `indexTerms` heaviest
// features are indexed and looked up: two tellings of one story share their headline's names and
// phrases, which weigh most, while the lead's lighter words would make every article meet hundreds
// of others (a lead of 400 characters holds ~90 features; looking all of them up was most of the
// grouping's time on crawled articles).
import type { SparseVector } from './vectorize.js';

export interface CandidateOptions {
  /** Neighbours kept per article (the graph is the union of every article's best). */
  neighbours: number;
  /** Pairs below this similarity are not kept. */
  minSimilarity: number;
  maxPosting: number;
  /** Features of each article that are indexed and looked up: its heaviest. */
  indexTerms: number;
  /** Day number of each article (fractional, see dayNumber), or -1 when unknown. */
  days: Float64Array;
  dayDecay: number;
  maxDayGap: number;
}

export interface CandidateEdge {
  a: number;
  b: number;
  similarity: number;
}

/** Similarity factor for two times in days (1 when either is unknown): decay per whole 24 hours between them. */
export function dayFactor(dayA: number, dayB: number, decay: number, maxGap: number): number {
  if (dayA < 0 || dayB < 0) return 1;
  const gap = Math.floor(Math.abs(dayA - dayB));
  if (gap > maxGap) return 0;
  return decay ** gap;
}

export function candidateEdges(vectors: SparseVector[], featureCount: number, options: CandidateOptions): CandidateEdge[] {
  let longest = 0;
  for (const vector of vectors) longest = Math.max(longest, vector.ids.length);
  const indexed = heaviestOfEach(vectors, options.indexTerms, new Float64Array(longest));
  const postings = buildPostings(vectors, indexed, featureCount, options.maxPosting, options.days);
  const shortlists = partialShortlists(vectors, indexed, postings, options);
  const { limit, ids: listed, count } = shortlists;
  // Each pair's exact similarity by its place in either shortlist (NaN: not yet measured): a pair
  // in both is measured once.
  const exact = new Float64Array(vectors.length * limit).fill(Number.NaN);
  const dense = new Float64Array(featureCount);
  const bestIds = new Int32Array(limit);
  const bestSimilarity = new Float64Array(limit);
  const order = new Int32Array(limit);
  // Each article's best pairs, a pair kept by both of its articles twice: a map keyed by the pair
  // held a million keys too large for a small integer.
  const kept = new KeptPairs(vectors.length * Math.min(limit, options.neighbours));

  for (let i = 0; i < vectors.length; i++) {
    const vector = vectors[i]!;
    const day = options.days[i]!;
    let denseSet = false;
    let found = 0;
    for (let s = 0; s < count[i]!; s++) {
      const j = listed[i * limit + s]!;
      let similarity = exact[i * limit + s]!;
      if (Number.isNaN(similarity)) {
        // The index skips common features, so the partial score only shortlists; the kept pairs
        // are then measured exactly (the same from either side: the shared features in id order).
        if (!denseSet) {
          for (let k = 0; k < vector.ids.length; k++) dense[vector.ids[k]!] = vector.weights[k]!;
          denseSet = true;
        }
        const other = vectors[j]!;
        let product = 0;
        for (let k = 0; k < other.ids.length; k++) product += dense[other.ids[k]!]! * other.weights[k]!;
        similarity = product * dayFactor(day, options.days[j]!, options.dayDecay, options.maxDayGap);
        for (let r = 0; r < count[j]!; r++) if (listed[j * limit + r] === i) exact[j * limit + r] = similarity;
      }
      if (similarity >= options.minSimilarity) {
        bestIds[found] = j;
        bestSimilarity[found] = similarity;
        order[found] = found;
        found++;
      }
    }
    if (denseSet) for (let k = 0; k < vector.ids.length; k++) dense[vector.ids[k]!] = 0;
    // The most similar first (ties: the lower id); at most `limit` of them, so a plain insertion sort.
    for (let a = 1; a < found; a++) {
      const o = order[a]!;
      let b = a;
      while (b > 0) {
        const previous = order[b - 1]!;
        const d = bestSimilarity[o]! - bestSimilarity[previous]!;
        if (d < 0 || (d === 0 && bestIds[previous]! < bestIds[o]!)) break;
        order[b] = previous;
        b--;
      }
      order[b] = o;
    }
    for (let r = 0; r < Math.min(found, options.neighbours); r++) kept.add(i, bestIds[order[r]!]!, bestSimilarity[order[r]!]!);
  }

  return kept.edges();
}

/** Pairs as their two articles (the lower first) and similarity, in flat arrays; a pair may be added twice. */
class KeptPairs {
  private lower: Int32Array;
  private upper: Int32Array;
  private similarity: Float64Array;
  private size = 0;

  constructor(capacity: number) {
    this.lower = new Int32Array(capacity);
    this.upper = new Int32Array(capacity);
    this.similarity = new Float64Array(capacity);
  }

  add(a: number, b: number, similarity: number): void {
    this.lower[this.size] = Math.min(a, b);
    this.upper[this.size] = Math.max(a, b);
    this.similarity[this.size++] = similarity;
  }

  /** Each pair once, the most similar first (ties: by the lower article, then the other). */
  edges(): CandidateEdge[] {
    const { lower, upper, similarity } = this;
    const order = Int32Array.from({ length: this.size }, (_, k) => k);
    order.sort((x, y) => similarity[y]! - similarity[x]! || lower[x]! - lower[y]! || upper[x]! - upper[y]!);
    const edges: CandidateEdge[] = [];
    for (const k of order) {
      const last = edges.at(-1);
      // A pair's two entries have one similarity (measured once), so they sort side by side.
      if (last !== undefined && last.a === lower[k] && last.b === upper[k]) continue;
      edges.push({ a: lower[k]!, b: upper[k]!, similarity: similarity[k]! });
    }
    return edges;
  }
}

/** Each article's shortlist: `count[i]` ids from `ids[i * limit]`, the best partial score first (ties: the lower id). */
interface Shortlists {
  limit: number;
  ids: Int32Array;
  scores: Float64Array;
  count: Int32Array;
}

/**
 * Each article's `2 × neighbours` best partners by partial score: the products of the indexed
 * features two articles share. That score is the same summed from either side (the shared features
 * in id order, the same products), so each pair is scored once, by the article that comes first in
 * the postings' order, from its own place in each list to the list's end (or to the last day it can
 * still reach), and offered to both shortlists: half the reads and scattered additions of scoring
 * every article against every other.
 */
function partialShortlists(vectors: readonly SparseVector[], indexed: Indexed, postings: Postings, options: CandidateOptions): Shortlists {
  const n = vectors.length;
  const limit = options.neighbours * 2;
  const lists: Shortlists = { limit, ids: new Int32Array(n * limit), scores: new Float64Array(n * limit), count: new Int32Array(n) };
  // Scratch arrays sized once and reused for every article: this loop used to allocate about
  // half of everything `trends analyze` did (growing lists, pairs, iterators), and the collector's
  // work and the pages a larger heap touches cost more than the scoring.
  // Every weight is positive (an idf above 0 times a count), so a score leaves 0 at its first
  // product and each article is listed in `touched` once: at most one entry per article.
  const score = new Float64Array(n);
  const touched = new Int32Array(n);
  const floor = options.minSimilarity / 2;
  const { start, ids: postedIds, weights: postedWeights, days: postedDays, own } = postings;
  // A little wider than the gap at which dayFactor is 0: the exact test is made when shortlisting.
  const span = options.maxDayGap + 1 + 1e-6;

  for (let i = 0; i < n; i++) {
    const vector = vectors[i]!;
    const day = options.days[i]!;
    let touchedCount = 0;
    for (let t = indexed.start[i]!; t < indexed.start[i + 1]!; t++) {
      const at = own[t]!;
      if (at < 0) continue;
      const feature = vector.ids[indexed.positions[t]!]!;
      const end = start[feature + 1]!;
      // Those after it in the list are of its day or later (or it has none): the rest of a long list
      // past the last day it can reach would be scored and then dropped by their day.
      const to = day >= 0 && end - at > RANGE_FROM ? firstAtLeast(postedDays, at + 1, end, day + span) : end;
      const weight = vector.weights[indexed.positions[t]!]!;
      for (let p = at + 1; p < to; p++) {
        const j = postedIds[p]!;
        if (score[j] === 0) touched[touchedCount++] = j;
        score[j]! += weight * postedWeights[p]!;
      }
    }
    for (let t = 0; t < touchedCount; t++) {
      const j = touched[t]!;
      const partial = score[j]!;
      score[j] = 0;
      if (partial < floor) continue;
      const otherDay = options.days[j]!;
      if (day >= 0 && otherDay >= 0 && day !== otherDay && dayFactor(day, otherDay, options.dayDecay, options.maxDayGap) === 0) continue;
      offer(lists, i, j, partial);
      offer(lists, j, i, partial);
    }
  }
  return lists;
}

/** `other` into `owner`'s shortlist if it is among the best `limit` (partial score, then the lower id). */
function offer(lists: Shortlists, owner: number, other: number, partial: number): void {
  const { limit, ids, scores, count } = lists;
  const base = owner * limit;
  const listed = count[owner]!;
  if (listed === limit) {
    const weakest = scores[base + limit - 1]!;
    if (partial < weakest || (partial === weakest && other > ids[base + limit - 1]!)) return;
  }
  // Insertion into a short sorted list beats sorting every touched article.
  let at = listed === limit ? limit - 1 : listed;
  while (at > 0) {
    const previous = base + at - 1;
    if (scores[previous]! > partial || (scores[previous] === partial && ids[previous]! < other)) break;
    ids[previous + 1] = ids[previous]!;
    scores[previous + 1] = scores[previous]!;
    at--;
  }
  ids[base + at] = other;
  scores[base + at] = partial;
  if (listed < limit) count[owner] = listed + 1;
}

/** Each article's indexed features: positions in its vector, article `i`'s from `start[i]` to `start[i + 1]`. */
interface Indexed {
  start: Int32Array;
  positions: Int32Array;
}

/**
 * Positions in each vector of its `limit` heaviest features (ties: the lower id), in id order, all
 * in one array: an array of its own per article was 100,000 small allocations in a week's window.
 * The cut is found by selection in a copy of the weights (`scratch`, reused): a comparator sort of
 * every article's positions was a seventh of a week's grouping, a sort of the copy still 0.4 s.
 */
function heaviestOfEach(vectors: readonly SparseVector[], limit: number, scratch: Float64Array): Indexed {
  const start = new Int32Array(vectors.length + 1);
  vectors.forEach((vector, i) => (start[i + 1] = start[i]! + Math.min(limit, vector.ids.length)));
  const positions = new Int32Array(start[vectors.length]!);
  vectors.forEach((vector, i) => {
    let at = start[i]!;
    const n = vector.ids.length;
    if (n <= limit) {
      for (let k = 0; k < n; k++) positions[at++] = k;
      return;
    }
    const weights = scratch.subarray(0, n);
    weights.set(vector.weights);
    const cut = kthSmallest(weights, n - limit);
    let above = 0;
    for (let k = 0; k < n; k++) if (vector.weights[k]! > cut) above++;
    let ties = limit - above;
    for (let k = 0; k < n; k++) {
      const weight = vector.weights[k]!;
      if (weight > cut || (weight === cut && ties-- > 0)) positions[at++] = k;
    }
  });
  return { start, positions };
}

/** The `k`-th smallest of `values` (from 0), which it reorders: Hoare's selection, the middle as pivot. */
function kthSmallest(values: Float64Array, k: number): number {
  let low = 0;
  let high = values.length - 1;
  while (low < high) {
    const pivot = values[(low + high) >>> 1]!;
    let i = low;
    let j = high;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const swap = values[i]!;
        values[i++] = values[j]!;
        values[j--] = swap;
      }
    }
    if (k <= j) high = j;
    else if (k >= i) low = i;
    else return values[k]!;
  }
  return values[k]!;
}

/** A list at least this long is read only as far as the days its reader can still reach. */
const RANGE_FROM = 32;

/**
 * The inverted index in flat arrays: feature `f`'s entries (article, weight, day) are those from
 * `start[f]` to `start[f + 1]`, none for a feature not indexed. Arrays of their own per feature were
 * hundreds of thousands of small allocations in a week's window, most of the grouping's memory.
 * Every list is in one order, by day (unknown days, -1, first), ties by article.
 */
interface Postings {
  start: Int32Array;
  ids: Int32Array;
  weights: Float32Array;
  days: Float64Array;
  /** Per indexed feature of an article (as `Indexed.positions`): its own entry in that list, or -1 for none. */
  own: Int32Array;
}

/** The first position from `from` before `to` whose day is at least `day` (the days ascending there). */
function firstAtLeast(days: Float64Array, from: number, to: number, day: number): number {
  let low = from;
  let high = to;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (days[middle]! < day) low = middle + 1;
    else high = middle;
  }
  return low;
}

function buildPostings(vectors: SparseVector[], indexed: Indexed, featureCount: number, maxPosting: number, days: Float64Array): Postings {
  const counts = new Int32Array(featureCount);
  for (let i = 0; i < vectors.length; i++) {
    const ids = vectors[i]!.ids;
    for (let t = indexed.start[i]!; t < indexed.start[i + 1]!; t++) counts[ids[indexed.positions[t]!]!]!++;
  }
  const start = new Int32Array(featureCount + 1);
  for (let id = 0; id < featureCount; id++) {
    const count = counts[id]!;
    start[id + 1] = start[id]! + (count >= 2 && count <= maxPosting ? count : 0);
  }
  const total = start[featureCount]!;
  const postings: Postings = {
    start,
    ids: new Int32Array(total),
    weights: new Float32Array(total),
    days: new Float64Array(total),
    own: new Int32Array(indexed.positions.length).fill(-1),
  };
  // Filled article by article in the lists' order, so that every list is sorted as it is made.
  const byDay = Int32Array.from(vectors.keys());
  byDay.sort((x, y) => days[x]! - days[y]! || x - y);
  const next = start.slice(0, featureCount);
  for (const i of byDay) {
    const vector = vectors[i]!;
    for (let t = indexed.start[i]!; t < indexed.start[i + 1]!; t++) {
      const k = indexed.positions[t]!;
      const feature = vector.ids[k]!;
      if (start[feature] === start[feature + 1]) continue;
      const at = next[feature]!++;
      postings.ids[at] = i;
      postings.days[at] = days[i]!;
      postings.weights[at] = vector.weights[k]!;
      postings.own[t] = at;
    }
  }
  return postings;
}

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
  const score = new Float64Array(vectors.length);
  const dense = new Float64Array(featureCount);
  // Scratch arrays sized once and reused for every article: this loop used to allocate about
  // half of everything `trends analyze` did (growing lists, pairs, iterators), and the collector's
  // work and the pages a larger heap touches cost more than the scoring.
  // Every weight is positive (an idf above 0 times a count), so a score leaves 0 at its first
  // product and each article is listed in `touched` once: at most one entry per article.
  const touched = new Int32Array(vectors.length);
  const limit = options.neighbours * 2;
  const shortlist = new Int32Array(limit + 1);
  const bestIds = new Int32Array(limit);
  const bestSimilarity = new Float64Array(limit);
  const order = new Int32Array(limit);
  const kept = new Map<number, number>();
  const keyOf = (a: number, b: number) => (a < b ? a * vectors.length + b : b * vectors.length + a);
  const floor = options.minSimilarity / 2;
  const { start, ids: postedIds, weights: postedWeights, days: postedDays, unknown } = postings;
  // Adds entries `from`–`to` of the postings to the scores of article `i`'s candidates.
  const scoreRange = (from: number, to: number, i: number, weight: number, touchedCount: number) => {
    for (let p = from; p < to; p++) {
      const j = postedIds[p]!;
      if (j === i) continue;
      if (score[j] === 0) touched[touchedCount++] = j;
      score[j]! += weight * postedWeights[p]!;
    }
    return touchedCount;
  };

  // A little wider than the gap at which dayFactor is 0: the exact test is made when shortlisting.
  const span = options.maxDayGap + 1 + 1e-6;

  for (let i = 0; i < vectors.length; i++) {
    const vector = vectors[i]!;
    const day = options.days[i]!;
    let touchedCount = 0;
    for (let t = indexed.start[i]!; t < indexed.start[i + 1]!; t++) {
      const k = indexed.positions[t]!;
      const feature = vector.ids[k]!;
      const from = start[feature]!;
      const to = start[feature + 1]!;
      if (from === to) continue;
      const weight = vector.weights[k]!;
      // Only the articles near enough in time to be kept (those of unknown day first, then the
      // range): the rest of a long list would be scored and then dropped by their day.
      if (day >= 0 && to - from > RANGE_FROM) {
        const known = from + unknown[feature]!;
        const first = firstAtLeast(postedDays, known, to, day - span);
        touchedCount = scoreRange(from, known, i, weight, touchedCount);
        touchedCount = scoreRange(first, firstAtLeast(postedDays, first, to, day + span), i, weight, touchedCount);
      } else touchedCount = scoreRange(from, to, i, weight, touchedCount);
    }
    // The index skips common features, so the partial score only shortlists; the kept pairs are
    // then measured exactly.
    let listed = 0;
    let weakest = Infinity;
    for (let t = 0; t < touchedCount; t++) {
      const j = touched[t]!;
      const partial = score[j]!;
      if (partial < floor) continue;
      if (listed === limit && (partial < weakest || (partial === weakest && j > shortlist[limit - 1]!))) continue;
      const otherDay = options.days[j]!;
      if (day >= 0 && otherDay >= 0 && day !== otherDay && dayFactor(day, otherDay, options.dayDecay, options.maxDayGap) === 0) continue;
      // Insertion into a short sorted list beats sorting every touched article.
      let at = listed;
      while (at > 0) {
        const previous = shortlist[at - 1]!;
        if (score[previous]! > partial || (score[previous] === partial && previous < j)) break;
        shortlist[at] = previous;
        at--;
      }
      shortlist[at] = j;
      if (listed < limit) listed++;
      weakest = score[shortlist[listed - 1]!]!;
    }
    for (let k = 0; k < vector.ids.length; k++) dense[vector.ids[k]!] = vector.weights[k]!;
    let found = 0;
    for (let s = 0; s < listed; s++) {
      const j = shortlist[s]!;
      const other = vectors[j]!;
      let product = 0;
      for (let k = 0; k < other.ids.length; k++) product += dense[other.ids[k]!]! * other.weights[k]!;
      const similarity = product * dayFactor(day, options.days[j]!, options.dayDecay, options.maxDayGap);
      if (similarity >= options.minSimilarity) {
        bestIds[found] = j;
        bestSimilarity[found] = similarity;
        order[found] = found;
        found++;
      }
    }
    for (let k = 0; k < vector.ids.length; k++) dense[vector.ids[k]!] = 0;
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
    for (let r = 0; r < Math.min(found, options.neighbours); r++) kept.set(keyOf(i, bestIds[order[r]!]!), bestSimilarity[order[r]!]!);
    for (let t = 0; t < touchedCount; t++) score[touched[t]!] = 0;
  }

  const edges: CandidateEdge[] = [];
  for (const [key, similarity] of kept) {
    edges.push({ a: Math.floor(key / vectors.length), b: key % vectors.length, similarity });
  }
  edges.sort((x, y) => y.similarity - x.similarity || x.a - y.a || x.b - y.b);
  return edges;
}

/** Each article's indexed features: positions in its vector, article `i`'s from `start[i]` to `start[i + 1]`. */
interface Indexed {
  start: Int32Array;
  positions: Int32Array;
}

/**
 * Positions in each vector of its `limit` heaviest features (ties: the lower id), in id order, all
 * in one array: an array of its own per article was 100,000 small allocations in a week's window.
 * The cut is found by sorting a copy of the weights as numbers (`scratch`, reused): a comparator
 * sort of every article's positions was a seventh of a week's grouping.
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
    const sorted = scratch.subarray(0, n);
    sorted.set(vector.weights);
    sorted.sort();
    const cut = sorted[n - limit]!;
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

/** Posting lists longer than this are sorted by day and read only where the day allows. */
const RANGE_FROM = 32;

/**
 * The inverted index in flat arrays: feature `f`'s entries (article, weight, day) are those from
 * `start[f]` to `start[f + 1]`, none for a feature not indexed. Arrays of their own per feature were
 * hundreds of thousands of small allocations in a week's window, most of the grouping's memory.
 */
interface Postings {
  start: Int32Array;
  ids: Int32Array;
  weights: Float64Array;
  /** A list longer than RANGE_FROM holds its unknown days (-1) first, then ascending days. */
  days: Float64Array;
  /** Per feature: its entries of unknown day, which come first (lists longer than RANGE_FROM). */
  unknown: Int32Array;
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
  const eachIndexed = (visit: (feature: number, i: number, k: number) => void) => {
    vectors.forEach((vector, i) => {
      for (let t = indexed.start[i]!; t < indexed.start[i + 1]!; t++) visit(vector.ids[indexed.positions[t]!]!, i, indexed.positions[t]!);
    });
  };
  eachIndexed((feature) => counts[feature]!++);
  const start = new Int32Array(featureCount + 1);
  for (let id = 0; id < featureCount; id++) {
    const count = counts[id]!;
    start[id + 1] = start[id]! + (count >= 2 && count <= maxPosting ? count : 0);
  }
  const total = start[featureCount]!;
  const postings: Postings = {
    start,
    ids: new Int32Array(total),
    weights: new Float64Array(total),
    days: new Float64Array(total),
    unknown: new Int32Array(featureCount),
  };
  // Filled in article order: the next free entry of each list.
  const next = start.slice(0, featureCount);
  eachIndexed((feature, i, k) => {
    if (start[feature] === start[feature + 1]) return;
    const at = next[feature]!++;
    postings.ids[at] = i;
    postings.days[at] = days[i]!;
    postings.weights[at] = vectors[i]!.weights[k]!;
  });
  for (let id = 0; id < featureCount; id++) if (start[id + 1]! - start[id]! > RANGE_FROM) sortByDay(postings, id);
  return postings;
}

/** A list's entries by day (unknown days, -1, sort first), ties in article order. */
function sortByDay(postings: Postings, feature: number): void {
  const from = postings.start[feature]!;
  const to = postings.start[feature + 1]!;
  const { ids, weights, days } = postings;
  const order = Array.from({ length: to - from }, (_, p) => from + p).sort((x, y) => days[x]! - days[y]! || x - y);
  const sortedIds = Int32Array.from(order, (p) => ids[p]!);
  const sortedWeights = Float64Array.from(order, (p) => weights[p]!);
  const sortedDays = Float64Array.from(order, (p) => days[p]!);
  ids.set(sortedIds, from);
  weights.set(sortedWeights, from);
  days.set(sortedDays, from);
  postings.unknown[feature] = firstAtLeast(days, from, to, 0) - from;
}

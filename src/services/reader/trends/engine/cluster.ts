// Articles → stories in two stages. Near-duplicates (wire copies, a headline re-run with a word
// changed) are joined first, whatever else happens. Then stories grow by agglomerative merging over
// the candidate graph: the two most similar neighbouring stories merge while their linkage stays
// above the threshold. The linkage compares whole stories through their summed vectors, so a story
// grows a vocabulary ("heartbleed", "openssl", "patch") that headlines sharing few words each can
// still match.
import { candidateEdges, dayFactor, type CandidateEdge } from './candidates.js';
import { createProposalHeap } from './heap.js';
import type { SparseVector } from './vectorize.js';

export interface AgglomerateOptions {
  /** Pairs at least this similar are near-duplicates and always share a story. */
  duplicateThreshold: number;
  /** Stories merge while their (size-adjusted) linkage is at least this. */
  mergeThreshold: number;
  /**
   * The threshold grows by this times ln(size of the smaller story): a headline joins a big story
   * easily, but two big stories must agree more before they become one.
   */
  sizePenalty: number;
  /** A story's vector is the sum of its articles' raised to this power; below 1 flattens its dominant terms. */
  centroidPower: number;
  neighbours: number;
  minSimilarity: number;
  maxPosting: number;
  indexTerms: number;
  /** Day number of each article (fractional, see dayNumber), -1 when unknown. */
  days: Float64Array;
  dayDecay: number;
  maxDayGap: number;
}

interface Story {
  members: number[];
  /** Summed article vectors, sorted by feature id: the first `size` entries (the rest is room to grow). */
  ids: Int32Array;
  sums: Float32Array;
  /** `sums` raised to the centroid power, and their norm. */
  shaped: Float32Array;
  size: number;
  /** Whether the arrays are the story's own (a one-article story's are its article's vector). */
  owned: boolean;
  norm: number;
  firstDay: number;
  lastDay: number;
  /** Bumped whenever the story's merge proposals are all recomputed; older ones are dropped. */
  version: number;
  /** Size when its proposals were last all recomputed. */
  proposedSize: number;
  neighbours: Set<number>;
}

/**
 * A story that grew by less than this factor since its proposals were computed keeps them: one
 * headline more barely moves a big story, and recomputing every neighbour after each absorbed
 * headline is most of the cost of merging. A stale proposal is measured again when it comes up.
 */
const REPROPOSE_GROWTH = 1.2;

/** A story this many times the others' features together looks theirs up instead of spreading its own. */
const LOOKUP_FROM = 16;

/** Groups of article indexes, each sorted; every index lands in exactly one group. */
export function agglomerate(vectors: SparseVector[], featureCount: number, options: AgglomerateOptions): number[][] {
  const edges = candidateEdges(vectors, featureCount, options);
  const root = nearDuplicateRoots(vectors.length, edges, options.duplicateThreshold);

  const grouped = new Map<number, number[]>();
  for (let i = 0; i < vectors.length; i++) {
    const members = grouped.get(root[i]!);
    if (members) members.push(i);
    else grouped.set(root[i]!, [i]);
  }
  // By id (a group's root, its lowest article index): an array, not a map, for the merge loop's
  // many lookups. Ascending ids are the order the groups were found in.
  const stories: (Story | undefined)[] = new Array(vectors.length);
  const shapedVectors = shapeEach(vectors, options.centroidPower);
  for (const [id, members] of grouped) stories[id] = newStory(members, vectors, shapedVectors, options);
  for (const { a, b } of edges) {
    const x = root[a]!;
    const y = root[b]!;
    if (x === y) continue;
    stories[x]!.neighbours.add(y);
    stories[y]!.neighbours.add(x);
  }

  const linkage = (x: Story, y: Story, product: number) =>
    (product / (x.norm * y.norm)) * storyDayFactor(x, y, options) - options.sizePenalty * Math.log(Math.min(x.members.length, y.members.length));
  const dense = new Float64Array(featureCount);
  const heap = createProposalHeap();
  const push = (id: number, otherId: number, similarity: number) => {
    const [a, b] = id < otherId ? [id, otherId] : [otherId, id];
    const x = stories[a]!;
    const y = stories[b]!;
    heap.push(similarity, a, b, x.version, y.version, x.members.length, y.members.length);
  };
  // Scores `id` against each of `others` and queues the pairs worth merging. The story's shaped
  // vector is spread into `dense` for the products, unless the others are few and small beside it
  // (a big story that absorbed a headline and gained a neighbour or none): then each of their
  // features is looked up in it, the same products in the same order.
  const proposeAll = (id: number, others: readonly number[]) => {
    if (others.length === 0) return;
    const story = stories[id]!;
    let otherSizes = 0;
    for (const otherId of others) otherSizes += stories[otherId]!.size;
    const spread = story.size <= otherSizes * LOOKUP_FROM;
    if (spread) for (let k = 0; k < story.size; k++) dense[story.ids[k]!] = story.shaped[k]!;
    for (const otherId of others) {
      const other = stories[otherId]!;
      if (storyDayFactor(story, other, options) === 0) continue;
      let product = 0;
      if (spread) for (let k = 0; k < other.size; k++) product += dense[other.ids[k]!]! * other.shaped[k]!;
      else
        for (let k = 0; k < other.size; k++) {
          const at = firstAbove(story.ids, story.size, other.ids[k]!) - 1;
          if (at >= 0 && story.ids[at] === other.ids[k]) product += story.shaped[at]! * other.shaped[k]!;
        }
      const similarity = linkage(story, other, product);
      if (similarity >= options.mergeThreshold) push(id, otherId, similarity);
    }
    if (spread) for (let k = 0; k < story.size; k++) dense[story.ids[k]!] = 0;
  };
  stories.forEach((story, id) => {
    if (story)
      proposeAll(
        id,
        [...story.neighbours].filter((other) => other > id),
      );
  });

  for (let proposal = heap.pop(); proposal; proposal = heap.pop()) {
    const x = stories[proposal.a];
    const y = stories[proposal.b];
    if (!x || !y || x.version !== proposal.versionA || y.version !== proposal.versionB) continue;
    if (x.members.length !== proposal.sizeA || y.members.length !== proposal.sizeB) {
      // Computed before one of the two grew a little: measure again and requeue.
      const similarity = linkage(x, y, shapedProduct(x, y));
      if (similarity >= options.mergeThreshold) push(proposal.a, proposal.b, similarity);
      continue;
    }
    // The larger story absorbs the smaller (ties: the lower id), so a big story keeps its id and
    // its proposals.
    const [keepId, goneId] = y.members.length > x.members.length ? [proposal.b, proposal.a] : [proposal.a, proposal.b];
    const kept = stories[keepId]!;
    const gone = stories[goneId]!;
    const merged = mergeStories(kept, gone, options.centroidPower);
    stories[goneId] = undefined;
    stories[keepId] = merged;
    const gained: number[] = [];
    for (const other of gone.neighbours) {
      if (other === keepId) continue;
      const neighbour = stories[other]!;
      neighbour.neighbours.delete(goneId);
      neighbour.neighbours.add(keepId);
      if (!merged.neighbours.has(other)) {
        merged.neighbours.add(other);
        gained.push(other);
      }
    }
    merged.neighbours.delete(keepId);
    merged.neighbours.delete(goneId);
    if (merged.members.length > merged.proposedSize * REPROPOSE_GROWTH) {
      merged.version++;
      merged.proposedSize = merged.members.length;
      proposeAll(
        keepId,
        [...merged.neighbours].sort((p, q) => p - q),
      );
    } else {
      proposeAll(
        keepId,
        gained.sort((p, q) => p - q),
      );
    }
  }

  const groups: number[][] = [];
  for (const story of stories) if (story) groups.push(story.members.sort((p, q) => p - q));
  return groups;
}

function shapedProduct(x: Story, y: Story): number {
  let i = 0;
  let j = 0;
  let product = 0;
  while (i < x.size && j < y.size) {
    const a = x.ids[i]!;
    const b = y.ids[j]!;
    if (a === b) product += x.shaped[i++]! * y.shaped[j++]!;
    else if (a < b) i++;
    else j++;
  }
  return product;
}

function nearDuplicateRoots(count: number, edges: CandidateEdge[], threshold: number): Int32Array {
  const parent = Int32Array.from({ length: count }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  // Edges come sorted by similarity, highest first.
  for (const edge of edges) {
    if (edge.similarity < threshold) break;
    const ra = find(edge.a);
    const rb = find(edge.b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
  return Int32Array.from({ length: count }, (_, i) => find(i));
}

/**
 * Each article's weights raised to the centroid power, with their norm, all in one array: an array
 * of its own per article was 100,000 small allocations in a week's window. Read only by the
 * stories of one article.
 */
function shapeEach(vectors: readonly SparseVector[], power: number): { shaped: Float32Array; norm: number }[] {
  if (power === 1) return vectors.map((vector) => shape(vector.weights, power));
  let total = 0;
  for (const vector of vectors) total += vector.weights.length;
  const all = new Float32Array(total);
  let at = 0;
  return vectors.map(({ weights }) => {
    const shaped = all.subarray(at, at + weights.length);
    at += weights.length;
    let norm = 0;
    for (let k = 0; k < weights.length; k++) {
      shaped[k] = weights[k]! ** power;
      norm += shaped[k]! * shaped[k]!;
    }
    return { shaped, norm: Math.sqrt(norm) || 1 };
  });
}

function newStory(
  members: number[],
  vectors: SparseVector[],
  shapedVectors: readonly { shaped: Float32Array; norm: number }[],
  options: AgglomerateOptions,
): Story {
  if (members.length === 1) {
    // Most stories start as one article: its vector is already sorted and summed.
    const vector = vectors[members[0]!]!;
    const day = options.days[members[0]!]!;
    return {
      members,
      ids: vector.ids,
      sums: vector.weights,
      ...shapedVectors[members[0]!]!,
      size: vector.ids.length,
      owned: false,
      firstDay: day,
      lastDay: day,
      version: 0,
      proposedSize: 1,
      neighbours: new Set(),
    };
  }
  const sum = new Map<number, number>();
  let firstDay = -1;
  let lastDay = -1;
  for (const i of members) {
    const vector = vectors[i]!;
    for (let k = 0; k < vector.ids.length; k++) sum.set(vector.ids[k]!, (sum.get(vector.ids[k]!) ?? 0) + vector.weights[k]!);
    const day = options.days[i]!;
    if (day >= 0) {
      firstDay = firstDay < 0 ? day : Math.min(firstDay, day);
      lastDay = Math.max(lastDay, day);
    }
  }
  const ids = Int32Array.from([...sum.keys()].sort((a, b) => a - b));
  const sums = Float32Array.from(ids, (id) => sum.get(id)!);
  return {
    members,
    ids,
    sums,
    ...shape(sums, options.centroidPower),
    size: ids.length,
    owned: true,
    firstDay,
    lastDay,
    version: 0,
    proposedSize: members.length,
    neighbours: new Set(),
  };
}

function shape(sums: Float32Array, power: number): { shaped: Float32Array; norm: number } {
  const shaped = power === 1 ? sums : sums.map((w) => w ** power);
  let norm = 0;
  for (const w of shaped) norm += w * w;
  return { shaped, norm: Math.sqrt(norm) || 1 };
}

/** Features two stories share, each story's ids ascending. */
function sharedFeatures(x: Story, y: Story): number {
  let shared = 0;
  if (x.size > 16 * y.size) {
    // A big story and a headline: look each of the headline's features up.
    for (let j = 0; j < y.size; j++) {
      const at = firstAbove(x.ids, x.size, y.ids[j]!) - 1;
      if (at >= 0 && x.ids[at] === y.ids[j]) shared++;
    }
    return shared;
  }
  for (let i = 0, j = 0; i < x.size && j < y.size; ) {
    if (x.ids[i] === y.ids[j]) {
      shared++;
      i++;
      j++;
    } else if (x.ids[i]! < y.ids[j]!) i++;
    else j++;
  }
  return shared;
}

/** The first position of `ids` before `end` whose id is above `id` (ascending ids). */
function firstAbove(ids: Int32Array, end: number, id: number): number {
  let low = 0;
  let high = end;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ids[middle]! > id) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * `y` merged into `x`'s arrays, grown by half when they are too small or not x's own. A big story
 * absorbs headlines one by one: copying its arrays for each was a fifth of a week's grouping and
 * most of what the collector had to do, so y's entries go in from the end, x's runs between them
 * moved whole. Only a shared feature's shaped value changes; the norm is summed in feature order.
 */
function mergeStories(x: Story, y: Story, power: number): Story {
  const n = x.size + y.size - sharedFeatures(x, y);
  let { ids, sums, shaped } = x;
  if (!x.owned || ids.length < n) {
    const room = n + (n >> 1);
    ids = new Int32Array(room);
    ids.set(x.ids.subarray(0, x.size));
    sums = new Float32Array(room);
    sums.set(x.sums.subarray(0, x.size));
    if (power === 1) shaped = sums;
    else {
      shaped = new Float32Array(room);
      shaped.set(x.shaped.subarray(0, x.size));
    }
  }
  let i = x.size - 1;
  let k = n - 1;
  for (let j = y.size - 1; j >= 0; j--, k--) {
    const id = y.ids[j]!;
    const from = firstAbove(ids, i + 1, id);
    const run = i + 1 - from;
    if (run > 0) {
      ids.copyWithin(k - run + 1, from, i + 1);
      sums.copyWithin(k - run + 1, from, i + 1);
      if (shaped !== sums) shaped.copyWithin(k - run + 1, from, i + 1);
      k -= run;
      i = from - 1;
    }
    ids[k] = id;
    if (i >= 0 && ids[i] === id) {
      sums[k] = sums[i]! + y.sums[j]!;
      if (shaped !== sums) shaped[k] = sums[k]! ** power;
      i--;
    } else {
      sums[k] = y.sums[j]!;
      if (shaped !== sums) shaped[k] = y.shaped[j]!;
    }
  }
  let normSquared = 0;
  for (let m = 0; m < n; m++) normSquared += shaped[m]! * shaped[m]!;
  const days = [x, y].filter((story) => story.firstDay >= 0);
  return {
    members: x.members.concat(y.members),
    ids,
    sums,
    shaped,
    size: n,
    owned: true,
    norm: Math.sqrt(normSquared) || 1,
    firstDay: days.length ? Math.min(...days.map((story) => story.firstDay)) : -1,
    lastDay: days.length ? Math.max(...days.map((story) => story.lastDay)) : -1,
    // The absorbing story keeps its proposals (and so its version) until it has grown enough.
    version: x.version,
    proposedSize: x.proposedSize,
    neighbours: x.neighbours,
  };
}

function storyDayFactor(x: Story, y: Story, options: AgglomerateOptions): number {
  if (x.firstDay < 0 || y.firstDay < 0) return 1;
  // Stories whose time ranges overlap count as the same day.
  if (x.firstDay <= y.lastDay && y.firstDay <= x.lastDay) return 1;
  return x.lastDay < y.firstDay
    ? dayFactor(x.lastDay, y.firstDay, options.dayDecay, options.maxDayGap)
    : dayFactor(y.lastDay, x.firstDay, options.dayDecay, options.maxDayGap);
}

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
  /** Summed article vectors, sorted by feature id. */
  ids: Int32Array;
  sums: Float64Array;
  /** `sums` raised to the centroid power, and their norm. */
  shaped: Float64Array;
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
  const stories = new Map<number, Story>();
  for (const [id, members] of grouped) stories.set(id, newStory(members, vectors, options));
  for (const { a, b } of edges) {
    const x = root[a]!;
    const y = root[b]!;
    if (x === y) continue;
    stories.get(x)!.neighbours.add(y);
    stories.get(y)!.neighbours.add(x);
  }

  const linkage = (x: Story, y: Story, product: number) =>
    (product / (x.norm * y.norm)) * storyDayFactor(x, y, options) - options.sizePenalty * Math.log(Math.min(x.members.length, y.members.length));
  const dense = new Float64Array(featureCount);
  const heap = createProposalHeap();
  const push = (id: number, otherId: number, similarity: number) => {
    const [a, b] = id < otherId ? [id, otherId] : [otherId, id];
    const x = stories.get(a)!;
    const y = stories.get(b)!;
    heap.push({ similarity, a, b, versionA: x.version, versionB: y.version, sizeA: x.members.length, sizeB: y.members.length });
  };
  // Scores `id` against each of `others` and queues the pairs worth merging.
  const proposeAll = (id: number, others: Iterable<number>) => {
    const story = stories.get(id)!;
    for (let k = 0; k < story.ids.length; k++) dense[story.ids[k]!] = story.shaped[k]!;
    for (const otherId of others) {
      const other = stories.get(otherId)!;
      if (storyDayFactor(story, other, options) === 0) continue;
      let product = 0;
      for (let k = 0; k < other.ids.length; k++) product += dense[other.ids[k]!]! * other.shaped[k]!;
      const similarity = linkage(story, other, product);
      if (similarity >= options.mergeThreshold) push(id, otherId, similarity);
    }
    for (let k = 0; k < story.ids.length; k++) dense[story.ids[k]!] = 0;
  };
  for (const [id, story] of stories)
    proposeAll(
      id,
      [...story.neighbours].filter((other) => other > id),
    );

  for (let proposal = heap.pop(); proposal; proposal = heap.pop()) {
    const x = stories.get(proposal.a);
    const y = stories.get(proposal.b);
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
    const kept = stories.get(keepId)!;
    const gone = stories.get(goneId)!;
    const merged = mergeStories(kept, gone, options.centroidPower);
    stories.delete(goneId);
    stories.set(keepId, merged);
    const gained: number[] = [];
    for (const other of gone.neighbours) {
      if (other === keepId) continue;
      const neighbour = stories.get(other)!;
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

  return [...stories.values()].map((story) => story.members.sort((p, q) => p - q));
}

function shapedProduct(x: Story, y: Story): number {
  let i = 0;
  let j = 0;
  let product = 0;
  while (i < x.ids.length && j < y.ids.length) {
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

function newStory(members: number[], vectors: SparseVector[], options: AgglomerateOptions): Story {
  if (members.length === 1) {
    // Most stories start as one article: its vector is already sorted and summed.
    const vector = vectors[members[0]!]!;
    const day = options.days[members[0]!]!;
    return {
      members,
      ids: vector.ids,
      sums: vector.weights,
      ...shape(vector.weights, options.centroidPower),
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
  const sums = Float64Array.from(ids, (id) => sum.get(id)!);
  return {
    members,
    ids,
    sums,
    ...shape(sums, options.centroidPower),
    firstDay,
    lastDay,
    version: 0,
    proposedSize: members.length,
    neighbours: new Set(),
  };
}

function shape(sums: Float64Array, power: number): { shaped: Float64Array; norm: number } {
  const shaped = power === 1 ? sums : sums.map((w) => w ** power);
  let norm = 0;
  for (const w of shaped) norm += w * w;
  return { shaped, norm: Math.sqrt(norm) || 1 };
}

function mergeStories(x: Story, y: Story, power: number): Story {
  const ids = new Int32Array(x.ids.length + y.ids.length);
  const sums = new Float64Array(ids.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < x.ids.length || j < y.ids.length) {
    const a = i < x.ids.length ? x.ids[i]! : Infinity;
    const b = j < y.ids.length ? y.ids[j]! : Infinity;
    if (a === b) {
      ids[n] = a;
      sums[n++] = x.sums[i++]! + y.sums[j++]!;
    } else if (a < b) {
      ids[n] = a;
      sums[n++] = x.sums[i++]!;
    } else {
      ids[n] = b;
      sums[n++] = y.sums[j++]!;
    }
  }
  const merged = sums.slice(0, n);
  const days = [x, y].filter((story) => story.firstDay >= 0);
  return {
    members: x.members.concat(y.members),
    ids: ids.slice(0, n),
    sums: merged,
    ...shape(merged, power),
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

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
  // By id (a group's root, its lowest article index): an array, not a map, for the merge loop's
  // many lookups. Ascending ids are the order the groups were found in.
  const stories: (Story | undefined)[] = new Array(vectors.length);
  for (const [id, members] of grouped) stories[id] = newStory(members, vectors, options);
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
    heap.push({ similarity, a, b, versionA: x.version, versionB: y.version, sizeA: x.members.length, sizeB: y.members.length });
  };
  // Scores `id` against each of `others` and queues the pairs worth merging.
  const proposeAll = (id: number, others: Iterable<number>) => {
    const story = stories[id]!;
    for (let k = 0; k < story.ids.length; k++) dense[story.ids[k]!] = story.shaped[k]!;
    for (const otherId of others) {
      const other = stories[otherId]!;
      if (storyDayFactor(story, other, options) === 0) continue;
      let product = 0;
      for (let k = 0; k < other.ids.length; k++) product += dense[other.ids[k]!]! * other.shaped[k]!;
      const similarity = linkage(story, other, product);
      if (similarity >= options.mergeThreshold) push(id, otherId, similarity);
    }
    for (let k = 0; k < story.ids.length; k++) dense[story.ids[k]!] = 0;
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
  // Sized exactly first, then filled in one pass: a big story absorbs headlines one by one, and
  // copying it into oversized arrays and raising every sum to the power again was most of a merge.
  // Only a shared feature's shaped value changes; the others are copied.
  let n = x.ids.length + y.ids.length;
  for (let i = 0, j = 0; i < x.ids.length && j < y.ids.length; ) {
    if (x.ids[i] === y.ids[j]) {
      n--;
      i++;
      j++;
    } else if (x.ids[i]! < y.ids[j]!) i++;
    else j++;
  }
  const ids = new Int32Array(n);
  const sums = new Float64Array(n);
  const shaped = power === 1 ? sums : new Float64Array(n);
  let normSquared = 0;
  let i = 0;
  let j = 0;
  for (let k = 0; k < n; k++) {
    const a = i < x.ids.length ? x.ids[i]! : Infinity;
    const b = j < y.ids.length ? y.ids[j]! : Infinity;
    let value: number;
    if (a === b) {
      ids[k] = a;
      sums[k] = x.sums[i++]! + y.sums[j++]!;
      value = power === 1 ? sums[k]! : sums[k]! ** power;
    } else if (a < b) {
      ids[k] = a;
      sums[k] = x.sums[i]!;
      value = x.shaped[i++]!;
    } else {
      ids[k] = b;
      sums[k] = y.sums[j]!;
      value = y.shaped[j++]!;
    }
    shaped[k] = value;
    normSquared += value * value;
  }
  const days = [x, y].filter((story) => story.firstDay >= 0);
  return {
    members: x.members.concat(y.members),
    ids,
    sums,
    shaped,
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

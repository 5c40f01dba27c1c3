// A max-heap of merge proposals, ordered by similarity then by the pair's ids so that the merge
// order, and therefore the clustering, never depends on anything but the input. Kept in typed
// arrays, one per field: a week's window queues millions of proposals, which as objects were a
// large part of what the collector had to trace and of the grouping's memory.

export interface MergeProposal {
  similarity: number;
  a: number;
  b: number;
  versionA: number;
  versionB: number;
  /** Sizes of the two stories when the similarity was computed. */
  sizeA: number;
  sizeB: number;
}

/** The integer fields of an entry, in this order, FIELDS apart in `fields`. */
const FIELDS = 6;

export function createProposalHeap() {
  let similarities = new Float64Array(1 << 12);
  let fields = new Int32Array(similarities.length * FIELDS);
  let size = 0;
  // What pop() answers: one object, overwritten by the next pop.
  const top: MergeProposal = { similarity: 0, a: 0, b: 0, versionA: 0, versionB: 0, sizeA: 0, sizeB: 0 };

  /** Whether the entry at `i` comes before the given one. */
  const entryBefore = (i: number, similarity: number, a: number, b: number) => {
    const s = similarities[i]!;
    if (s !== similarity) return s > similarity;
    const ai = fields[i * FIELDS]!;
    if (ai !== a) return ai < a;
    return fields[i * FIELDS + 1]! < b;
  };
  /** Whether the entry at `i` comes before the entry at `j`. */
  const before = (i: number, j: number) => entryBefore(i, similarities[j]!, fields[j * FIELDS]!, fields[j * FIELDS + 1]!);
  const move = (from: number, to: number) => {
    similarities[to] = similarities[from]!;
    const f = from * FIELDS;
    const t = to * FIELDS;
    for (let k = 0; k < FIELDS; k++) fields[t + k] = fields[f + k]!;
  };
  const read = (at: number, into: MergeProposal) => {
    into.similarity = similarities[at]!;
    const f = at * FIELDS;
    into.a = fields[f]!;
    into.b = fields[f + 1]!;
    into.versionA = fields[f + 2]!;
    into.versionB = fields[f + 3]!;
    into.sizeA = fields[f + 4]!;
    into.sizeB = fields[f + 5]!;
  };

  return {
    get size() {
      return size;
    },
    // Sifts move the hole, not the proposal: a swap per level wrote each proposal twice.
    push(similarity: number, a: number, b: number, versionA: number, versionB: number, sizeA: number, sizeB: number) {
      if (size === similarities.length) {
        const grownSimilarities = new Float64Array(size * 2);
        grownSimilarities.set(similarities);
        similarities = grownSimilarities;
        const grownFields = new Int32Array(size * 2 * FIELDS);
        grownFields.set(fields);
        fields = grownFields;
      }
      let i = size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        // Up while the new proposal comes strictly before its parent.
        if (!comesBefore(similarity, a, b, parent)) break;
        move(parent, i);
        i = parent;
      }
      similarities[i] = similarity;
      const f = i * FIELDS;
      fields[f] = a;
      fields[f + 1] = b;
      fields[f + 2] = versionA;
      fields[f + 3] = versionB;
      fields[f + 4] = sizeA;
      fields[f + 5] = sizeB;
    },
    /** The first proposal, taken off the heap; the object is reused by the next call. */
    pop(): MergeProposal | undefined {
      if (size === 0) return undefined;
      read(0, top);
      size--;
      if (size > 0) {
        // The last entry sifts down from the root; its slot, now past the end, is read in place.
        const last = size;
        let i = 0;
        for (;;) {
          const left = 2 * i + 1;
          if (left >= size) break;
          const right = left + 1;
          const child = right < size && before(right, left) ? right : left;
          if (!before(child, last)) break;
          move(child, i);
          i = child;
        }
        move(last, i);
      }
      return top;
    },
  };

  /** Whether the proposal given comes strictly before the entry at `i`. */
  function comesBefore(similarity: number, a: number, b: number, i: number): boolean {
    const s = similarities[i]!;
    if (similarity !== s) return similarity > s;
    const ai = fields[i * FIELDS]!;
    if (a !== ai) return a < ai;
    return b < fields[i * FIELDS + 1]!;
  }
}

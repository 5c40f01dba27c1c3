// A max-heap of merge proposals, ordered by similarity then by the pair's ids so that the merge
// order, and therefore the clustering, never depends on anything but the input.

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

function before(x: MergeProposal, y: MergeProposal): boolean {
  if (x.similarity !== y.similarity) return x.similarity > y.similarity;
  if (x.a !== y.a) return x.a < y.a;
  return x.b < y.b;
}

export function createProposalHeap() {
  const heap: MergeProposal[] = [];
  return {
    get size() {
      return heap.length;
    },
    // Sifts move the hole, not the proposal: a swap per level wrote each proposal twice.
    push(proposal: MergeProposal) {
      let i = heap.length;
      heap.push(proposal);
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!before(proposal, heap[parent]!)) break;
        heap[i] = heap[parent]!;
        i = parent;
      }
      heap[i] = proposal;
    },
    pop(): MergeProposal | undefined {
      const top = heap[0];
      const last = heap.pop();
      if (heap.length > 0 && last) {
        let i = 0;
        for (;;) {
          const left = 2 * i + 1;
          if (left >= heap.length) break;
          const right = left + 1;
          const child = right < heap.length && before(heap[right]!, heap[left]!) ? right : left;
          if (!before(heap[child]!, last)) break;
          heap[i] = heap[child]!;
          i = child;
        }
        heap[i] = last;
      }
      return top;
    },
  };
}

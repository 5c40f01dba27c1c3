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
    push(proposal: MergeProposal) {
      heap.push(proposal);
      let i = heap.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!before(heap[i]!, heap[parent]!)) break;
        [heap[i], heap[parent]] = [heap[parent]!, heap[i]!];
        i = parent;
      }
    },
    pop(): MergeProposal | undefined {
      const top = heap[0];
      const last = heap.pop();
      if (heap.length > 0 && last) {
        heap[0] = last;
        let i = 0;
        for (;;) {
          const left = 2 * i + 1;
          const right = left + 1;
          let best = i;
          if (left < heap.length && before(heap[left]!, heap[best]!)) best = left;
          if (right < heap.length && before(heap[right]!, heap[best]!)) best = right;
          if (best === i) break;
          [heap[i], heap[best]] = [heap[best]!, heap[i]!];
          i = best;
        }
      }
      return top;
    },
  };
}

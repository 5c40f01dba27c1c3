import { describe, expect, it } from 'vitest';
import { createProposalHeap } from '../../../../../src/services/reader/trends/engine/heap.js';

describe('proposal heap', () => {
  it('gives proposals back by similarity, then by the lower pair, with their fields, past its first size', () => {
    const heap = createProposalHeap();
    const pushed: { similarity: number; a: number; b: number; versionA: number }[] = [];
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    // 10,000 proposals, many of equal similarity: more than the heap's first arrays hold.
    for (let n = 0; n < 10_000; n++) {
      const proposal = { similarity: Math.round(next() * 50) / 50, a: Math.floor(next() * 100), b: 100 + Math.floor(next() * 100), versionA: n };
      pushed.push(proposal);
      heap.push(proposal.similarity, proposal.a, proposal.b, proposal.versionA, 0, n % 7, n % 11);
    }
    expect(heap.size).toBe(10_000);
    const popped: { similarity: number; a: number; b: number }[] = [];
    const byVersion = new Map(pushed.map((p) => [p.versionA, p]));
    for (let p = heap.pop(); p; p = heap.pop()) {
      // Each proposal comes back whole: its own pair, similarity and sizes.
      expect(byVersion.get(p.versionA)).toMatchObject({ similarity: p.similarity, a: p.a, b: p.b });
      expect([p.sizeA, p.sizeB]).toEqual([p.versionA % 7, p.versionA % 11]);
      popped.push({ similarity: p.similarity, a: p.a, b: p.b });
    }
    expect(heap.size).toBe(0);
    const expected = pushed.map(({ similarity, a, b }) => ({ similarity, a, b })).sort((x, y) => y.similarity - x.similarity || x.a - y.a || x.b - y.b);
    expect(popped).toEqual(expected);
  });
});

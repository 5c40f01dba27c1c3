import { describe, expect, it } from 'vitest';
import { onAbort } from '../../src/shared/abort.js';

describe('onAbort', () => {
  it('calls at once for a signal already aborted, later for one aborted later, and not after removal', () => {
    const calls: string[] = [];
    const done = new AbortController();
    done.abort();
    onAbort(done.signal, () => calls.push('already'));
    const later = new AbortController();
    onAbort(later.signal, () => calls.push('later'));
    const removed = new AbortController();
    onAbort(removed.signal, () => calls.push('removed'))();
    later.abort();
    removed.abort();
    later.abort();
    expect(calls).toEqual(['already', 'later']);
  });
});

// Services report problems that must not stop their work through one function; the daemon points
// it at its server log, and a sink is restored when its owner goes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportProblem, setProblemSink } from '../../src/diagnostics.js';

afterEach(() => vi.restoreAllMocks());

describe('reportProblem', () => {
  it('goes to the sink set, with the error message, and back to standard error after', () => {
    const seen: string[] = [];
    const restore = setProblemSink((message) => seen.push(message));
    reportProblem('saving spider activity failed', new Error('connection reset'));
    reportProblem('job runner: the database answers again');
    expect(seen).toEqual(['saving spider activity failed: connection reset', 'job runner: the database answers again']);
    restore();
    const written: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    reportProblem('scheduler', 'bad cron');
    expect(written).toEqual(['scheduler: bad cron\n']);
    expect(seen).toHaveLength(2);
  });
});

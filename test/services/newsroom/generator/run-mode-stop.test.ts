// Run mode's loop and a Stop that lands while it reads the trends' stamp (found by the API fuzzer:
// the run then waited for an abort that had already happened, "stopping" for ever, its lease lapsed).
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../../../src/context.js';
import { generatorJob } from '../../../../src/services/newsroom/generator/jobs.js';
import type { JobHandle } from '../../../../src/services/platform/jobs/index.js';

/** A context whose one query (the trends' stamp) answers only when `answer` is called. */
function pausedQuery() {
  let answer = () => {};
  let noteAsked = () => {};
  const asked = new Promise<void>((resolve) => {
    noteAsked = resolve;
  });
  const sql = () =>
    new Promise((resolve) => {
      answer = () => resolve([{ stamp: '1:1' }]);
      noteAsked();
    });
  const ctx = { sql, events: { on: () => () => {} } } as unknown as AppContext;
  return { ctx, asked, answer: () => answer() };
}

describe('run mode', () => {
  it('ends when its Stop came while it was reading the trends', async () => {
    const { ctx, asked, answer } = pausedQuery();
    const controller = new AbortController();
    const handle = { signal: controller.signal, resumed: false } as unknown as JobHandle;
    const run = generatorJob.run(ctx, {}, handle);
    await asked;
    controller.abort();
    answer();
    const ended = await Promise.race([run.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2_000))]);
    expect(ended).toBe('ended');
  });
});

// The scheduler end to end: bree starts the job files in worker threads, each worker posts its
// message, and the service runs in this thread; a slot coming due starts the spider; a start while
// the job runs is logged and skipped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/context.js';
import { Conflict } from '../../../src/errors.js';
import { listLogs } from '../../../src/services/logs/index.js';
import { createJobRunner, instantOf, startScheduler } from '../../../src/services/schedule/index.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { NEWSCTL_TIMEZONE: 'America/Chicago' } });
});
afterAll(async () => server?.close());

function recorder() {
  const calls: string[] = [];
  return {
    calls,
    jobs: {
      startSpider: (ctx: AppContext) => {
        expect(ctx).toBe(server.ctx);
        calls.push('spider');
      },
      startTrendsAnalysis: () => {
        calls.push('trends');
      },
    },
  };
}

const until = async (check: () => boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('scheduler', () => {
  it('runs each job file in a worker that hands the work back to the daemon thread', async () => {
    const { calls, jobs } = recorder();
    const runner = createJobRunner(server.ctx, jobs);
    try {
      await runner.run('spider');
      await runner.run('trends');
      expect(calls).toEqual(['spider', 'trends']);
    } finally {
      await runner.stop();
    }
  });

  it('starts the spider when a slot comes due, and not before', async () => {
    const { calls, jobs } = recorder();
    // Wednesday 2025-01-15 09:01 Chicago, half a second from "now".
    const slot = instantOf({ year: 2025, month: 1, day: 15, hour: 9, minute: 1 }, 'America/Chicago');
    const realStart = Date.now();
    const stop = startScheduler(server.ctx, jobs, { now: () => slot - 500 + (Date.now() - realStart) });
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(calls).toEqual([]);
      await until(() => calls.length > 0);
      await new Promise((r) => setTimeout(r, 500));
      expect(calls).toEqual(['spider']);
    } finally {
      await stop();
    }
  });

  it('logs a start refused because the job is already running, and carries on', async () => {
    const runner = createJobRunner(server.ctx, {
      startSpider: () => {
        throw Conflict('The spider is already running');
      },
      startTrendsAnalysis: () => {
        throw new Error('model exploded');
      },
    });
    try {
      await runner.run('spider');
      await runner.run('trends');
    } finally {
      await runner.stop();
    }
    const messages = (await listLogs(server.ctx, { limit: 10 })).map((entry) => `${entry.component} ${entry.level} ${entry.message}`);
    expect(messages).toContain('SPIDER info Scheduled spider start skipped: The spider is already running');
    expect(messages).toContain('TRENDS error Scheduled trends analysis failed: model exploded');
  });
});

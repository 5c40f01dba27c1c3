// The scheduler end to end: bree starts the job files in worker threads, each worker posts its
// message, and the service runs in this thread; a slot coming due starts the spider; a start while
// the job runs is logged and skipped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/context.js';
import { Conflict } from '../../../src/errors.js';
import { listLogs } from '../../../src/services/logs/index.js';
import { createJobRunner, instantOf, startScheduler, type ScheduledJobs } from '../../../src/services/schedule/index.js';
import { updateSetting } from '../../../src/services/settings/index.js';
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
      startSlot: (ctx: AppContext, kind: string) => {
        expect(ctx).toBe(server.ctx);
        calls.push(kind);
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
      startSlot: (_ctx, kind) => {
        if (kind === 'spider') throw Conflict('The spider is already running');
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

  describe('one schedule for every timed job', () => {
    // Wednesday 2025-01-15, 06:45 in Chicago: the bulletin's default time; no spider slot near it.
    const bulletinSlot = instantOf({ year: 2025, month: 1, day: 15, hour: 6, minute: 45 }, 'America/Chicago');
    const everything = () => {
      const calls: string[] = [];
      const jobs: ScheduledJobs = {
        startSlot: (_ctx, kind) => calls.push(kind),
        startBulletin: async (_ctx, slot) => void calls.push(`bulletin ${slot}`),
        upkeep: async () => void calls.push('upkeep'),
      };
      return { calls, jobs };
    };
    /** A clock that reads `at` now and runs at real speed. */
    const clockAt = (at: number) => {
      const realStart = Date.now();
      return () => at + (Date.now() - realStart);
    };

    it('makes the daily bulletin at its time, once, named by its slot', async () => {
      await updateSetting(server.ctx, 'latest-news-audio-settings', { dailyEnabled: true, dailyTime: '06:45' });
      const { calls, jobs } = everything();
      const stop = startScheduler(server.ctx, jobs, { now: clockAt(bulletinSlot - 400) });
      try {
        await until(() => calls.some((call) => call.startsWith('bulletin')));
        await new Promise((r) => setTimeout(r, 500));
        expect(calls).toEqual([`bulletin ${new Date(bulletinSlot).toISOString()}`]);
      } finally {
        await stop();
      }
    });

    it('still makes the bulletin when the daemon starts within half an hour after its time, and not later', async () => {
      await updateSetting(server.ctx, 'latest-news-audio-settings', { dailyEnabled: true, dailyTime: '06:45' });
      const late = everything();
      let stop = startScheduler(server.ctx, late.jobs, { now: clockAt(bulletinSlot + 10 * 60_000) });
      try {
        await until(() => late.calls.length > 0);
        expect(late.calls).toEqual([`bulletin ${new Date(bulletinSlot).toISOString()}`]);
      } finally {
        await stop();
      }
      const tooLate = everything();
      stop = startScheduler(server.ctx, tooLate.jobs, { now: clockAt(bulletinSlot + 40 * 60_000) });
      try {
        await new Promise((r) => setTimeout(r, 1_000));
        expect(tooLate.calls).toEqual([]);
      } finally {
        await stop();
      }
    });

    it('makes no bulletin when the setting says not every day', async () => {
      await updateSetting(server.ctx, 'latest-news-audio-settings', { dailyEnabled: false });
      const { calls, jobs } = everything();
      const stop = startScheduler(server.ctx, jobs, { now: clockAt(bulletinSlot - 300) });
      try {
        await new Promise((r) => setTimeout(r, 1_000));
        expect(calls).toEqual([]);
      } finally {
        await stop();
        await updateSetting(server.ctx, 'latest-news-audio-settings', { dailyEnabled: true });
      }
    });

    it('runs the upkeep at the top of every hour', async () => {
      await updateSetting(server.ctx, 'latest-news-audio-settings', { dailyEnabled: false });
      // 03:00 in Chicago on a Wednesday: no spider hour, no bulletin.
      const topOfHour = instantOf({ year: 2025, month: 1, day: 15, hour: 3, minute: 0 }, 'America/Chicago');
      const { calls, jobs } = everything();
      const stop = startScheduler(server.ctx, jobs, { now: clockAt(topOfHour - 300) });
      try {
        await until(() => calls.length > 0);
        await new Promise((r) => setTimeout(r, 300));
        expect(calls).toEqual(['upkeep']);
      } finally {
        await stop();
        await updateSetting(server.ctx, 'latest-news-audio-settings', { dailyEnabled: true });
      }
    });
    it('keeps the other entries going while the bulletin cannot read its setting (the database away)', async () => {
      const realSql = server.ctx.sql;
      // Every read of the bulletin's setting fails, as it would while the database is away.
      const sql = new Proxy(realSql, {
        apply(target, thisArg, args: [TemplateStringsArray, ...unknown[]]) {
          if (Array.isArray(args[0]) && args[0].join('?').includes('from settings') && args.includes('latest-news-audio-settings')) {
            return Promise.reject(Object.assign(new Error('connection lost'), { code: 'ECONNRESET' }));
          }
          return Reflect.apply(target, thisArg, args);
        },
      });
      const ctx = { ...server.ctx, sql } as typeof server.ctx;
      const topOfHour = instantOf({ year: 2025, month: 1, day: 15, hour: 3, minute: 0 }, 'America/Chicago');
      const { calls, jobs } = everything();
      const stop = startScheduler(ctx, jobs, { now: clockAt(topOfHour - 300) });
      try {
        await until(() => calls.length > 0);
        expect(calls).toEqual(['upkeep']);
      } finally {
        await stop();
      }
    });
  });
});

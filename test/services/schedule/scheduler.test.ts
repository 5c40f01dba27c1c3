// The scheduler end to end: every timed job's row (the catalog's schedule) is started by bree in a
// worker thread, which posts its slot back so the start runs in this thread; a slot coming due
// starts the spider; a start while the job runs is logged and skipped; the daily bulletin and the
// hourly upkeep are rows of the same schedule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../src/context.js';
import { Conflict } from '../../../src/errors.js';
import { defineJob, jobCatalog, type JobSchedule, type ScheduledStartAnswer } from '../../../src/services/jobs/index.js';
import { PRODUCT_JOBS } from '../../../src/services/jobs/catalog.js';
import { LOG_COMPONENTS, listLogs } from '../../../src/services/logs/index.js';
import { cadenceRow, dailyRow, hourlyRow } from '../../../src/services/schedule/rows.js';
import { createJobRunner, instantOf, scheduleRows, startScheduler } from '../../../src/services/schedule/index.js';
import { updateSetting } from '../../../src/services/settings/index.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { NEWSCTL_TIMEZONE: 'America/Chicago' } });
});
afterAll(async () => server?.close());

type Start = (ctx: AppContext, slot: string) => Promise<ScheduledStartAnswer>;

/** A context whose catalog holds the product's four rows, each started by `start(row)` (which records it). */
function scheduledContext(start: (row: string) => Start, ctx: AppContext = server.ctx): AppContext {
  const job = (name: string, schedule: JobSchedule) => defineJob({ name, label: name, run: async () => null, schedule });
  const log = (component: string, label: string) => ({ component, label });
  return {
    ...ctx,
    catalog: jobCatalog([
      job('spider', cadenceRow('spider', log(LOG_COMPONENTS.spider, 'Scheduled spider start'), start('spider'))),
      job('trends-analyzer', cadenceRow('trends', log(LOG_COMPONENTS.trends, 'Scheduled trends analysis'), start('trends'))),
      job('latest-news-audio', dailyRow('bulletin', 'latest-news-audio-settings', log(LOG_COMPONENTS.audio, 'Scheduled latest news audio'), start('bulletin'))),
      job('upkeep', { ...hourlyRow('upkeep', log(LOG_COMPONENTS.system, 'Scheduled upkeep')), start: start('upkeep') }),
    ]),
  } as AppContext;
}

function recorder(ctx?: AppContext) {
  const calls: string[] = [];
  const start = (row: string): Start => async (_ctx, slot) => {
    calls.push(row === 'bulletin' ? `${row} ${slot}` : row);
    return { outcome: 'started' };
  };
  return { calls, ctx: scheduledContext(start, ctx) };
}

const until = async (check: () => boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('scheduler', () => {
  it('is the catalog’s timed jobs: the cadence’s two, the daily bulletin and the hourly upkeep', () => {
    expect(server.ctx.catalog).toBe(PRODUCT_JOBS);
    expect(scheduleRows(server.ctx).map((row) => [row.slot, row.job, row.setting])).toEqual([
      ['spider', 'spider', 'schedule-settings'],
      ['trends', 'trends-analyzer', 'schedule-settings'],
      ['bulletin', 'latest-news-audio', 'latest-news-audio-settings'],
      ['upkeep', 'upkeep', null],
    ]);
  });

  it('runs each row in a worker that hands the slot back to the daemon thread', async () => {
    const { calls, ctx } = recorder();
    const runner = createJobRunner(ctx);
    try {
      await runner.run('spider', '2025-01-15T15:01:00.000Z');
      await runner.run('trends', '2025-01-15T15:31:00.000Z');
      expect(calls).toEqual(['spider', 'trends']);
    } finally {
      await runner.stop();
    }
  });

  it('starts the spider when a slot comes due, and not before', async () => {
    await updateSetting(server.ctx, 'latest-news-audio-settings', { dailyEnabled: false });
    const { calls, ctx } = recorder();
    // Wednesday 2025-01-15 09:01 Chicago, half a second from "now".
    const slot = instantOf({ year: 2025, month: 1, day: 15, hour: 9, minute: 1 }, 'America/Chicago');
    const realStart = Date.now();
    const stop = startScheduler(ctx, { now: () => slot - 500 + (Date.now() - realStart) });
    try {
      await new Promise((r) => setTimeout(r, 200));
      expect(calls).toEqual([]);
      await until(() => calls.length > 0);
      await new Promise((r) => setTimeout(r, 500));
      expect(calls).toEqual(['spider']);
    } finally {
      await stop();
      await updateSetting(server.ctx, 'latest-news-audio-settings', { dailyEnabled: true });
    }
  });

  it('logs a start refused because the job is already running, and carries on', async () => {
    const ctx = scheduledContext((row) => async () => {
      if (row === 'spider') throw Conflict('The spider is already running');
      throw new Error('model exploded');
    });
    const runner = createJobRunner(ctx);
    try {
      await runner.run('spider', '2025-01-15T15:01:00.000Z');
      await runner.run('trends', '2025-01-15T15:31:00.000Z');
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
    const everything = recorder;
    const clockAt = (at: number) => {
      const realStart = Date.now();
      return () => at + (Date.now() - realStart);
    };

    it('makes the daily bulletin at its time, once, named by its slot', async () => {
      await updateSetting(server.ctx, 'latest-news-audio-settings', { dailyEnabled: true, dailyTime: '06:45' });
      const { calls, ctx } = everything();
      const stop = startScheduler(ctx, { now: clockAt(bulletinSlot - 400) });
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
      let stop = startScheduler(late.ctx, { now: clockAt(bulletinSlot + 10 * 60_000) });
      try {
        await until(() => late.calls.length > 0);
        expect(late.calls).toEqual([`bulletin ${new Date(bulletinSlot).toISOString()}`]);
      } finally {
        await stop();
      }
      const tooLate = everything();
      stop = startScheduler(tooLate.ctx, { now: clockAt(bulletinSlot + 40 * 60_000) });
      try {
        await new Promise((r) => setTimeout(r, 1_000));
        expect(tooLate.calls).toEqual([]);
      } finally {
        await stop();
      }
    });

    it('makes no bulletin when the setting says not every day', async () => {
      await updateSetting(server.ctx, 'latest-news-audio-settings', { dailyEnabled: false });
      const { calls, ctx } = everything();
      const stop = startScheduler(ctx, { now: clockAt(bulletinSlot - 300) });
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
      const { calls, ctx } = everything();
      const stop = startScheduler(ctx, { now: clockAt(topOfHour - 300) });
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
      const topOfHour = instantOf({ year: 2025, month: 1, day: 15, hour: 3, minute: 0 }, 'America/Chicago');
      const { calls, ctx } = everything({ ...server.ctx, sql } as typeof server.ctx);
      const stop = startScheduler(ctx, { now: clockAt(topOfHour - 300) });
      try {
        await until(() => calls.length > 0);
        expect(calls).toEqual(['upkeep']);
      } finally {
        await stop();
      }
    });
  });
});

// The scheduler end to end: every timed job's row (the catalog's schedule) is armed in bree as cron
// lines in the product's time zone; when a line comes due bree starts its worker thread, which
// hands the row back so the start runs in this thread, named by the slot's instant; a start while
// the job runs is logged and skipped; a daily row catches up a slot missed just before the daemon
// started; a changed setting re-arms its row. The rows here fire a few seconds ahead (a cron line
// with seconds), on the real clock bree keeps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../../src/context.js';
import { Conflict } from '../../../../src/errors.js';
import { PRODUCT_JOBS } from '../../../../src/job-catalog.js';
import { defineJob, jobCatalog, jobStates, type JobSchedule, type ScheduledStartAnswer } from '../../../../src/services/platform/jobs/index.js';
import { LOG_COMPONENTS, listLogs } from '../../../../src/services/platform/logs/index.js';
import { dailyRow, hourlyRow } from '../../../../src/services/platform/schedule/rows.js';
import { HOURLY_CRON, scheduleRows, startScheduler } from '../../../../src/services/platform/schedule/index.js';
import { zonedTimeAt } from '../../../../src/services/platform/schedule/zoned-time.js';
import { updateSetting } from '../../../../src/services/platform/settings/index.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';

const CHICAGO = 'America/Chicago';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { NEWSCTL_TIMEZONE: CHICAGO } });
});
afterAll(async () => server?.close());

type Start = (ctx: AppContext, slot: string) => Promise<ScheduledStartAnswer>;

/** A cron line (with seconds) whose only slot this year is `at`, a whole second, in Chicago. */
function onceAt(at: number): string {
  const t = zonedTimeAt(at, CHICAGO);
  return `${t.second} ${t.minute} ${t.hour} ${t.day} ${t.month} *`;
}

/** The next whole second at least `ms` from now. */
const secondsAhead = (ms: number) => Math.ceil((Date.now() + ms) / 1000) * 1000;

/** A row firing at the given lines (read anew on every arm), started by `start`. */
function testRow(slot: string, lines: () => string[], start: Start, setting: string | null = null): JobSchedule {
  return {
    slot,
    setting,
    latenessMs: 60_000,
    log: { component: LOG_COMPONENTS.system, label: `Scheduled ${slot}` },
    describe: async () => 'soon',
    cron: async () => lines(),
    start,
  };
}

function contextWith(rows: JobSchedule[], ctx: AppContext = server.ctx): AppContext {
  return {
    ...ctx,
    catalog: jobCatalog(rows.map((schedule) => defineJob({ name: `test-${schedule.slot}`, label: schedule.slot, run: async () => null, schedule }))),
  };
}

const recording =
  (calls: string[], row: string): Start =>
  async (_ctx, slot) => {
    calls.push(`${row} ${slot}`);
    return { outcome: 'started' };
  };

const until = async (check: () => boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('scheduler', () => {
  it('is the catalog’s timed jobs: the cadence’s two, the daily bulletin, the hourly upkeep and the digest, each with its cron lines', async () => {
    expect(server.ctx.catalog).toBe(PRODUCT_JOBS);
    const rows = scheduleRows(server.ctx);
    expect(rows.map((row) => [row.slot, row.job, row.setting])).toEqual([
      ['spider', 'spider', 'schedule-settings'],
      ['trends', 'trends-analyzer', 'schedule-settings'],
      ['bulletin', 'latest-news-audio', 'latest-news-audio-settings'],
      ['digest', 'email-digest', 'digest-settings'],
      ['upkeep', 'upkeep', null],
    ]);
    await updateSetting(server.ctx, 'latest-news-audio-settings', { dailyEnabled: true, dailyTime: '06:45' });
    const lines = await Promise.all(rows.map((row) => row.cron(server.ctx)));
    expect(lines[0]).toEqual(['1 0,2,4,6,7,8,9,10,11,12,13,14,15,16,17,18,20,22 * * 1-5', '1 2,6,8,10,12,14,16,18,22 * * 0,6']);
    expect(lines[1]).toEqual(['31 0,2,4,6,7,8,9,10,11,12,13,14,15,16,17,18,20,22 * * 1-5', '31 2,6,8,10,12,14,16,18,22 * * 0,6']);
    expect(lines[2]).toEqual(['45 6 * * *']);
    // The digest's row is off until an e-mail server is set, then daily at digest-settings' time.
    expect(lines[3]).toEqual([]);
    expect(lines[4]).toEqual([HOURLY_CRON]);
    await updateSetting(server.ctx, 'email', { host: 'smtp.example.org', from: 'news@example.org' });
    expect(await rows[3]!.cron(server.ctx)).toEqual(['0 7 * * *']);
    // GET /api/jobs shows each row's next slot as bree will fire it.
    const bulletin = (await jobStates(server.ctx)).find((state) => state.name === 'latest-news-audio')!;
    expect(bulletin.schedule).toMatchObject({ slot: 'bulletin', when: `daily at 06:45, ${CHICAGO}` });
    const next = zonedTimeAt(Date.parse(bulletin.schedule!.nextAt!), CHICAGO);
    expect([next.hour, next.minute]).toEqual([6, 45]);
    await updateSetting(server.ctx, 'latest-news-audio-settings', { dailyEnabled: false });
    expect(await rows[2]!.cron(server.ctx)).toEqual([]);
  });

  it('starts a row’s job when bree fires its line, in a worker, named by the slot’s instant', async () => {
    const calls: string[] = [];
    const at = secondsAhead(2_000);
    const stop = startScheduler(contextWith([testRow('soon', () => [onceAt(at)], recording(calls, 'soon'))]));
    try {
      await new Promise((r) => setTimeout(r, 500));
      expect(calls).toEqual([]);
      await until(() => calls.length > 0);
      await new Promise((r) => setTimeout(r, 500));
      expect(calls).toEqual([`soon ${new Date(at).toISOString()}`]);
    } finally {
      await stop();
    }
  });

  it('logs a start refused because the job is already running, and carries on', async () => {
    const at = secondsAhead(2_000);
    const answered: string[] = [];
    const ctx = contextWith([
      testRow(
        'busy',
        () => [onceAt(at)],
        async () => {
          throw Conflict('The busy job is already running');
        },
      ),
      testRow(
        'broken',
        () => [onceAt(at)],
        async () => {
          throw new Error('model exploded');
        },
      ),
    ]);
    const stop = startScheduler(ctx, { onStart: (row) => answered.push(row) });
    try {
      await until(() => answered.length === 2);
    } finally {
      await stop();
    }
    const messages = (await listLogs(server.ctx, { limit: 10 })).map((entry) => `${entry.component} ${entry.level} ${entry.message}`);
    expect(messages).toContain('SYSTEM info Scheduled busy skipped: The busy job is already running');
    expect(messages).toContain('SYSTEM error Scheduled broken failed: model exploded');
  });

  it('still makes the bulletin when the daemon starts within half an hour after its time, and not later', async () => {
    const wall = (ms: number) => {
      const t = zonedTimeAt(ms, CHICAGO);
      return `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
    };
    const calls: string[] = [];
    const bulletin = dailyRow(
      'bulletin',
      'latest-news-audio-settings',
      { component: LOG_COMPONENTS.audio, label: 'Scheduled latest news audio' },
      recording(calls, 'bulletin'),
    );
    const minute = Math.floor(Date.now() / 60_000) * 60_000;
    await updateSetting(server.ctx, 'latest-news-audio-settings', { dailyEnabled: true, dailyTime: wall(minute - 10 * 60_000) });
    let stop = startScheduler(contextWith([bulletin]));
    try {
      await until(() => calls.length > 0);
      expect(calls).toEqual([`bulletin ${new Date(minute - 10 * 60_000).toISOString()}`]);
    } finally {
      await stop();
    }
    calls.length = 0;
    await updateSetting(server.ctx, 'latest-news-audio-settings', { dailyEnabled: true, dailyTime: wall(minute - 40 * 60_000) });
    stop = startScheduler(contextWith([bulletin]));
    try {
      await new Promise((r) => setTimeout(r, 1_000));
      expect(calls).toEqual([]);
    } finally {
      await stop();
    }
    // Nor when the setting says not every day.
    await updateSetting(server.ctx, 'latest-news-audio-settings', { dailyEnabled: false, dailyTime: wall(minute - 5 * 60_000) });
    stop = startScheduler(contextWith([bulletin]));
    try {
      await new Promise((r) => setTimeout(r, 1_000));
      expect(calls).toEqual([]);
    } finally {
      await stop();
    }
  });

  it('re-arms a row when its setting changes', async () => {
    const calls: string[] = [];
    let lines: string[] = [];
    const stop = startScheduler(contextWith([testRow('moved', () => lines, recording(calls, 'moved'), 'schedule-settings')]));
    try {
      await new Promise((r) => setTimeout(r, 300));
      const at = secondsAhead(2_000);
      lines = [onceAt(at)];
      server.ctx.events.emit('settings_updated', { key: 'schedule-settings' });
      await until(() => calls.length > 0);
      expect(calls).toEqual([`moved ${new Date(at).toISOString()}`]);
    } finally {
      await stop();
    }
  });

  it('keeps the other rows going while one cannot read its setting (the database away)', async () => {
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
    const calls: string[] = [];
    const at = secondsAhead(2_000);
    const ctx = contextWith(
      [
        dailyRow(
          'bulletin',
          'latest-news-audio-settings',
          { component: LOG_COMPONENTS.audio, label: 'Scheduled latest news audio' },
          recording(calls, 'bulletin'),
        ),
        testRow('soon', () => [onceAt(at)], recording(calls, 'soon')),
        { ...hourlyRow('upkeep', { component: LOG_COMPONENTS.system, label: 'Scheduled upkeep' }), start: recording(calls, 'upkeep') },
      ],
      { ...server.ctx, sql } as AppContext,
    );
    const stop = startScheduler(ctx);
    try {
      await until(() => calls.length > 0);
      expect(calls).toEqual([`soon ${new Date(at).toISOString()}`]);
    } finally {
      await stop();
    }
  });
});

// Three daemons on one PostgreSQL fire the same schedule slot at the same moment (each with its own
// pool, event bus bridged to the others, job runner and bree clock): the slot's run starts once and
// its job runs once. PostgreSQL only: the embedded database is one process per data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/config.js';
import { openRuntime, type Runtime } from '../../../../src/runtime.js';
import { spiderJob } from '../../../../src/services/reader/spider/controller.js';
import { jobCatalog, startJobs } from '../../../../src/services/platform/jobs/index.js';
import { startScheduler } from '../../../../src/services/platform/schedule/index.js';
import { zonedTimeAt } from '../../../../src/services/platform/schedule/zoned-time.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../../../helpers/db.js';

describe.skipIf(!usingPostgres)('a schedule slot fired by three daemons', () => {
  let database: TestDatabase;
  const runtimes: Runtime[] = [];
  const stops: (() => Promise<void>)[] = [];
  const dirs: string[] = [];

  afterAll(async () => {
    for (const stop of stops) await stop();
    for (const runtime of runtimes) await runtime.close();
    await database?.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("starts the slot's run once, and the job runs once", { timeout: 120_000 }, async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 3; i++) {
      dirs.push(mkdtempSync(join(tmpdir(), `newsctl-schedule-${i}-`)));
      const config = loadConfig({ NEWSCTL_LOG_LEVEL: 'silent', NEWSCTL_TIMEZONE: 'America/Chicago' }, { dataDir: dirs[i]!, databaseUrl: database.url! });
      runtimes.push(await openRuntime(config, { maxConnections: 3 }));
    }
    // The spider's row, fired a few seconds from now (a cron line with seconds) instead of on its cadence.
    const slot = Math.ceil((Date.now() + 3_000) / 1000) * 1000;
    const t = zonedTimeAt(slot, 'America/Chicago');
    const soon = `${t.second} ${t.minute} ${t.hour} ${t.day} ${t.month} *`;
    const catalog = jobCatalog([{ ...spiderJob, schedule: { ...spiderJob.schedule!, cron: async () => [soon] } }]);
    for (const runtime of runtimes) {
      runtime.ctx.catalog = catalog;
      await startJobs(runtime.ctx);
    }
    const outcomes: string[] = [];
    // What each daemon's start of the spider's slot answered.
    const onStart = (row: string, _slot: string, answer: { outcome: string } | null) => {
      if (row === 'spider') outcomes.push(answer?.outcome ?? 'failed');
    };
    for (const runtime of runtimes) stops.push(startScheduler(runtime.ctx, { onStart }));

    const deadline = Date.now() + 60_000;
    const sql = runtimes[0]!.ctx.sql;
    for (;;) {
      const [run] = await sql<{ status: string }[]>`select status from job_runs where job = 'spider'`;
      if (outcomes.length === 3 && run?.status === 'completed') break;
      if (Date.now() > deadline) throw new Error(`timed out: ${outcomes.join(', ')} / ${run?.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // One daemon started it; the other two found it fired.
    expect(outcomes.sort()).toEqual(['fired-elsewhere', 'fired-elsewhere', 'started']);
    const runs = await sql<{ slot: string; status: string; attempts: number }[]>`select slot, status, attempts from job_runs where job = 'spider'`;
    expect(runs).toEqual([{ slot: new Date(slot).toISOString(), status: 'completed', attempts: 1 }]);
    const started = await sql<{ count: number }[]>`select count(*)::int as count from logs where message like 'Spider started:%'`;
    expect(started[0]!.count).toBe(1);
  });
});

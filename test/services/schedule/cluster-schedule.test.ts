// Three daemons on one PostgreSQL fire the same schedule slot (each with its own pool, event bus
// bridged to the others, job runner and bree clock; their clocks 1.5 s apart, so the first run is over before the last
// daemon fires): the slot's run starts once and its job runs once. PostgreSQL only: the embedded
// database is one process per data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { openRuntime, type Runtime } from '../../../src/runtime.js';
import { startJobs } from '../../../src/services/jobs/index.js';
import { instantOf, startScheduler } from '../../../src/services/schedule/index.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../../helpers/db.js';

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

  it('starts the slot\'s run once, and the job runs once', { timeout: 120_000 }, async () => {
    database = await createTestDatabase();
    for (let i = 0; i < 3; i++) {
      dirs.push(mkdtempSync(join(tmpdir(), `newsctl-schedule-${i}-`)));
      const config = loadConfig({ NEWSCTL_LOG_LEVEL: 'silent', NEWSCTL_TIMEZONE: 'America/Chicago' }, { dataDir: dirs[i]!, databaseUrl: database.url! });
      const runtime = await openRuntime(config, { maxConnections: 3 });
      runtimes.push(runtime);
      await startJobs(runtime.ctx);
    }
    // Wednesday 2025-01-15 09:01 in Chicago: a spider slot. Every daemon's clock is just before it,
    // each 1.5 s behind the previous one.
    const slot = instantOf({ year: 2025, month: 1, day: 15, hour: 9, minute: 1 }, 'America/Chicago');
    const realStart = Date.now();
    const outcomes: string[] = [];
    // What each daemon's start of the spider's slot answered.
    const onStart = (row: string, answer: { outcome: string } | null) => {
      if (row === 'spider') outcomes.push(answer?.outcome ?? 'failed');
    };
    runtimes.forEach((runtime, i) => stops.push(startScheduler(runtime.ctx, { onStart, now: () => slot - 400 - i * 1_500 + (Date.now() - realStart) })));

    let firstEndedBeforeLast = false;
    const deadline = Date.now() + 60_000;
    const sql = runtimes[0]!.ctx.sql;
    for (;;) {
      const [run] = await sql<{ status: string }[]>`select status from job_runs where job = 'spider'`;
      if (outcomes.length === 3 && run?.status === 'completed') break;
      if (outcomes.length < 3 && run?.status === 'completed') firstEndedBeforeLast = true;
      if (Date.now() > deadline) throw new Error(`timed out: ${outcomes.join(', ')} / ${run?.status}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // In clock order: the first daemon started it (and it ended before the last one fired).
    expect(outcomes).toEqual(['started', 'fired-elsewhere', 'fired-elsewhere']);
    expect(firstEndedBeforeLast).toBe(true);
    const runs = await sql<{ slot: string; status: string; attempts: number }[]>`select slot, status, attempts from job_runs where job = 'spider'`;
    expect(runs).toEqual([{ slot: new Date(slot).toISOString(), status: 'completed', attempts: 1 }]);
    const started = await sql<{ count: number }[]>`select count(*)::int as count from logs where message like 'Spider started:%'`;
    expect(started[0]!.count).toBe(1);
  });
});

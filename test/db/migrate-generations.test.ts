// sql/023: a generation's queue item becomes its generate-article run. A database of the version
// before it keeps every generation: a live item's run learns its trend and regeneration, a live item
// no run carried becomes a queued run (which a job runner claims), an article names the run that
// wrote it, and the item table is gone.
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimQueuedRuns } from '../../src/db/job-runs.js';
import { listMigrations, migrate } from '../../src/db/migrate.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

const BEFORE = 22;
let database: TestDatabase;
let folder: string;

beforeAll(async () => {
  database = await createTestDatabase({ empty: true });
  folder = mkdtempSync(join(tmpdir(), 'newsctl-migrations-'));
  for (const migration of listMigrations().filter((m) => m.version <= BEFORE)) symlinkSync(migration.file, join(folder, migration.file.split('/').at(-1)!));
  await migrate(database.db.sql, folder);
}, 120_000);
afterAll(async () => {
  await database?.drop();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('migration 023: a generation is its run', () => {
  it('carries every queued, running and recorded generation over to job_runs', async () => {
    const sql = database.db.sql;
    const carried = await storeStoryTrend(sql, { title: 'Carried', topic: 'usa', sources: harborStorm(2) });
    const orphan = await storeStoryTrend(sql, { title: 'Orphan', topic: 'usa', sources: harborStorm(2) });
    const recorded = await storeStoryTrend(sql, { title: 'Recorded', topic: 'usa', sources: harborStorm(2) });
    const liveRun = '00000000-0000-4000-8000-000000000001';
    const doneRun = '00000000-0000-4000-8000-000000000002';
    await sql`insert into job_runs (id, job, exclusive, singleton_key, params, queue_job_id, priority)
              values (${liveRun}, 'generate-article', false, ${`trend-${carried.trendId}`}, ${sql.json({ trendId: carried.trendId })}, gen_random_uuid(), 950)`;
    await sql`insert into job_runs (id, job, exclusive, status, params, finished_at)
              values (${doneRun}, 'generate-article', false, 'completed', ${sql.json({ trendId: recorded.trendId })}, now())`;
    await sql`insert into generation_queue (trend_id, trend_title, status, priority, run_id, job_run_id)
              values (${carried.trendId}, 'Carried', 'pending', 9.5, 'batch-1', ${liveRun}),
                     (${orphan.trendId}, 'Orphan', 'pending', 3.25, null, null)`;
    const [done] = await sql<{ id: number }[]>`
      insert into generation_queue (trend_id, trend_title, status, job_run_id, finished_at)
      values (${recorded.trendId}, 'Recorded', 'done', ${doneRun}, now()) returning id`;
    await sql`insert into generated_articles (trend_id, trend_title, title, content, queue_item_id)
              values (${recorded.trendId}, 'Recorded', 'Recorded', 'Text.', ${done!.id})`;

    expect(await migrate(sql)).toContain('023_generation_is_a_run');

    const runs = await sql<{ id: string; status: string; params: Record<string, unknown>; singletonKey: string; priority: number }[]>`
      select id, status, params, singleton_key, priority from job_runs where job = 'generate-article' order by priority desc`;
    expect(runs).toHaveLength(3);
    expect(runs[0]).toMatchObject({ id: liveRun, status: 'queued', params: { trendId: carried.trendId, trendTitle: 'Carried', batch: 'batch-1' } });
    expect(runs[1]).toMatchObject({
      status: 'queued',
      singletonKey: `trend-${orphan.trendId}`,
      priority: 325,
      params: { trendId: orphan.trendId, trendTitle: 'Orphan' },
    });
    expect(runs[2]).toMatchObject({ id: doneRun, status: 'completed', params: { trendId: recorded.trendId, trendTitle: 'Recorded' } });
    expect(await sql`select job_run_id from generated_articles`).toEqual([{ jobRunId: doneRun }]);
    expect(await sql`select 1 from information_schema.tables where table_name = 'generation_queue'`).toEqual([]);

    // Both queued runs wait in the job store, which is the queue (sql/024): a daemon claims them, best first.
    const claimed = await claimQueuedRuns(sql, 'generate-article', 'test-daemon', 60, 10);
    expect(claimed.map((run) => run.id)).toEqual([liveRun, runs[1]!.id]);
  });
});

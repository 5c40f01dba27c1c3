// sql/024: one job store. A database of the version before it keeps what job_state summed up, in
// the runs it summed up (the spider's last activity lines, the analyzer's batch number, food
// re-categorization's pass, the re-fetcher's counts), the recent-search set's edge moves to a table
// of its own, and pg-boss's schema and job_state are gone.
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextBatchNumber } from '../../src/db/trends.js';
import { listMigrations, migrate } from '../../src/db/migrate.js';
import { recentSince } from '../../src/db/recent-search.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

const BEFORE = 23;
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

describe('migration 024: one job store', () => {
  it('carries job_state into the runs, keeps queued runs queued, and drops pg-boss', async () => {
    const sql = database.db.sql;
    const run = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    await sql`insert into job_runs (id, job, exclusive, status, params, created_at, finished_at) values
      (${run(1)}, 'spider', true, 'completed', ${sql.json({ startedAt: '2026-11-20T12:01:00.000Z' })}, '2026-11-20T12:01:00Z', '2026-11-20T12:20:00Z'),
      (${run(2)}, 'trends-analyzer', true, 'completed', '{}', '2026-11-20T12:31:00Z', '2026-11-20T12:32:00Z'),
      (${run(3)}, 'food-recategorization', true, 'stopped', '{}', '2026-11-20T13:00:00Z', '2026-11-20T13:01:00Z'),
      (${run(4)}, 'refetch', true, 'completed', '{}', '2026-11-20T14:00:00Z', '2026-11-20T14:05:00Z')`;
    await sql`insert into job_runs (id, job, exclusive, status, queue_job_id) values (${run(5)}, 'webhook-delivery', false, 'queued', gen_random_uuid())`;
    const pass = {
      passMaxId: 90,
      lastArticleId: 40,
      processed: 40,
      recategorized: 3,
      errors: 0,
      total: 90,
      startedAt: '2026-11-20T13:00:00.000Z',
      finishedAt: null,
      stoppedAt: '2026-11-20T13:01:00.000Z',
    };
    await sql`insert into job_state (name, state) values
      ('spider', ${sql.json({ lastStartedAt: '2026-11-20T12:01:00.000Z', activityLog: ['[12:20] Spider finished', '[12:01] Spider started'] })}),
      ('trends-analyzer', ${sql.json({ lastRunAt: '2026-11-20T12:32:00.000Z', lastBatchNumber: 41 })}),
      ('food-recategorization', ${sql.json(pass)}),
      ('refetch', ${sql.json({ progress: { total: 12, processed: 12, updated: 5, failed: 1 } })}),
      ('recent-search', ${sql.json({ recentSince: '2026-11-01T00:00:00+00:00' })})`;
    await sql.unsafe('create schema if not exists pgboss; create table if not exists pgboss.job (id uuid)');

    expect(await migrate(sql)).toContain('024_one_job_store');

    const lines = await sql<{ line: string }[]>`select line from job_activity where run_id = ${run(1)} order by id desc`;
    expect(lines.map((row) => row.line)).toEqual(['[12:20] Spider finished', '[12:01] Spider started']);
    expect(await nextBatchNumber(sql, 'trends-analyzer')).toBe(42);
    const [food] = await sql<{ progress: Record<string, unknown> }[]>`select progress from job_runs where id = ${run(3)}`;
    expect(food!.progress).toEqual(pass);
    const [refetch] = await sql<{ progress: Record<string, unknown> }[]>`select progress from job_runs where id = ${run(4)}`;
    expect(refetch!.progress).toMatchObject({ total: 12, updated: 5 });
    expect(await recentSince(sql)).toBe(Date.parse('2026-11-01T00:00:00Z'));
    const [queued] = await sql<{ status: string; ready: boolean }[]>`select status, run_at <= now() as ready from job_runs where id = ${run(5)}`;
    expect(queued).toEqual({ status: 'queued', ready: true });
    expect(await sql`select 1 from information_schema.tables where table_name = 'job_state'`).toEqual([]);
    expect(await sql`select 1 from information_schema.schemata where schema_name = 'pgboss'`).toEqual([]);
  });
});

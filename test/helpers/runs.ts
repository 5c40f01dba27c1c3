// A job's run written straight into job_runs (with its activity lines), as an earlier process left
// it: what tests of a job's summary (its latest run) start from.
import type { Queryable } from '../../src/db/client.js';

export interface RecordedRun {
  job: string;
  status?: 'completed' | 'failed' | 'stopped' | 'running';
  params?: Record<string, unknown>;
  progress?: Record<string, unknown>;
  result?: unknown;
  createdAt?: Date;
  finishedAt?: Date | null;
  /** Newest first, as a status page lists them. */
  activity?: string[];
}

export async function recordRun(sql: Queryable, run: RecordedRun): Promise<string> {
  const createdAt = run.createdAt ?? new Date();
  const status = run.status ?? 'completed';
  const finishedAt = run.finishedAt === undefined ? (status === 'running' ? null : createdAt) : run.finishedAt;
  const [row] = await sql<{ id: string }[]>`
    insert into job_runs (id, job, exclusive, status, params, progress, result, attempts, created_at, started_at, finished_at)
    values (gen_random_uuid(), ${run.job}, false, ${status}, ${sql.json((run.params ?? {}) as never)}, ${sql.json((run.progress ?? {}) as never)},
            ${run.result === undefined ? null : sql.json(run.result as never)}, 1, ${createdAt}, ${createdAt}, ${finishedAt})
    returning id`;
  const lines = [...(run.activity ?? [])].reverse();
  for (const line of lines) await sql`insert into job_activity (run_id, line) values (${row!.id}, ${line})`;
  return row!.id;
}

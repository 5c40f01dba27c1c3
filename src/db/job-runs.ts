// job_runs and job_activity: the one job store (sql/005_jobs.sql, sql/024_one_job_store.sql). A run
// is one row — its state, attempts and failures, its lease (holder, expires_at: src/db/leases.ts),
// its schedule slot, params, progress, result and error — and the queued rows are the queue: a
// daemon claims the next ready one with FOR UPDATE SKIP LOCKED. Every write that depends on holding
// a run checks `holder`, so a daemon that lost its lease (it stalled, another daemon took the run
// over) can no longer change it.
import type { Queryable } from './client.js';
import { lapseOtherHolders, leaseLapsed, releaseLeases, renewLeases, takeLeases } from './leases.js';

export type JobRunStatus = 'queued' | 'running' | 'paused' | 'stopping' | 'completed' | 'failed' | 'stopped' | 'skipped';

export interface JobRunRow {
  id: string;
  job: string;
  exclusive: boolean;
  singletonKey: string | null;
  status: JobRunStatus;
  params: Record<string, unknown>;
  progress: Record<string, unknown>;
  result: unknown;
  error: string | null;
  slot: string | null;
  priority: number;
  /** When a queued run may be taken (a retry waits its back-off). */
  runAt: Date;
  holder: string | null;
  expiresAt: Date | null;
  attempts: number;
  failures: number;
  createdAt: Date;
  startedAt: Date | null;
  updatedAt: Date;
  finishedAt: Date | null;
}

export interface NewJobRun {
  id: string;
  job: string;
  exclusive: boolean;
  singletonKey: string | null;
  params: Record<string, unknown>;
  progress: Record<string, unknown>;
  slot: string | null;
  priority: number;
  /** Seconds before a daemon may take it (0: at once). */
  delaySeconds: number;
  createdAt: Date;
}

/**
 * Inserts a queued run; null when a run with this id exists (a schedule slot already fired) or a
 * live run already holds the job (exclusive) or the key: `existing` tells which.
 */
export async function insertJobRun(sql: Queryable, run: NewJobRun): Promise<JobRunRow | null> {
  const [row] = await sql<JobRunRow[]>`
    insert into job_runs (id, job, exclusive, singleton_key, params, progress, slot, priority, run_at, created_at, updated_at)
    values (${run.id}, ${run.job}, ${run.exclusive}, ${run.singletonKey}, ${sql.json(run.params as never)}, ${sql.json(run.progress as never)},
            ${run.slot}, ${run.priority}, now() + ${run.delaySeconds} * interval '1 second', ${run.createdAt}, ${run.createdAt})
    on conflict do nothing
    returning *`;
  return row ?? null;
}

/** Records a schedule slot that found its job already live, so the other daemons firing it know. */
export async function insertSkippedRun(sql: Queryable, run: { id: string; job: string; slot: string; reason: string }): Promise<boolean> {
  const rows = await sql`
    insert into job_runs (id, job, exclusive, status, slot, error, finished_at)
    values (${run.id}, ${run.job}, false, 'skipped', ${run.slot}, ${run.reason}, now())
    on conflict do nothing
    returning id`;
  return rows.length === 1;
}

export async function jobRunById(sql: Queryable, id: string): Promise<JobRunRow | null> {
  const [row] = await sql<JobRunRow[]>`select * from job_runs where id = ${id}`;
  return row ?? null;
}

/** The job's live run (queued, running, paused or stopping); for a queue job, the oldest. */
export async function liveJobRun(sql: Queryable, job: string): Promise<JobRunRow | null> {
  const [row] = await sql<JobRunRow[]>`
    select * from job_runs where job = ${job} and status in ('queued', 'running', 'paused', 'stopping')
    order by created_at limit 1`;
  return row ?? null;
}

export async function liveRunByKey(sql: Queryable, job: string, singletonKey: string): Promise<JobRunRow | null> {
  const [row] = await sql<JobRunRow[]>`
    select * from job_runs where job = ${job} and singleton_key = ${singletonKey} and status in ('queued', 'running', 'paused', 'stopping')`;
  return row ?? null;
}

/** The job's newest run that really ran or runs (skipped slots left out). */
export async function latestJobRun(sql: Queryable, job: string): Promise<JobRunRow | null> {
  const [row] = await sql<JobRunRow[]>`
    select * from job_runs where job = ${job} and status <> 'skipped' order by created_at desc limit 1`;
  return row ?? null;
}

/** The job's newest run that ended in `status` (the analyzer's last completed analysis). */
export async function latestJobRunEndedAs(sql: Queryable, job: string, status: 'completed' | 'failed' | 'stopped'): Promise<JobRunRow | null> {
  const [row] = await sql<JobRunRow[]>`
    select * from job_runs where job = ${job} and status = ${status} order by created_at desc limit 1`;
  return row ?? null;
}

/**
 * The newest completed run whose result reports neither a stop nor an error (a job that ends its run
 * itself with `{stopped, error}` in its result, as the analyzer does): when it last did its work.
 */
export async function latestCleanRun(sql: Queryable, job: string): Promise<JobRunRow | null> {
  const [row] = await sql<JobRunRow[]>`
    select * from job_runs
    where job = ${job} and status = 'completed'
      and coalesce(result ->> 'error', '') = '' and not coalesce((result ->> 'stopped')::boolean, false)
    order by created_at desc limit 1`;
  return row ?? null;
}

/** Live runs of the given jobs (what a status page or a helper daemon looks at). */
export async function liveJobRuns(sql: Queryable, jobs: readonly string[]): Promise<JobRunRow[]> {
  if (jobs.length === 0) return [];
  return sql<JobRunRow[]>`
    select * from job_runs where job = any(${[...jobs]}::text[]) and status in ('queued', 'running', 'paused', 'stopping')
    order by created_at`;
}

/**
 * Claims up to `limit` queued runs of the job whose time has come, best first (priority, then the
 * oldest): each is this holder's from now, under a lease of `leaseSeconds`. SKIP LOCKED lets daemons
 * claiming at once take different runs instead of waiting on each other's.
 */
export async function claimQueuedRuns(sql: Queryable, job: string, holder: string, leaseSeconds: number, limit: number): Promise<JobRunRow[]> {
  if (limit <= 0) return [];
  return takeLeases<JobRunRow>(
    sql,
    'job_runs',
    sql`id in (
      select id from job_runs
      where job = ${job} and status = 'queued' and run_at <= now()
      order by priority desc, run_at, created_at
      limit ${limit}
      for update skip locked)`,
    holder,
    leaseSeconds,
    sql`, status = 'running', started_at = coalesce(started_at, now()), updated_at = now()`,
  );
}

/** How many runs of each of these jobs are ready to be taken (jobs with none are left out). */
export async function queuedRunCounts(sql: Queryable, jobs: readonly string[]): Promise<{ job: string; count: number }[]> {
  return sql<{ job: string; count: number }[]>`
    select job, count(*)::int as count from job_runs
    where status = 'queued' and run_at <= now() and job = any(${jobs as string[]}::text[]) group by job`;
}

/** When the next of these jobs' queued runs becomes ready (a retry waiting its back-off); null when none waits. */
export async function nextQueuedRunAt(sql: Queryable, jobs: readonly string[]): Promise<Date | null> {
  const [row] = await sql<{ at: Date | null }[]>`
    select min(run_at) as at from job_runs where status = 'queued' and job = any(${jobs as string[]}::text[])`;
  return row?.at ?? null;
}

/** Takes over one held run whose lease lapsed (its daemon died or stalled); null when there is none. */
export async function takeOverExpiredRun(sql: Queryable, jobs: readonly string[], holder: string, leaseSeconds: number): Promise<JobRunRow | null> {
  if (jobs.length === 0) return null;
  const [row] = await takeLeases<JobRunRow>(
    sql,
    'job_runs',
    sql`id = (
      select id from job_runs
      where job = any(${[...jobs]}::text[]) and status in ('running', 'paused', 'stopping') and ${leaseLapsed(sql)}
      order by expires_at nulls first limit 1
      for update skip locked)`,
    holder,
    leaseSeconds,
    sql`, updated_at = now()`,
  );
  return row ?? null;
}

/**
 * Locks a run for the rest of the transaction; true when this holder's attempt still holds it
 * running (not stopped meanwhile, not taken over by another daemon or a later attempt).
 */
export async function lockHeldRun(tx: Queryable, id: string, holder: string, attempt: number): Promise<boolean> {
  const rows = await tx`select id from job_runs where id = ${id} and holder = ${holder} and attempts = ${attempt} and status = 'running' for update`;
  return rows.length === 1;
}

/** Renews this holder's leases; returns the runs it still holds, with the status others may have set. */
export async function renewJobRuns(
  sql: Queryable,
  holder: string,
  ids: readonly string[],
  leaseSeconds: number,
): Promise<{ id: string; status: JobRunStatus }[]> {
  if (ids.length === 0) return [];
  const rows = await renewLeases<JobRunRow>(sql, 'job_runs', sql`id = any(${[...ids]}::uuid[])`, holder, leaseSeconds);
  return rows.map((row) => ({ id: row.id, status: row.status }));
}

export async function saveJobRunProgress(sql: Queryable, id: string, holder: string, progress: Record<string, unknown>): Promise<boolean> {
  const rows = await sql`
    update job_runs set progress = ${sql.json(progress as never)}, updated_at = now()
    where id = ${id} and holder = ${holder} and status in ('running', 'paused', 'stopping')
    returning id`;
  return rows.length === 1;
}

/** Ends a held run; false when this holder no longer holds it. */
export async function finishJobRun(
  sql: Queryable,
  id: string,
  holder: string,
  end: { status: 'completed' | 'failed' | 'stopped'; result: unknown; error: string | null; progress: Record<string, unknown>; failed: boolean },
): Promise<JobRunRow | null> {
  const [row] = await sql<JobRunRow[]>`
    update job_runs set status = ${end.status}, result = ${end.result === undefined ? null : sql.json(end.result as never)},
      -- A stopped run keeps why it was stopped.
      error = case when ${end.status} = 'stopped' then coalesce(${end.error}, error) else ${end.error} end,
      progress = ${sql.json(end.progress as never)}, failures = failures + ${end.failed ? 1 : 0},
      holder = null, expires_at = null, finished_at = now(), updated_at = now()
    where id = ${id} and holder = ${holder} and status in ('running', 'paused', 'stopping')
    returning *`;
  return row ?? null;
}

/** A failed run with retries left waits in the queue again, until its back-off of `delaySeconds` has passed. */
export async function requeueJobRun(
  sql: Queryable,
  id: string,
  holder: string,
  retry: { error: string; progress: Record<string, unknown>; delaySeconds: number },
): Promise<boolean> {
  const rows = await sql`
    update job_runs set status = 'queued', error = ${retry.error}, failures = failures + 1,
      progress = ${sql.json(retry.progress as never)}, holder = null, expires_at = null,
      run_at = now() + ${retry.delaySeconds} * interval '1 second', updated_at = now()
    where id = ${id} and holder = ${holder} and status in ('running', 'paused')
    returning id`;
  return rows.length === 1;
}

/** Lets go of a held run without ending it (this daemon is shutting down): any daemon takes it at once. */
export async function releaseJobRun(sql: Queryable, id: string, holder: string, progress: Record<string, unknown>): Promise<boolean> {
  const rows = await releaseLeases(sql, 'job_runs', sql`id = ${id}`, holder, sql`, progress = ${sql.json(progress as never)}, updated_at = now()`);
  return rows.length === 1;
}

/** Moves a live run from one of `from` to `to` (pause, resume, stop; `error`: why it stops); the row as it is now, or null. */
export async function setJobRunStatus(sql: Queryable, id: string, from: readonly JobRunStatus[], to: JobRunStatus, error?: string): Promise<JobRunRow | null> {
  const finished = to === 'stopped' || to === 'completed' || to === 'failed';
  const [row] = await sql<JobRunRow[]>`
    update job_runs set status = ${to}, updated_at = now(), error = coalesce(${error ?? null}, error),
      finished_at = case when ${finished} then now() else finished_at end,
      holder = case when ${finished} then null else holder end,
      expires_at = case when ${finished} then null else expires_at end
    where id = ${id} and status = any(${[...from]}::text[])
    returning *`;
  return row ?? null;
}

/**
 * Finished runs older than `before` go, except each job's newest and its newest completed one: a
 * job's summary (the status pages, the home page's last-run times) is its latest run.
 */
export async function pruneJobRuns(sql: Queryable, before: Date): Promise<number> {
  const rows = await sql`
    delete from job_runs r
    where r.status in ('completed', 'failed', 'stopped', 'skipped') and r.created_at < ${before}
      and r.id <> (select id from job_runs l where l.job = r.job and l.status <> 'skipped' order by created_at desc limit 1)
      and r.id is distinct from (select id from job_runs l where l.job = r.job and l.status = 'completed' order by created_at desc limit 1)
    returning id`;
  return rows.length;
}

/** Activity lines of runs that ended before `before` go, but for each job's newest run (its status page shows them). */
export async function pruneJobActivity(sql: Queryable, before: Date): Promise<void> {
  await sql`
    delete from job_activity a using job_runs r
    where a.run_id = r.id and r.finished_at < ${before}
      and r.id <> (select id from job_runs l where l.job = r.job and l.status <> 'skipped' order by created_at desc limit 1)`;
}

export async function addJobActivity(sql: Queryable, runId: string, lines: readonly { line: string; at: Date }[]): Promise<void> {
  if (lines.length === 0) return;
  await sql`
    insert into job_activity (run_id, line, created_at)
    select ${runId}::uuid, line, at from unnest(${lines.map((l) => l.line)}::text[], ${lines.map((l) => l.at.toISOString())}::timestamptz[]) as x(line, at)`;
}

/** Newest first. */
export async function recentJobActivity(sql: Queryable, runId: string, limit: number): Promise<string[]> {
  const rows = await sql<{ line: string }[]>`select line from job_activity where run_id = ${runId} order by id desc limit ${limit}`;
  return rows.map((row) => row.line);
}

/** Embedded database (one process per data folder): runs another holder left are a dead process's; let their leases lapse now. */
export async function expireOtherHoldersRuns(sql: Queryable, holder: string): Promise<void> {
  await lapseOtherHolders(sql, 'job_runs', sql`true`, holder);
}

// How a run of this daemon records what it does (runner.ts): its progress (coalesced writes, live
// messages at most every PROGRESS_EVENT_MS) and its end (finished, or queued again for pg-boss's retry).
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { JobRunStatus } from '../../api/jobs.js';
import type { AppContext } from '../../context.js';
import { jobQueueDb } from '../../db/job-queue.js';
import { claimUnsentRun, finishJobRun, releaseJobRun, requeueJobRun, saveJobRunProgress, setJobRunQueueJob, unsentQueuedRuns } from '../../db/job-runs.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { isDatabaseOutage, waitForDatabase } from './database.js';
import { jobDefinition, jobDefinitions, type JobDefinition, type JobHandle } from './registry.js';
import { describe, isClosedDatabase, type LocalRun } from './run-state.js';

const PROGRESS_EVENT_MS = 500;

type RetryPolicy = NonNullable<JobDefinition['retry']>;

/** What pg-boss is told of a job's retries, when it is sent. */
export function queueRetryOptions(retry: JobDefinition['retry']): { retryLimit: number; retryDelay: number; retryBackoff: boolean } {
  // pg-boss takes whole seconds.
  return { retryLimit: retry?.limit ?? 0, retryDelay: Math.max(0, Math.round(retry?.delaySeconds ?? 0)), retryBackoff: retry?.backoff ?? false };
}

/** pg-boss's wait before the retry that follows `failures` failures: the delay, or with back-off d·2^failures plus up to as much again (jitter). */
function backOffSeconds(retry: RetryPolicy, failures: number): number {
  const delay = retry.delaySeconds ?? 0;
  return retry.backoff ? Math.round(delay * 2 ** Math.min(16, failures) * (1 + Math.random())) : delay;
}

function retryWait(retry: RetryPolicy, failures: number): string {
  const delay = retry.delaySeconds ?? 0;
  if (!retry.backoff) return `in ${delay} s`;
  const low = delay * 2 ** Math.min(16, failures);
  return `in ${low}–${low * 2} s`;
}

/** Records how the run ended; the status it ended in, or null when it was handed over or lost. */
export async function settleRun(ctx: AppContext, queue: () => Promise<PgBoss>, holder: string, run: LocalRun, result: unknown, failure: unknown): Promise<JobRunStatus | null> {
  const { def, row } = run;
  if (run.interruption === 'lost') return null;
  if (run.interruption === 'shutdown') {
    await releaseJobRun(ctx.sql, row.id, holder, run.progress);
    return null;
  }
  const boss = await queue();
  const stopped = run.interruption === 'stop';
  const retry = def.retry;
  if (failure && !stopped && retry && row.failures < retry.limit) {
    // pg-boss retries the run's queue job after its back-off (the job was sent with the definition's
    // retry policy); job_runs only says the run waits again.
    const requeued = await ctx.sql.begin(async (tx) => {
      const db = jobQueueDb(tx) as PgBoss.Db;
      if (!(await requeueJobRun(tx, row.id, holder, { error: describe(failure), progress: run.progress }))) return false;
      if (row.queueJobId) await boss.fail(def.name, row.queueJobId, { message: describe(failure) }, { db });
      const queued = row.queueJobId ? await boss.getJobById(def.name, row.queueJobId, { db, includeArchive: false }) : null;
      if (queued?.state !== 'retry') {
        // pg-boss no longer carries the job (it expired it after a day, or the run was taken over
        // from a daemon that never fetched it): a new queue job waits the same back-off.
        const queueJobId = randomUUID();
        await boss.send(def.name, { runId: row.id }, { id: queueJobId, priority: row.priority, startAfter: backOffSeconds(retry, row.failures), db });
        await setJobRunQueueJob(tx, row.id, queueJobId);
      }
      return true;
    });
    if (!requeued) return null;
    await logEvent(ctx, LOG_COMPONENTS.system, 'warning', `Job ${def.name} failed (${describe(failure)}); retry ${row.failures + 1} of ${retry.limit} ${retryWait(retry, row.failures)}`).catch(() => {});
    return 'queued';
  }
  const status = stopped ? 'stopped' : failure ? 'failed' : 'completed';
  const ended = await ctx.sql.begin(async (tx) => {
    const db = jobQueueDb(tx) as PgBoss.Db;
    const finished = await finishJobRun(tx, row.id, holder, {
      status,
      result: failure ? null : (result ?? null),
      error: failure ? describe(failure) : null,
      progress: run.progress,
      failed: Boolean(failure),
    });
    if (!finished) return null;
    if (row.queueJobId) {
      if (failure) await boss.fail(def.name, row.queueJobId, { message: describe(failure) }, { db });
      else await boss.complete(def.name, row.queueJobId, {}, { db });
    }
    return finished.status;
  });
  if (ended === 'failed') {
    await logEvent(ctx, LOG_COMPONENTS.system, 'error', `Job ${def.name} failed: ${describe(failure)}`).catch(() => {});
  }
  return ended;
}

/** job_progress: at most every PROGRESS_EVENT_MS per run, the last state always sent. */
export function emitProgress(ctx: AppContext, run: LocalRun): void {
  if (run.progressEvent) clearTimeout(run.progressEvent);
  run.progressEvent = null;
  run.lastProgressEvent = Date.now();
  ctx.events.emit('job_progress', { job: run.job, runId: run.runId, progress: { ...run.progress } });
}

/** Writes the run's progress, coalesced: at most one write in flight, the latest state written next. */
function saveProgress(ctx: AppContext, holder: string, run: LocalRun): void {
  run.dirty = true;
  if (run.writing) return;
  run.writing = (async () => {
    while (run.dirty && !run.interruption) {
      run.dirty = false;
      try {
        await saveJobRunProgress(ctx.sql, run.runId, holder, run.progress);
      } catch (error) {
        if (isClosedDatabase(error)) return;
        if (isDatabaseOutage(error)) {
          run.dirty = true;
          await waitForDatabase(ctx, run.controller.signal).catch(() => {});
        }
      }
    }
  })().finally(() => {
    run.writing = null;
  });
}

export async function flushProgress(run: LocalRun): Promise<void> {
  await run.writing;
}

/** The progress callback of a run's handle: saved at once (coalesced), sent live at most every PROGRESS_EVENT_MS. */
export function progressReporter(ctx: AppContext, holder: string, run: LocalRun): JobHandle['progress'] {
  return (update) => {
    Object.assign(run.progress, update);
    saveProgress(ctx, holder, run);
    if (run.progressEvent) return;
    const wait = run.lastProgressEvent + PROGRESS_EVENT_MS - Date.now();
    if (wait <= 0) emitProgress(ctx, run);
    else run.progressEvent = setTimeout(() => emitProgress(ctx, run), wait);
  };
}

/** Queued runs no queue job carries (a migration queued them) get one, so that a daemon takes them. */
export async function sendUnsentRuns(ctx: AppContext, boss: PgBoss): Promise<void> {
  for (const row of await unsentQueuedRuns(ctx.sql, jobDefinitions(ctx).map((def) => def.name))) {
    const def = jobDefinition(ctx, row.job)!;
    await ctx.sql.begin(async (tx) => {
      const queueJobId = randomUUID();
      if (!(await claimUnsentRun(tx, row.id, queueJobId))) return;
      await boss.send(def.name, { runId: row.id }, { id: queueJobId, priority: row.priority, ...queueRetryOptions(def.retry), db: jobQueueDb(tx) as PgBoss.Db });
    });
  }
}

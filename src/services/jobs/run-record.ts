// How a run of this daemon records what it does (runner.ts): its progress (coalesced writes, live
// messages at most every PROGRESS_EVENT_MS) and its end (finished, or queued again for a retry).
import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { JobRunStatus } from '../../api/jobs.js';
import type { AppContext } from '../../context.js';
import { jobQueueDb } from '../../db/job-queue.js';
import { finishJobRun, releaseJobRun, requeueJobRun, saveJobRunProgress } from '../../db/job-runs.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { isDatabaseOutage, waitForDatabase } from './database.js';
import type { JobHandle } from './registry.js';
import { describe, isClosedDatabase, type LocalRun } from './run-state.js';

const PROGRESS_EVENT_MS = 500;

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
    const delay = (retry.delaySeconds ?? 0) * (retry.backoff ? 2 ** row.failures : 1);
    const queueJobId = randomUUID();
    const requeued = await ctx.sql.begin(async (tx) => {
      const db = jobQueueDb(tx) as PgBoss.Db;
      if (!(await requeueJobRun(tx, row.id, holder, { queueJobId, error: describe(failure), progress: run.progress }))) return false;
      if (row.queueJobId) await boss.fail(def.name, row.queueJobId, { message: describe(failure) }, { db });
      await boss.send(def.name, { runId: row.id }, { id: queueJobId, priority: row.priority, startAfter: delay, db });
      return true;
    });
    if (!requeued) return null;
    await logEvent(ctx, LOG_COMPONENTS.system, 'warning', `Job ${def.name} failed (${describe(failure)}); retrying in ${delay} s`).catch(() => {});
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

// How a run of this daemon records what it does (runner.ts): its progress (coalesced writes, live
// messages at most every PROGRESS_EVENT_MS) and its end (finished, or queued again for a retry).
import type { JobRunStatus } from '../../../api/jobs.js';
import type { AppContext } from '../../../context.js';
import { finishJobRun, releaseJobRun, requeueJobRun, saveJobRunProgress } from '../../../db/job-runs.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { isDatabaseOutage, waitForDatabase } from './database.js';
import type { JobDefinition, JobHandle } from './registry.js';
import { describe, isClosedDatabase, type LocalRun } from './run-state.js';

const PROGRESS_EVENT_MS = 500;

type RetryPolicy = NonNullable<JobDefinition['retry']>;

/**
 * The wait before the retry that follows `failures` failures: the delay, or with back-off
 * delay·2^failures plus up to as much again, so that daemons retrying together spread out.
 */
export function backOffSeconds(retry: RetryPolicy, failures: number): number {
  const delay = retry.delaySeconds ?? 0;
  return retry.backoff ? delay * 2 ** Math.min(16, failures) * (1 + Math.random()) : delay;
}

function retryWait(retry: RetryPolicy, failures: number): string {
  const delay = retry.delaySeconds ?? 0;
  if (!retry.backoff) return `in ${delay} s`;
  const low = delay * 2 ** Math.min(16, failures);
  return `in ${low}–${low * 2} s`;
}

/** Records how the run ended; the status it ended in, or null when it was handed over or lost. */
export async function settleRun(ctx: AppContext, holder: string, run: LocalRun, result: unknown, failure: unknown): Promise<JobRunStatus | null> {
  const { def, row } = run;
  if (run.interruption === 'lost') return null;
  if (run.interruption === 'shutdown') {
    await releaseJobRun(ctx.sql, row.id, holder, run.progress);
    return null;
  }
  const stopped = run.interruption === 'stop';
  const retry = def.retry;
  if (failure && !stopped && retry && row.failures < retry.limit) {
    // The run waits in the queue again until its back-off has passed; any daemon may take it then.
    const requeued = await requeueJobRun(ctx.sql, row.id, holder, {
      error: describe(failure),
      progress: run.progress,
      delaySeconds: backOffSeconds(retry, row.failures),
    });
    if (!requeued) return null;
    await logEvent(
      ctx,
      LOG_COMPONENTS.system,
      'warning',
      `Job ${def.name} failed (${describe(failure)}); retry ${row.failures + 1} of ${retry.limit} ${retryWait(retry, row.failures)}`,
    ).catch(() => {});
    return 'queued';
  }
  const status = stopped ? 'stopped' : failure ? 'failed' : 'completed';
  const finished = await finishJobRun(ctx.sql, row.id, holder, {
    status,
    result: failure ? null : (result ?? null),
    error: failure ? describe(failure) : null,
    progress: run.progress,
    failed: Boolean(failure),
  });
  if (finished?.status === 'failed') {
    await logEvent(ctx, LOG_COMPONENTS.system, 'error', `Job ${def.name} failed: ${describe(failure)}`).catch(() => {});
  }
  return finished?.status ?? null;
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

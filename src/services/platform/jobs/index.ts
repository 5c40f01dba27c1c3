// The one job runner: every background job is declared once and gets the same start,
// stop, pause, status, progress messages and shutdown, on one daemon or on several sharing one
// PostgreSQL. job_runs is the queue and the record at once: a run is one row (its state, retries,
// lease, slot, params, progress and result); a daemon claims a queued run with SKIP LOCKED and holds
// it under a lease renewed every few seconds, which another daemon takes over when it lapses.
//
//   // Declare once, and list it in ./catalog.ts (PRODUCT_JOBS) so every daemon works it:
//   export const generateArticleJob = defineJob({
//     name: 'generate-article',                    // queue name: lower case, digits, hyphens
//     label: 'Article generation',                 // "<label> is already running" / "... is not running"
//     exclusive: false,                            // a queue: many items, one live item per singletonKey
//     concurrency: 1,                              // items one daemon works at once
//     retry: { limit: 2, delaySeconds: 30, backoff: true },
//     run: async (ctx, params: { trendId: number }, { signal, progress }) => {
//       progress({ step: 'writing' });              // saved with the run; pushed as job_progress
//       return generate(ctx, params.trendId, signal); // honour signal; the result is stored (JSON)
//     },
//   });
//   const { run } = await enqueue(ctx, 'generate-article', { trendId }, { singletonKey: `trend-${trendId}` });
//   const ended = await waitForRun(ctx, run.id, { timeoutMs: 120_000 }); // ended.status, ended.result
//
// Exclusive jobs (the default) are started with startJob (409 while one runs anywhere), stopped
// with stopJob (null when nothing ran: answer "<label> is not running"), and read with liveRun /
// lastRun. A run is done at least once: make its writes idempotent (a unique key on what it
// produces) and resume from `job.saved` when `job.resumed`; a write that must happen once checks
// `job.holds(tx)` in its transaction (the run's lease: this attempt still holds it, not stopped).
import { randomUUID } from 'node:crypto';
import type { JobRunSummary, JobState } from '../../../api/jobs.js';
import { contextJob, contextSlot, existingContextJob, type AppContext } from '../../../context.js';
import type { TransactionSql } from '../../../db/client.js';
import {
  insertJobRun,
  insertSkippedRun,
  jobRunById,
  latestJobRun,
  liveJobRun,
  liveJobRuns,
  liveRunByKey,
  setJobRunStatus,
  type JobRunRow,
} from '../../../db/job-runs.js';
import { Conflict, Invalid } from '../../../errors.js';
import { assertDiskRoom } from '../health/disk-monitor.js';
import { nextSlot } from '../schedule/cron.js';
import { jobDefinition, jobDefinitions, scheduledJob, type AnyDefinition, type JobParams, type ScheduledStartAnswer } from './registry.js';
import { JobRunner } from './runner.js';
import { runSettledHooks, slotRunId } from './run-state.js';

export {
  defineJob,
  jobCatalog,
  jobDefinition,
  jobDefinitions,
  type JobCatalog,
  type JobDefinition,
  type JobHandle,
  type JobParams,
  type JobSchedule,
  type RunObserver,
  type ScheduledStartAnswer,
} from './registry.js';
export { isDatabaseOutage, throughOutage, waitForDatabase } from './database.js';
export { pruneJobHistory } from './history.js';
export { isTerminal } from './run-state.js';
export type { JobRunRow } from '../../../db/job-runs.js';

const JOB_RUNNER = contextSlot<JobRunner>('job-runner');

/** The runner of this context (this daemon), created on first use. */
export function jobRunner(ctx: AppContext): JobRunner {
  return contextJob(ctx, JOB_RUNNER, () => new JobRunner(ctx));
}

/** Daemon start: work queued runs and take over dead daemons' runs. */
export async function startJobs(ctx: AppContext): Promise<void> {
  await jobRunner(ctx).work();
}

/** Daemon (or in-process app) shutdown: runs held here are handed over, none is lost. */
export async function shutdownJobs(ctx: AppContext): Promise<void> {
  await existingContextJob(ctx, JOB_RUNNER)?.shutdown();
}

function definitionOf(ctx: AppContext, name: string): AnyDefinition {
  const def = jobDefinition(ctx, name);
  if (!def)
    throw Invalid(
      `Unknown job "${name}"; jobs are ${jobDefinitions(ctx)
        .map((d) => d.name)
        .join(', ')}`,
    );
  return def;
}

export interface StartJobOptions {
  /** A schedule slot (ISO time): the run's id derives from it, so the slot starts one run cluster-wide. */
  slot?: string;
  priority?: number;
  /** Queue jobs: one live item per key. */
  singletonKey?: string;
  /** Seconds to wait before a daemon may take it. */
  delaySeconds?: number;
  /** Initial progress (what status calls show until the job reports its own). */
  progress?: Record<string, unknown>;
  /**
   * Writes that belong with the run (its work set), in the same transaction as the run. Use `tx`
   * only: the embedded database has one connection, which the transaction holds.
   */
  prepare?(tx: TransactionSql, run: JobRunRow): Promise<void>;
}

export interface StartedRun {
  run: JobRunRow;
  /** False when the run existed already: a slot another daemon fired, or a queue item with the same key. */
  created: boolean;
}

/**
 * Queues a run; a daemon takes it within moments (this one at once if it is free). An exclusive job
 * with a live run anywhere: Conflict (409) "<label> is already running".
 */
export async function startJob(ctx: AppContext, name: string, params: JobParams = {}, options: StartJobOptions = {}): Promise<StartedRun> {
  const def = definitionOf(ctx, name);
  if (!def.startsWhileDiskFull) assertDiskRoom(ctx, `${def.label} not started`);
  const runner = jobRunner(ctx);
  const exclusive = def.exclusive ?? true;
  const id = options.slot ? slotRunId(name, options.slot) : randomUUID();
  // A queue item's key can be freed between the insert that found it taken and the look at who
  // holds it (the item ended meanwhile): then the insert is tried again, so the caller's item is
  // queued, never refused with 409 for a key no live run holds.
  for (let attempt = 1; ; attempt++) {
    const started = await insertRun(ctx, def, id, params, options);
    if (!started) {
      const existing = (await jobRunById(ctx.sql, id)) ?? (options.singletonKey ? await liveRunByKey(ctx.sql, name, options.singletonKey) : null);
      if (existing && (options.slot || !exclusive)) return { run: existing, created: false };
      if (!existing && !exclusive && options.singletonKey && attempt < 3) continue;
      // The loser of a race learns what it lost to: the live run, as `GET /api/jobs` shows it.
      const live = exclusive ? await liveJobRun(ctx.sql, name) : null;
      throw Conflict(`${def.label} is already running`, live ? { run: summarize(live) } : undefined);
    }
    runner.emitUpdated(name, started.id, 'queued');
    await runner.work();
    runner.wake();
    return { run: started, created: true };
  }
}

/**
 * Queues runs together with the caller's own reads and writes, in one transaction (a check and the
 * runs it allows commit together, e.g. under an advisory lock): `enqueue` returns the queued run, or
 * null when a live run holds its key (or its job). The runners hear of the runs once they committed.
 */
export async function enqueueTogether<T>(
  ctx: AppContext,
  work: (tx: TransactionSql, enqueue: (name: string, params: JobParams, options?: Omit<StartJobOptions, 'slot'>) => Promise<JobRunRow | null>) => Promise<T>,
): Promise<T> {
  const runner = jobRunner(ctx);
  const queued: JobRunRow[] = [];
  const result = await ctx.sql.begin((tx) =>
    work(tx, async (name, params, options = {}) => {
      const def = definitionOf(ctx, name);
      if (!def.startsWhileDiskFull) assertDiskRoom(ctx, `${def.label} not started`);
      const run = await insertRun(ctx, def, randomUUID(), params, options, tx);
      if (run) queued.push(run);
      return run;
    }),
  );
  for (const run of queued) runner.emitUpdated(run.job, run.id, 'queued');
  if (queued.length > 0) {
    await runner.work();
    runner.wake();
  }
  return result as T;
}

/** The run's row and its work set (`prepare`), in one transaction (the caller's, if given); null when the insert conflicts. */
async function insertRun(
  ctx: AppContext,
  def: AnyDefinition,
  id: string,
  params: JobParams,
  options: StartJobOptions,
  outer?: TransactionSql,
): Promise<JobRunRow | null> {
  const insert = async (tx: TransactionSql) => {
    const row = await insertJobRun(tx, {
      id,
      job: def.name,
      exclusive: def.exclusive ?? true,
      singletonKey: options.singletonKey ?? null,
      params,
      progress: options.progress ?? {},
      slot: options.slot ?? null,
      priority: options.priority ?? 0,
      delaySeconds: options.delaySeconds ?? 0,
      createdAt: new Date(),
    });
    if (row) await options.prepare?.(tx, row);
    return row;
  };
  return outer ? insert(outer) : ctx.sql.begin(insert);
}

/** Queue jobs: queues one item (a no-op returning the live item when one has the same singletonKey). */
export async function enqueue(ctx: AppContext, name: string, params: JobParams, options: Omit<StartJobOptions, 'slot'> = {}): Promise<StartedRun> {
  return startJob(ctx, name, params, options);
}

export type ScheduledStart = ScheduledStartAnswer['outcome'];

/**
 * A schedule slot fired: starts the job's run for it, once in the cluster. A slot that finds the
 * job still running is recorded as skipped (once: `skipped` is only returned to the daemon that
 * recorded it, so only one daemon logs it).
 */
export async function startScheduledJob(
  ctx: AppContext,
  name: string,
  slot: string,
  params: JobParams = {},
  options: Omit<StartJobOptions, 'slot'> = {},
): Promise<{ outcome: ScheduledStart; reason?: string }> {
  try {
    const { created } = await startJob(ctx, name, params, { ...options, slot });
    return { outcome: created ? 'started' : 'fired-elsewhere' };
  } catch (error) {
    if ((error as { code?: string }).code !== 'conflict') throw error;
    const reason = (error as Error).message;
    const recorded = await insertSkippedRun(ctx.sql, { id: slotRunId(name, slot), job: name, slot, reason });
    return recorded ? { outcome: 'skipped', reason } : { outcome: 'fired-elsewhere' };
  }
}

/** A schedule slot of `kind` fired: starts the job declared for it (schedule.slot), once in the cluster; null when none is. */
export async function startJobForSlot(ctx: AppContext, kind: string, slot: string): Promise<ScheduledStartAnswer | null> {
  const def = scheduledJob(ctx, kind);
  if (!def) return null;
  return def.schedule!.start ? def.schedule!.start(ctx, slot) : startScheduledJob(ctx, def.name, slot);
}

/**
 * Whether the job's live run was left by a daemon that stopped (its lease lapsed; with the embedded
 * database, any other process's): if so this runner starts working, so it takes the run over at
 * once — a start on an orphaned run resumes it rather than answering 409 for a run nobody runs.
 */
export async function adoptOrphanedRun(ctx: AppContext, run: JobRunRow): Promise<boolean> {
  const runner = jobRunner(ctx);
  if (run.status === 'queued' || runner.isLocal(run.id)) return false;
  const lapsed = run.expiresAt === null || run.expiresAt.getTime() < Date.now();
  const otherProcess = ctx.db.kind === 'embedded' && run.holder !== runner.holder;
  if (!lapsed && !otherProcess) return false;
  await runner.work();
  runner.tickNow();
  return true;
}

/** The job's live run, with this daemon's freshest progress when it holds it. */
export async function liveRun(ctx: AppContext, name: string): Promise<JobRunRow | null> {
  const row = await liveJobRun(ctx.sql, name);
  return row ? withLocalProgress(ctx, row) : null;
}

/** The job's newest run, live or ended. */
export async function lastRun(ctx: AppContext, name: string): Promise<JobRunRow | null> {
  const row = await latestJobRun(ctx.sql, name);
  return row ? withLocalProgress(ctx, row) : null;
}

function withLocalProgress(ctx: AppContext, row: JobRunRow): JobRunRow {
  const progress = existingContextJob(ctx, JOB_RUNNER)?.localProgress(row.id);
  return progress ? { ...row, progress } : row;
}

export interface WaitOptions {
  /** Give up waiting after this long (the run goes on); default 10 minutes. */
  timeoutMs?: number;
}

/** Waits until the run has ended (or the time limit passed); the run as it is then. */
export async function waitForRun(ctx: AppContext, runId: string, options: WaitOptions = {}): Promise<JobRunRow | null> {
  const runner = jobRunner(ctx);
  // Someone has to take it: this daemon too, if no other does.
  await runner.work();
  return runner.waitForRun(runId, options.timeoutMs ?? 10 * 60_000);
}

/** Waits until the job has no live run. */
export async function waitForJobIdle(ctx: AppContext, name: string, options: WaitOptions = {}): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 10 * 60_000);
  for (;;) {
    const live = await liveJobRun(ctx.sql, name);
    if (!live || Date.now() > deadline) return;
    await waitForRun(ctx, live.id, { timeoutMs: deadline - Date.now() });
  }
}

/** `{message: "<label> is not running"}`: every job's answer to a stop when nothing runs. */
export function notRunning(ctx: AppContext, name: string): { message: string } {
  return { message: `${definitionOf(ctx, name).label} is not running` };
}

/**
 * Stops the job's live run wherever it runs and waits until it has ended (the job's own stop
 * work included); null when nothing was running.
 */
export async function stopJob(ctx: AppContext, name: string, options: WaitOptions = {}): Promise<JobRunRow | null> {
  definitionOf(ctx, name);
  const live = await liveJobRun(ctx.sql, name);
  return live ? stopRun(ctx, live, options) : null;
}

export async function stopRun(ctx: AppContext, run: JobRunRow, options: WaitOptions & { reason?: string } = {}): Promise<JobRunRow | null> {
  const stopped = await requestStop(ctx, run, options.reason);
  return stopped ?? waitForRun(ctx, run.id, { timeoutMs: options.timeoutMs ?? 2 * 60_000 });
}

/**
 * Stops a run without waiting for its end: a queued run ends at once (returned), a running one is
 * asked to stop wherever it runs (null: `waitForRun` says when it ended). `reason` is the run's error.
 */
export async function requestStop(ctx: AppContext, run: JobRunRow, reason?: string): Promise<JobRunRow | null> {
  const runner = jobRunner(ctx);
  const def = definitionOf(ctx, run.job);
  if (run.status === 'queued') {
    const cancelled = await setJobRunStatus(ctx.sql, run.id, ['queued'], 'stopped', reason);
    if (cancelled) {
      // No daemon held it: this one, which ended it, runs what follows a run's end.
      await runSettledHooks(ctx, def, run.id, 'stopped');
      runner.emitUpdated(def.name, run.id, 'stopped');
      return cancelled;
    }
  }
  const stopping = await setJobRunStatus(ctx.sql, run.id, ['running', 'paused'], 'stopping', reason);
  if (stopping) {
    runner.applyStatus(run.id, 'stopping');
    runner.emitUpdated(def.name, run.id, 'stopping');
  }
  return null;
}

/**
 * Asks the run to stop without waiting for it (a job stopping itself, e.g. at its time limit): its
 * holder aborts its signal, every daemon sharing it lets go. False when it was not running.
 */
export async function askToStop(ctx: AppContext, runId: string): Promise<boolean> {
  const row = await setJobRunStatus(ctx.sql, runId, ['running', 'paused'], 'stopping');
  if (!row) return false;
  const runner = jobRunner(ctx);
  runner.applyStatus(runId, 'stopping');
  runner.emitUpdated(row.job, runId, 'stopping');
  return true;
}

/** Pausable jobs: pauses the running run (wherever it runs); null when none is running. */
export async function pauseJob(ctx: AppContext, name: string): Promise<JobRunRow | null> {
  return control(ctx, name, 'running', 'paused');
}

export async function resumeJob(ctx: AppContext, name: string): Promise<JobRunRow | null> {
  return control(ctx, name, 'paused', 'running');
}

async function control(ctx: AppContext, name: string, from: 'running' | 'paused', to: 'running' | 'paused'): Promise<JobRunRow | null> {
  definitionOf(ctx, name);
  const live = await liveJobRun(ctx.sql, name);
  if (!live) return null;
  const row = await setJobRunStatus(ctx.sql, live.id, [from], to);
  if (!row) return null;
  const runner = jobRunner(ctx);
  runner.applyStatus(row.id, to);
  runner.emitUpdated(name, row.id, to);
  return row;
}

function summarize(row: JobRunRow): JobRunSummary {
  return {
    id: row.id,
    status: row.status,
    holder: row.holder,
    progress: row.progress,
    error: row.error,
    slot: row.slot,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A timed job's row of the schedule as GET /api/jobs shows it: when, from which setting, and the next slot. */
async function scheduleRow(ctx: AppContext, def: AnyDefinition): Promise<JobState['schedule']> {
  const row = def.schedule;
  if (!row) return null;
  const [when, lines] = await Promise.all([row.describe(ctx).catch(() => 'unknown: its setting could not be read'), row.cron(ctx).catch(() => [])]);
  const next = nextSlot(lines, ctx.config.timeZone, new Date());
  return { slot: row.slot, when, setting: row.setting, nextAt: next?.toISOString() ?? null };
}

/** Every declared job with its live (or last) run: GET /api/jobs, `newsctl jobs`. */
export async function jobStates(ctx: AppContext): Promise<JobState[]> {
  const defs = jobDefinitions(ctx).sort((a, b) => a.name.localeCompare(b.name));
  const live = await liveJobRuns(
    ctx.sql,
    defs.map((d) => d.name),
  );
  return Promise.all(
    defs.map(async (def) => {
      const runs = live.filter((row) => row.job === def.name);
      const current = runs[0] ? withLocalProgress(ctx, runs[0]) : await lastRun(ctx, def.name);
      const status = runs[0] ? (runs[0].status as JobState['status']) : 'idle';
      return {
        name: def.name,
        label: def.label,
        status,
        run: current ? summarize(current) : null,
        liveRuns: runs.length,
        schedule: await scheduleRow(ctx, def),
      };
    }),
  );
}

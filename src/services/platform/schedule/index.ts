// The daemon's one schedule: every timed job declares its row (JobSchedule: its times as cron lines
// from a setting, how late a slot may still run) in its definition, and the catalog's rows are the
// schedule (GET /api/jobs lists each with its next slot). bree keeps the time: one bree job per
// cron line, in Config.timeZone. When a line comes due bree starts its worker thread (jobs/slot.ts),
// which posts its row back, so the start happens in this thread (a worker never opens the embedded
// database): the start queues one job-runner run whose id derives from the slot's instant, so with
// several daemons firing the same slot it runs once. A slot that finds the job running is a no-op
// that the system log records (once, by the daemon that recorded it). A changed setting re-arms its
// row at once. No service keeps a timer of its own.
import { fileURLToPath } from 'node:url';
import Bree from 'bree';
import type { AppContext } from '../../../context.js';
import { reportProblem } from '../../../diagnostics.js';
import { isAppError } from '../../../errors.js';
import { jobDefinitions, startJobForSlot, type JobDefinition, type JobSchedule, type ScheduledStartAnswer } from '../jobs/index.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { startWorker } from '../../../worker-thread.js';
import { cronHasSeconds, latestSlot } from './cron.js';

export * from './cadence.js';

export interface SchedulerOptions {
  /** Told what each slot's start answered on this daemon (tests; null: the start failed or was refused). */
  onStart?: (row: string, slot: string, answer: ScheduledStartAnswer | null) => void;
}

/** The one job file: a worker that posts its row back to the daemon's thread. */
const JOB_FILE = 'slot';
// From src/ the job file is TypeScript next to the sources; from dist/ it is compiled.
const fromSources = import.meta.url.endsWith('.ts');
const jobFilePath = () => fileURLToPath(new URL(`../../../../jobs/${JOB_FILE}${fromSources ? '.ts' : '.js'}`, import.meta.url));

type Row = JobSchedule & { job: string };

/** The schedule's rows: the catalog's timed jobs. */
export function scheduleRows(ctx: Pick<AppContext, 'catalog'>): Row[] {
  return jobDefinitions(ctx).flatMap((def: JobDefinition) => (def.schedule ? [{ ...def.schedule, job: def.name }] : []));
}

/** Starts a slot's job, logging a refusal (already running) or a failure instead of throwing. */
async function startSlot(ctx: AppContext, row: Row, slot: string, options: SchedulerOptions): Promise<void> {
  const { component, label } = row.log;
  let answer: ScheduledStartAnswer | null = null;
  try {
    answer = await startJobForSlot(ctx, row.slot, slot);
    if (answer?.outcome === 'skipped') await logEvent(ctx, component, 'info', `${label} skipped: ${answer.reason ?? 'the job is running'}`);
  } catch (error) {
    if (isAppError(error) && error.code === 'conflict') {
      await logEvent(ctx, component, 'info', `${label} skipped: ${error.message}`);
    } else if (isAppError(error) && error.code === 'disk_full') {
      // Not a failure of the job: the slot passes, and the next one runs once there is room.
      await logEvent(ctx, component, 'warning', `${label} skipped: ${error.message}`);
    } else {
      await logEvent(ctx, component, 'error', `${label} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  options.onStart?.(row.slot, slot, answer);
}

/** A row's cron lines as bree jobs: `spider#0`, `spider#1`, … */
const jobName = (row: string, index: number) => `${row}#${index}`;
const rowOf = (name: string) => name.slice(0, name.lastIndexOf('#'));

/**
 * Starts the schedule; returns the function that stops it. A row whose setting cannot be read (the
 * database away) keeps the lines it had, and is read again when its setting changes.
 */
export function startScheduler(ctx: AppContext, options: SchedulerOptions = {}): () => Promise<void> {
  const timeZone = ctx.config.timeZone;
  const rows = new Map(scheduleRows(ctx).map((row) => [row.slot, row]));
  /** Each row's cron lines as armed in bree now. */
  const armed = new Map<string, string[]>();
  let stopped = false;

  /** A row's line fired (its worker posted the row back): the slot it is for is the line's latest, in the zone. */
  const fired = async (name: string) => {
    const row = rows.get(rowOf(name));
    if (!row || stopped) return;
    const now = new Date();
    const slot = latestSlot(armed.get(row.slot) ?? [], timeZone, now);
    if (!slot) return;
    if (now.getTime() - slot.getTime() > row.latenessMs) {
      if (row.logSkipped)
        await logEvent(
          ctx,
          LOG_COMPONENTS.system,
          'warning',
          `Scheduled ${row.slot} run of ${slot.toISOString()} skipped: it came due ${Math.round((now.getTime() - slot.getTime()) / 1000)} s late`,
        );
      return;
    }
    await startSlot(ctx, row, slot.toISOString(), options);
  };

  const bree = new Bree({
    root: false,
    doRootCheck: false,
    logger: false,
    acceptedExtensions: ['.js', '.ts'],
    timezone: timeZone,
    // A job file only posts a message; one still alive after this is stuck.
    closeWorkerAfterMs: 30_000,
    jobs: [],
    workerMessageHandler: ({ name, message }: { name: string; message: unknown }) => {
      if ((message as { row?: unknown } | null)?.row !== rowOf(name)) return;
      void fired(name).catch((error: unknown) => reportProblem(`scheduler (${name})`, error));
    },
    errorHandler: (error: unknown, meta: { name?: string }) => {
      void logEvent(
        ctx,
        LOG_COMPONENTS.system,
        'error',
        `Scheduled job ${meta?.name ?? '?'} failed: ${error instanceof Error ? error.message : String(error)}`,
      ).catch(() => {});
    },
  } as unknown as Bree.BreeOptions);
  bree.createWorker = startWorker;

  /** Gives bree the row's current lines (replacing those it had); unchanged lines stay armed. */
  const arm = async (row: Row) => {
    let lines: string[];
    try {
      lines = await row.cron(ctx);
    } catch (error) {
      reportProblem(`scheduler (${row.slot})`, error);
      return;
    }
    const before = armed.get(row.slot) ?? [];
    if (stopped || (before.length === lines.length && before.every((line, i) => line === lines[i]))) return;
    for (let i = 0; i < before.length; i++) await bree.remove(jobName(row.slot, i));
    armed.set(row.slot, lines);
    if (lines.length === 0) return;
    const jobs = lines.map((cron, i) => ({
      name: jobName(row.slot, i),
      path: jobFilePath(),
      cron,
      hasSeconds: cronHasSeconds(cron),
      timezone: timeZone,
      worker: { workerData: { row: row.slot } },
    }));
    await bree.add(jobs as never);
    for (const job of jobs) await bree.start(job.name);
  };

  /** A daemon starting just after a slot of a row that catches up (the daily bulletin) still runs it. */
  const catchUp = async (row: Row) => {
    if (!row.catchUpAtStart) return;
    const now = new Date();
    const slot = latestSlot(armed.get(row.slot) ?? [], timeZone, now);
    if (slot && now.getTime() - slot.getTime() <= row.latenessMs) await startSlot(ctx, row, slot.toISOString(), options);
  };

  const bySetting = new Map<string, Row[]>();
  for (const row of rows.values()) {
    for (const key of [row.setting, ...(row.rearmOn ?? [])]) if (key) bySetting.set(key, [...(bySetting.get(key) ?? []), row]);
  }
  const offSettings = ctx.events.on('settings_updated', ({ key }) => {
    for (const row of bySetting.get(key) ?? []) void arm(row).catch((error: unknown) => reportProblem(`scheduler (${row.slot})`, error));
  });
  const started = (async () => {
    for (const row of rows.values()) {
      await arm(row);
      await catchUp(row);
    }
  })().catch((error: unknown) => reportProblem('scheduler', error));

  return async () => {
    stopped = true;
    offSettings();
    await started;
    await bree.stop();
  };
}

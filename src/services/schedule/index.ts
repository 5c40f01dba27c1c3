// The daemon's one schedule: every timed job declares its row (JobSchedule: when, from which
// setting, how late a slot may still run) in its definition, and the catalog's rows are the
// schedule (GET /api/jobs lists each with its next slot). One loop per daemon sleeps until the
// next row's slot, in Config.timeZone; bree starts the slot's worker thread, which posts the slot
// back so the start happens here (a worker never opens the embedded database), and the start queues
// one job-runner run whose id derives from the slot — with several daemons firing the same slot it
// runs once. A slot that finds the job running is a no-op that the system log records (once, by
// the daemon that recorded it). No service keeps a timer of its own.
import { fileURLToPath } from 'node:url';
import Bree from 'bree';
import type { AppContext } from '../../context.js';
import { isAppError } from '../../errors.js';
import { jobDefinitions, startJobForSlot, type JobDefinition, type JobSchedule, type ScheduledStartAnswer } from '../jobs/index.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { startWorker } from '../worker-thread.js';
import { reportProblem } from '../../diagnostics.js';

export * from './cadence.js';
export { instantOf, type WallTime, type ZonedTime } from './zoned-time.js';

export type ScheduledOutcome = ScheduledStartAnswer;

export interface SchedulerOptions {
  /** Clock (tests). */
  now?: () => number;
  /** Told what each slot's start answered on this daemon (tests; null: the start failed or was refused). */
  onStart?: (slot: string, answer: ScheduledStartAnswer | null) => void;
}

/** Longest single sleep: the settings and the wall clock are looked at again at least this often. */
const MAX_SLEEP_MS = 10 * 60_000;
/** The one job file: a worker that posts its slot's name back. */
const JOB_FILE = 'slot';

// From src/ the job file is TypeScript next to the sources; from dist/ it is compiled.
const fromSources = import.meta.url.endsWith('.ts');
const jobFilePath = () => fileURLToPath(new URL(`../../../jobs/${JOB_FILE}${fromSources ? '.ts' : '.js'}`, import.meta.url));

type Row = JobSchedule & { job: string };

/** The schedule's rows: the catalog's timed jobs. */
export function scheduleRows(ctx: Pick<AppContext, 'catalog'>): Row[] {
  return jobDefinitions(ctx).flatMap((def: JobDefinition) => (def.schedule ? [{ ...def.schedule, job: def.name }] : []));
}

/** Starts a slot's job, logging a refusal (already running) or a failure instead of throwing. */
async function startSlot(ctx: AppContext, row: Row, slot: string | undefined, options: SchedulerOptions): Promise<void> {
  const { component, label } = row.log;
  let answer: ScheduledStartAnswer | null = null;
  try {
    // Started by hand (a test's `run(kind)` without a slot): the job's own start, no slot to name the run.
    answer = slot ? await startJobForSlot(ctx, row.slot, slot) : null;
    if (answer?.outcome === 'skipped') await logEvent(ctx, component, 'info', `${label} skipped: ${answer.reason ?? 'the job is running'}`);
  } catch (error) {
    if (isAppError(error) && error.code === 'conflict') {
      await logEvent(ctx, component, 'info', `${label} skipped: ${error.message}`);
    } else {
      await logEvent(ctx, component, 'error', `${label} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  options.onStart?.(row.slot, answer);
}

export interface ScheduleRunner {
  /** Starts the row's worker now (for `slot`); resolves once the start has been made. */
  run(row: string, slot: string): Promise<void>;
  stop(): Promise<void>;
}

/** bree with one worker per row, each worker's message (its slot) routed to the row's start in this thread. */
export function createJobRunner(ctx: AppContext, options: SchedulerOptions = {}): ScheduleRunner {
  const rows = new Map(scheduleRows(ctx).map((row) => [row.slot, row]));
  const waiting = new Map<string, ((value: void) => void)[]>();
  // The slot each started worker is for, in order (a worker's message carries only its row's name).
  const slots = new Map<string, string[]>();
  const settle = (name: string) => {
    for (const resolve of waiting.get(name) ?? []) resolve();
    waiting.delete(name);
  };
  const bree = new Bree({
    root: false,
    doRootCheck: false,
    logger: false,
    acceptedExtensions: ['.js', '.ts'],
    // A job file only posts a message; one still alive after this is stuck.
    closeWorkerAfterMs: 30_000,
    jobs: [...rows.keys()].map((name) => ({ name, path: jobFilePath(), worker: { workerData: { slot: name } } })),
    workerMessageHandler: ({ name, message }: { name: string; message: unknown }) => {
      const row = rows.get(name);
      if (!row || message !== name) return;
      const slot = slots.get(name)?.shift();
      void startSlot(ctx, row, slot, options).finally(() => settle(name));
    },
    errorHandler: (error: unknown, meta: { name?: string }) => {
      void logEvent(ctx, LOG_COMPONENTS.system, 'error', `Job ${meta?.name ?? '?'} failed: ${error instanceof Error ? error.message : String(error)}`);
      if (meta?.name) settle(meta.name);
    },
  } as unknown as Bree.BreeOptions);
  bree.createWorker = startWorker;
  return {
    run(name, slot) {
      return new Promise<void>((resolve) => {
        waiting.set(name, [...(waiting.get(name) ?? []), resolve]);
        slots.set(name, [...(slots.get(name) ?? []), slot]);
        bree.run(name).catch((error: unknown) => {
          void logEvent(ctx, LOG_COMPONENTS.system, 'error', `Job ${name} could not start: ${String(error)}`);
          settle(name);
        });
      });
    },
    async stop() {
      await bree.stop();
      for (const name of [...waiting.keys()]) settle(name);
    },
  };
}

/**
 * Starts the schedule; returns the function that stops it. Each wake-up re-reads the settings, so a
 * changed minute or bulletin time takes effect at the next slot.
 */
export function startScheduler(ctx: AppContext, options: SchedulerOptions = {}): () => Promise<void> {
  const now = options.now ?? Date.now;
  const rows = scheduleRows(ctx);
  const runner = createJobRunner(ctx, options);
  // Each row's last slot handled; a row that catches up looks back over its lateness window at start.
  const last = new Map(rows.map((row) => [row.slot, row.catchUpAtStart ? now() - row.latenessMs : now()]));
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const arm = async () => {
    if (stopped) return;
    let soonest = Number.POSITIVE_INFINITY;
    for (const row of rows) {
      // A row that cannot say (its setting unreadable while the database is away) is asked again
      // at the next wake-up; the others, and the timer, go on.
      const at = await row.next(ctx, new Date(last.get(row.slot)!)).catch((error: unknown) => {
        reportProblem(`scheduler (${row.slot})`, error);
        return null;
      });
      if (at) soonest = Math.min(soonest, at.getTime());
    }
    if (stopped) return;
    const delay = Math.min(MAX_SLEEP_MS, Math.max(0, soonest - now()));
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), delay);
    timer.unref();
  };

  const tick = async () => {
    timer = null;
    if (stopped) return;
    for (const row of rows) {
      try {
        const at = await row.next(ctx, new Date(last.get(row.slot)!));
        if (!at) continue;
        const lateBy = now() - at.getTime();
        if (lateBy < 0) continue;
        if (lateBy <= row.latenessMs) {
          last.set(row.slot, at.getTime());
          void runner.run(row.slot, at.toISOString());
        } else {
          last.set(row.slot, now());
          if (row.logSkipped) await logEvent(ctx, LOG_COMPONENTS.system, 'warning', `Scheduled ${row.slot} run of ${at.toISOString()} skipped: the daemon was not awake`);
        }
      } catch (error) {
        reportProblem(`scheduler (${row.slot})`, error);
      }
    }
    await arm().catch((error: unknown) => reportProblem('scheduler', error));
  };

  const watched = new Set(rows.flatMap((row) => (row.setting ? [row.setting] : [])));
  const offSettings = ctx.events.on('settings_updated', ({ key }) => {
    if (watched.has(key)) void arm().catch((error: unknown) => reportProblem('scheduler', error));
  });
  void arm().catch((error: unknown) => reportProblem('scheduler', error));

  return async () => {
    stopped = true;
    offSettings();
    if (timer) clearTimeout(timer);
    await runner.stop();
  };
}

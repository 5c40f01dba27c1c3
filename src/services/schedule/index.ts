// The daemon's scheduler: at each run the cadence names (./cadence.ts, in Config.timeZone, minutes
// from the schedule settings), bree starts that job's file from jobs/ in a worker thread; the
// worker posts a message and the service runs here, in the daemon's thread (a worker never opens the embedded database). bree keeps each daemon's clock;
// the run a slot starts is a job-runner run whose id derives from the slot, so with several
// daemons firing the same slot it runs once. A slot that finds the job running is a no-op that the
// system log records (once, by the daemon that recorded it).
import { fileURLToPath } from 'node:url';
import Bree from 'bree';
import type { AppContext } from '../../context.js';
import { isAppError } from '../../errors.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { getSetting } from '../settings/index.js';
import { startWorker } from '../worker-thread.js';
import { DEFAULT_SCHEDULE_MINUTES, nextScheduledRun, type ScheduleMinutes, type ScheduledJob } from './cadence.js';
import { reportProblem } from '../../diagnostics.js';

export * from './cadence.js';
export { instantOf, type WallTime, type ZonedTime } from './zoned-time.js';

/** What a scheduled start answers: the slot's run started, was skipped (job live), or another daemon fired it. */
export interface ScheduledOutcome {
  outcome: 'started' | 'skipped' | 'fired-elsewhere';
  reason?: string;
}

export interface ScheduledJobs {
  /** `slot`: the slot's instant (ISO), the same on every daemon. */
  startSpider(ctx: AppContext, slot?: string): unknown;
  startTrendsAnalysis(ctx: AppContext, slot?: string): unknown;
}

export interface SchedulerOptions {
  /** Clock (tests). */
  now?: () => number;
}

/** Message each job file posts, and the bree job that posts it. */
const JOB_FILES: Record<ScheduledJob, { name: string; file: string; message: string }> = {
  spider: { name: 'spider', file: 'spider', message: 'start-spider' },
  trends: { name: 'trends-analysis', file: 'trends-analysis', message: 'start-trends-analysis' },
};
/** Longest single sleep: the settings and the wall clock are looked at again at least this often. */
const MAX_SLEEP_MS = 10 * 60_000;
/** A slot missed by more than this (the machine slept) is skipped rather than run late. */
const MAX_LATENESS_MS = 5 * 60_000;

// From src/ the job files are TypeScript next to the sources; from dist/ they are compiled.
const fromSources = import.meta.url.endsWith('.ts');

function jobFilePath(job: ScheduledJob): string {
  return fileURLToPath(new URL(`../../../jobs/${JOB_FILES[job].file}${fromSources ? '.ts' : '.js'}`, import.meta.url));
}

async function scheduleMinutes(ctx: AppContext): Promise<ScheduleMinutes> {
  try {
    return { ...DEFAULT_SCHEDULE_MINUTES, ...(await getSetting<ScheduleMinutes & Record<string, unknown>>(ctx, 'schedule-settings')) };
  } catch {
    return DEFAULT_SCHEDULE_MINUTES;
  }
}

/** Runs one job's service, logging a refusal (already running) or a failure instead of throwing. */
async function runService(ctx: AppContext, job: ScheduledJob, jobs: ScheduledJobs, slot: string | undefined): Promise<void> {
  const component = job === 'spider' ? LOG_COMPONENTS.spider : LOG_COMPONENTS.trends;
  const label = job === 'spider' ? 'Scheduled spider start' : 'Scheduled trends analysis';
  try {
    const answer = (await (job === 'spider' ? jobs.startSpider(ctx, slot) : jobs.startTrendsAnalysis(ctx, slot))) as Partial<ScheduledOutcome> | undefined;
    if (answer?.outcome === 'skipped') await logEvent(ctx, component, 'info', `${label} skipped: ${answer.reason ?? 'the job is running'}`);
  } catch (error) {
    if (isAppError(error) && error.code === 'conflict') {
      await logEvent(ctx, component, 'info', `${label} skipped: ${error.message}`);
    } else {
      await logEvent(ctx, component, 'error', `${label} failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

export interface ScheduleRunner {
  /** Starts the job's worker now (for `slot`); resolves once its service call has been made. */
  run(job: ScheduledJob, slot?: string): Promise<void>;
  stop(): Promise<void>;
}

/** bree with the two job files, each worker's message routed to its service in this thread. */
export function createJobRunner(ctx: AppContext, jobs: ScheduledJobs): ScheduleRunner {
  const waiting = new Map<ScheduledJob, ((value: void) => void)[]>();
  // The slot each started worker is for, in order (a worker's message carries only the job's name).
  const slots = new Map<ScheduledJob, (string | undefined)[]>();
  const settle = (job: ScheduledJob) => {
    for (const resolve of waiting.get(job) ?? []) resolve();
    waiting.delete(job);
  };
  const bree = new Bree({
    root: false,
    doRootCheck: false,
    logger: false,
    acceptedExtensions: ['.js', '.ts'],
    // A job file only posts a message; one still alive after this is stuck.
    closeWorkerAfterMs: 30_000,
    jobs: (Object.keys(JOB_FILES) as ScheduledJob[]).map((job) => ({ name: JOB_FILES[job].name, path: jobFilePath(job) })),
    workerMessageHandler: ({ name, message }: { name: string; message: unknown }) => {
      const job = (Object.keys(JOB_FILES) as ScheduledJob[]).find((j) => JOB_FILES[j].name === name);
      if (!job || message !== JOB_FILES[job].message) return;
      const slot = slots.get(job)?.shift();
      void runService(ctx, job, jobs, slot).finally(() => settle(job));
    },
    errorHandler: (error: unknown, meta: { name?: string }) => {
      const job = (Object.keys(JOB_FILES) as ScheduledJob[]).find((j) => JOB_FILES[j].name === meta?.name);
      void logEvent(ctx, LOG_COMPONENTS.system, 'error', `Job ${meta?.name ?? '?'} failed: ${error instanceof Error ? error.message : String(error)}`);
      if (job) settle(job);
    },
  } as unknown as Bree.BreeOptions);
  bree.createWorker = startWorker;
  return {
    run(job, slot) {
      return new Promise<void>((resolve) => {
        waiting.set(job, [...(waiting.get(job) ?? []), resolve]);
        slots.set(job, [...(slots.get(job) ?? []), slot]);
        bree.run(JOB_FILES[job].name).catch((error: unknown) => {
          void logEvent(ctx, LOG_COMPONENTS.system, 'error', `Job ${JOB_FILES[job].name} could not start: ${String(error)}`);
          settle(job);
        });
      });
    },
    async stop() {
      await bree.stop();
      for (const job of [...waiting.keys()]) settle(job);
    },
  };
}

/**
 * Starts the schedule; returns the function that stops it. Each wake-up re-reads the schedule
 * settings, so a changed minute takes effect at the next slot.
 */
export function startScheduler(ctx: AppContext, jobs: ScheduledJobs, options: SchedulerOptions = {}): () => Promise<void> {
  const now = options.now ?? Date.now;
  const runner = createJobRunner(ctx, jobs);
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let lastSlot = now();

  const arm = async () => {
    if (stopped) return;
    const next = nextScheduledRun(new Date(lastSlot), ctx.config.timeZone, await scheduleMinutes(ctx));
    if (stopped) return;
    const delay = Math.min(MAX_SLEEP_MS, Math.max(0, next.at.getTime() - now()));
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), delay);
    timer.unref();
  };

  const tick = async () => {
    timer = null;
    if (stopped) return;
    const next = nextScheduledRun(new Date(lastSlot), ctx.config.timeZone, await scheduleMinutes(ctx));
    const lateBy = now() - next.at.getTime();
    if (lateBy >= 0) {
      lastSlot = next.at.getTime();
      if (lateBy <= MAX_LATENESS_MS) {
        for (const job of next.jobs) void runner.run(job, next.at.toISOString());
      } else {
        lastSlot = now();
        await logEvent(ctx, LOG_COMPONENTS.system, 'warning', `Scheduled ${next.jobs.join(' and ')} run of ${next.at.toISOString()} skipped: the daemon was not awake`);
      }
    }
    await arm().catch((error: unknown) => reportProblem('scheduler', error));
  };

  const offSettings = ctx.events.on('settings_updated', ({ key }) => {
    if (key === 'schedule-settings') void arm().catch((error: unknown) => reportProblem('scheduler', error));
  });
  void arm().catch((error: unknown) => reportProblem('scheduler', error));

  return async () => {
    stopped = true;
    offSettings();
    if (timer) clearTimeout(timer);
    await runner.stop();
  };
}

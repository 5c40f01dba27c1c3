// The daemon's one schedule: every timed job is an entry here, and one loop sleeps until the next
// entry's slot, in Config.timeZone. The entries: the spider's and the trends analyzer's runs of the
// cadence (./cadence.ts, minutes from the schedule settings), whose job files bree starts in a worker
// thread that posts a message back so the service runs here (a worker never opens the embedded
// database); the daily latest-news bulletin (its setting's time); and the hourly upkeep (retention of
// articles, audio and the system log, old sessions, the recent-search set). No service keeps a timer
// of its own. The run a slot starts is a job-runner run whose id derives from the slot, so with
// several daemons firing the same slot it runs once. A slot that finds the job running is a no-op
// that the system log records (once, by the daemon that recorded it).
import { fileURLToPath } from 'node:url';
import Bree from 'bree';
import type { AppContext } from '../../context.js';
import { isAppError } from '../../errors.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { getSetting } from '../settings/index.js';
import { startWorker } from '../worker-thread.js';
import { DEFAULT_SCHEDULE_MINUTES, nextDailySlot, nextScheduledRun, type ScheduleMinutes, type ScheduledJob } from './cadence.js';
import { reportProblem } from '../../diagnostics.js';

export * from './cadence.js';
export { instantOf, type WallTime, type ZonedTime } from './zoned-time.js';

/** What a scheduled start answers: the slot's run started, was skipped (job live), or another daemon fired it. */
export interface ScheduledOutcome {
  outcome: 'started' | 'skipped' | 'fired-elsewhere';
  reason?: string;
}

export interface ScheduledJobs {
  /**
   * A slot of the cadence fired for `kind` (the daemon's: the job the catalog declares for it).
   * `slot`: the slot's instant (ISO), the same on every daemon; absent when started by hand.
   */
  startSlot(ctx: AppContext, kind: ScheduledJob, slot?: string): unknown;
  /** The daily bulletin's slot (setting latest-news-audio-settings: dailyEnabled, dailyTime). */
  startBulletin?(ctx: AppContext, slot: string): Promise<unknown>;
  /** The hourly upkeep, at the top of each hour. */
  upkeep?(ctx: AppContext): Promise<unknown>;
}

export interface SchedulerOptions {
  /** Clock (tests). */
  now?: () => number;
}

/** Per kind of cadence slot: the bree job and its file, the message the file posts, and how the log names it. */
const JOB_FILES: Record<ScheduledJob, { name: string; file: string; message: string; label: string; component: string }> = {
  spider: { name: 'spider', file: 'spider', message: 'start-spider', label: 'Scheduled spider start', component: LOG_COMPONENTS.spider },
  trends: { name: 'trends-analysis', file: 'trends-analysis', message: 'start-trends-analysis', label: 'Scheduled trends analysis', component: LOG_COMPONENTS.trends },
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
  const { component, label } = JOB_FILES[job];
  try {
    const answer = (await jobs.startSlot(ctx, job, slot)) as Partial<ScheduledOutcome> | undefined;
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

/** One timed entry of the schedule: its next slot strictly after `after`, and what the slot does. */
interface ScheduleEntry {
  name: string;
  next(after: Date): Promise<{ at: Date; fire: () => void; what?: string } | null>;
  /** A slot missed by more than this (the machine slept, the daemon was down) is not run late. */
  latenessMs: number;
  /** Whether a slot skipped for lateness is said in the system log. */
  logSkipped: boolean;
  /** Settings whose change moves this entry's slots. */
  settings: readonly string[];
}

/** A slot of the bulletin missed by up to this still runs (a daemon restarted just after it). */
const BULLETIN_LATENESS_MS = 30 * 60_000;
const HOUR_MS = 60 * 60_000;

function scheduleEntries(ctx: AppContext, jobs: ScheduledJobs, runner: ScheduleRunner): ScheduleEntry[] {
  const entries: ScheduleEntry[] = [
    {
      name: 'cadence',
      async next(after) {
        const run = nextScheduledRun(after, ctx.config.timeZone, await scheduleMinutes(ctx));
        return { at: run.at, fire: () => run.jobs.forEach((job) => void runner.run(job, run.at.toISOString())), what: run.jobs.join(' and ') };
      },
      latenessMs: MAX_LATENESS_MS,
      logSkipped: true,
      settings: ['schedule-settings'],
    },
  ];
  const { startBulletin, upkeep } = jobs;
  if (startBulletin) {
    entries.push({
      name: 'bulletin',
      async next(after) {
        const settings = await getSetting<{ dailyEnabled: boolean; dailyTime: string }>(ctx, 'latest-news-audio-settings');
        if (!settings.dailyEnabled) return null;
        const at = nextDailySlot(after, settings.dailyTime, ctx.config.timeZone);
        return { at, fire: () => void startBulletin(ctx, at.toISOString()).catch((error: unknown) => reportProblem('daily bulletin', error)) };
      },
      latenessMs: BULLETIN_LATENESS_MS,
      logSkipped: false,
      settings: ['latest-news-audio-settings'],
    });
  }
  if (upkeep) {
    entries.push({
      name: 'upkeep',
      async next(after) {
        const at = new Date((Math.floor(after.getTime() / HOUR_MS) + 1) * HOUR_MS);
        return { at, fire: () => void upkeep(ctx).catch((error: unknown) => reportProblem('hourly upkeep', error)) };
      },
      // However late, the upkeep runs (once) rather than waiting another hour.
      latenessMs: Number.POSITIVE_INFINITY,
      logSkipped: false,
      settings: [],
    });
  }
  return entries;
}

/**
 * Starts the schedule; returns the function that stops it. Each wake-up re-reads the settings, so a
 * changed minute or bulletin time takes effect at the next slot.
 */
export function startScheduler(ctx: AppContext, jobs: ScheduledJobs, options: SchedulerOptions = {}): () => Promise<void> {
  const now = options.now ?? Date.now;
  const runner = createJobRunner(ctx, jobs);
  const entries = scheduleEntries(ctx, jobs, runner);
  // Each entry's last slot handled; the bulletin looks back over its lateness window at start.
  const last = new Map(entries.map((entry) => [entry.name, entry.name === 'bulletin' ? now() - BULLETIN_LATENESS_MS : now()]));
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;

  const arm = async () => {
    if (stopped) return;
    let soonest = Number.POSITIVE_INFINITY;
    for (const entry of entries) {
      // An entry that cannot say (its setting unreadable while the database is away) is asked again
      // at the next wake-up; the others, and the timer, go on.
      const slot = await entry.next(new Date(last.get(entry.name)!)).catch((error: unknown) => {
        reportProblem(`scheduler (${entry.name})`, error);
        return null;
      });
      if (slot) soonest = Math.min(soonest, slot.at.getTime());
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
    for (const entry of entries) {
      try {
        const slot = await entry.next(new Date(last.get(entry.name)!));
        if (!slot) continue;
        const lateBy = now() - slot.at.getTime();
        if (lateBy < 0) continue;
        if (lateBy <= entry.latenessMs) {
          last.set(entry.name, slot.at.getTime());
          slot.fire();
        } else {
          last.set(entry.name, now());
          if (entry.logSkipped) await logEvent(ctx, LOG_COMPONENTS.system, 'warning', `Scheduled ${slot.what ?? entry.name} run of ${slot.at.toISOString()} skipped: the daemon was not awake`);
        }
      } catch (error) {
        reportProblem(`scheduler (${entry.name})`, error);
      }
    }
    await arm().catch((error: unknown) => reportProblem('scheduler', error));
  };

  const watched = new Set(entries.flatMap((entry) => entry.settings));
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

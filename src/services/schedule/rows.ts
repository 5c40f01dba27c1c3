// The kinds of row a timed job declares for the schedule (JobSchedule, src/services/jobs/registry.ts):
// a slot of the spider cadence (schedule-settings), a daily time (a setting's switch and HH:MM), and
// the top of every hour. A job's module builds its row with one of these; the scheduler and the
// jobs list read every row the same way.
import type { AppContext } from '../../context.js';
import type { JobSchedule } from '../jobs/index.js';
import { getSetting } from '../settings/index.js';
import { DEFAULT_SCHEDULE_MINUTES, nextDailySlot, nextScheduledRun, spiderHoursOn, type ScheduleMinutes, type ScheduledJob } from './cadence.js';

const HOUR_MS = 60 * 60_000;
/** A cadence slot missed by more than this (the machine slept) is skipped rather than run late. */
const CADENCE_LATENESS_MS = 5 * 60_000;
/** A daily slot missed by up to this still runs (a daemon restarted just after it). */
const DAILY_LATENESS_MS = 30 * 60_000;

type Log = JobSchedule['log'];
type Start = JobSchedule['start'];

async function scheduleMinutes(ctx: AppContext): Promise<ScheduleMinutes> {
  try {
    return { ...DEFAULT_SCHEDULE_MINUTES, ...(await getSetting<ScheduleMinutes & Record<string, unknown>>(ctx, 'schedule-settings')) };
  } catch {
    // The database away: the cadence keeps its default minutes (the start itself waits for it).
    return DEFAULT_SCHEDULE_MINUTES;
  }
}

const two = (n: number) => String(n).padStart(2, '0');

/** The minutes past a spider hour at which `kind` runs (none: switched off). */
function minutesOf(kind: ScheduledJob, minutes: ScheduleMinutes): number[] {
  if (kind === 'spider') return [minutes.spiderMinuteA];
  return [...new Set([minutes.trendsMinuteA, minutes.trendsMinuteB])].filter((m) => m !== 0);
}

/** A kind of the spider cadence: the spider's hours, at its minutes of schedule-settings. */
export function cadenceRow(kind: ScheduledJob, log: Log, start?: Start): JobSchedule {
  return {
    slot: kind,
    setting: 'schedule-settings',
    latenessMs: CADENCE_LATENESS_MS,
    logSkipped: true,
    log,
    ...(start ? { start } : {}),
    async describe(ctx) {
      const at = minutesOf(kind, await scheduleMinutes(ctx));
      if (at.length === 0) return 'off';
      const weekday = spiderHoursOn(3).length;
      const weekend = spiderHoursOn(0).length;
      return `at minute ${at.map(two).join(' and ')} of the spider's hours (${weekday} a weekday, ${weekend} a weekend day), ${ctx.config.timeZone}`;
    },
    async next(ctx, after) {
      const minutes = await scheduleMinutes(ctx);
      if (minutesOf(kind, minutes).length === 0) return null;
      // The cadence's runs carry both kinds; the first that carries this one (a few at most).
      for (let from = after, i = 0; i < 64; i++) {
        const run = nextScheduledRun(from, ctx.config.timeZone, minutes);
        if (run.jobs.includes(kind)) return run.at;
        from = run.at;
      }
      return null;
    },
  };
}

/** Once a day at a setting's `dailyTime`, while its `dailyEnabled` is on. */
export function dailyRow(slot: string, setting: string, log: Log, start?: Start): JobSchedule {
  const read = (ctx: AppContext) => getSetting<{ dailyEnabled: boolean; dailyTime: string }>(ctx, setting);
  return {
    slot,
    setting,
    latenessMs: DAILY_LATENESS_MS,
    catchUpAtStart: true,
    log,
    ...(start ? { start } : {}),
    async describe(ctx) {
      const { dailyEnabled, dailyTime } = await read(ctx);
      return dailyEnabled ? `daily at ${dailyTime}, ${ctx.config.timeZone}` : 'off';
    },
    async next(ctx, after) {
      const { dailyEnabled, dailyTime } = await read(ctx);
      return dailyEnabled ? nextDailySlot(after, dailyTime, ctx.config.timeZone) : null;
    },
  };
}

/** At the top of every hour; however late, it still runs once (rather than waiting another hour). */
export function hourlyRow(slot: string, log: Log): JobSchedule {
  return {
    slot,
    setting: null,
    latenessMs: Number.POSITIVE_INFINITY,
    log,
    describe: async () => 'at the top of every hour',
    next: async (_ctx, after) => new Date((Math.floor(after.getTime() / HOUR_MS) + 1) * HOUR_MS),
  };
}

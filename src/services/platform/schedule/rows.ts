// The kinds of row a timed job declares for the schedule (JobSchedule, src/services/platform/jobs/registry.ts):
// a kind of the spider cadence (schedule-settings), a daily time (a setting's switch and HH:MM), and
// the top of every hour. Each row says its times as cron lines in the product's time zone, which
// bree fires (./index.ts); the jobs list reads every row the same way.
import type { AppContext } from '../../../context.js';
import type { JobSchedule } from '../jobs/index.js';
import { getSetting } from '../settings/index.js';
import {
  cadenceCron,
  cadenceMinutes,
  dailyCron,
  DEFAULT_SCHEDULE_MINUTES,
  HOURLY_CRON,
  WEEKDAY_SPIDER_HOURS,
  WEEKEND_SPIDER_HOURS,
  type ScheduledJob,
  type ScheduleMinutes,
} from './cadence.js';

/** A cadence slot missed by more than this (the machine slept, the loop stalled) is skipped rather than run late. */
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
      const at = cadenceMinutes(kind, await scheduleMinutes(ctx));
      if (at.length === 0) return 'off';
      return `at minute ${at.map(two).join(' and ')} of the spider's hours (${WEEKDAY_SPIDER_HOURS.length} a weekday, ${WEEKEND_SPIDER_HOURS.length} a weekend day), ${ctx.config.timeZone}`;
    },
    cron: async (ctx) => cadenceCron(kind, await scheduleMinutes(ctx)),
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
    async cron(ctx) {
      const { dailyEnabled, dailyTime } = await read(ctx);
      return dailyEnabled ? [dailyCron(dailyTime)] : [];
    },
  };
}

/** At the top of every hour; however late its firing comes, it still runs once. */
export function hourlyRow(slot: string, log: Log): JobSchedule {
  return {
    slot,
    setting: null,
    latenessMs: Number.POSITIVE_INFINITY,
    log,
    describe: async () => 'at the top of every hour',
    cron: async () => [HOURLY_CRON],
  };
}

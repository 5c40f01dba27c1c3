// When the timed jobs run, as cron lines in the product's time zone (bree fires them: ./index.ts).
// The spider at minute spiderMinuteA of each spider hour — weekdays hourly 06:00–17:00 and every 2
// hours 18:00–04:00 (18 a day), weekends every 2 hours 06:00–16:00 and every 4 hours 18:00–02:00 (9
// a day), each night's early hours counted on their own calendar day — and the trends analyzer at
// trendsMinuteA and trendsMinuteB of every spider hour (a minute of 0 disables its slot).

export type ScheduledJob = 'spider' | 'trends';

export interface ScheduleMinutes {
  spiderMinuteA: number;
  trendsMinuteA: number;
  trendsMinuteB: number;
}

export const DEFAULT_SCHEDULE_MINUTES: ScheduleMinutes = { spiderMinuteA: 1, trendsMinuteA: 31, trendsMinuteB: 0 };

const range = (from: number, to: number, step: number) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/** Monday–Friday: 00, 02, 04, every hour 06–17, then 18, 20, 22. */
export const WEEKDAY_SPIDER_HOURS: readonly number[] = Object.freeze([...range(0, 4, 2), ...range(6, 17, 1), ...range(18, 22, 2)]);
/** Saturday and Sunday: 02, every 2 hours 06–16, then 18 and 22. */
export const WEEKEND_SPIDER_HOURS: readonly number[] = Object.freeze([2, ...range(6, 16, 2), 18, 22]);

/** The minutes past a spider hour at which `kind` runs (none: switched off). */
export function cadenceMinutes(kind: ScheduledJob, minutes: ScheduleMinutes): number[] {
  if (kind === 'spider') return [minutes.spiderMinuteA];
  return [...new Set([minutes.trendsMinuteA, minutes.trendsMinuteB])].filter((m) => m !== 0).sort((a, b) => a - b);
}

/** The cron lines of one kind of the cadence: a weekday line and a weekend line (none while it is off). */
export function cadenceCron(kind: ScheduledJob, minutes: ScheduleMinutes): string[] {
  const at = cadenceMinutes(kind, minutes);
  if (at.length === 0) return [];
  return [`${at.join(',')} ${WEEKDAY_SPIDER_HOURS.join(',')} * * 1-5`, `${at.join(',')} ${WEEKEND_SPIDER_HOURS.join(',')} * * 0,6`];
}

/** Once a day at HH:MM. */
export function dailyCron(dailyTime: string): string {
  const [hour, minute] = dailyTime.split(':').map(Number) as [number, number];
  return `${minute} ${hour} * * *`;
}

/** At the top of every hour. */
export const HOURLY_CRON = '0 * * * *';

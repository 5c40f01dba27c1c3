// When the jobs run, in the product's time zone: the spider
// at minute spiderMinuteA of each spider hour — weekdays hourly 06:00–17:00 and every 2 hours
// 18:00–04:00 (18 a day), weekends every 2 hours 06:00–16:00 and every 4 hours 18:00–02:00 (9 a
// day), each night's early hours counted on their own calendar day — and the trends analyzer at
// trendsMinuteA and trendsMinuteB of every hour that had a spider start (a minute of 0 disables its
// slot). Pure functions: the scheduler only asks them for the next run.
import { addDays, instantOf, zonedTimeAt } from './zoned-time.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type ScheduledJob = 'spider' | 'trends';

export interface ScheduleMinutes {
  spiderMinuteA: number;
  trendsMinuteA: number;
  trendsMinuteB: number;
}

export const DEFAULT_SCHEDULE_MINUTES: ScheduleMinutes = { spiderMinuteA: 1, trendsMinuteA: 31, trendsMinuteB: 0 };

const range = (from: number, to: number, step: number) => Array.from({ length: Math.floor((to - from) / step) + 1 }, (_, i) => from + i * step);

/** Monday–Friday: 00, 02, 04, every hour 06–17, then 18, 20, 22. */
const WEEKDAY_SPIDER_HOURS: readonly number[] = Object.freeze([...range(0, 4, 2), ...range(6, 17, 1), ...range(18, 22, 2)]);
/** Saturday and Sunday: 02, every 2 hours 06–16, then 18 and 22. */
const WEEKEND_SPIDER_HOURS: readonly number[] = Object.freeze([2, ...range(6, 16, 2), 18, 22]);

/** Spider hours of a day of the week (0 = Sunday). */
export function spiderHoursOn(weekday: number): readonly number[] {
  return weekday === 0 || weekday === 6 ? WEEKEND_SPIDER_HOURS : WEEKDAY_SPIDER_HOURS;
}

/** The jobs a local wall time starts (empty for most minutes). */
export function jobsAt(local: { weekday: number; hour: number; minute: number }, minutes: ScheduleMinutes): ScheduledJob[] {
  if (!spiderHoursOn(local.weekday).includes(local.hour)) return [];
  const jobs: ScheduledJob[] = [];
  if (local.minute === minutes.spiderMinuteA) jobs.push('spider');
  const trendMinutes = [minutes.trendsMinuteA, minutes.trendsMinuteB].filter((m) => m !== 0);
  if (trendMinutes.includes(local.minute)) jobs.push('trends');
  return jobs;
}

export interface ScheduledRun {
  at: Date;
  jobs: ScheduledJob[];
}

/** Every scheduled run on one local calendar day, in order. */
function runsOn(date: { year: number; month: number; day: number; weekday: number }, timeZone: string, minutes: ScheduleMinutes): ScheduledRun[] {
  const byInstant = new Map<number, Set<ScheduledJob>>();
  const slots: [number, ScheduledJob][] = [[minutes.spiderMinuteA, 'spider']];
  for (const minute of new Set([minutes.trendsMinuteA, minutes.trendsMinuteB])) if (minute !== 0) slots.push([minute, 'trends']);
  for (const hour of spiderHoursOn(date.weekday)) {
    for (const [minute, job] of slots) {
      const at = instantOf({ year: date.year, month: date.month, day: date.day, hour, minute }, timeZone);
      let jobs = byInstant.get(at);
      if (!jobs) byInstant.set(at, (jobs = new Set()));
      jobs.add(job);
    }
  }
  return [...byInstant.entries()]
    .sort(([a], [b]) => a - b)
    .map(([at, jobs]) => ({ at: new Date(at), jobs: (['spider', 'trends'] as const).filter((job) => jobs.has(job)) }));
}

/** Scheduled runs with `from < at <= to`, in order. */
export function scheduledRunsBetween(from: Date, to: Date, timeZone: string, minutes: ScheduleMinutes): ScheduledRun[] {
  const first = zonedTimeAt(from.getTime() - 24 * 60 * 60 * 1000, timeZone);
  const runs: ScheduledRun[] = [];
  for (let d = 0; ; d++) {
    const date = addDays(first, d);
    if (Date.UTC(date.year, date.month - 1, date.day) > to.getTime() + 2 * 24 * 60 * 60 * 1000) break;
    for (const run of runsOn(date, timeZone, minutes)) if (run.at > from && run.at <= to) runs.push(run);
  }
  runs.sort((a, b) => a.at.getTime() - b.at.getTime());
  // A skipped wall time moved onto another slot's instant: one run, both jobs.
  const merged: ScheduledRun[] = [];
  for (const run of runs) {
    const last = merged[merged.length - 1];
    if (last && last.at.getTime() === run.at.getTime()) last.jobs = (['spider', 'trends'] as const).filter((j) => last.jobs.includes(j) || run.jobs.includes(j));
    else merged.push(run);
  }
  return merged;
}

/** The first scheduled run strictly after `after`. */
export function nextScheduledRun(after: Date, timeZone: string, minutes: ScheduleMinutes): ScheduledRun {
  // Every day has spider hours, so two days always hold the next run.
  const runs = scheduledRunsBetween(after, new Date(after.getTime() + 3 * 24 * 60 * 60 * 1000), timeZone, minutes);
  return runs[0]!;
}

/** The spider schedule as the console's read-only card lists it. */
export function spiderScheduleTable(minutes: Pick<ScheduleMinutes, 'spiderMinuteA'> = DEFAULT_SCHEDULE_MINUTES): { days: string; times: string[] }[] {
  const at = (hour: number) => `${String(hour).padStart(2, '0')}:${String(minutes.spiderMinuteA).padStart(2, '0')}`;
  return [
    { days: 'Monday–Friday', times: WEEKDAY_SPIDER_HOURS.map(at) },
    { days: 'Saturday–Sunday', times: WEEKEND_SPIDER_HOURS.map(at) },
  ];
}

/** The next daily bulletin slot after `after`: HH:MM local time, today or tomorrow. */
export function nextDailySlot(after: Date, dailyTime: string, timeZone: string): Date {
  const [hour, minute] = dailyTime.split(':').map(Number) as [number, number];
  const today = zonedTimeAt(after.getTime(), timeZone);
  for (let d = 0; d < 3; d++) {
    const day = addDays(today, d);
    const at = instantOf({ year: day.year, month: day.month, day: day.day, hour, minute }, timeZone);
    if (at > after.getTime()) return new Date(at);
  }
  return new Date(after.getTime() + DAY_MS);
}

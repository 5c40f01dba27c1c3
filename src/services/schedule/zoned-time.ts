// Wall-clock time in an IANA time zone, both ways, without a time-zone library: Intl gives the
// local fields of an instant; the instant of a wall time is found from the two offsets around it,
// which is what makes daylight-saving changes come out right.

export interface WallTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export interface ZonedTime extends WallTime {
  second: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The local date and time of an instant in a time zone. */
export function zonedTimeAt(instant: number, timeZone: string): ZonedTime {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday!] ?? 0,
  };
}

/** Local time minus UTC at an instant, in ms (−6 h for Chicago in winter). */
function offsetAt(instant: number, timeZone: string): number {
  const local = zonedTimeAt(instant, timeZone);
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

function sameWallTime(a: WallTime, b: WallTime): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;
}

/**
 * The instant a wall time happens in a time zone. A time the clocks skip (spring forward) happens
 * as late as the skip: 02:01 on a night that jumps from 02:00 to 03:00 is 03:01. A time that
 * happens twice (fall back) is its first occurrence.
 */
export function instantOf(wall: WallTime, timeZone: string): number {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  const before = offsetAt(asUtc - DAY_MS, timeZone);
  const after = offsetAt(asUtc + DAY_MS, timeZone);
  const matches = [...new Set([asUtc - before, asUtc - after])]
    .filter((candidate) => sameWallTime(zonedTimeAt(candidate, timeZone), wall))
    .sort((a, b) => a - b);
  return matches[0] ?? asUtc - before;
}

/** The calendar date `days` after a date (no time zone involved). */
export function addDays(date: Pick<WallTime, 'year' | 'month' | 'day'>, days: number): { year: number; month: number; day: number; weekday: number } {
  const moved = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate(), weekday: moved.getUTCDay() };
}

// The §9 cadence as a pure function of time: runs per day, minutes from the schedule settings,
// and daylight-saving days in America/Chicago (no run lost in spring, none doubled in autumn).
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SCHEDULE_MINUTES,
  jobsAt,
  nextScheduledRun,
  scheduledRunsBetween,
  spiderHoursOn,
  spiderScheduleTable,
  type ScheduleMinutes,
} from '../../../src/services/schedule/cadence.js';
import { instantOf, zonedTimeAt } from '../../../src/services/schedule/zoned-time.js';

const CHICAGO = 'America/Chicago';
const HOUR = 60 * 60 * 1000;

/** Runs of one local calendar day in Chicago. */
function runsOnLocalDay(year: number, month: number, day: number, minutes: ScheduleMinutes = DEFAULT_SCHEDULE_MINUTES) {
  const start = instantOf({ year, month, day, hour: 0, minute: 0 }, CHICAGO);
  const end = instantOf({ year, month, day: day + 1, hour: 0, minute: 0 }, CHICAGO);
  return scheduledRunsBetween(new Date(start - 1), new Date(end - 1), CHICAGO, minutes);
}

const local = (date: Date) => {
  const t = zonedTimeAt(date.getTime(), CHICAGO);
  return `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
};

describe('spider cadence (spec 001 §9)', () => {
  it('runs 18 times on a weekday and 9 times on a weekend day', () => {
    expect(spiderHoursOn(1)).toHaveLength(18);
    expect(spiderHoursOn(5)).toHaveLength(18);
    expect(spiderHoursOn(0)).toHaveLength(9);
    expect(spiderHoursOn(6)).toHaveLength(9);
    // Wednesday 2025-01-15 and Saturday 2025-01-18, counted from real instants.
    const wednesday = runsOnLocalDay(2025, 1, 15).filter((r) => r.jobs.includes('spider'));
    expect(wednesday.map((r) => local(r.at))).toEqual([
      '00:01', '02:01', '04:01', '06:01', '07:01', '08:01', '09:01', '10:01', '11:01', '12:01', '13:01', '14:01', '15:01', '16:01', '17:01',
      '18:01', '20:01', '22:01',
    ]);
    const saturday = runsOnLocalDay(2025, 1, 18).filter((r) => r.jobs.includes('spider'));
    expect(saturday.map((r) => local(r.at))).toEqual(['02:01', '06:01', '08:01', '10:01', '12:01', '14:01', '16:01', '18:01', '22:01']);
  });

  it('runs the trends analysis 30 minutes after each scheduled spider start, and at minute B when set', () => {
    expect(jobsAt({ weekday: 3, hour: 9, minute: 1 }, DEFAULT_SCHEDULE_MINUTES)).toEqual(['spider']);
    expect(jobsAt({ weekday: 3, hour: 9, minute: 31 }, DEFAULT_SCHEDULE_MINUTES)).toEqual(['trends']);
    expect(jobsAt({ weekday: 3, hour: 9, minute: 0 }, DEFAULT_SCHEDULE_MINUTES)).toEqual([]);
    // 19:00 is no spider hour on a weekday, so no trends run either.
    expect(jobsAt({ weekday: 3, hour: 19, minute: 31 }, DEFAULT_SCHEDULE_MINUTES)).toEqual([]);
    const both = { spiderMinuteA: 5, trendsMinuteA: 35, trendsMinuteB: 50 };
    expect(jobsAt({ weekday: 6, hour: 8, minute: 50 }, both)).toEqual(['trends']);
    const day = runsOnLocalDay(2025, 1, 15, both);
    expect(day.filter((r) => r.jobs.includes('trends'))).toHaveLength(36);
    expect(day.filter((r) => r.jobs.includes('spider')).map((r) => local(r.at))[0]).toBe('00:05');
  });

  it('lets a minute of 0 disable a trends slot', () => {
    const off = { spiderMinuteA: 1, trendsMinuteA: 0, trendsMinuteB: 0 };
    expect(runsOnLocalDay(2025, 1, 15, off).every((r) => !r.jobs.includes('trends'))).toBe(true);
    expect(jobsAt({ weekday: 2, hour: 10, minute: 0 }, off)).toEqual([]);
  });

  it('gives the next run strictly after a moment, in Chicago time', () => {
    // Friday 2025-01-17 17:30 CST: next spider start is 18:01, then Saturday's first is 02:01.
    const friday = new Date(instantOf({ year: 2025, month: 1, day: 17, hour: 17, minute: 30 }, CHICAGO));
    const next = nextScheduledRun(friday, CHICAGO, DEFAULT_SCHEDULE_MINUTES);
    expect(local(next.at)).toBe('17:31');
    expect(next.jobs).toEqual(['trends']);
    const afterTrends = nextScheduledRun(next.at, CHICAGO, DEFAULT_SCHEDULE_MINUTES);
    expect(local(afterTrends.at)).toBe('18:01');
    expect(afterTrends.at.toISOString()).toBe('2025-01-18T00:01:00.000Z');
    const lateFriday = new Date(instantOf({ year: 2025, month: 1, day: 17, hour: 22, minute: 40 }, CHICAGO));
    const saturday = nextScheduledRun(lateFriday, CHICAGO, { ...DEFAULT_SCHEDULE_MINUTES, trendsMinuteA: 0 });
    expect(saturday.at.toISOString()).toBe('2025-01-18T08:01:00.000Z');
  });

  it('loses no run when clocks spring forward and doubles none when they fall back', () => {
    // Sunday 2025-03-09: 02:00 CST jumps to 03:00 CDT, so 02:01 does not exist; it runs at 03:01 CDT.
    const spring = runsOnLocalDay(2025, 3, 9).filter((r) => r.jobs.includes('spider'));
    expect(spring).toHaveLength(9);
    expect(spring[0]!.at.toISOString()).toBe('2025-03-09T08:01:00.000Z');
    expect(local(spring[0]!.at)).toBe('03:01');
    // Sunday 2025-11-02: 01:00–02:00 happens twice; the 02:01 run happens once, at 02:01 CST.
    const autumn = runsOnLocalDay(2025, 11, 2).filter((r) => r.jobs.includes('spider'));
    expect(autumn).toHaveLength(9);
    expect(autumn[0]!.at.toISOString()).toBe('2025-11-02T08:01:00.000Z');
    const instants = autumn.map((r) => r.at.getTime());
    expect(new Set(instants).size).toBe(instants.length);
    // Over the whole DST week, consecutive runs are always at least ~an hour apart in real time.
    const week = scheduledRunsBetween(new Date('2025-03-07T00:00:00Z'), new Date('2025-03-12T00:00:00Z'), CHICAGO, DEFAULT_SCHEDULE_MINUTES)
      .filter((r) => r.jobs.includes('spider'))
      .map((r) => r.at.getTime());
    for (let i = 1; i < week.length; i++) expect(week[i]! - week[i - 1]!).toBeGreaterThanOrEqual(HOUR);
  });

  it('follows the configured time zone', () => {
    // Kolkata is UTC+5:30 with no DST: 08:31 local (trends) is 03:01 UTC, 09:01 (spider) is 03:31.
    const runs = scheduledRunsBetween(new Date('2025-01-15T03:00:00Z'), new Date('2025-01-15T04:00:00Z'), 'Asia/Kolkata', DEFAULT_SCHEDULE_MINUTES);
    expect(runs.map((r) => [r.at.toISOString(), r.jobs])).toEqual([
      ['2025-01-15T03:01:00.000Z', ['trends']],
      ['2025-01-15T03:31:00.000Z', ['spider']],
    ]);
  });

  it('lists the schedule for the console card', () => {
    const table = spiderScheduleTable();
    expect(table[0]!.times).toHaveLength(18);
    expect(table[1]!.times).toEqual(['02:01', '06:01', '08:01', '10:01', '12:01', '14:01', '16:01', '18:01', '22:01']);
  });
});

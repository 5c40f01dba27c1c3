// The §9 cadence as cron lines and the slots bree fires them at (the patched @breejs/later, which
// gives each slot the offset in force at its own time): runs per day, minutes from the schedule
// settings, and daylight-saving days in America/Chicago (no run lost in spring, none doubled in
// autumn), in any configured time zone.
import { describe, expect, it } from 'vitest';
import later from '@breejs/later';
import {
  cadenceCron,
  DEFAULT_SCHEDULE_MINUTES,
  dailyCron,
  HOURLY_CRON,
  type ScheduleMinutes,
  type ScheduledJob,
} from '../../../../src/services/platform/schedule/cadence.js';
import { latestSlot, nextSlot } from '../../../../src/services/platform/schedule/cron.js';
import { zonedTimeAt } from '../../../../src/services/platform/schedule/zoned-time.js';

const CHICAGO = 'America/Chicago';
const HOUR = 60 * 60 * 1000;

/** Every slot of the lines with from < at <= to. */
function slotsBetween(lines: readonly string[], timeZone: string, from: Date, to: Date): Date[] {
  const slots: Date[] = [];
  for (let at = nextSlot(lines, timeZone, from); at && at <= to; at = nextSlot(lines, timeZone, at)) slots.push(at);
  return slots;
}

/** Midnight starting a calendar day in Chicago (clocks change at 02:00, so the day before's noon has midnight's offset). */
function midnight(year: number, month: number, day: number): number {
  const noonBefore = Date.UTC(year, month - 1, day - 1, 12);
  const t = zonedTimeAt(noonBefore, CHICAGO);
  const offset = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute) - noonBefore;
  return Date.UTC(year, month - 1, day) - offset;
}

/** One kind's slots on one local calendar day in Chicago. */
function onLocalDay(kind: ScheduledJob, year: number, month: number, day: number, minutes: ScheduleMinutes = DEFAULT_SCHEDULE_MINUTES): Date[] {
  const start = midnight(year, month, day);
  const end = midnight(year, month, day + 1);
  return slotsBetween(cadenceCron(kind, minutes), CHICAGO, new Date(start - 1), new Date(end - 1));
}

const local = (date: Date, timeZone = CHICAGO) => {
  const t = zonedTimeAt(date.getTime(), timeZone);
  return `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
};

describe('spider cadence (spec 001 §9)', () => {
  it('runs 18 times on a weekday and 9 times on a weekend day', () => {
    // Wednesday 2025-01-15 and Saturday 2025-01-18, counted from real instants.
    expect(onLocalDay('spider', 2025, 1, 15).map((at) => local(at))).toEqual([
      '00:01',
      '02:01',
      '04:01',
      '06:01',
      '07:01',
      '08:01',
      '09:01',
      '10:01',
      '11:01',
      '12:01',
      '13:01',
      '14:01',
      '15:01',
      '16:01',
      '17:01',
      '18:01',
      '20:01',
      '22:01',
    ]);
    expect(onLocalDay('spider', 2025, 1, 18).map((at) => local(at))).toEqual(['02:01', '06:01', '08:01', '10:01', '12:01', '14:01', '16:01', '18:01', '22:01']);
  });

  it('runs the trends analysis 30 minutes after each scheduled spider start, and at minute B when set', () => {
    const wednesday = onLocalDay('trends', 2025, 1, 15);
    expect(wednesday).toHaveLength(18);
    expect(wednesday.map((at) => local(at)).slice(0, 4)).toEqual(['00:31', '02:31', '04:31', '06:31']);
    // 19:00 is no spider hour on a weekday, so no trends run either.
    expect(wednesday.map((at) => local(at))).not.toContain('19:31');
    const both = { spiderMinuteA: 5, trendsMinuteA: 35, trendsMinuteB: 50 };
    expect(onLocalDay('trends', 2025, 1, 15, both)).toHaveLength(36);
    expect(onLocalDay('trends', 2025, 1, 18, both).map((at) => local(at))).toContain('08:50');
    expect(local(onLocalDay('spider', 2025, 1, 15, both)[0]!)).toBe('00:05');
  });

  it('lets a minute of 0 disable a trends slot', () => {
    expect(cadenceCron('trends', { spiderMinuteA: 1, trendsMinuteA: 0, trendsMinuteB: 0 })).toEqual([]);
    expect(cadenceCron('trends', { spiderMinuteA: 1, trendsMinuteA: 0, trendsMinuteB: 45 })).toEqual([
      '45 0,2,4,6,7,8,9,10,11,12,13,14,15,16,17,18,20,22 * * 1-5',
      '45 2,6,8,10,12,14,16,18,22 * * 0,6',
    ]);
  });

  it('gives the next slot strictly after a moment, in Chicago time', () => {
    // Friday 2025-01-17 17:30 CST: the next analysis is 17:31, the next crawl 18:01, then Saturday's first is 02:01.
    const friday = new Date('2025-01-17T23:30:00Z');
    expect(local(nextSlot(cadenceCron('trends', DEFAULT_SCHEDULE_MINUTES), CHICAGO, friday)!)).toBe('17:31');
    const crawl = nextSlot(cadenceCron('spider', DEFAULT_SCHEDULE_MINUTES), CHICAGO, friday)!;
    expect(crawl.toISOString()).toBe('2025-01-18T00:01:00.000Z');
    expect(nextSlot(cadenceCron('spider', DEFAULT_SCHEDULE_MINUTES), CHICAGO, crawl)!.toISOString()).toBe('2025-01-18T02:01:00.000Z');
    const lateFriday = new Date('2025-01-18T04:40:00Z');
    expect(nextSlot(cadenceCron('spider', DEFAULT_SCHEDULE_MINUTES), CHICAGO, lateFriday)!.toISOString()).toBe('2025-01-18T08:01:00.000Z');
    // The slot a firing is for: the latest at or before it.
    expect(latestSlot(cadenceCron('spider', DEFAULT_SCHEDULE_MINUTES), CHICAGO, new Date(crawl.getTime() + 300))).toEqual(crawl);
  });

  it('loses no run when clocks spring forward and doubles none when they fall back', () => {
    // Sunday 2025-03-09: 02:00 CST jumps to 03:00 CDT, so 02:01 does not exist; it runs at 03:01 CDT.
    const spring = onLocalDay('spider', 2025, 3, 9);
    expect(spring).toHaveLength(9);
    expect(spring[0]!.toISOString()).toBe('2025-03-09T08:01:00.000Z');
    expect(local(spring[0]!)).toBe('03:01');
    // Sunday 2025-11-02: 01:00–02:00 happens twice; the 02:01 run happens once, at 02:01 CST.
    const autumn = onLocalDay('spider', 2025, 11, 2);
    expect(autumn).toHaveLength(9);
    expect(autumn[0]!.toISOString()).toBe('2025-11-02T08:01:00.000Z');
    expect(new Set(autumn.map((at) => at.getTime())).size).toBe(autumn.length);
    // Over the whole DST week, consecutive runs are always at least an hour apart in real time.
    const week = slotsBetween(cadenceCron('spider', DEFAULT_SCHEDULE_MINUTES), CHICAGO, new Date('2025-03-07T00:00:00Z'), new Date('2025-03-12T00:00:00Z'));
    for (let i = 1; i < week.length; i++) expect(week[i]!.getTime() - week[i - 1]!.getTime()).toBeGreaterThanOrEqual(HOUR);
    // A daily time the clocks skip happens as late as the skip; one they repeat, once, at its first occurrence.
    expect(nextSlot([dailyCron('02:30')], CHICAGO, new Date('2025-03-09T06:00:00Z'))!.toISOString()).toBe('2025-03-09T08:30:00.000Z');
    expect(
      slotsBetween([dailyCron('01:30')], CHICAGO, new Date('2025-11-02T00:00:00Z'), new Date('2025-11-03T00:00:00Z')).map((at) => at.toISOString()),
    ).toEqual(['2025-11-02T06:30:00.000Z']);
  });

  it('gives bree itself the slot of the first day after a change of offset (the patch it runs with)', () => {
    // Saturday 2025-03-08 07:00 CST: the next daily 06:45 is Sunday's, after the clocks sprang
    // forward, so at 06:45 CDT (11:45Z), not an hour later as the offset of "now" would put it.
    const schedule = later.schedule(later.parse.cron(dailyCron('06:45')));
    expect(later.zonedNext(schedule, 1, Date.parse('2025-03-08T13:00:00Z'), CHICAGO).map((at) => at.toISOString())).toEqual(['2025-03-09T11:45:00.000Z']);
  });

  it('follows the configured time zone', () => {
    // Kolkata is UTC+5:30 with no DST: 08:31 local (trends) is 03:01 UTC, 09:01 (spider) is 03:31.
    const from = new Date('2025-01-15T03:00:00Z');
    const to = new Date('2025-01-15T04:00:00Z');
    expect(slotsBetween(cadenceCron('trends', DEFAULT_SCHEDULE_MINUTES), 'Asia/Kolkata', from, to).map((at) => at.toISOString())).toEqual([
      '2025-01-15T03:01:00.000Z',
    ]);
    expect(slotsBetween(cadenceCron('spider', DEFAULT_SCHEDULE_MINUTES), 'Asia/Kolkata', from, to).map((at) => at.toISOString())).toEqual([
      '2025-01-15T03:31:00.000Z',
    ]);
    expect(slotsBetween([HOURLY_CRON], 'Asia/Kolkata', from, to).map((at) => at.toISOString())).toEqual(['2025-01-15T03:30:00.000Z']);
  });
});

import { describe, expect, it } from 'vitest';
import { dateInText, dateOf, isoDate } from '../../../../src/services/reader/extract/dates.js';

describe('isoDate', () => {
  it('keeps the offset and precision the page gave', () => {
    expect(isoDate('2024-05-03T15:47:42.389000+00:00')).toBe('2024-05-03T15:47:42+00:00');
    expect(isoDate('2024-05-03T23:10:00+0200')).toBe('2024-05-03T23:10:00+02:00');
    expect(isoDate('2024-05-03T23:10Z')).toBe('2024-05-03T23:10:00Z');
    expect(isoDate('2024-05-03 16:55:35')).toBe('2024-05-03T16:55:35');
    expect(isoDate('2024-05-03')).toBe('2024-05-03');
    expect(isoDate('20240503')).toBe('2024-05-03');
  });

  it('reads epoch timestamps, unambiguous numeric dates and textual dates', () => {
    expect(isoDate('1750680000000')).toBe('2025-06-23T12:00:00Z');
    expect(isoDate('1750680000')).toBe('2025-06-23T12:00:00Z');
    expect(isoDate('13/11/2025 09:21:40')).toBe('2025-11-13T09:21:40');
    expect(isoDate('4/24/2000 12:00:00 AM')).toBe('2000-04-24T00:00:00');
    expect(isoDate('Fri, 03 May 2024 15:47:42 GMT')).toBe('2024-05-03T15:47:42Z');
    expect(isoDate('Nov 05, 2025')).toBe('2025-11-05');
  });

  it('refuses what is not a plausible date', () => {
    for (const raw of ['', 'yesterday', '2024-13-01', '2024-02-30', '05/06/2024', 'Aug 15', '1850-01-01', null, undefined]) {
      expect(isoDate(raw)).toBeNull();
    }
  });
});

describe('dateInText', () => {
  it('finds the first written date in either order', () => {
    expect(dateInText('by Jane Doe, Dec 17, 2025')).toBe('2025-12-17');
    expect(dateInText('Last updated on 17 December 2025')).toBe('2025-12-17');
    expect(dateInText('Posted 2025-03-04 in News')).toBe('2025-03-04');
    expect(dateInText('March 3rd, 2024 and April 9, 2024')).toBe('2024-03-03');
  });

  it('returns null without a full date', () => {
    expect(dateInText('Founded in 2000')).toBeNull();
    expect(dateInText('February 30, 2024')).toBeNull();
  });
});

describe('dateOf: the one date parser of pages, feeds and sitemaps', () => {
  it('reads RFC 822, ISO 8601, epoch and textual dates as instants, a time without an offset as UTC', () => {
    expect(dateOf('Tue, 10 Jun 2003 04:00:00 GMT')?.toISOString()).toBe('2003-06-10T04:00:00.000Z');
    expect(dateOf('Tue, 10 Jun 2003 04:00:00 -0400')?.toISOString()).toBe('2003-06-10T08:00:00.000Z');
    expect(dateOf('2024-05-03T15:47:42.389+02:00')?.toISOString()).toBe('2024-05-03T13:47:42.000Z');
    expect(dateOf('2024-05-03T15:47:42')?.toISOString()).toBe('2024-05-03T15:47:42.000Z');
    expect(dateOf('2024-05-03')?.toISOString()).toBe('2024-05-03T00:00:00.000Z');
    expect(dateOf('1714744062')?.toISOString()).toBe('2024-05-03T13:47:42.000Z');
    expect(dateOf('May 3, 2024')?.toISOString()).toBe('2024-05-03T00:00:00.000Z');
  });

  it('reads no date into nonsense', () => {
    for (const text of [null, '', 'yesterday', '-5', '2024-13-45', '03/04/2024', 'x'.repeat(100)]) expect(dateOf(text)).toBeNull();
  });
});

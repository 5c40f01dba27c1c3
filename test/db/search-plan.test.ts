// How a search finds its candidates, from the table's statistics alone: the choice between
// walking, a window read from the crawl-time index, a window whose matches' times are read, and
// the recent set (sql/021). The results are the same either way (search.test.ts); these are costs.
import { describe, expect, it } from 'vitest';
import { planSearch } from '../../src/db/articles.js';

const DAY = 86_400_000;
const NOW = Date.parse('2026-12-01T00:00:00Z');
const ARTICLES = 1_000_000;
const CANDIDATES = 250;
// A year of articles at an even pace: the crawl-time histogram's 101 bounds, oldest first.
const BOUNDS = Array.from({ length: 101 }, (_, i) => new Date(NOW - (100 - i) * 3.65 * DAY));
/** The recent set as the newest tenth of the articles, as the upkeep keeps it at a million. */
const RECENT_TENTH = BOUNDS[90]!.getTime();

const plan = (estimated: number, recentSince: number | null) => planSearch({ total: ARTICLES, bounds: BOUNDS, recentSince }, estimated, CANDIDATES);

describe('search plan', () => {
  it('tests the times of a window lying in the recent set, whose few matches cost less than the crawl-time index over the window', () => {
    // 10,000 matches: a window of the newest 7.5 % holds ~750, inside the recent tenth, whose own
    // ~1,100 matches are what reading each one's time costs; 75,000 rows of the index cost more.
    const chosen = plan(10_000, RECENT_TENTH);
    expect(chosen).toMatchObject({ walk: false, recent: true, windowIndexed: false, recentSince: RECENT_TENTH });
    expect(chosen.since!.getTime()).toBeGreaterThanOrEqual(RECENT_TENTH);
  });

  it('reads the same window from the crawl-time index when the whole table would be tested', () => {
    // Every article in the recent set (a small archive): its lists are the whole table's.
    expect(plan(10_000, -Infinity)).toMatchObject({ walk: false, recent: true, windowIndexed: true, recentSince: null });
    // No recent set recorded yet: the full indexes.
    expect(plan(10_000, null)).toMatchObject({ walk: false, recent: false, windowIndexed: true });
  });

  it('reads a window reaching past the recent set from the index when its matches are many', () => {
    // 5,000 matches: a window of the newest 15 %, past the recent tenth; every match is tested otherwise.
    const chosen = plan(5_000, RECENT_TENTH);
    expect(chosen).toMatchObject({ walk: false, recent: false, windowIndexed: true });
    expect(chosen.since!.getTime()).toBeLessThan(RECENT_TENTH);
    // Few matches: a wide window, each match's time read.
    expect(plan(1_600, RECENT_TENTH)).toMatchObject({ walk: false, recent: false, windowIndexed: false });
  });

  it('walks a word in most articles and searches a rare one without a window', () => {
    expect(plan(200_000, RECENT_TENTH)).toMatchObject({ walk: true, since: null });
    expect(plan(1_000, RECENT_TENTH)).toMatchObject({ walk: false, since: null, windowIndexed: false });
  });
});

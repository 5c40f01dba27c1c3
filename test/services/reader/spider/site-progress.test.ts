// One site's share done, as a crawl reports it with its claim: tasks done against those ahead, the
// articles ahead being the remaining per-run cap until discovery ends, then the candidates queued.
import { describe, expect, it } from 'vitest';
import { siteProgress } from '../../../../src/services/reader/spider/crawl-types.js';

const work = (over: Partial<Parameters<typeof siteProgress>[0]>) =>
  siteProgress({ done: 0, discoveryPending: 0, articlesPending: 0, stored: 0, budget: 20, ...over });

describe('siteProgress', () => {
  it('reads 0 before the first task is done', () => {
    expect(work({ discoveryPending: 1 })).toBe(0);
    expect(work({})).toBe(0);
  });

  it('counts the whole remaining cap ahead while discovery goes on, however few candidates are queued yet', () => {
    // robots.txt done, the start page next: 1 done of 1 + 1 + 20.
    expect(work({ done: 1, discoveryPending: 1 })).toBeCloseTo(1 / 22);
    // Home-page links queued (3), feeds and sitemaps still to read: still the cap of 20 ahead.
    expect(work({ done: 2, discoveryPending: 2, articlesPending: 3 })).toBeCloseTo(2 / 24);
    // A crawl taken over with 15 stored already: 5 articles ahead at most.
    expect(work({ done: 1, discoveryPending: 1, stored: 15 })).toBeCloseTo(1 / 7);
  });

  it('after discovery, counts only the candidates queued when fewer than the cap', () => {
    expect(work({ done: 4, articlesPending: 4 })).toBeCloseTo(0.5);
    expect(work({ done: 4, articlesPending: 500 })).toBeCloseTo(4 / 24);
    // 10 stored: 10 more allowed of the 500 queued.
    expect(work({ done: 14, articlesPending: 490, stored: 10 })).toBeCloseTo(14 / 24);
  });

  it('reads 1 once nothing is ahead: the cap reached (the queued rest will be dropped) or the queue empty', () => {
    expect(work({ done: 24, articlesPending: 476, stored: 20 })).toBe(1);
    expect(work({ done: 6 })).toBe(1);
  });

  it('moves forward with each article page done', () => {
    const steps = Array.from({ length: 21 }, (_, i) => work({ done: 4 + i, articlesPending: 100 - i, stored: i }));
    for (let i = 1; i < steps.length; i++) expect(steps[i]!).toBeGreaterThan(steps[i - 1]!);
    expect(steps.at(-1)).toBe(1);
  });
});

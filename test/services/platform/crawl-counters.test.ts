// The crawler's figures for /metrics: each request counted once by how it ended, answers' bytes summed.
import { describe, expect, it } from 'vitest';
import { BlockedAddressError, FetchError, HttpStatusError } from '../../../src/net/index.js';
import { countCrawlAnswer, countCrawlFailure, crawlMetricLines } from '../../../src/services/platform/metrics/crawl-counters.js';

const value = (series: string) =>
  Number(
    crawlMetricLines()
      .find((line) => line.startsWith(`${series} `))!
      .split(' ')[1],
  );

describe('crawl counters', () => {
  it('count answers by status class, refusals by the guard and failures on the way', () => {
    const before = Object.fromEntries(
      ['2xx', '4xx', 'refused', 'failed'].map((outcome) => [outcome, value(`newsctl_crawl_requests_total{outcome="${outcome}"}`)]),
    );
    const bytes = value('newsctl_crawl_response_bytes_total');
    countCrawlAnswer(200, 1_500);
    countCrawlAnswer(204, 0);
    countCrawlFailure(new HttpStatusError(404, 'https://a.example/x'));
    countCrawlFailure(new BlockedAddressError('127.0.0.1', 'loopback', 'http://127.0.0.1/'));
    countCrawlFailure(new FetchError('TIMEOUT', 'timed out'));
    expect(value('newsctl_crawl_requests_total{outcome="2xx"}') - before['2xx']!).toBe(2);
    expect(value('newsctl_crawl_requests_total{outcome="4xx"}') - before['4xx']!).toBe(1);
    expect(value('newsctl_crawl_requests_total{outcome="refused"}') - before.refused!).toBe(1);
    expect(value('newsctl_crawl_requests_total{outcome="failed"}') - before.failed!).toBe(1);
    expect(value('newsctl_crawl_response_bytes_total') - bytes).toBe(1_500);
  });
});

// What this daemon's crawler asked of the web since it started, for GET /metrics: requests by how
// they ended, and the bytes the answers held. Counted where every crawl request goes (politeFetch).
import { FetchError, HttpStatusError } from '../../../net/index.js';

/** How a crawl request ended: its status class, refused by the address guard, or failed on the way (timeout, reset, too large). */
export type CrawlOutcome = '2xx' | '3xx' | '4xx' | '5xx' | 'refused' | 'failed';

const requests = new Map<CrawlOutcome, number>();
let bytes = 0;

export function countCrawlAnswer(status: number, bodyBytes: number): void {
  const outcome = `${Math.min(5, Math.max(2, Math.floor(status / 100)))}xx` as CrawlOutcome;
  requests.set(outcome, (requests.get(outcome) ?? 0) + 1);
  bytes += bodyBytes;
}

export function countCrawlFailure(error: unknown): void {
  if (error instanceof HttpStatusError) return countCrawlAnswer(error.status, 0);
  const outcome: CrawlOutcome = error instanceof FetchError && error.code.startsWith('BLOCKED_') ? 'refused' : 'failed';
  requests.set(outcome, (requests.get(outcome) ?? 0) + 1);
}

export function crawlMetricLines(): string[] {
  return [
    '# HELP newsctl_crawl_requests_total Crawl requests this daemon made, by how they ended.',
    '# TYPE newsctl_crawl_requests_total counter',
    ...(['2xx', '3xx', '4xx', '5xx', 'refused', 'failed'] as const).map(
      (outcome) => `newsctl_crawl_requests_total{outcome="${outcome}"} ${requests.get(outcome) ?? 0}`,
    ),
    '# HELP newsctl_crawl_response_bytes_total Bytes of the answers the crawler read (decoded).',
    '# TYPE newsctl_crawl_response_bytes_total counter',
    `newsctl_crawl_response_bytes_total ${bytes}`,
  ];
}

// GET /metrics in Prometheus' text format: HTTP requests and their latency per route (counted in
// this daemon), what the product holds and what its jobs did (read from the database, so every
// daemon of a cluster reports the same), and the process's own figures.
import type { AppContext } from '../../../context.js';
import { contentCounts, jobRunFigures } from '../../../db/metrics.js';
import { crawlMetricLines } from './crawl-counters.js';

/** Latency buckets (seconds): from a cached snapshot answer to a slow page. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface RouteSeries {
  count: number;
  sum: number;
  buckets: number[];
}

/** A label value as the format wants it: backslash, quote and newline escaped. */
const label = (value: string) => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

export class HttpMetrics {
  private readonly requests = new Map<string, number>();
  private readonly latency = new Map<string, RouteSeries>();

  /** One answered request. `route` is the route's pattern (`/api/trends/by-topic/:topic`), never the raw path. */
  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `method="${label(method)}",route="${label(route)}",status="${status}"`;
    this.requests.set(key, (this.requests.get(key) ?? 0) + 1);
    const latencyKey = `method="${label(method)}",route="${label(route)}"`;
    const series = this.latency.get(latencyKey) ?? { count: 0, sum: 0, buckets: BUCKETS.map(() => 0) };
    series.count++;
    series.sum += seconds;
    BUCKETS.forEach((bound, index) => {
      if (seconds <= bound) series.buckets[index]!++;
    });
    this.latency.set(latencyKey, series);
  }

  lines(): string[] {
    const out = ['# HELP newsctl_http_requests_total HTTP requests answered by this daemon.', '# TYPE newsctl_http_requests_total counter'];
    for (const [labels, count] of this.requests) out.push(`newsctl_http_requests_total{${labels}} ${count}`);
    out.push('# HELP newsctl_http_request_duration_seconds Time to answer, per route.', '# TYPE newsctl_http_request_duration_seconds histogram');
    for (const [labels, series] of this.latency) {
      BUCKETS.forEach((bound, index) => out.push(`newsctl_http_request_duration_seconds_bucket{${labels},le="${bound}"} ${series.buckets[index]}`));
      out.push(`newsctl_http_request_duration_seconds_bucket{${labels},le="+Inf"} ${series.count}`);
      out.push(`newsctl_http_request_duration_seconds_sum{${labels}} ${series.sum}`);
      out.push(`newsctl_http_request_duration_seconds_count{${labels}} ${series.count}`);
    }
    return out;
  }
}

export function gauge(name: string, help: string, value: number, type: 'gauge' | 'counter' = 'gauge'): string[] {
  return [`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`, `${name} ${value}`];
}

export async function renderMetrics(ctx: Pick<AppContext, 'sql' | 'db'>, http: HttpMetrics, extra: string[] = []): Promise<string> {
  const started = performance.now();
  let up = 1;
  const lines: string[] = [];
  try {
    const [counts, jobs] = await Promise.all([contentCounts(ctx.sql), jobRunFigures(ctx.sql)]);
    lines.push(
      ...gauge('newsctl_articles', 'Crawled articles stored.', counts.articles),
      ...gauge('newsctl_domains', 'Source domains listed.', counts.domains),
      ...gauge('newsctl_trends', 'Trends stored.', counts.trends),
      ...gauge('newsctl_generated_articles', 'Generated articles stored.', counts.generatedArticles),
      ...gauge('newsctl_generation_queue_depth', 'Trends waiting for (or being given) an article.', counts.queueDepth),
      '# HELP newsctl_job_runs Job runs by job and status (kept runs).',
      '# TYPE newsctl_job_runs gauge',
      ...jobs.map((row) => `newsctl_job_runs{job="${label(row.job)}",status="${label(row.status)}"} ${row.runs}`),
      '# HELP newsctl_job_run_seconds Seconds the finished runs took, summed, by job and status.',
      '# TYPE newsctl_job_run_seconds gauge',
      ...jobs.map((row) => `newsctl_job_run_seconds{job="${label(row.job)}",status="${label(row.status)}"} ${row.seconds}`),
    );
  } catch {
    up = 0;
  }
  lines.push(
    ...gauge('newsctl_database_up', 'Whether the database answered this scrape.', up),
    ...gauge('newsctl_database_scrape_seconds', 'Time the database took to answer this scrape.', (performance.now() - started) / 1000),
    ...gauge('newsctl_database_embedded', 'Whether the database is the embedded one (PGlite).', ctx.db.kind === 'embedded' ? 1 : 0),
    ...http.lines(),
    ...crawlMetricLines(),
    ...extra,
    ...gauge('process_resident_memory_bytes', 'Resident memory of this daemon.', process.memoryUsage.rss()),
    ...gauge('process_uptime_seconds', 'Seconds since this daemon started.', Math.round(process.uptime())),
  );
  return `${lines.join('\n')}\n`;
}

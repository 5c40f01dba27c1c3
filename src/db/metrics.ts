// The database's side of GET /metrics: what the product holds and what its jobs did.
import type { Queryable } from './client.js';
import { GENERATE_ARTICLE_JOB } from './generations.js';

export interface ContentCounts {
  articles: number;
  domains: number;
  trends: number;
  generatedArticles: number;
  /** Generations (generate-article runs) waiting or being written. */
  queueDepth: number;
}

export async function contentCounts(sql: Queryable): Promise<ContentCounts> {
  const [row] = await sql<ContentCounts[]>`
    select (select count(*) from articles)::float8 as articles,
           (select count(*) from domains)::float8 as domains,
           (select count(*) from trends)::float8 as trends,
           (select count(*) from generated_articles)::float8 as generated_articles,
           (select count(*) from job_runs where job = ${GENERATE_ARTICLE_JOB} and status in ('queued', 'running', 'paused'))::float8 as queue_depth`;
  return row!;
}

export interface JobRunFigures {
  job: string;
  status: string;
  runs: number;
  /** Seconds from start to finish, summed over the finished runs. */
  seconds: number;
}

export async function jobRunFigures(sql: Queryable): Promise<JobRunFigures[]> {
  return sql<JobRunFigures[]>`
    select job, status, count(*)::float8 as runs,
           coalesce(sum(extract(epoch from (finished_at - started_at))) filter (where finished_at is not null and started_at is not null), 0)::float8 as seconds
    from job_runs group by job, status order by job, status`;
}

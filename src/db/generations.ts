// A generation is one run of the generate-article job (job_runs, sql/023_generation_is_a_run.sql):
// its params name the trend, its status is the generation's, its result the article. These are the
// generator's reads of those runs (the queue the console lists, a regeneration's progress) and the
// writes only it makes (a regeneration taking over runs queued before it).
import type { Queryable } from './client.js';

export const GENERATE_ARTICLE_JOB = 'generate-article';

/** What a generate-article run is asked to do. */
export interface GenerationParams {
  trendId: number | null;
  trendTitle: string;
  /** The "regenerate articles" request it belongs to, whose progress reads [n/total]. */
  batch?: string;
}

export interface LiveGenerationRow {
  id: string;
  trendTitle: string;
  /** generating: its run is held under a live lease; pending: it waits (or its daemon died and it waits to be taken over). */
  status: 'pending' | 'generating';
}

/** Waiting or being generated (a stopping run is a cancelled generation: it records nothing). */
const live = (sql: Queryable) => sql`r.job = ${GENERATE_ARTICLE_JOB} and r.status in ('queued', 'running', 'paused')`;
const generatingNow = (sql: Queryable) => sql`(r.status = 'running' and coalesce(r.expires_at >= now(), false))`;

/** Live generations, the ones being generated first, then in the order they will run. */
export async function liveGenerations(sql: Queryable, limit: number): Promise<LiveGenerationRow[]> {
  return sql<LiveGenerationRow[]>`
    select r.id, coalesce(r.params ->> 'trendTitle', '') as trend_title,
           case when ${generatingNow(sql)} then 'generating' else 'pending' end as status
    from job_runs r
    where ${live(sql)}
    order by ${generatingNow(sql)} desc, r.priority desc, r.created_at, r.id
    limit ${limit}`;
}

/** total live; generating (under a live lease); interrupted (running, its lease lapsed: its daemon stopped); regeneration (of a batch). */
export async function countLiveGenerations(sql: Queryable): Promise<{ total: number; generating: number; interrupted: number; regeneration: number }> {
  const [row] = await sql<{ total: number; generating: number; interrupted: number; regeneration: number }[]>`
    select count(*)::int as total,
           count(*) filter (where ${generatingNow(sql)})::int as generating,
           count(*) filter (where r.status = 'running' and not ${generatingNow(sql)})::int as interrupted,
           count(*) filter (where r.params ? 'batch')::int as regeneration
    from job_runs r where ${live(sql)}`;
  return row!;
}

/** The live generation of a trend, if any. */
export async function liveGenerationOfTrend(sql: Queryable, trendId: number): Promise<{ id: string; params: GenerationParams } | null> {
  const [row] = await sql<{ id: string; params: GenerationParams }[]>`
    select r.id, r.params from job_runs r where ${live(sql)} and r.params ->> 'trendId' = ${String(trendId)}`;
  return row ?? null;
}

/** A regeneration takes over a trend's generation queued before it: it counts in its [n/total]. */
export async function joinBatch(sql: Queryable, runId: string, batch: string): Promise<void> {
  await sql`update job_runs set params = params || ${sql.json({ batch })} where id = ${runId}`;
}

export interface BatchProgressRow {
  total: number;
  done: number;
  failed: number;
  /** Stopped, or stopping (a stopping run never records its article). */
  cancelled: number;
  live: number;
}

export async function batchProgress(sql: Queryable, batch: string): Promise<BatchProgressRow> {
  const [row] = await sql<BatchProgressRow[]>`
    select count(*)::int as total,
           count(*) filter (where r.status = 'completed')::int as done,
           count(*) filter (where r.status = 'failed')::int as failed,
           count(*) filter (where r.status in ('stopped', 'stopping'))::int as cancelled,
           count(*) filter (where r.status in ('queued', 'running', 'paused'))::int as live
    from job_runs r
    where r.job = ${GENERATE_ARTICLE_JOB} and r.params ? 'batch' and r.params ->> 'batch' = ${batch}`;
  return row!;
}

/** Serialises regeneration starts across daemons for the rest of the transaction. */
export async function lockRegenerationStart(tx: Queryable): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended('newsctl:regenerate-articles', 0))`;
}

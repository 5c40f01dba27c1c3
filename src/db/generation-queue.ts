import type { Queryable } from './client.js';

export type QueueStatus = 'pending' | 'generating' | 'done' | 'failed' | 'cancelled';

export interface QueueItemRow {
  id: number;
  trendId: number | null;
  trendTitle: string;
  status: QueueStatus;
  priority: number;
  runId: string | null;
  /** The generate-article job run that carries the item (its lease says who generates it). */
  jobRunId: string | null;
  attempts: number;
  /** The claim token of the attempt generating it. */
  holder: string | null;
  articleId: number | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const columns = (sql: Queryable) => sql`
  id, trend_id, trend_title, status, priority, run_id, job_run_id, attempts, holder, article_id, error,
  created_at, started_at, finished_at`;

/** Queues a trend unless it already has a live item; returns the new item, or null when it was queued already. */
export async function enqueueTrend(
  sql: Queryable,
  item: { trendId: number; trendTitle: string; priority: number; runId: string | null; jobRunId: string | null },
): Promise<QueueItemRow | null> {
  const [row] = await sql<QueueItemRow[]>`
    insert into generation_queue (trend_id, trend_title, priority, run_id, job_run_id)
    values (${item.trendId}, ${item.trendTitle}, ${item.priority}, ${item.runId}, ${item.jobRunId})
    on conflict (trend_id) where status in ('pending', 'generating') do nothing
    returning ${columns(sql)}`;
  return row ?? null;
}

/** The live item of a trend, if any. */
export async function liveItemOfTrend(sql: Queryable, trendId: number): Promise<QueueItemRow | null> {
  const [row] = await sql<QueueItemRow[]>`
    select ${columns(sql)} from generation_queue where trend_id = ${trendId} and status in ('pending', 'generating')`;
  return row ?? null;
}

export async function itemOfJobRun(sql: Queryable, jobRunId: string): Promise<QueueItemRow | null> {
  const [row] = await sql<QueueItemRow[]>`select ${columns(sql)} from generation_queue where job_run_id = ${jobRunId}`;
  return row ?? null;
}

export async function setItemJobRun(sql: Queryable, id: number, jobRunId: string): Promise<boolean> {
  const rows = await sql`
    update generation_queue set job_run_id = ${jobRunId} where id = ${id} and status in ('pending', 'generating') returning id`;
  return rows.length > 0;
}

/**
 * Claims a live item for one attempt of its run: `holder` is that attempt's token. A later attempt
 * (the run taken over by another daemon) claims it again with its own token, which voids this one.
 */
export async function claimItem(sql: Queryable, id: number, holder: string): Promise<QueueItemRow | null> {
  const [row] = await sql<QueueItemRow[]>`
    update generation_queue set status = 'generating', holder = ${holder}, attempts = attempts + 1, started_at = now(), error = null
    where id = ${id} and status in ('pending', 'generating')
    returning ${columns(sql)}`;
  return row ?? null;
}

/** Locks the item for the final write; true when it is still this attempt's to finish. */
export async function lockOwnItem(sql: Queryable, id: number, holder: string): Promise<boolean> {
  const rows = await sql`select id from generation_queue where id = ${id} and holder = ${holder} and status = 'generating' for update`;
  return rows.length > 0;
}

export async function finishItem(
  sql: Queryable,
  id: number,
  holder: string,
  outcome: { status: 'done'; articleId: number } | { status: 'failed'; error: string },
): Promise<boolean> {
  const rows = await sql`
    update generation_queue set status = ${outcome.status}, finished_at = now(),
           article_id = ${outcome.status === 'done' ? outcome.articleId : null},
           error = ${outcome.status === 'failed' ? outcome.error.slice(0, 2000) : null}
    where id = ${id} and holder = ${holder} and status = 'generating'
    returning id`;
  return rows.length > 0;
}

/** Fails a live item without a claim (it gave up before an attempt started). */
export async function failLiveItem(sql: Queryable, id: number, error: string): Promise<boolean> {
  const rows = await sql`
    update generation_queue set status = 'failed', finished_at = now(), error = ${error.slice(0, 2000)}
    where id = ${id} and status in ('pending', 'generating')
    returning id`;
  return rows.length > 0;
}

/**
 * Hands an item back to the queue (this daemon is shutting down, or lost the run): the attempt does
 * not count, since the item did not make its daemon die.
 */
export async function releaseItem(sql: Queryable, id: number, holder: string): Promise<void> {
  await sql`
    update generation_queue set status = 'pending', holder = null, attempts = greatest(attempts - 1, 0)
    where id = ${id} and holder = ${holder} and status = 'generating'`;
}

/** Ends the live item of a run that ended without recording it (stopped through the jobs API, or failed unexpectedly). */
export async function endItemOfRun(sql: Queryable, jobRunId: string, status: 'cancelled' | 'failed', reason: string): Promise<QueueItemRow | null> {
  const [row] = await sql<QueueItemRow[]>`
    update generation_queue set status = ${status}, finished_at = now(), error = ${reason.slice(0, 2000)}
    where job_run_id = ${jobRunId} and status in ('pending', 'generating')
    returning ${columns(sql)}`;
  return row ?? null;
}

/** The queued and running items' ids. */
export async function liveItemIds(sql: Queryable): Promise<number[]> {
  const rows = await sql<{ id: number }[]>`select id from generation_queue where status in ('pending', 'generating') order by id`;
  return rows.map((row) => row.id);
}

/** Stop: cancels those of `ids` still queued or running. */
export async function cancelLiveItems(sql: Queryable, ids: readonly number[], reason: string): Promise<QueueItemRow[]> {
  if (ids.length === 0) return [];
  return sql<QueueItemRow[]>`
    update generation_queue set status = 'cancelled', finished_at = now(), error = ${reason}
    where id = any(${[...ids]}::int[]) and status in ('pending', 'generating')
    returning ${columns(sql)}`;
}

/**
 * Pending and generating items, the generating ones first, then in the order they will run. An item
 * counts as generating while its run is held under a live lease (not while a killed daemon's expires).
 */
export async function liveItems(sql: Queryable, limit: number): Promise<QueueItemRow[]> {
  return sql<QueueItemRow[]>`
    select q.id, q.trend_id, q.trend_title,
           case when ${generatingNow(sql)} then 'generating' else 'pending' end as status,
           q.priority, q.run_id, q.job_run_id, q.attempts, q.holder, q.article_id, q.error, q.created_at, q.started_at, q.finished_at
    from generation_queue q left join job_runs r on r.id = q.job_run_id
    where q.status in ('pending', 'generating')
    order by (${generatingNow(sql)}) desc, q.priority desc, q.id
    limit ${limit}`;
}

function generatingNow(sql: Queryable) {
  // coalesce: an item without a run (left join) is not being generated.
  return sql`coalesce(q.status = 'generating' and r.status in ('running', 'stopping') and r.expires_at >= now(), false)`;
}

/** pending (not being generated now); generating (under a live lease); claimed (by any attempt, live or not); total live. */
export async function countLiveItems(sql: Queryable): Promise<{ pending: number; generating: number; claimed: number; regeneration: number; total: number }> {
  const [row] = await sql<{ pending: number; generating: number; claimed: number; regeneration: number; total: number }[]>`
    select count(*) filter (where not ${generatingNow(sql)})::int as pending,
           count(*) filter (where ${generatingNow(sql)})::int as generating,
           count(*) filter (where q.status = 'generating')::int as claimed,
           count(*) filter (where q.run_id is not null)::int as regeneration,
           count(*)::int as total
    from generation_queue q left join job_runs r on r.id = q.job_run_id
    where q.status in ('pending', 'generating')`;
  return row!;
}

/** Live items no live run carries (queued before the job runner carried them, or their run ended without them). */
export async function itemsWithoutLiveRun(sql: Queryable): Promise<QueueItemRow[]> {
  return sql<QueueItemRow[]>`
    select ${columns(sql)} from generation_queue q
    where q.status in ('pending', 'generating')
      and not exists (
        select 1 from job_runs r where r.id = q.job_run_id and r.status in ('queued', 'running', 'paused', 'stopping'))
    order by q.priority desc, q.id`;
}

export async function queueItemById(sql: Queryable, id: number): Promise<QueueItemRow | null> {
  const [row] = await sql<QueueItemRow[]>`select ${columns(sql)} from generation_queue where id = ${id}`;
  return row ?? null;
}

export interface RunProgressRow {
  total: number;
  done: number;
  failed: number;
  cancelled: number;
  live: number;
}

export async function runProgress(sql: Queryable, runId: string): Promise<RunProgressRow> {
  const [row] = await sql<RunProgressRow[]>`
    select count(*)::int as total,
           count(*) filter (where status = 'done')::int as done,
           count(*) filter (where status = 'failed')::int as failed,
           count(*) filter (where status = 'cancelled')::int as cancelled,
           count(*) filter (where status in ('pending', 'generating'))::int as live
    from generation_queue where run_id = ${runId}`;
  return row!;
}

/** Finished items are history; keep the table small. */
export async function deleteFinishedItemsBefore(sql: Queryable, cutoff: Date): Promise<number> {
  const result = await sql`delete from generation_queue where status in ('done', 'failed', 'cancelled') and finished_at < ${cutoff}`;
  return result.count;
}

export async function setItemRun(sql: Queryable, id: number, runId: string): Promise<void> {
  await sql`update generation_queue set run_id = ${runId} where id = ${id}`;
}

/** Serialises regeneration starts across daemons for the rest of the transaction. */
export async function lockRegenerationStart(tx: Queryable): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended('newsctl:regenerate-articles', 0))`;
}

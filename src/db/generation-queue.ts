import type { Queryable } from './client.js';

export type QueueStatus = 'pending' | 'generating' | 'done' | 'failed' | 'cancelled';

export interface QueueItemRow {
  id: number;
  trendId: number | null;
  trendTitle: string;
  status: QueueStatus;
  priority: number;
  runId: string | null;
  attempts: number;
  holder: string | null;
  leaseExpiresAt: Date | null;
  articleId: number | null;
  error: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const columns = (sql: Queryable) => sql`
  id, trend_id, trend_title, status, priority, run_id, attempts, holder, lease_expires_at, article_id, error,
  created_at, started_at, finished_at`;

/** Queues a trend unless it already has a live item; returns the new item, or null when it was queued already. */
export async function enqueueTrend(
  sql: Queryable,
  item: { trendId: number; trendTitle: string; priority: number; runId: string | null },
): Promise<QueueItemRow | null> {
  const [row] = await sql<QueueItemRow[]>`
    insert into generation_queue (trend_id, trend_title, priority, run_id)
    values (${item.trendId}, ${item.trendTitle}, ${item.priority}, ${item.runId})
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

/**
 * Claims the best pending item, or one whose holder's claim has expired (a daemon that died), for
 * `holder` until `leaseSeconds` from now. SKIP LOCKED: two daemons never claim the same item.
 */
export async function claimNextItem(sql: Queryable, holder: string, leaseSeconds: number): Promise<QueueItemRow | null> {
  const [row] = await sql<QueueItemRow[]>`
    update generation_queue q set status = 'generating', holder = ${holder},
           lease_expires_at = now() + make_interval(secs => ${leaseSeconds}), attempts = q.attempts + 1,
           started_at = now(), error = null
    where q.id = (
      select id from generation_queue
      where status = 'pending' or (status = 'generating' and lease_expires_at < now())
      order by priority desc, id
      for update skip locked
      limit 1)
    returning ${columns(sql)}`;
  return row ?? null;
}

/** Extends the claim; false when the item is no longer this holder's (stopped, or taken over). */
export async function renewLease(sql: Queryable, id: number, holder: string, leaseSeconds: number): Promise<boolean> {
  const rows = await sql`
    update generation_queue set lease_expires_at = now() + make_interval(secs => ${leaseSeconds})
    where id = ${id} and holder = ${holder} and status = 'generating'
    returning id`;
  return rows.length > 0;
}

/** Locks the item for the final write; true when it is still this holder's to finish. */
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
    update generation_queue set status = ${outcome.status}, finished_at = now(), lease_expires_at = null,
           article_id = ${outcome.status === 'done' ? outcome.articleId : null},
           error = ${outcome.status === 'failed' ? outcome.error.slice(0, 2000) : null}
    where id = ${id} and holder = ${holder} and status = 'generating'
    returning id`;
  return rows.length > 0;
}

/** Hands an item back to the queue (this daemon is shutting down): the next claim takes it at once. */
export async function releaseItem(sql: Queryable, id: number, holder: string): Promise<void> {
  await sql`
    update generation_queue set status = 'pending', holder = null, lease_expires_at = null
    where id = ${id} and holder = ${holder} and status = 'generating'`;
}

/** Items left 'generating' by a process that is gone (embedded database: only one process can have held them). */
export async function releaseAllGenerating(sql: Queryable): Promise<number> {
  const rows = await sql`
    update generation_queue set status = 'pending', holder = null, lease_expires_at = null
    where status = 'generating' returning id`;
  return rows.length;
}

/** Fails items claimed too often: a trend that kills its daemon each time must not do so forever. */
export async function failExhaustedItems(sql: Queryable, maxAttempts: number): Promise<QueueItemRow[]> {
  return sql<QueueItemRow[]>`
    update generation_queue set status = 'failed', finished_at = now(), lease_expires_at = null,
           error = 'Gave up after ' || attempts || ' attempts: generation never finished (the daemon stopped each time)'
    where attempts >= ${maxAttempts}
      and (status = 'pending' or (status = 'generating' and lease_expires_at < now()))
    returning ${columns(sql)}`;
}

/** Stop: every queued or running item is cancelled. */
export async function cancelLiveItems(sql: Queryable, reason: string): Promise<QueueItemRow[]> {
  return sql<QueueItemRow[]>`
    update generation_queue set status = 'cancelled', finished_at = now(), lease_expires_at = null, error = ${reason}
    where status in ('pending', 'generating')
    returning ${columns(sql)}`;
}

/** Pending and generating items, the generating ones first, then in the order they will run. */
export async function liveItems(sql: Queryable, limit: number): Promise<QueueItemRow[]> {
  return sql<QueueItemRow[]>`
    select ${columns(sql)} from generation_queue
    where status in ('pending', 'generating')
    order by (status = 'generating') desc, priority desc, id
    limit ${limit}`;
}

/** pending; generating under a live claim; total live (an expired claim counts only here). */
export async function countLiveItems(sql: Queryable): Promise<{ pending: number; generating: number; total: number }> {
  const [row] = await sql<{ pending: number; generating: number; total: number }[]>`
    select count(*) filter (where status = 'pending')::int as pending,
           count(*) filter (where status = 'generating' and lease_expires_at >= now())::int as generating,
           count(*)::int as total
    from generation_queue where status in ('pending', 'generating')`;
  return row!;
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

/** Milliseconds until the earliest claim of another holder expires (null when none is held). */
export async function nextForeignLeaseExpiry(sql: Queryable, holder: string): Promise<number | null> {
  const [row] = await sql<{ ms: number | null }[]>`
    select (extract(epoch from min(lease_expires_at) - now()) * 1000)::int as ms
    from generation_queue where status = 'generating' and holder is distinct from ${holder}`;
  return row?.ms ?? null;
}

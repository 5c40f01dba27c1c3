// The one lease: a row one daemon holds (`holder`) until `expires_at`, renewed by its holder every
// few seconds, taken by another daemon once it lapses (its holder died or stalled), given back at
// shutdown. Job runs (job_runs) and crawl claims (crawl_claims) are leased this way; every write
// that depends on holding a row checks `holder`, so a daemon that lost its lease changes nothing.
import type { PendingQuery, Row } from 'postgres';
import type { Queryable } from './client.js';

/** A table whose rows are leased, and the statuses in which a row is held. */
export type LeasedTable = 'job_runs' | 'crawl_claims';

const HELD_STATUSES: Record<LeasedTable, readonly string[]> = {
  job_runs: ['running', 'paused', 'stopping'],
  crawl_claims: ['crawling'],
};

/** A condition on the table's rows (`id = any(…)`, `run_id = …`): which rows a lease call is about. */
export type RowFilter = PendingQuery<Row[]>;

/** The expiry of a lease of `seconds` taken or renewed now. */
export function leaseUntil(sql: Queryable, seconds: number): PendingQuery<Row[]> {
  return sql`now() + ${seconds} * interval '1 second'`;
}

/** True of a row whose lease has lapsed (or that never had one): another daemon may take it. */
export function leaseLapsed(sql: Queryable): PendingQuery<Row[]> {
  return sql`(expires_at is null or expires_at < now())`;
}

/** True of a row held under a live lease. */
export function leaseLive(sql: Queryable): PendingQuery<Row[]> {
  return sql`(expires_at >= now())`;
}

function held(sql: Queryable, table: LeasedTable): PendingQuery<Row[]> {
  return sql`status = any(${HELD_STATUSES[table] as string[]}::text[])`;
}

/**
 * Takes the lease of the rows `which` selects (the caller has locked them, or picked them with
 * SKIP LOCKED) for `holder`: held from now for `seconds`, one more attempt. `set` adds the
 * table's own columns (a claim's status). Returns the rows as they are now.
 */
export async function takeLeases<T extends Row>(
  sql: Queryable,
  table: LeasedTable,
  which: RowFilter,
  holder: string,
  seconds: number,
  set: PendingQuery<Row[]> = sql``,
): Promise<T[]> {
  return sql<T[]>`
    update ${sql(table)} set holder = ${holder}, expires_at = ${leaseUntil(sql, seconds)}, attempts = attempts + 1 ${set}
    where ${which}
    returning *`;
}

/**
 * Renews `holder`'s leases on the rows `which` selects; returns those it still holds (a row another
 * daemon took over, or that ended, is not renewed and not returned). `set` writes the table's own
 * figures with the renewal.
 */
export async function renewLeases<T extends Row>(
  sql: Queryable,
  table: LeasedTable,
  which: RowFilter,
  holder: string,
  seconds: number,
  set: PendingQuery<Row[]> = sql``,
): Promise<T[]> {
  return sql<T[]>`
    update ${sql(table)} set expires_at = ${leaseUntil(sql, seconds)} ${set}
    where ${which} and holder = ${holder} and ${held(sql, table)}
    returning *`;
}

/** Gives `holder`'s leases on these rows back (it is shutting down): any daemon may take them at once. */
export async function releaseLeases<T extends Row>(
  sql: Queryable,
  table: LeasedTable,
  which: RowFilter,
  holder: string,
  set: PendingQuery<Row[]> = sql``,
): Promise<T[]> {
  return sql<T[]>`
    update ${sql(table)} set holder = null, expires_at = now() ${set}
    where ${which} and holder = ${holder} and ${held(sql, table)}
    returning *`;
}

/** Lapses every lease on these rows that another holder has (embedded database: one process per data folder, so they are a dead process's). */
export async function lapseOtherHolders(sql: Queryable, table: LeasedTable, which: RowFilter, holder: string): Promise<void> {
  await sql`
    update ${sql(table)} set expires_at = now() - interval '1 second'
    where ${which} and ${held(sql, table)} and holder is distinct from ${holder}`;
}

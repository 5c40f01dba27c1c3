// Giving disk space back for reuse after retention. PostgreSQL's autovacuum and checkpointer do this
// on their own (autovacuum unless a server switches it off); the embedded database runs PostgreSQL
// in single-user mode, where neither runs, so
// without these its data folder grows without bound even when retention keeps the rows constant:
// deleted rows' space is never marked reusable and the write-ahead log is never recycled (measured
// by `npm run bench -- retention`: 256 MB of WAL after 30 simulated days, 32–48 MB with them).
import type { Queryable } from './client.js';

/** The tables retention deletes from or rewrites. */
const PRUNED_TABLES = ['articles', 'trends', 'trend_articles', 'logs', 'sessions', 'login_failures', 'audio_assets', 'job_runs', 'live_messages'] as const;

/** Marks the space of deleted and rewritten rows of the pruned tables reusable (plain VACUUM: no lock readers wait on). */
export async function vacuumPrunedTables(sql: Queryable): Promise<void> {
  await sql.unsafe(`vacuum ${PRUNED_TABLES.join(', ')}`);
}

/** Whether the server's autovacuum runs (a server may have it switched off; PGlite never runs it). */
export async function autovacuumIsOn(sql: Queryable): Promise<boolean> {
  const [row] = await sql<{ on: boolean }[]>`select current_setting('autovacuum') = 'on' as on`;
  return row?.on ?? false;
}

/** The database's size on disk, in bytes: what a dump of it needs, about. */
export async function databaseSizeBytes(sql: Queryable): Promise<number> {
  const [row] = await sql<{ size: string }[]>`select pg_database_size(current_database())::text as size`;
  return Number(row?.size ?? 0);
}

/** Writes dirty pages out, so the write-ahead log before this point can be recycled. */
export async function checkpoint(sql: Queryable): Promise<void> {
  await sql`checkpoint`;
}

// pg-boss over our postgres.js layer: the `db: { executeSql(text, values) }` it accepts, so the job
// queue runs on the same pool (and, embedded, the same single PGlite connection) as everything
// else, on both databases. pg-boss keeps its tables in its own schema and upgrades them itself.
import PgBoss from 'pg-boss';
import type { Queryable, Sql } from './client.js';

const JOB_QUEUE_SCHEMA = 'pgboss';

/** What pg-boss calls to run SQL. */
export interface JobQueueDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * The adapter. Parameters go to postgres.js as they are: it learns each one's type from the
 * server and serializes objects to jsonb and arrays to uuid[] itself (so a string meant as JSON
 * would be encoded twice: pg-boss only does that in insert(), which newsctl does not use). Rows
 * come back as postgres.js shapes them (snake_case names camelCased): pg-boss reads only one-word
 * columns and its own camelCase aliases, which that leaves unchanged.
 */
export function jobQueueDb(sql: Queryable): JobQueueDb {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) {
        const rows = await sql.unsafe(text, values.map((value) => value ?? null) as never[]);
        return { rows: [...rows] as Record<string, unknown>[] };
      }
      // Without parameters pg-boss sends whole scripts (BEGIN; …; COMMIT;) through the simple
      // protocol. One connection of its own, so a script that fails half-way is rolled back
      // before the connection goes back to the pool (a pooled connection never stays in a
      // failed transaction).
      if (typeof (sql as Partial<Sql>).reserve !== 'function') return { rows: [...(await sql.unsafe(text))] as Record<string, unknown>[] };
      const connection = await (sql as Sql).reserve();
      try {
        const result = await connection.unsafe(text);
        // A script's result is one list per statement; pg-boss only reads single statements.
        const rows = Array.isArray(result[0]) ? [] : [...result];
        return { rows: rows as Record<string, unknown>[] };
      } catch (error) {
        await connection.unsafe('rollback').catch(() => {});
        throw error;
      } finally {
        connection.release();
      }
    },
  };
}

export interface JobQueueOptions {
  /** Do pg-boss's upkeep (archive finished jobs, fail stuck ones): daemons only. */
  supervise?: boolean;
  /** How often, in seconds. */
  maintenanceIntervalSeconds?: number;
}

/** A pg-boss instance on our pool; started by the caller. Its cron is off: bree keeps the clock. */
export function createJobQueue(sql: Sql, options: JobQueueOptions = {}): PgBoss {
  return new PgBoss({
    db: jobQueueDb(sql) as PgBoss.Db,
    schema: JOB_QUEUE_SCHEMA,
    schedule: false,
    supervise: options.supervise ?? false,
    migrate: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 120,
    // Our own leases (job_runs) decide who runs what; pg-boss's expiry only clears what nothing holds.
    expireInHours: 23,
    retryLimit: 0,
    archiveCompletedAfterSeconds: 3_600,
    deleteAfterDays: 7,
  });
}

/**
 * Creates a queue unless it exists. pg-boss's create_queue adds a partition and foreign keys, which
 * deadlock when several daemons create different queues at once: creations are taken one at a time
 * across the cluster (an advisory lock).
 */
export async function ensureJobQueue(sql: Sql, name: string): Promise<void> {
  const exists = async (q: Queryable) => (await q.unsafe(`select 1 from ${JOB_QUEUE_SCHEMA}.queue where name = $1`, [name])).length > 0;
  if (await exists(sql)) return;
  await sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended('newsctl:job-queues', 0))`;
    if (await exists(tx)) return;
    await tx.unsafe(`select ${JOB_QUEUE_SCHEMA}.create_queue($1, $2)`, [name, { policy: 'standard' } as never]);
  });
}

/** Installs (or upgrades) pg-boss's schema, as `migrate` does for ours; safe when several processes start at once. */
export async function installJobQueue(sql: Sql): Promise<void> {
  const boss = new PgBoss({ db: jobQueueDb(sql) as PgBoss.Db, schema: JOB_QUEUE_SCHEMA, schedule: false, supervise: false, migrate: true });
  await boss.start();
  await boss.stop({ graceful: false, close: false });
}

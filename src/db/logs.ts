import type { Queryable } from './client.js';

export type LogLevel = 'error' | 'warning' | 'info' | 'debug';

export interface LogRow {
  id: number;
  timestamp: Date;
  component: string;
  level: LogLevel;
  message: string;
  details: unknown;
}

export async function insertLog(sql: Queryable, entry: { component: string; level: LogLevel; message: string; details?: unknown }): Promise<LogRow> {
  const [row] = await sql<LogRow[]>`
    insert into logs (component, level, message, details)
    values (${entry.component}, ${entry.level}, ${entry.message}, ${entry.details === undefined ? null : sql.json(entry.details as never)})
    returning id, timestamp, component, level, message, details`;
  return row!;
}

export async function latestLogs(sql: Queryable, options: { limit: number; component?: string; level?: LogLevel }): Promise<LogRow[]> {
  return sql<LogRow[]>`
    select id, timestamp, component, level, message, details
    from logs
    where (${options.component ?? null}::text is null or component = ${options.component ?? null})
      and (${options.level ?? null}::text is null or level = ${options.level ?? null})
    order by timestamp desc, id desc
    limit ${options.limit}`;
}

/**
 * Drops up to `limit` entries older than the cutoff, oldest first; returns how many. Callers loop:
 * small batches keep each statement short, so readers of the log never wait behind a long delete.
 */
export async function deleteLogsBefore(sql: Queryable, cutoff: Date, limit: number): Promise<number> {
  const result = await sql`
    delete from logs where id in (select id from logs where timestamp < ${cutoff} order by timestamp limit ${limit})`;
  return result.count;
}

// live_messages: live messages too large for a NOTIFY payload, kept a short while for the daemons
// that receive their id (sql/005_jobs.sql).
import type { Queryable, Sql } from './client.js';

export async function storeLiveMessage(sql: Queryable, payload: string): Promise<number> {
  const [row] = await sql<{ id: number }[]>`insert into live_messages (payload) values (${payload}) returning id`;
  return Number(row!.id);
}

export async function readLiveMessage(sql: Queryable, id: number): Promise<string | null> {
  const [row] = await sql<{ payload: string }[]>`select payload from live_messages where id = ${id}`;
  return row?.payload ?? null;
}

export async function pruneLiveMessages(sql: Queryable, before: Date): Promise<void> {
  await sql`delete from live_messages where created_at < ${before}`;
}

/** LISTEN on a channel over postgres.js's dedicated connection; `onlisten` runs on every (re)connect. */
export function listenChannel(sql: Sql, channel: string, onMessage: (payload: string) => void, onListen: () => void): Promise<{ unlisten(): Promise<void> }> {
  return sql.listen(channel, onMessage, onListen);
}

export async function notifyChannel(sql: Sql, channel: string, payload: string): Promise<void> {
  await sql.notify(channel, payload);
}

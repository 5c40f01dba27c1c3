import type { Queryable } from './client.js';

export interface SessionRow {
  id: string;
  userId: number;
  username: string;
  expiresAt: Date;
  lastSeenAt: Date;
}

export async function insertSession(
  sql: Queryable,
  session: { id: string; userId: number; expiresAt: Date; ip: string | null; userAgent: string | null },
): Promise<void> {
  await sql`
    insert into sessions (id, user_id, expires_at, ip, user_agent)
    values (${session.id}, ${session.userId}, ${session.expiresAt}, ${session.ip}, ${session.userAgent})`;
}

export async function findLiveSession(sql: Queryable, id: string): Promise<SessionRow | undefined> {
  const [row] = await sql<SessionRow[]>`
    select s.id, s.user_id, u.username, s.expires_at, s.last_seen_at
    from sessions s join users u on u.id = s.user_id
    where s.id = ${id} and s.expires_at > now()`;
  return row;
}

export async function touchSession(sql: Queryable, id: string, expiresAt: Date): Promise<void> {
  await sql`update sessions set last_seen_at = now(), expires_at = ${expiresAt} where id = ${id}`;
}

export async function deleteSession(sql: Queryable, id: string): Promise<void> {
  await sql`delete from sessions where id = ${id}`;
}

/** Ends the user's sessions, but `keep` (the session asking, when it asks for itself); returns the ended ids. */
export async function deleteSessionsOfUser(sql: Queryable, userId: number, keep: string | null = null): Promise<string[]> {
  const rows = await sql<{ id: string }[]>`delete from sessions where user_id = ${userId} and id is distinct from ${keep} returning id`;
  return rows.map((row) => row.id);
}

/** Deletes the expired sessions; returns their ids. */
export async function deleteExpiredSessions(sql: Queryable): Promise<string[]> {
  return (await sql<{ id: string }[]>`delete from sessions where expires_at <= now() returning id`).map((row) => row.id);
}

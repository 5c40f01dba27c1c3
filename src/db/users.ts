import type { Queryable } from './client.js';

export interface UserRow {
  id: number;
  username: string;
  passwordHash: string;
  createdAt: Date;
}

export async function findUserByUsername(sql: Queryable, username: string): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`
    select id, username, password_hash, created_at from users where lower(username) = lower(${username})`;
  return row;
}

export async function findUserById(sql: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await sql<UserRow[]>`select id, username, password_hash, created_at from users where id = ${id}`;
  return row;
}

/** The first administrator: who a token made by the operator (no user of its own) acts for. */
export async function firstUserId(sql: Queryable): Promise<number | null> {
  const [row] = await sql<{ id: number | null }[]>`select min(id)::int as id from users`;
  return row?.id ?? null;
}

export async function countUsers(sql: Queryable): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from users`;
  return row!.count;
}

/** Creates the user, or replaces the password of an existing one (same name, any case). */
export async function upsertUser(sql: Queryable, username: string, passwordHash: string): Promise<{ id: number; created: boolean }> {
  const [row] = await sql<{ id: number; created: boolean }[]>`
    insert into users (username, password_hash) values (${username}, ${passwordHash})
    on conflict (lower(username)) do update set password_hash = excluded.password_hash, updated_at = now()
    returning id, (xmax = 0) as created`;
  return row!;
}

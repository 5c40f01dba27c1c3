import type { Queryable } from './client.js';

export interface ApiTokenRow {
  id: number;
  userId: number | null;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export async function insertApiToken(sql: Queryable, token: { userId: number | null; name: string; tokenHash: string }): Promise<ApiTokenRow> {
  const [row] = await sql<ApiTokenRow[]>`
    insert into api_tokens (user_id, name, token_hash) values (${token.userId}, ${token.name}, ${token.tokenHash})
    returning id, user_id, name, created_at, last_used_at, revoked_at`;
  return row!;
}

export async function findApiTokenByHash(sql: Queryable, tokenHash: string): Promise<ApiTokenRow | undefined> {
  const [row] = await sql<ApiTokenRow[]>`
    select id, user_id, name, created_at, last_used_at, revoked_at from api_tokens where token_hash = ${tokenHash}`;
  return row;
}

export async function markApiTokenUsed(sql: Queryable, id: number): Promise<void> {
  await sql`update api_tokens set last_used_at = now() where id = ${id}`;
}

export async function listApiTokens(sql: Queryable): Promise<ApiTokenRow[]> {
  return sql<ApiTokenRow[]>`select id, user_id, name, created_at, last_used_at, revoked_at from api_tokens where revoked_at is null order by id`;
}

/** Marks a live token revoked; the row it was, or undefined when there is no live token with this id. */
export async function revokeApiToken(sql: Queryable, id: number): Promise<ApiTokenRow | undefined> {
  const [row] = await sql<ApiTokenRow[]>`
    update api_tokens set revoked_at = now() where id = ${id} and revoked_at is null
    returning id, user_id, name, created_at, last_used_at, revoked_at`;
  return row;
}

/** Whether this live token still authenticates (a socket re-checks its rights with it). */
export async function apiTokenIsLive(sql: Queryable, id: number): Promise<boolean> {
  const [row] = await sql<{ live: boolean }[]>`select revoked_at is null as live from api_tokens where id = ${id}`;
  return row?.live ?? false;
}

export async function countLiveApiTokens(sql: Queryable): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from api_tokens where revoked_at is null`;
  return row!.count;
}

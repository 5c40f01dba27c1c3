import type { Queryable } from './client.js';

export interface ApiTokenRow {
  id: number;
  userId: number | null;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export async function insertApiToken(sql: Queryable, token: { userId: number | null; name: string; tokenHash: string }): Promise<ApiTokenRow> {
  const [row] = await sql<ApiTokenRow[]>`
    insert into api_tokens (user_id, name, token_hash) values (${token.userId}, ${token.name}, ${token.tokenHash})
    returning id, user_id, name, created_at, last_used_at`;
  return row!;
}

export async function findApiTokenByHash(sql: Queryable, tokenHash: string): Promise<ApiTokenRow | undefined> {
  const [row] = await sql<ApiTokenRow[]>`
    select id, user_id, name, created_at, last_used_at from api_tokens where token_hash = ${tokenHash}`;
  return row;
}

export async function markApiTokenUsed(sql: Queryable, id: number): Promise<void> {
  await sql`update api_tokens set last_used_at = now() where id = ${id}`;
}

export async function listApiTokens(sql: Queryable): Promise<ApiTokenRow[]> {
  return sql<ApiTokenRow[]>`select id, user_id, name, created_at, last_used_at from api_tokens order by id`;
}

export async function deleteApiToken(sql: Queryable, id: number): Promise<boolean> {
  return (await sql`delete from api_tokens where id = ${id}`).count > 0;
}

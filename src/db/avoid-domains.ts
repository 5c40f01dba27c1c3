import type { Queryable } from './client.js';

export interface AvoidDomainRow {
  id: number;
  url: string;
  reason: string | null;
  createdAt: Date;
}

export async function listAvoidDomains(sql: Queryable): Promise<AvoidDomainRow[]> {
  return sql<AvoidDomainRow[]>`select id, url, reason, created_at from avoid_domains order by url`;
}

/** Adds a host to the avoid list; null when it is there already. */
export async function insertAvoidDomain(sql: Queryable, entry: { url: string; reason: string | null }): Promise<AvoidDomainRow | null> {
  const [row] = await sql<AvoidDomainRow[]>`
    insert into avoid_domains (url, reason) values (${entry.url}, ${entry.reason})
    on conflict (url) do nothing
    returning id, url, reason, created_at`;
  return row ?? null;
}

export async function deleteAvoidDomain(sql: Queryable, id: number): Promise<AvoidDomainRow | null> {
  const [row] = await sql<AvoidDomainRow[]>`
    delete from avoid_domains where id = ${id} returning id, url, reason, created_at`;
  return row ?? null;
}

export async function deleteAvoidDomainByUrl(sql: Queryable, url: string): Promise<AvoidDomainRow | null> {
  const [row] = await sql<AvoidDomainRow[]>`
    delete from avoid_domains where url = ${url} returning id, url, reason, created_at`;
  return row ?? null;
}

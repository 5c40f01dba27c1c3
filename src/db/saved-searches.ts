// Searches saved for the public site (sql/027_saved_searches.sql).
import type { Queryable } from './client.js';

export interface SavedSearchRow {
  id: number;
  name: string;
  slug: string;
  query: string;
  createdAt: Date;
}

export async function savedSearches(sql: Queryable): Promise<SavedSearchRow[]> {
  return sql<SavedSearchRow[]>`select id, name, slug, query, created_at from saved_searches order by name, id`;
}

export async function savedSearchBySlug(sql: Queryable, slug: string): Promise<SavedSearchRow | null> {
  const [row] = await sql<SavedSearchRow[]>`select id, name, slug, query, created_at from saved_searches where slug = ${slug}`;
  return row ?? null;
}

/** The new row, or null when the slug is taken. */
export async function insertSavedSearch(sql: Queryable, search: { name: string; slug: string; query: string }): Promise<SavedSearchRow | null> {
  const [row] = await sql<SavedSearchRow[]>`
    insert into saved_searches (name, slug, query) values (${search.name}, ${search.slug}, ${search.query})
    on conflict (slug) do nothing
    returning id, name, slug, query, created_at`;
  return row ?? null;
}

export async function deleteSavedSearch(sql: Queryable, id: number): Promise<SavedSearchRow | null> {
  const [row] = await sql<SavedSearchRow[]>`delete from saved_searches where id = ${id} returning id, name, slug, query, created_at`;
  return row ?? null;
}

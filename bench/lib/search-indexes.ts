// The search's GIN indexes (sql/001, 014, 032, 033), dropped before a bench seeds its articles and
// built once at the end: building them once is much faster than maintaining them row by row.
import type { Queryable } from '../../src/db/client.js';

const INDEXES: Record<string, string> = {
  articles_search_vector: 'using gin (search_vector)',
  articles_title_simple: "using gin (to_tsvector('simple', title))",
  articles_search_pairs: 'using gin (search_pair_keys(search_vector))',
  // The recent set's one index (sql/033): words, title words and word pairs.
  articles_search_recent: "using gin (search_vector, to_tsvector('simple', title), search_pair_keys(search_vector)) where recent",
};

export async function dropSearchIndexes(sql: Queryable): Promise<void> {
  for (const name of Object.keys(INDEXES)) await sql.unsafe(`drop index if exists ${name}`);
}

export async function createSearchIndexes(sql: Queryable): Promise<void> {
  for (const [name, definition] of Object.entries(INDEXES)) await sql.unsafe(`create index ${name} on articles ${definition}`);
}

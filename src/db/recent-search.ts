// The recent set of articles (sql/021): its own full-text indexes, so a search looking at the newest
// articles reads short index lists. Invariant: every article crawled at or after `recentSince` is
// flagged recent (older ones may be too, until the upkeep clears them).
import type { Queryable } from './client.js';

/** How many of the newest articles the recent set holds. */
export const RECENT_SEARCH_ARTICLES = 100_000;

/** Earliest crawl time the recent set covers entirely, in ms (-Infinity: every article); null when unknown. */
export async function recentSince(sql: Queryable): Promise<number | null> {
  // As a number: postgres.js cannot read '-infinity' as a Date.
  const [row] = await sql<{ since: number | null }[]>`
    select extract(epoch from since)::float8 * 1000 as since from recent_search_set`;
  return row?.since ?? null;
}

/**
 * One step of the hourly upkeep: clears the flag, in batches of `batch`, on articles older than the
 * `recentSince` recorded by the previous step (a search that read it an instant ago still finds
 * every article it counts on), then records the crawl time of the `keep`-th newest article as the
 * next `recentSince`. Returns how many articles left the set.
 */
export async function advanceRecentSearchSet(sql: Queryable, keep = RECENT_SEARCH_ARTICLES, batch = 1_000): Promise<number> {
  const since = await recentSince(sql);
  let cleared = 0;
  if (since !== null && Number.isFinite(since)) {
    for (;;) {
      const result = await sql`
        update articles set recent = false
        where id in (select id from articles where recent and scraped_at < ${new Date(since)} limit ${batch})`;
      cleared += result.count;
      if (result.count < batch) break;
    }
  }
  const [edge] = await sql<{ at: Date | null }[]>`
    select scraped_at as at from articles order by scraped_at desc, id desc offset ${keep - 1} limit 1`;
  // Whatever left the flag wrong (a row written with it cleared), the set is whole before it is claimed.
  if (edge?.at) await sql`update articles set recent = true where scraped_at >= ${edge.at} and not recent`;
  else await sql`update articles set recent = true where not recent`;
  // Fewer articles than the set holds: all of them are recent ('-infinity'); never move back.
  await sql`
    insert into recent_search_set (since) values (coalesce(${edge?.at ?? null}::timestamptz, '-infinity'))
    on conflict (one) do update set since = greatest(recent_search_set.since, excluded.since)`;
  return cleared;
}

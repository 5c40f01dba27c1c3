import type { Topic } from '../services/classify/topics.js';
import type { Queryable } from './client.js';

/** An article as the public pages list it (spec 000 §3). */
export interface ArticleListRow {
  id: number;
  title: string;
  sourceUrl: string;
  scrapedAt: Date;
  domainName: string;
}

export interface DomainArticlesRow {
  domainId: number;
  domainUrl: string;
  priority: number | null;
  articles: { id: number; title: string; sourceUrl: string; scrapedAt: string; domainName: string }[];
}

/**
 * Domains that have articles, by priority (missing = 4) highest first, each with its newest
 * articles. One query: a lateral join on (domain_id, scraped_at desc) keeps it fast at any size.
 */
export async function newestArticlesByDomain(sql: Queryable, perDomain: number): Promise<DomainArticlesRow[]> {
  return sql<DomainArticlesRow[]>`
    select d.id as domain_id, d.url as domain_url, d.priority, recent.articles
    from domains d
    cross join lateral (
      select json_agg(json_build_object(
               'id', a.id, 'title', a.title, 'sourceUrl', a.source_url,
               'scrapedAt', a.scraped_at, 'domainName', a.domain_name)
             order by a.scraped_at desc, a.id desc) as articles
      from (
        select id, title, source_url, scraped_at, domain_name from articles
        where domain_id = d.id
        order by scraped_at desc, id desc
        limit ${perDomain}
      ) a
    ) recent
    where recent.articles is not null
      and d.status <> 'avoided'
      -- Avoid entries are host names; a local domain's host may carry a port.
      and not exists (
        select 1 from avoid_domains v, lateral (select regexp_replace(d.host, ':[0-9]+$', '') as name) h
        where v.url = h.name or right(h.name, length(v.url) + 1) = '.' || v.url)
    order by coalesce(d.priority, 4) desc, d.id`;
}

/** The newest articles of each topic (one query; per-topic index scans). */
export async function newestArticlesByTopic(
  sql: Queryable,
  topics: readonly Topic[],
  perTopic: number,
): Promise<(ArticleListRow & { topic: Topic })[]> {
  return sql<(ArticleListRow & { topic: Topic })[]>`
    select t.topic, a.id, a.title, a.source_url, a.scraped_at, a.domain_name
    from unnest(${topics as Topic[]}::text[]) as t(topic)
    cross join lateral (
      select id, title, source_url, scraped_at, domain_name from articles
      where topic = t.topic
      order by scraped_at desc, id desc
      limit ${perTopic}
    ) a
    order by t.topic, a.scraped_at desc, a.id desc`;
}

export interface SearchRow {
  id: number;
  title: string;
  sourceUrl: string;
  domainUrl: string | null;
  daysSinceCrawl: number;
}

/**
 * The tsquery of a search as a SQL fragment, built inline (not in a CTE) so the planner sees it and
 * estimates its selectivity. `main` is websearch syntax (stemmed words, "phrases", or, -not);
 * `tail` is the word being typed, matched stemmed or as a prefix of a title word.
 */
export function searchTsquery(sql: Queryable, query: { main: string; tail: string }) {
  const main = query.main ? sql`websearch_to_tsquery('english', ${query.main})` : null;
  // `tail` holds letters and digits only, so `tail:*` is always a valid tsquery.
  const tail = query.tail ? sql`(websearch_to_tsquery('english', ${query.tail}) || to_tsquery('simple', ${`${query.tail}:*`}))` : null;
  return main && tail ? sql`(${main} && ${tail})` : (main ?? tail);
}

/**
 * Full-text search. `main` is websearch syntax (stemmed words, "phrases", or, -not); `tail` is the
 * last word as typed so far, matched stemmed or as a prefix of a title word.
 *
 * Cost is bounded by taking candidates first among recent articles (`recentSince`): PostgreSQL
 * then intersects the full-text index with the scraped_at index and reads only those rows. Only
 * when that window holds too few matches are older articles searched too. The candidates (newest
 * matches, at most `candidateLimit`) are then ranked by relevance, the title weighing most.
 */
export async function searchArticles(
  sql: Queryable,
  query: { main: string; tail: string; limit: number; candidateLimit: number; recentSince: Date; timeZone: string },
): Promise<SearchRow[]> {
  const tsq = searchTsquery(sql, query);
  if (!tsq) return [];

  const candidates = async (since: Date | null) =>
    (
      await sql<{ id: number }[]>`
        select id from articles
        where search_vector @@ ${tsq} ${since ? sql`and scraped_at > ${since}` : sql``}
        order by scraped_at desc
        limit ${query.candidateLimit}`
    ).map((row) => row.id);

  let ids = await candidates(query.recentSince);
  if (ids.length < query.candidateLimit) ids = await candidates(null);
  if (ids.length === 0) return [];

  return sql<SearchRow[]>`
    select a.id, a.title, a.source_url,
           coalesce(d.url, a.domain_name) as domain_url,
           ((now() at time zone ${query.timeZone})::date - (a.scraped_at at time zone ${query.timeZone})::date) as days_since_crawl
    from articles a
    left join domains d on d.id = a.domain_id
    where a.id = any(${ids}::int[])
    order by ts_rank_cd(a.search_vector, ${tsq}, 1) desc, a.scraped_at desc, a.id desc
    limit ${query.limit}`;
}

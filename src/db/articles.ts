import type { Topic } from '../services/classify/topics.js';
import type { Queryable, Sql } from './client.js';

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
 * Cost is bounded by ranking only the newest matches (at most `candidateLimit`): PostgreSQL picks
 * the plan by the word's frequency — for a rare word the full-text index and a top-N sort of its
 * few matches, for a common one a walk down the scraped_at index that stops at the limit. (A
 * recent-window step in front of it was measured slower at a million articles: intersecting with
 * the window's index range costs more than it saves.) The candidates are then ranked by
 * relevance, the title weighing most.
 */
export async function searchArticles(
  sql: Sql,
  query: { main: string; tail: string; limit: number; candidateLimit: number; timeZone: string },
): Promise<SearchRow[]> {
  if (!query.main && !query.tail) return [];
  // postgres.js prepares this statement once per connection, and after five runs PostgreSQL may
  // switch to a generic plan that cannot see how frequent the words are: a rare word would then
  // walk the whole scraped_at index (seconds at a million articles). Planning each search afresh
  // costs well under a millisecond.
  return (await sql.begin(async (tx) => {
    await tx`set local plan_cache_mode = force_custom_plan`;
    const tsq = searchTsquery(tx, query)!;
    return tx<SearchRow[]>`
      with candidates as materialized (
        select id from articles
        where search_vector @@ ${tsq}
        order by scraped_at desc
        limit ${query.candidateLimit}
      )
      select a.id, a.title, a.source_url,
             coalesce(d.url, a.domain_name) as domain_url,
             ((now() at time zone ${query.timeZone})::date - (a.scraped_at at time zone ${query.timeZone})::date) as days_since_crawl
      from candidates c
      join articles a on a.id = c.id
      left join domains d on d.id = a.domain_id
      order by ts_rank_cd(a.search_vector, ${tsq}, 1) desc, a.scraped_at desc, a.id desc
      limit ${query.limit}`;
  })) as SearchRow[];
}

export interface ArticleStoryRow {
  id: number;
  title: string;
  content: string;
  excerpt: string | null;
  sourceUrl: string;
  domainName: string;
  topic: Topic | null;
  /** The page of a generated article about the story this article belongs to, if any. */
  storyPath: string | null;
}

/** A crawled article with the page of its story's generated article (social posts link to it). */
export async function articleWithStoryPage(sql: Queryable, id: number): Promise<ArticleStoryRow | null> {
  const [row] = await sql<ArticleStoryRow[]>`
    select a.id, a.title, left(a.content, 20000) as content, a.excerpt, a.source_url, a.domain_name, a.topic,
           (select t.html_file_path from trend_articles ta join trends t on t.id = ta.trend_id
            where ta.article_id = a.id and t.html_file_path is not null
            order by t.batch_number desc limit 1) as story_path
    from articles a where a.id = ${id}`;
  return row ?? null;
}

/** One article with its text, shaped as a trend's source article (audio tells a lone article as a story). */
export async function articleAsSource(sql: Queryable, id: number, maxCharacters = 20_000): Promise<import('./trends.js').TrendSourceArticle | null> {
  const [row] = await sql<import('./trends.js').TrendSourceArticle[]>`
    select id, title, source_url, domain_name, left(content, ${maxCharacters}) as content, excerpt, author, published_at, scraped_at
    from articles where id = ${id}`;
  return row ?? null;
}

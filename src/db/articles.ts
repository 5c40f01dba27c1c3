import type { Topic } from '../shared/topics.js';
import type { Queryable, Sql } from './client.js';
import { republishedBy, type Republisher } from './copies.js';

/** An article as the public pages list it. */
export interface ArticleListRow {
  id: number;
  title: string;
  sourceUrl: string;
  scrapedAt: Date;
  domainName: string;
  /** ISO 639-1 code of its text (null for articles stored before languages were told). */
  language: string | null;
  /** Outlets that republished it word for word (its wire copies), in the order seen; null when none. */
  alsoPublishedBy: Republisher[] | null;
  /** The site showed only its start (a paywall). */
  teaser: boolean;
}

/** One article of a site's list on the home page. */
export interface DomainListArticle {
  id: number;
  title: string;
  sourceUrl: string;
  scrapedAt: string;
  domainName: string;
  language: string | null;
  alsoPublishedBy: Republisher[] | null;
  teaser: boolean;
}

export interface DomainArticlesRow {
  domainId: number;
  domainUrl: string;
  priority: number | null;
  /** The site's newest articles, as JSON text of `DomainListArticle[]` (parsed by the caller, in parts). */
  articles: string;
}

/**
 * Domains that have articles, by priority (missing = 4) highest first, each with its newest
 * articles. One query: a lateral join on (domain_id, scraped_at desc) keeps it fast at any size.
 */
export async function newestArticlesByDomain(sql: Queryable, perDomain: number): Promise<DomainArticlesRow[]> {
  // The lists come as JSON text: postgres.js's camelCase transform walks every parsed JSON value
  // key by key (the keys are camelCase already), and 2,000 sites' lists arriving in one socket read
  // held the daemon's thread for over 100 ms. The caller parses them a few sites a turn.
  return sql<DomainArticlesRow[]>`
    select d.id as domain_id, d.url as domain_url, d.priority, recent.articles::text as articles
    from domains d
    cross join lateral (
      select json_agg(json_build_object(
               'id', a.id, 'title', a.title, 'sourceUrl', a.source_url,
               'scrapedAt', a.scraped_at, 'domainName', a.domain_name, 'language', a.language,
               'alsoPublishedBy', ${republishedBy(sql)}, 'teaser', a.teaser)
             order by a.scraped_at desc, a.id desc) as articles
      from (
        select id, title, source_url, scraped_at, domain_name, language, teaser from articles
        where domain_id = d.id and copy_of is null
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
export async function newestArticlesByTopic(sql: Queryable, topics: readonly Topic[], perTopic: number): Promise<(ArticleListRow & { topic: Topic })[]> {
  return sql<(ArticleListRow & { topic: Topic })[]>`
    select t.topic, a.id, a.title, a.source_url, a.scraped_at, a.domain_name, a.language, a.teaser, ${republishedBy(sql)} as also_published_by
    from unnest(${topics as Topic[]}::text[]) as t(topic)
    cross join lateral (
      select id, title, source_url, scraped_at, domain_name, language, teaser from articles
      where topic = t.topic and copy_of is null
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
  domainName: string;
  daysSinceCrawl: number;
  excerpt: string | null;
  topic: Topic | null;
  scrapedAt: Date;
  alsoPublishedBy: Republisher[] | null;
  teaser: boolean;
}

/** The operators of a search (src/services/reader/search/query.ts) as conditions on the articles. */
export interface SearchFilterValues {
  topics: readonly string[];
  notTopics: readonly string[];
  /** Stored hosts without "www."; sub-domains match. */
  sites: readonly string[];
  notSites: readonly string[];
  /** YYYY-MM-DD in `timeZone`. */
  before: string | null;
  after: string | null;
}

/** The filters as one SQL condition, or null when there are none. */
export function searchFilter(sql: Queryable, filters: SearchFilterValues | undefined, timeZone: string) {
  if (!filters) return null;
  const parts = [];
  // The host as the site is named: without "www." and a port.
  const host = sql`split_part(regexp_replace(lower(domain_name), '^www\.', ''), ':', 1)`;
  const onSite = (hosts: readonly string[]) => sql`(${host} = any(${hosts as string[]}::text[]) or ${host} like any(${hosts.map((h) => `%.${h}`)}::text[]))`;
  if (filters.topics.length) parts.push(sql`topic = any(${filters.topics as string[]}::text[])`);
  if (filters.notTopics.length) parts.push(sql`(topic is null or topic <> all(${filters.notTopics as string[]}::text[]))`);
  if (filters.sites.length) parts.push(onSite(filters.sites));
  if (filters.notSites.length) parts.push(sql`not ${onSite(filters.notSites)}`);
  if (filters.after) parts.push(sql`scraped_at >= (${filters.after}::date::timestamp at time zone ${timeZone})`);
  if (filters.before) parts.push(sql`scraped_at < (${filters.before}::date::timestamp at time zone ${timeZone})`);
  if (!parts.length) return null;
  return parts.reduce((all, part) => sql`${all} and ${part}`);
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
 * Which articles a search matches, as a SQL condition: the stemmed words and phrases of `main` in
 * the search column, and `tail` (the word being typed) either as a whole stemmed word there or as a
 * prefix of a title word as written (its own small index, sql/014). Ranking still uses
 * `searchTsquery` over the whole search column.
 */
export function searchMatch(sql: Queryable, query: { main: string; tail: string }, options: { indexed: boolean; walking?: boolean } = { indexed: true }) {
  const main = query.main ? sql`websearch_to_tsquery('english', ${query.main})` : null;
  // Not indexed: @@ called as its function, which the planner does not match to the full-text
  // index, so it checks the rows another index found instead of reading the index's long lists.
  const matches = (tsquery: NonNullable<typeof main>) => (options.indexed ? sql`search_vector @@ ${tsquery}` : sql`ts_match_vq(search_vector, ${tsquery})`);
  if (!query.tail) return matches(main!);
  const word = sql`websearch_to_tsquery('english', ${query.tail})`;
  // A stop word as `tail` ("out") has no stem: then only the title prefix can match it.
  const whole = main ? matches(sql`(${main} && ${word})`) : matches(word);
  const titlePrefix = sql`to_tsvector('simple', title) @@ to_tsquery('simple', ${`${query.tail}:*`})`;
  // Walking down the newest rows, each title not holding the word as written is passed over before
  // it is tokenised (~3 µs a title; most of a common word's walk). Only for an ASCII word: lower()
  // and the parser fold other letters alike only in some locales.
  const prefix =
    options.walking && /^[a-z0-9]+$/i.test(query.tail) ? sql`(strpos(lower(title), ${query.tail.toLowerCase()}) > 0 and ${titlePrefix})` : titlePrefix;
  return sql`((case when numnode(${word}) > 0 then ${whole} else false end) or (${main ? sql`${matches(main)} and ` : sql``}${prefix}))`;
}

/**
 * The phrases a websearch query requires: quoted, not negated, in a query without OR (an OR may
 * leave any one of them out). A phrase left unclosed is left out too: a pre-filter may only narrow
 * the search to what certainly matches.
 */
export function requiredPhrases(main: string): string[] {
  const pieces = main.split('"');
  const outside = pieces.filter((_, i) => i % 2 === 0);
  if (outside.some((piece) => /(^|\s)or(\s|$)/i.test(piece))) return [];
  const phrases: string[] = [];
  // Odd pieces are quoted; the last one is unclosed when the quotes are odd in number.
  for (let i = 1; i < pieces.length - 1; i += 2) {
    if (!pieces[i - 1]!.trimEnd().endsWith('-') && pieces[i]!.trim()) phrases.push(pieces[i]!);
  }
  return phrases;
}

/** The keys of the side-by-side word pairs (sql/032) the phrases hold, as the search column stores them. */
async function phrasePairKeys(sql: Queryable, phrases: string[]): Promise<number[]> {
  if (!phrases.length) return [];
  const [row] = await sql<{ keys: number[] }[]>`
    select coalesce(array_agg(distinct key), '{}') as keys
    from unnest(${phrases}::text[]) as phrase, unnest(search_pair_keys(to_tsvector('english', phrase))) as key`;
  return row?.keys ?? [];
}

/** Candidates a search would like in its window: a few times what it ranks, so one query usually suffices. */
const WINDOW_MARGIN = 3;

/** A search matching at least this share of the articles finds its newest matches fastest by walking down the newest articles. */
const COMMON_SHARE = 0.15;

export interface SearchPlan {
  /** Walk down the newest articles (a common word) instead of reading the indexes' bitmaps. */
  walk: boolean;
  /** Where the recent set begins (ms) when it holds only some of the articles; null otherwise. */
  recentSince: number | null;
  /** Look at articles scraped since then first; null: the whole table. */
  since: Date | null;
  /** The window lies within the recent set (sql/021): its short index lists are read instead. */
  recent: boolean;
  /** Read the window from the crawl-time index (with the words' matches) rather than test each match's time. */
  windowIndexed: boolean;
}

/**
 * The window is read from the crawl-time index only when the words match many articles: that
 * bitmap costs about 0.07 µs per article of the window, and it spares reading the time of each match
 * outside the window, about 2.2 µs each (a million articles on PostgreSQL, bench/scale.bench.ts: a
 * two-word search whose 4,225 matches were ANDed with a window of 360,000 spent 21–62 of its
 * 45–99 ms there; a prefix whose 17,846 matches were read one by one spent 26 ms on 12,000 pages).
 * The window holds about WINDOW_MARGIN × candidates matches, so with M matches of N articles, S of
 * them in the set searched (the recent set's when the window lies in it, else M), the index pays
 * when S × M > N × WINDOW_MARGIN × candidates × 0.07 / 2.2. (Counting M there for S, a two-word
 * search at a million articles whose window was most of the recent set read 80,000 rows of the
 * crawl-time index, ~14 ms, to spare reading ~470 matches' times, ~1 ms.)
 */
const WINDOW_INDEX_COST_RATIO = 0.07 / 2.2;

async function searchPlan(
  tx: Queryable,
  match: ReturnType<typeof searchMatch>,
  candidateLimit: number,
  windowIndexCostRatio = WINDOW_INDEX_COST_RATIO,
): Promise<SearchPlan> {
  // The settings with the statistics, and the estimate, sent together (pipelined, run in order: the
  // estimate is planned with the settings): on a busy machine each round trip costs.
  const [[stats], [row0]] = await Promise.all([
    tx<{ total: number; bounds: Date[] | null; recentSince: number | null }[]>`
      select set_config('plan_cache_mode', 'force_custom_plan', true), set_config('jit', 'off', true),
             set_config('max_parallel_workers_per_gather', '0', true),
             (select reltuples::float8 from pg_class where oid = 'articles'::regclass) as total,
             (select histogram_bounds::text::timestamptz[] from pg_stats
               where schemaname = current_schema() and tablename = 'articles' and attname = 'scraped_at') as bounds,
             (select extract(epoch from since)::float8 * 1000 from recent_search_set) as recent_since`,
    tx<Record<string, unknown>[]>`explain (format json) select 1 from articles where ${match}`,
  ]);
  // One row, one column ("QUERY PLAN"), whose name the camelCase transform mangles.
  const plan = (row0 ? Object.values(row0)[0] : null) as [{ Plan?: { 'Plan Rows'?: number } }] | null;
  const statistics = { total: stats?.total ?? 0, bounds: stats?.bounds ?? [], recentSince: stats?.recentSince ?? null };
  return planSearch(statistics, plan?.[0]?.Plan?.['Plan Rows'] ?? 0, candidateLimit, windowIndexCostRatio);
}

/**
 * How a search with `estimated` matches finds its candidates, from the table's statistics: its
 * rows (`total`), the crawl-time histogram's bounds, and where the recent set begins (ms,
 * -Infinity while it holds every article).
 */
export function planSearch(
  statistics: { total: number; bounds: readonly Date[]; recentSince: number | null },
  estimated: number,
  candidateLimit: number,
  windowIndexCostRatio = WINDOW_INDEX_COST_RATIO,
): SearchPlan {
  const { total, bounds, recentSince } = statistics;
  const partial = recentSince !== null && Number.isFinite(recentSince) ? recentSince : null;
  if (total > 0 && estimated >= COMMON_SHARE * total) return { walk: true, recentSince: partial, since: null, recent: false, windowIndexed: false };
  // The share of the articles expected to hold WINDOW_MARGIN × the candidates; half or more is no window.
  const share = estimated > 0 ? (WINDOW_MARGIN * candidateLimit) / estimated : 1;
  if (share >= 0.5 || bounds.length < 2) return { walk: false, recentSince: partial, since: null, recent: false, windowIndexed: false };
  const since = bounds[Math.floor((1 - share) * (bounds.length - 1))] ?? null;
  const recent = since !== null && recentSince !== null && since.getTime() >= recentSince;
  // Read without the window's index, the matches tested one by one are those of the set searched:
  // the recent set's alone when the window lies in it (its share of the histogram's bounds).
  const searched = recent && partial !== null ? estimated * (bounds.filter((bound) => bound.getTime() >= partial).length / bounds.length) : estimated;
  const windowIndexed = searched * estimated > total * WINDOW_MARGIN * candidateLimit * windowIndexCostRatio;
  return { walk: false, recentSince: partial, since, recent, windowIndexed };
}

/**
 * Full-text search. `main` is websearch syntax (stemmed words, "phrases", or, -not); `tail` is the
 * last word as typed so far, matched stemmed or as a prefix of a title word.
 *
 * The newest `candidateLimit` matches are ranked by relevance, the title weighing most. Finding
 * them is the cost: walking down the newest articles and testing each one's search column reads a
 * large TOASTed value per article (≈50 µs), so a word in 5 % of a million articles cost ~10,000 of
 * them (~0.4 s); that walk is kept for words in 15 % of the articles or more. For the others the
 * matches come from the indexes as bitmaps (with the memory to keep them exact, so no search column
 * is read to find them), and from a recent window first: the planner's estimate of the matches and
 * the scraped_at histogram give a window expected to hold three times the candidates. A window that
 * held too few is dropped and the whole table searched, so the candidates — and the results — are
 * those of ranking the newest matches of all articles. A search whose window would reach past the
 * recent set (sql/021) looks in the set first: when it holds `recentFloor` matches or more, those
 * are the candidates (a year's archive is searched only for what the last weeks hold too little
 * of). One statement finds and ranks them.
 */
export async function searchArticles(
  sql: Sql,
  query: {
    main: string;
    tail: string;
    filters?: SearchFilterValues;
    limit: number;
    candidateLimit: number;
    timeZone: string;
    /** Matches the recent set must hold to be searched alone, when the window would reach past it. */
    recentFloor: number;
    /** Candidates of a search that walks down the newest articles (a word in most of them). */
    walkCandidateLimit: number;
    /** Overrides WINDOW_INDEX_COST_RATIO (tests: either way of reading the window on a small table). */
    windowIndexCostRatio?: number;
    /** relevance (the default) or newest first (a feed). */
    order?: 'relevance' | 'newest';
  },
): Promise<SearchRow[]> {
  const words = Boolean(query.main || query.tail);
  if (!words && !searchFilter(sql, query.filters, query.timeZone)) return [];
  return (await sql.begin(async (tx) => {
    // (searchPlan also plans each search afresh: postgres.js prepares statements, and PostgreSQL's
    // generic plan after five runs cannot see how frequent the words are; no JIT, no parallel
    // workers — both cost more than these queries take.)
    const tsq = words ? searchTsquery(tx, query) : null;
    const filter = searchFilter(tx, query.filters, query.timeZone);
    // A phrase's word pairs find its candidates (its words may each be in most articles); the words
    // are then checked on those rows alone, not by reading their long lists in the full-text index.
    const pairKeys = words ? await phrasePairKeys(tx, requiredPhrases(query.main)) : [];
    const found = (indexed: boolean, walking = false) => {
      const wordsMatch = words ? searchMatch(tx, query, { indexed, walking }) : null;
      return wordsMatch && filter ? tx`${wordsMatch} and ${filter}` : (wordsMatch ?? filter)!;
    };
    const narrowed = pairKeys.length ? tx`search_pair_keys(search_vector) @> ${pairKeys}::int[] and ${found(false)}` : found(true);
    // A wire copy is found as its original (which names it).
    let match = tx`${narrowed} and copy_of is null`;
    const plan = await searchPlan(tx, match, query.candidateLimit, query.windowIndexCostRatio);
    // Walking down the newest articles checks each in turn: there the pairs would be computed row
    // by row, and the words' check alone costs less; a title is tokenised only when it holds the
    // word being typed.
    if (plan.walk) match = tx`${found(true, true)} and copy_of is null`;
    // Sent with the search itself (pipelined: set before the search is planned).
    const settings = plan.walk ? null : tx`select set_config('enable_indexscan', 'off', true), set_config('work_mem', '32MB', true)`;
    const limit = plan.walk ? Math.min(query.candidateLimit, query.walkCandidateLimit) : query.candidateLimit;
    // The same test either way; `+ interval '0 s'` is a form no index matches, so each match's time is read instead.
    const inWindow = (since: Date) => (plan.windowIndexed ? tx`scraped_at >= ${since}` : tx`scraped_at + interval '0 s' >= ${since}`);
    // The recent set first when the window would reach past it (its short index lists; a match
    // older than where it begins, flagged until the upkeep clears it, is left out).
    const recentFirst = !plan.walk && !plan.recent && plan.recentSince !== null;
    const wider = recentFirst ? tx`wider` : tx`candidates`;
    // With a window: its newest matches if it held enough, else the whole table's (the second
    // branch runs only then).
    const widerCandidates = plan.since
      ? tx`
        windowed as materialized (
          select id from articles where ${plan.recent ? tx`recent and ` : tx``}${match} and ${inWindow(plan.since)}
          order by scraped_at desc, id desc limit ${limit}
        ),
        ${wider} as (
          select id from windowed where (select count(*) from windowed) = ${limit}
          union all
          (select id from articles where (select count(*) from windowed) < ${limit} and ${match}
           order by scraped_at desc, id desc limit ${limit})
        )`
      : tx`
        ${wider} as (
          select id from articles where ${match} order by scraped_at desc, id desc limit ${limit}
        )`;
    const candidates = recentFirst
      ? tx`
        recent_first as materialized (
          select id from articles where recent and ${match} and scraped_at + interval '0 s' >= ${new Date(plan.recentSince!)}
          order by scraped_at desc, id desc limit ${limit}
        ),
        ${widerCandidates},
        candidates as (
          select id from recent_first where (select count(*) from recent_first) >= ${query.recentFloor}
          union all
          (select id from wider where (select count(*) from recent_first) < ${query.recentFloor})
        )`
      : widerCandidates;
    // Each candidate is read by its key (offset 0 keeps the planner from joining the whole table
    // instead: on 10,000 articles it hashed the candidates and read every article, 6 of 13 ms).
    const rows = tx<SearchRow[]>`
      with ${candidates}
      select a.id, a.title, a.source_url, a.domain_name, a.excerpt, a.topic, a.scraped_at, a.teaser,
             coalesce(d.url, a.domain_name) as domain_url, ${republishedBy(tx)} as also_published_by,
             ((now() at time zone ${query.timeZone})::date - (a.scraped_at at time zone ${query.timeZone})::date) as days_since_crawl
      from candidates c
      cross join lateral (select * from articles where id = c.id offset 0) a
      left join domains d on d.id = a.domain_id
      order by ${tsq && query.order !== 'newest' ? tx`ts_rank_cd(a.search_vector, ${tsq}, 1) desc,` : tx``} a.scraped_at desc, a.id desc
      limit ${query.limit}`;
    return (await Promise.all([settings, rows]))[1];
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
    select id, title, source_url, domain_name, left(content, ${maxCharacters}) as content, excerpt, author, published_at, scraped_at, site_name
    from articles where id = ${id}`;
  return row ?? null;
}

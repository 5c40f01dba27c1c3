// What reader apps see through the Google Reader API: the sources as feeds, items (crawled articles,
// our generated ones and the trends) in one 64-bit id space, and each user's read and starred state.
import type { Queryable } from './client.js';

/** Generated articles' item ids start here, above any crawled article's id. */
const GENERATED_ITEM_BASE = 2n ** 48n;
/** Trends' (stories') item ids start here, above any generated article's. */
export const TREND_ITEM_BASE = 2n ** 49n;
/** Source articles a trend item lists. */
const TREND_SOURCES_LISTED = 20;
/** Items older than this count as read, as Google Reader did: unread counts stay bounded. */
const READING_WINDOW_DAYS = 30;

export interface ReaderFeedRow {
  id: number;
  url: string;
  host: string;
  /** The name most of its articles give their site, if any did. */
  siteName: string | null;
  /** The topic most of its articles have. */
  topic: string | null;
}

export async function readerFeeds(sql: Queryable): Promise<ReaderFeedRow[]> {
  return sql<ReaderFeedRow[]>`
    select d.id, d.url, d.host,
           (select mode() within group (order by a.site_name) from articles a where a.domain_id = d.id and a.site_name is not null) as site_name,
           (select mode() within group (order by a.topic) from articles a where a.domain_id = d.id and a.topic is not null) as topic
    from domains d where d.status <> 'avoided' order by d.id`;
}

/** Which items a stream holds. Null fields do not filter. */
export interface ReaderStreamFilter {
  /** Crawled articles of this domain only. */
  domainId: number | null;
  /** Items of this topic (crawled articles, and generated ones filed under it). */
  topic: string | null;
  articles: boolean;
  generated: boolean;
  /** The stories several sites cover (trends), each an item linking to its story page. */
  trends: boolean;
  starredOnly: boolean;
  excludeRead: boolean;
  /** Only items at or after this time (ms). */
  newerThanMs: number | null;
  /** Only items before this time (ms). */
  olderThanMs: number | null;
}

export interface ReaderItemRow {
  itemId: bigint;
  kind: 'article' | 'generated' | 'trend';
  title: string;
  /** Crawled: the source's address; generated: our page's path; trend: null (its story page is built from its id). */
  url: string | null;
  summary: string | null;
  content: string;
  at: Date;
  domainId: number | null;
  domainName: string | null;
  siteName: string | null;
  topic: string | null;
  read: boolean;
  starred: boolean;
}

/**
 * A trend's source articles as lines of "title<TAB>address<TAB>site", earliest first: what its item
 * lists (the service renders them as links).
 */
function trendSources(sql: Queryable) {
  return sql`coalesce((
    select string_agg(x.line, E'\n' order by x.at)
    from (select a.title || E'\t' || a.source_url || E'\t' || coalesce(a.site_name, a.domain_name, '') as line, a.scraped_at as at
          from trend_articles ta join articles a on a.id = ta.article_id
          where ta.trend_id = t.id order by a.scraped_at limit ${TREND_SOURCES_LISTED}) x), '')`;
}

/**
 * A page of a stream, newest first (or oldest first), after the keyset position `after`. Each kind
 * of item is read in index order up to the page's size before the two are merged, so a page costs
 * the same with a thousand articles stored or a million.
 */
/** An article's summary: its excerpt, and the outlets that republished it (a wire copy is one item, its original's). */
const articleSummary = (sql: Queryable) =>
  sql`nullif(concat_ws(' ', a.excerpt, (select 'Also published by ' || string_agg(c.domain_name, ', ' order by c.id) || '.'
                                        from articles c where c.copy_of = a.id and c.copy_kind <> 'update')), '')`;

export async function readerItems(
  sql: Queryable,
  userId: number,
  filter: ReaderStreamFilter,
  page: { limit: number; oldestFirst: boolean; after: { atMs: number; itemId: bigint } | null; withContent: boolean },
): Promise<ReaderItemRow[]> {
  const base = GENERATED_ITEM_BASE.toString();
  const trendBase = TREND_ITEM_BASE.toString();
  const dir = page.oldestFirst ? sql`asc` : sql`desc`;
  const cmp = page.oldestFirst ? sql`>` : sql`<`;
  const afterAt = page.after ? new Date(page.after.atMs) : null;
  const afterId = page.after ? page.after.itemId.toString() : null;
  const newer = filter.newerThanMs === null ? null : new Date(filter.newerThanMs);
  const older = filter.olderThanMs === null ? null : new Date(filter.olderThanMs);
  const stateFilters = (at: ReturnType<typeof sql>) => sql`
    and (not ${filter.starredOnly}::boolean or s.starred_at is not null)
    and (not ${filter.excludeRead}::boolean or (s.read_at is null and ${at} >= now() - make_interval(days => ${READING_WINDOW_DAYS})))
    and (${newer}::timestamptz is null or ${at} >= ${newer}::timestamptz)
    and (${older}::timestamptz is null or ${at} < ${older}::timestamptz)`;
  const rows = await sql<ReaderItemRow[]>`
    select i.item_id::text as item_id, i.kind, i.title, i.url, i.summary, i.content, i.at_time as at, i.domain_id, i.domain_name, i.site_name, i.topic, i.read, i.starred
    from (
      (select a.id::bigint as item_id, 'article' as kind, a.title, a.source_url as url,
              ${articleSummary(sql)} as summary,
              case when ${page.withContent}::boolean then left(a.content, 20000) else '' end as content,
              a.scraped_at as at_time, a.domain_id, a.domain_name, a.site_name, a.topic,
              (s.read_at is not null or a.scraped_at < now() - make_interval(days => ${READING_WINDOW_DAYS})) as read, (s.starred_at is not null) as starred
       from articles a left join reader_item_states s on s.user_id = ${userId} and s.item_id = a.id
       where ${filter.articles}::boolean and a.copy_of is null and (${filter.domainId}::int is null or a.domain_id = ${filter.domainId})
         and (${filter.topic}::text is null or a.topic = ${filter.topic})
         ${stateFilters(sql`a.scraped_at`)}
         and (${afterAt}::timestamptz is null or (a.scraped_at, a.id::bigint) ${cmp} (${afterAt}::timestamptz, ${afterId}::bigint))
       order by a.scraped_at ${dir}, a.id ${dir}
       limit ${page.limit})
      union all
      (select g.id::bigint + ${base}::bigint, 'generated', g.title, g.html_file_path, g.excerpt,
              case when ${page.withContent}::boolean then g.content else '' end,
              g.generated_at, null, null, null, g.category,
              (s.read_at is not null or g.generated_at < now() - make_interval(days => ${READING_WINDOW_DAYS})), (s.starred_at is not null)
       from generated_articles g left join reader_item_states s on s.user_id = ${userId} and s.item_id = g.id::bigint + ${base}::bigint
       where ${filter.generated}::boolean and ${filter.domainId}::int is null and (${filter.topic}::text is null or g.category = ${filter.topic})
         ${stateFilters(sql`g.generated_at`)}
         and (${afterAt}::timestamptz is null or (g.generated_at, g.id::bigint + ${base}::bigint) ${cmp} (${afterAt}::timestamptz, ${afterId}::bigint))
       order by g.generated_at ${dir}, g.id ${dir}
       limit ${page.limit})
      union all
      (select t.id::bigint + ${trendBase}::bigint, 'trend', t.title, null, t.description,
              case when ${page.withContent}::boolean then ${trendSources(sql)} else '' end,
              t.identified_at, null, null, null, t.topic,
              (s.read_at is not null or t.identified_at < now() - make_interval(days => ${READING_WINDOW_DAYS})), (s.starred_at is not null)
       from trends t left join reader_item_states s on s.user_id = ${userId} and s.item_id = t.id::bigint + ${trendBase}::bigint
       where ${filter.trends}::boolean and ${filter.domainId}::int is null and (${filter.topic}::text is null or t.topic = ${filter.topic})
         ${stateFilters(sql`t.identified_at`)}
         and (${afterAt}::timestamptz is null or (t.identified_at, t.id::bigint + ${trendBase}::bigint) ${cmp} (${afterAt}::timestamptz, ${afterId}::bigint))
       order by t.identified_at ${dir}, t.id ${dir}
       limit ${page.limit})
    ) i
    order by i.at_time ${dir}, i.item_id ${dir}
    limit ${page.limit}`;
  return rows.map((row) => ({ ...row, itemId: BigInt(row.itemId as unknown as string) }));
}

/** The items of these ids (in any order); unknown ids are left out. */
export async function readerItemsById(sql: Queryable, userId: number, itemIds: readonly bigint[]): Promise<ReaderItemRow[]> {
  const articleIds = itemIds.filter((id) => id < GENERATED_ITEM_BASE).map(Number);
  const generatedIds = itemIds.filter((id) => id >= GENERATED_ITEM_BASE && id < TREND_ITEM_BASE).map((id) => Number(id - GENERATED_ITEM_BASE));
  const trendIds = itemIds.filter((id) => id >= TREND_ITEM_BASE && id - TREND_ITEM_BASE <= 2_147_483_647n).map((id) => Number(id - TREND_ITEM_BASE));
  const base = GENERATED_ITEM_BASE.toString();
  const trendBase = TREND_ITEM_BASE.toString();
  const rows = await sql<ReaderItemRow[]>`
    select i.item_id::text as item_id, i.kind, i.title, i.url, i.summary, i.content, i.at, i.domain_id, i.domain_name, i.site_name, i.topic,
           (s.read_at is not null or i.at < now() - make_interval(days => ${READING_WINDOW_DAYS})) as read,
           (s.starred_at is not null) as starred
    from (
      select a.id::bigint as item_id, 'article' as kind, a.title, a.source_url as url, ${articleSummary(sql)} as summary, left(a.content, 20000) as content,
             a.scraped_at as at, a.domain_id, a.domain_name, a.site_name, a.topic
      from articles a where a.id = any(${articleIds}::int[])
      union all
      select g.id::bigint + ${base}::bigint, 'generated', g.title, g.html_file_path, g.excerpt, g.content, g.generated_at, null, null, null, g.category
      from generated_articles g where g.id = any(${generatedIds}::int[])
      union all
      select t.id::bigint + ${trendBase}::bigint, 'trend', t.title, null, t.description, ${trendSources(sql)}, t.identified_at, null, null, null, t.topic
      from trends t where t.id = any(${trendIds}::int[])
    ) i
    left join reader_item_states s on s.user_id = ${userId} and s.item_id = i.item_id`;
  return rows.map((row) => ({ ...row, itemId: BigInt(row.itemId as unknown as string) }));
}

export async function setReaderItemState(
  sql: Queryable,
  userId: number,
  itemIds: readonly bigint[],
  change: { read?: boolean; starred?: boolean },
): Promise<void> {
  if (itemIds.length === 0) return;
  const ids = itemIds.map(String);
  const read = change.read === undefined ? null : change.read;
  const starred = change.starred === undefined ? null : change.starred;
  await sql`
    insert into reader_item_states (user_id, item_id, read_at, starred_at)
    select ${userId}, id::bigint, case when ${read}::boolean then now() end, case when ${starred}::boolean then now() end
    from unnest(${ids}::text[]) as ids(id)
    on conflict (user_id, item_id) do update set
      read_at = case when ${read}::boolean is null then reader_item_states.read_at
                     when ${read}::boolean then coalesce(reader_item_states.read_at, now()) else null end,
      starred_at = case when ${starred}::boolean is null then reader_item_states.starred_at
                        when ${starred}::boolean then coalesce(reader_item_states.starred_at, now()) else null end`;
}

/** Unread items inside the reading window, per domain and per topic, and in all. */
export interface UnreadCountRow {
  /** What the row counts: one domain's, one topic's, one kind's (article, generated, trend) or every unread item. */
  by: 'domain' | 'topic' | 'kind' | 'all';
  domainId: number | null;
  topic: string | null;
  kind: 'article' | 'generated' | 'trend' | null;
  count: number;
  newestAt: Date;
}

export async function readerUnreadCounts(sql: Queryable, userId: number): Promise<UnreadCountRow[]> {
  const base = GENERATED_ITEM_BASE.toString();
  const trendBase = TREND_ITEM_BASE.toString();
  // grouping() sets a bit for each column left out of the set: (domain) 3, (topic) 5, (kind) 6, () 7.
  return sql<UnreadCountRow[]>`
    select case grouping(domain_id, topic, kind) when 3 then 'domain' when 5 then 'topic' when 6 then 'kind' else 'all' end as by,
           domain_id, topic, kind, count(*)::int as count, max(at) as newest_at from (
      select a.id::bigint as item_id, a.domain_id, a.topic, 'article' as kind, a.scraped_at as at from articles a
      where a.scraped_at >= now() - make_interval(days => ${READING_WINDOW_DAYS}) and a.copy_of is null
      union all
      select g.id::bigint + ${base}::bigint, null, g.category, 'generated', g.generated_at from generated_articles g
      where g.generated_at >= now() - make_interval(days => ${READING_WINDOW_DAYS})
      union all
      select t.id::bigint + ${trendBase}::bigint, null, t.topic, 'trend', t.identified_at from trends t
      where t.identified_at >= now() - make_interval(days => ${READING_WINDOW_DAYS})
    ) i
    where not exists (select 1 from reader_item_states s where s.user_id = ${userId} and s.item_id = i.item_id and s.read_at is not null)
    group by grouping sets ((domain_id), (topic), (kind), ())`;
}

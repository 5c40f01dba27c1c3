// Articles as the topic-driven services read them: the trends analyzer (recent articles, and the
// story topics it stores) and the food re-categorization job (every article, walked by id).
import type { Topic } from '../shared/topics.js';
import type { Queryable } from './client.js';

export interface RecentArticleRow {
  id: number;
  title: string;
  /** The first paragraphs of the text (else the excerpt). */
  lead: string;
  domainName: string;
  publishedAt: Date | null;
  scrapedAt: Date;
  /** The classifier's topic of the article itself (not its story's). */
  ownTopic: Topic | null;
  topicSource: 'model' | 'offline' | null;
  /** What a story's topic reads of the article, as stored with it (null: none, or another model's). */
  reading?: Float32Array | null;
}

/** A stored reading as numbers; null unless it holds exactly `length` of them (a dump may hold anything). */
function readingOf(stored: Uint8Array | null, length: number): Float32Array | null {
  if (!stored || stored.byteLength !== length * 4) return null;
  // Copied: the driver's buffer may be a slice of a larger one at any offset.
  return new Float32Array(Uint8Array.from(stored).buffer);
}

/** Leads read per query: a week of 2,000 sources is 100,000 of them, and the embedded database answers on the daemon's thread. */
const RECENT_PAGE = 500;

/** What recentArticles reads. */
export interface RecentArticlesQuery {
  since: Date;
  limit: number;
  leadCharacters: number;
  /**
   * The stored readings of this model, of this many numbers each, are read too; an article that has
   * one comes with its lead cut to `leadWithReading` characters (the grouping's), as the reading
   * stands for what the rest of the lead says of its topic.
   */
  readings?: { model: number; length: number; leadWithReading: number };
}

/** An article's lead as every reader of one takes it: its text's first characters, else its excerpt. */
const leadOf = (sql: Queryable, characters: number) => sql`left(coalesce(nullif(content, ''), excerpt, ''), ${characters})`;

/**
 * The newest articles of every topic crawled since `since` and not published before it (an old
 * page crawled today is not news), at most `limit`; wire copies left out. Read newest first in
 * pages that each continue from the last row of the one before along the crawl-time index (one
 * query for a week's ids sorted all 100,000 rows at once: 172–626 ms on the embedded database),
 * and given page by page, so that a reader which passes each on need not hold them all.
 */
export async function* recentArticlePages(sql: Queryable, options: RecentArticlesQuery): AsyncGenerator<RecentArticleRow[]> {
  const readings = options.readings ?? null;
  let read = 0;
  // The last row's crawl time as the database wrote it, sent back as text: a JavaScript date (and
  // postgres.js's encoding of a timestamptz parameter) keeps milliseconds only, and a page continued
  // from a rounded time skips or repeats rows.
  let after: { scrapedAt: string; id: number } | null = null;
  while (read < options.limit) {
    const take = Math.min(RECENT_PAGE, options.limit - read);
    type Row = Omit<RecentArticleRow, 'reading'> & { scrapedKey: string; topicReading: Uint8Array | null };
    // A reading of another length is none (a dump may hold anything): its article's lead comes whole, to be read.
    const page: Row[] = await sql<Row[]>`
      select id, title,
             ${readings ? sql`case when octet_length(r.reading) = ${readings.length * 4} then ${leadOf(sql, readings.leadWithReading)} else ${leadOf(sql, options.leadCharacters)} end` : leadOf(sql, options.leadCharacters)} as lead,
             domain_name, published_at, scraped_at, scraped_at::text as scraped_key, coalesce(own_topic, topic) as own_topic, topic_source,
             ${readings ? sql`r.reading` : sql`null::bytea`} as topic_reading
      from articles
      ${readings ? sql`left join article_topic_readings r on r.article_id = articles.id and r.model = ${readings.model}` : sql``}
      where scraped_at >= ${options.since}
        and coalesce(published_at, scraped_at) >= ${options.since}
        -- A wire copy is not another source of a story: its original stands for it.
        and copy_of is null
        ${after ? sql`and scraped_at <= ${after.scrapedAt}::text::timestamptz and (scraped_at < ${after.scrapedAt}::text::timestamptz or id < ${after.id})` : sql``}
      order by scraped_at desc, id desc
      limit ${take}`;
    read += page.length;
    if (page.length > 0)
      yield page.map(({ scrapedKey: _, topicReading, ...row }) => ({ ...row, reading: readings && readingOf(topicReading, readings.length) }));
    if (page.length < take) break;
    const last = page[page.length - 1]!;
    after = { scrapedAt: last.scrapedKey, id: last.id };
  }
}

/** recentArticlePages' rows, all at once. */
export async function recentArticles(sql: Queryable, options: RecentArticlesQuery): Promise<RecentArticleRow[]> {
  const rows: RecentArticleRow[] = [];
  for await (const page of recentArticlePages(sql, options)) for (const row of page) rows.push(row);
  return rows;
}

/** The stored readings of these articles by this model (those that have one of `length` numbers). */
export async function storedReadings(sql: Queryable, ids: readonly number[], options: { model: number; length: number }): Promise<Map<number, Float32Array>> {
  const rows = await sql<{ articleId: number; reading: Uint8Array }[]>`
    select article_id, reading from article_topic_readings where article_id = any(${ids as number[]}::int[]) and model = ${options.model}`;
  const readings = new Map<number, Float32Array>();
  for (const row of rows) {
    const reading = readingOf(row.reading, options.length);
    if (reading) readings.set(row.articleId, reading);
  }
  return readings;
}

/** Leads read per query when they are read again by id. */
const LEADS_PAGE = 1_000;

/** The leads of these articles (those that still exist), as recentArticles reads them. */
export async function articleLeads(sql: Queryable, ids: readonly number[], leadCharacters: number): Promise<Map<number, string>> {
  const leads = new Map<number, string>();
  for (let at = 0; at < ids.length; at += LEADS_PAGE) {
    const part = ids.slice(at, at + LEADS_PAGE) as number[];
    const rows = await sql<{ id: number; lead: string }[]>`
      select id, ${leadOf(sql, leadCharacters)} as lead from articles where id = any(${part}::int[])`;
    for (const row of rows) leads.set(row.id, row.lead);
  }
  return leads;
}

/** Article ids per update: one statement per topic, in parts, rather than one per story. */
const TOPIC_UPDATE_IDS = 1_000;

/**
 * Stores the topics of one analysis: the articles of each story several sources cover take the
 * story's topic (their own is kept in own_topic), and `alone` articles (analysed, in no such story)
 * get their own topic back; an article's wire copies go with it. Returns how many articles changed.
 */
export async function storeStoryTopics(sql: Queryable, options: { stories: { topic: Topic; articleIds: number[] }[]; alone: number[] }): Promise<number> {
  const byTopic = new Map<Topic, number[]>();
  for (const story of options.stories) {
    const ids = byTopic.get(story.topic);
    if (ids) for (const id of story.articleIds) ids.push(id);
    else byTopic.set(story.topic, [...story.articleIds]);
  }
  let changed = 0;
  for (const [topic, all] of byTopic) {
    for (let at = 0; at < all.length; at += TOPIC_UPDATE_IDS) {
      const ids = all.slice(at, at + TOPIC_UPDATE_IDS);
      const result = await sql`
        update articles set own_topic = case when coalesce(own_topic, topic) = ${topic} then null else coalesce(own_topic, topic) end,
                            topic = ${topic}
        where (id = any(${ids}::int[]) or copy_of = any(${ids}::int[]))
          and (topic is distinct from ${topic} or own_topic = ${topic})`;
      changed += result.count;
    }
  }
  for (let at = 0; at < options.alone.length; at += TOPIC_UPDATE_IDS) {
    const ids = options.alone.slice(at, at + TOPIC_UPDATE_IDS);
    const result = await sql`
      update articles set topic = own_topic, own_topic = null
      where (id = any(${ids}::int[]) or copy_of = any(${ids}::int[])) and own_topic is not null`;
    changed += result.count;
  }
  return changed;
}

/** Readings per statement (each a few hundred bytes as hex). */
const READING_UPDATE_IDS = 1_000;

/**
 * Stores readings made by an analysis for articles that had none: `readings` holds `length`
 * numbers per id, in order. The article's text is unchanged since it was read (a changed text
 * drops its reading: updateArticleContent); an article deleted since is skipped.
 */
export async function storeTopicReadings(
  sql: Queryable,
  options: { ids: ArrayLike<number>; readings: Float32Array; length: number; model: number },
): Promise<void> {
  const bytes = options.length * 4;
  for (let at = 0; at < options.ids.length; at += READING_UPDATE_IDS) {
    const end = Math.min(at + READING_UPDATE_IDS, options.ids.length);
    const ids = Array.from({ length: end - at }, (_, k) => options.ids[at + k]!);
    const block = Buffer.from(options.readings.buffer, options.readings.byteOffset + at * bytes, (end - at) * bytes);
    await sql`
      insert into article_topic_readings (article_id, model, reading)
      select r.id, ${options.model}, substring(${block}::bytea from ((r.n - 1) * ${bytes} + 1)::int for ${bytes})
      from unnest(${ids}::int[]) with ordinality as r(id, n)
      join articles a on a.id = r.id
      on conflict (article_id) do update set model = excluded.model, reading = excluded.reading`;
  }
}

export interface ArticleTopicRow {
  id: number;
  title: string;
  lead: string;
  topic: Topic | null;
  topicSource: 'model' | 'offline' | null;
}

/** Articles with `afterId < id <= upToId`, by id: one page of a walk over the table. */
export async function articlesAfter(
  sql: Queryable,
  options: { afterId: number; upToId: number; limit: number; leadCharacters: number },
): Promise<ArticleTopicRow[]> {
  return sql<ArticleTopicRow[]>`
    select id, title, left(content, ${options.leadCharacters}) as lead, topic, topic_source
    from articles
    where id > ${options.afterId} and id <= ${options.upToId}
    order by id
    limit ${options.limit}`;
}

export async function articleIdRange(sql: Queryable): Promise<{ maxId: number }> {
  const [row] = await sql<{ maxId: number }[]>`select coalesce(max(id), 0)::int as max_id from articles`;
  return row!;
}

export async function countArticlesUpTo(sql: Queryable, upToId: number, afterId = 0): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from articles where id > ${afterId} and id <= ${upToId}`;
  return row!.count;
}

/** Sets the topic of the articles not already in it; returns how many changed. */
export async function moveArticlesToTopic(sql: Queryable, ids: number[], topic: Topic, source: 'model' | 'offline'): Promise<number> {
  if (ids.length === 0) return 0;
  const result = await sql`
    update articles set topic = ${topic}, topic_source = ${source}, own_topic = null
    where id = any(${ids}::int[]) and topic is distinct from ${topic}`;
  return result.count;
}

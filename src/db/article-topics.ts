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
}

/** Leads read per query: a week of 2,000 sources is 100,000 of them, and the embedded database answers on the daemon's thread. */
const RECENT_PAGE = 500;

/**
 * The newest articles of every topic crawled since `since` and not published before it (an old
 * page crawled today is not news), at most `limit`; wire copies left out.
 */
export async function recentArticles(sql: Queryable, options: { since: Date; limit: number; leadCharacters: number }): Promise<RecentArticleRow[]> {
  // The ids first (small), then their rows in parts, in the ids' order.
  const ids = (
    await sql<{ id: number }[]>`
      select id from articles
      where scraped_at >= ${options.since}
        and coalesce(published_at, scraped_at) >= ${options.since}
        -- A wire copy is not another source of a story: its original stands for it.
        and copy_of is null
      order by scraped_at desc, id desc
      limit ${options.limit}`
  ).map((row) => row.id);
  const rows: RecentArticleRow[] = [];
  for (let at = 0; at < ids.length; at += RECENT_PAGE) {
    const part = ids.slice(at, at + RECENT_PAGE);
    const found = await sql<RecentArticleRow[]>`
      select id, title, left(coalesce(nullif(content, ''), excerpt, ''), ${options.leadCharacters}) as lead,
             domain_name, published_at, scraped_at, coalesce(own_topic, topic) as own_topic, topic_source
      from articles where id = any(${part}::int[])`;
    const byId = new Map(found.map((row) => [row.id, row]));
    // An article deleted between the two reads is simply not analysed.
    for (const id of part) if (byId.has(id)) rows.push(byId.get(id)!);
  }
  return rows;
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

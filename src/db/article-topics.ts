// Articles as the topic-driven services read them: the trends analyzer (recent articles of a topic)
// and the food re-categorization job (every article, walked by id).
import type { Topic } from '../services/classify/topics.js';
import type { Queryable } from './client.js';

export interface TopicArticleRow {
  id: number;
  title: string;
  /** The excerpt, else the start of the text. */
  lead: string;
  domainName: string;
  publishedAt: Date | null;
  scrapedAt: Date;
}

/**
 * The newest articles of a topic crawled since `since` and not published before it (an old page
 * crawled today is not news), at most `limit`.
 */
export async function recentArticlesOfTopic(
  sql: Queryable,
  options: { topic: Topic; since: Date; limit: number; leadCharacters: number },
): Promise<TopicArticleRow[]> {
  return sql<TopicArticleRow[]>`
    select id, title, left(coalesce(nullif(excerpt, ''), content), ${options.leadCharacters}) as lead,
           domain_name, published_at, scraped_at
    from articles
    where topic = ${options.topic}
      and scraped_at >= ${options.since}
      and coalesce(published_at, scraped_at) >= ${options.since}
    order by scraped_at desc, id desc
    limit ${options.limit}`;
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
    update articles set topic = ${topic}, topic_source = ${source}
    where id = any(${ids}::int[]) and topic is distinct from ${topic}`;
  return result.count;
}

// Topics the administrator set on stories, kept per article: an analysis that regroups a story
// (new articles, a new trend row) still finds them through the articles it already had.
import type { Topic } from '../shared/topics.js';
import type { Queryable } from './client.js';

/** The overrides among these articles, as [article id, topic]. */
export async function storyTopicOverrides(sql: Queryable, articleIds: readonly number[]): Promise<[number, Topic][]> {
  if (articleIds.length === 0) return [];
  const rows = await sql<{ articleId: number; topic: Topic }[]>`
    select article_id, topic from story_topic_overrides where article_id = any(${articleIds as number[]}::int[])`;
  return rows.map((row) => [row.articleId, row.topic]);
}

export async function overrideStoryTopic(sql: Queryable, articleIds: readonly number[], topic: Topic): Promise<void> {
  if (articleIds.length === 0) return;
  await sql`
    insert into story_topic_overrides (article_id, topic)
    select id, ${topic} from articles where id = any(${articleIds as number[]}::int[])
    on conflict (article_id) do update set topic = excluded.topic, set_at = now()`;
}

/** Removes the overrides of these articles; returns how many there were. */
export async function clearStoryTopicOverrides(sql: Queryable, articleIds: readonly number[]): Promise<number> {
  if (articleIds.length === 0) return 0;
  const result = await sql`delete from story_topic_overrides where article_id = any(${articleIds as number[]}::int[])`;
  return result.count;
}

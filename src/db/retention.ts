// Retention of crawled articles: old bodies cleared, older articles deleted, in short batches that
// never hold a lock readers wait on for long; trends left without any article go with them.
import type { Queryable } from './client.js';

/** Empties the text of up to `limit` articles crawled before `cutoff` (title, lede and address stay; the reading of the text goes). */
export async function clearArticleBodiesBefore(sql: Queryable, cutoff: Date, limit: number): Promise<number> {
  const result = await sql`
    with cleared as (
      update articles set content = '' where id in (
        select id from articles where scraped_at < ${cutoff} and content <> '' order by scraped_at limit ${limit})
      returning id
    ), dropped as (delete from article_topic_readings where article_id in (select id from cleared))
    select id from cleared`;
  return result.length;
}

/** Deletes up to `limit` articles crawled before `cutoff` (their trend links go with them). */
export async function deleteArticlesBefore(sql: Queryable, cutoff: Date, limit: number): Promise<number> {
  const result = await sql`
    delete from articles where id in (select id from articles where scraped_at < ${cutoff} order by scraped_at limit ${limit})`;
  return result.count;
}

/** Trends identified before `cutoff` that no article is linked to any more. */
export async function deleteTrendsWithoutArticles(sql: Queryable, cutoff: Date): Promise<number> {
  const result = await sql`
    delete from trends t where t.identified_at < ${cutoff}
      and not exists (select 1 from trend_articles ta where ta.trend_id = t.id)`;
  return result.count;
}

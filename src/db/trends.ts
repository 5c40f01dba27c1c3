import type { Topic } from '../shared/topics.js';
import type { TopicEvidence } from '../shared/topic-evidence.js';
import type { Queryable } from './client.js';
import { GENERATE_ARTICLE_JOB } from './generations.js';
import { copyHeadlines, republishedBy, type Republisher } from './copies.js';

export interface TopTrendRow {
  id: number;
  title: string;
  topic: Topic;
  htmlFilePath: string | null;
}

/** `from … order by` of the `perTopic` most relevant trends (`tr`) of each topic's (`t.topic`) latest analysis. */
function topOfLatestAnalysis(sql: Queryable, topics: readonly Topic[], perTopic: number) {
  return sql`
    from unnest(${topics as Topic[]}::text[]) as t(topic)
    cross join lateral (
      select id, title, description, html_file_path, relevance_score, identified_at from trends
      where topic = t.topic
        and batch_number = (select max(batch_number) from trends where topic = t.topic)
      order by relevance_score desc, identified_at desc, id
      limit ${perTopic}
    ) tr
    order by t.topic, tr.relevance_score desc, tr.identified_at desc, tr.id`;
}

/** The most relevant trends of each topic's latest analysis. */
export async function topTrendsByTopic(sql: Queryable, topics: readonly Topic[], perTopic: number): Promise<TopTrendRow[]> {
  return sql<TopTrendRow[]>`select tr.id, tr.title, t.topic, tr.html_file_path ${topOfLatestAnalysis(sql, topics, perTopic)}`;
}

export interface DigestStoryRow {
  id: number;
  title: string;
  description: string;
  topic: Topic;
  /** Outlets among the story's articles. */
  sourceCount: number;
}

/** How many outlets tell the story whose id is in `trendIdColumn` (a SQL fragment for a select list). */
export function outletCount(sql: Queryable, trendIdColumn: string) {
  return sql`(select count(distinct coalesce(a.domain_id::text, a.domain_name, a.source_url))::int
              from trend_articles ta join articles a on a.id = ta.article_id where ta.trend_id = ${sql(trendIdColumn)})`;
}

/** The latest analysis's most relevant stories of each topic, with how many outlets tell each. */
export async function digestStoriesByTopic(sql: Queryable, topics: readonly Topic[], perTopic: number): Promise<DigestStoryRow[]> {
  return sql<DigestStoryRow[]>`
    select tr.id, tr.title, tr.description, t.topic, ${outletCount(sql, 'tr.id')} as source_count ${topOfLatestAnalysis(sql, topics, perTopic)}`;
}

export interface TrendRow {
  id: number;
  title: string;
  description: string;
  topic: Topic;
  relevanceScore: number;
  articlesAnalyzed: number;
  batchNumber: number;
  identifiedAt: Date;
  htmlFilePath: string | null;
  source: 'model' | 'offline';
  /** Why the story has its topic (null for trends stored before the analyzer kept it). */
  topicEvidence: TopicEvidence | null;
  articleCount: number;
}

/** Newest analysis first, most relevant first within it; `topic` null = every topic. */
export async function latestTrendRows(sql: Queryable, options: { topic: Topic | null; limit: number; id?: number }): Promise<TrendRow[]> {
  return sql<TrendRow[]>`
    select t.id, t.title, t.description, t.topic, t.relevance_score, t.articles_analyzed, t.batch_number,
           t.identified_at, t.html_file_path, t.source, t.topic_evidence,
           (select count(*)::int from trend_articles ta where ta.trend_id = t.id) as article_count
    from trends t
    where (${options.topic}::text is null or t.topic = ${options.topic})
      and (${options.id ?? null}::int is null or t.id = ${options.id ?? null})
    order by t.batch_number desc, t.relevance_score desc, t.identified_at desc, t.id desc
    limit ${options.limit}`;
}

export interface TrendTopicCountRow {
  topic: Topic;
  totalTrends: number;
  trendsWithArticles: number;
}

/** Per topic (every topic, zeros included): trends, and trends that have a generated article. */
export async function trendCountsByTopic(sql: Queryable, topics: readonly Topic[]): Promise<TrendTopicCountRow[]> {
  return sql<TrendTopicCountRow[]>`
    select t.topic,
           count(tr.id)::int as total_trends,
           count(tr.id) filter (where exists (select 1 from generated_articles g where g.trend_id = tr.id))::int as trends_with_articles
    from unnest(${topics as Topic[]}::text[]) with ordinality as t(topic, position)
    left join trends tr on tr.topic = t.topic
    group by t.topic, t.position
    order by t.position`;
}

export async function countTrends(sql: Queryable): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from trends`;
  return row!.count;
}

export async function deleteAllTrends(sql: Queryable): Promise<number> {
  const result = await sql`delete from trends`;
  return result.count;
}

/** One more than the highest batch so far: every analyzer run stores its trends under a new number. */
/**
 * The next analysis's batch number: after every stored trend's, and after every analysis run's (a
 * run records its number in its progress, so one that stored nothing still used it up).
 */
export async function nextBatchNumber(sql: Queryable, job: string): Promise<number> {
  const [row] = await sql<{ next: number }[]>`
    select greatest(
      (select coalesce(max(batch_number), 0) from trends),
      (select coalesce(max((progress ->> 'batchNumber')::int), 0) from job_runs where job = ${job})
    )::int + 1 as next`;
  return row!.next;
}

/**
 * Changes with every analysis that stores trends: a continued trend takes the run's batch, a new one
 * a new id (after Clear Trends the batch numbers start again, the ids do not).
 */
export async function trendsStamp(sql: Queryable): Promise<string> {
  const [row] = await sql<{ stamp: string }[]>`
    select coalesce(max(batch_number), 0)::text || ':' || coalesce(max(id), 0)::text as stamp from trends`;
  return row!.stamp;
}

export interface TrendWrite {
  title: string;
  description: string;
  topic: Topic;
  relevanceScore: number;
  articlesAnalyzed: number;
  batchNumber: number;
  storyKey: string | null;
  source: 'model' | 'offline';
  topicEvidence: TopicEvidence | null;
}

/**
 * The earlier trend sharing the most articles with `articleIds`, if any (whatever its topic: a
 * story's topic may change as it grows), with how many it shares and how many it has. Trends of batch `beforeBatch` or later are not candidates, so two
 * trends of one run never claim the same earlier trend.
 */
export async function trendSharingArticles(
  sql: Queryable,
  options: { articleIds: number[]; beforeBatch: number },
): Promise<{ trendId: number; shared: number; size: number } | null> {
  if (options.articleIds.length === 0) return null;
  const [row] = await sql<{ trendId: number; shared: number; size: number }[]>`
    select ta.trend_id, count(*)::int as shared,
           (select count(*)::int from trend_articles x where x.trend_id = ta.trend_id) as size
    from trend_articles ta
    join trends t on t.id = ta.trend_id
    where ta.article_id = any(${options.articleIds}::int[])
      and t.batch_number < ${options.beforeBatch}
    group by ta.trend_id
    order by shared desc, ta.trend_id desc
    limit 1`;
  return row ?? null;
}

export async function insertTrend(sql: Queryable, trend: TrendWrite): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into trends (title, description, topic, relevance_score, articles_analyzed, batch_number, story_key, source, topic_evidence)
    values (${trend.title}, ${trend.description}, ${trend.topic}, ${trend.relevanceScore}, ${trend.articlesAnalyzed},
            ${trend.batchNumber}, ${trend.storyKey}, ${trend.source}, ${evidenceJson(sql, trend.topicEvidence)})
    returning id`;
  return row!.id;
}

/** A story seen again: the trend takes the new run's texts, score and batch; it keeps its id and first identification time. */
export async function updateTrend(sql: Queryable, id: number, trend: TrendWrite): Promise<void> {
  await sql`
    update trends set title = ${trend.title}, description = ${trend.description}, topic = ${trend.topic}, relevance_score = ${trend.relevanceScore},
           articles_analyzed = ${trend.articlesAnalyzed}, batch_number = ${trend.batchNumber}, story_key = ${trend.storyKey},
           source = ${trend.source}, topic_evidence = ${evidenceJson(sql, trend.topicEvidence)}
    where id = ${id}`;
}

/** Adds links; a link that exists stays (a continued trend keeps the articles of its earlier runs). */
export async function linkTrendArticles(sql: Queryable, trendId: number, articleIds: number[]): Promise<void> {
  if (articleIds.length === 0) return;
  await sql`
    insert into trend_articles (trend_id, article_id)
    select ${trendId}, a.id from articles a where a.id = any(${articleIds}::int[])
    on conflict do nothing`;
}

export interface TrendTextRow {
  id: number;
  title: string;
  description: string;
  topic: Topic;
  topicEvidence: TopicEvidence | null;
}

export async function allTrendTexts(sql: Queryable): Promise<TrendTextRow[]> {
  return sql<TrendTextRow[]>`select id, title, description, topic, topic_evidence from trends order by id`;
}

export async function setTrendTopic(sql: Queryable, id: number, topic: Topic): Promise<void> {
  await sql`update trends set topic = ${topic} where id = ${id}`;
}

function evidenceJson(sql: Queryable, evidence: TopicEvidence | null) {
  return evidence ? sql.json(evidence as never) : null;
}

/** The story's topic set by the administrator (or the evidence of a decision), on the trend row. */
export async function setTrendTopicEvidence(sql: Queryable, id: number, topic: Topic, evidence: TopicEvidence | null): Promise<void> {
  await sql`update trends set topic = ${topic}, topic_evidence = ${evidenceJson(sql, evidence)} where id = ${id}`;
}

export interface TrendStoryRow {
  id: number;
  title: string;
  topic: Topic;
  topicEvidence: TopicEvidence | null;
  articleIds: number[];
}

/** A trend with the ids of its articles (null when there is no such trend). */
export async function trendStory(sql: Queryable, id: number): Promise<TrendStoryRow | null> {
  const [row] = await sql<TrendStoryRow[]>`
    select t.id, t.title, t.topic, t.topic_evidence,
           coalesce((select array_agg(ta.article_id order by ta.article_id) from trend_articles ta where ta.trend_id = t.id), '{}') as article_ids
    from trends t where t.id = ${id}`;
  return row ?? null;
}

// The article generator's reads -----------------------------------------------------------

export interface TrendForGeneration {
  id: number;
  title: string;
  description: string;
  topic: Topic;
  relevanceScore: number;
  batchNumber: number;
  htmlFilePath: string | null;
  articleCount: number;
}

const trendForGenerationColumns = (sql: Queryable) => sql`
  t.id, t.title, t.description, t.topic, t.relevance_score, t.batch_number, t.html_file_path,
  (select count(*)::int from trend_articles ta where ta.trend_id = t.id) as article_count`;

export async function trendForGeneration(sql: Queryable, id: number): Promise<TrendForGeneration | null> {
  const [row] = await sql<TrendForGeneration[]>`select ${trendForGenerationColumns(sql)} from trends t where t.id = ${id}`;
  return row ?? null;
}

/** The trend with this title (case and surrounding spaces ignored), newest analysis first. */
export async function trendByTitle(sql: Queryable, title: string): Promise<TrendForGeneration | null> {
  const [row] = await sql<TrendForGeneration[]>`
    select ${trendForGenerationColumns(sql)} from trends t
    where lower(btrim(t.title)) = lower(btrim(${title}))
    order by t.batch_number desc, t.relevance_score desc, t.id desc
    limit 1`;
  return row ?? null;
}

/**
 * Trends whose title contains the text (case ignored), newest analysis first, one row per title:
 * what a caller meant when its text is part of a title rather than the whole of it.
 */
export async function trendsTitledLike(sql: Queryable, text: string, limit: number): Promise<TrendForGeneration[]> {
  const pattern = `%${text
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<TrendForGeneration[]>`
    select distinct on (lower(btrim(t.title))) ${trendForGenerationColumns(sql)} from trends t
    where lower(t.title) like ${pattern}
    order by lower(btrim(t.title)), t.batch_number desc, t.relevance_score desc, t.id desc
    limit ${limit}`;
}

/** The newest trend titles, for suggesting what a caller may have meant. */
export async function recentTrendTitles(sql: Queryable, limit: number): Promise<string[]> {
  const rows = await sql<{ title: string }[]>`
    select title from (
      select distinct on (lower(btrim(title))) title, batch_number, id from trends
      order by lower(btrim(title)), batch_number desc, id desc
    ) latest order by batch_number desc, id desc limit ${limit}`;
  return rows.map((row) => row.title);
}

/** The current trends: each topic's latest analysis (what the home page and topic pages show), best first. */
export interface CurrentTrendRow extends TrendForGeneration {
  hasArticle: boolean;
  /** Its generation failed after its newest source arrived: trying again would fail the same way. */
  failedSinceNewestSource: boolean;
}

export async function currentTrends(sql: Queryable): Promise<CurrentTrendRow[]> {
  return sql<CurrentTrendRow[]>`
    select ${trendForGenerationColumns(sql)},
           exists (select 1 from generated_articles g where g.trend_id = t.id) as has_article,
           coalesce((select max(r.created_at) from job_runs r
                      where r.job = ${GENERATE_ARTICLE_JOB} and r.params ->> 'trendId' = t.id::text and r.status = 'failed')
             > (select max(a.scraped_at) from trend_articles ta join articles a on a.id = ta.article_id where ta.trend_id = t.id), false)
             as failed_since_newest_source
    from trends t
    where t.batch_number = (select max(x.batch_number) from trends x where x.topic = t.topic)
    order by t.relevance_score desc, t.identified_at desc, t.id`;
}

export interface TrendSourceArticle {
  id: number;
  title: string;
  sourceUrl: string;
  domainName: string;
  content: string;
  excerpt: string | null;
  author: string | null;
  publishedAt: Date | null;
  scrapedAt: Date;
  /** The site's own name for itself, when its page declared one (spoken instead of the host). */
  siteName?: string | null;
  /** Outlets that republished it word for word (its wire copies), in the order seen. */
  republishedBy?: Republisher[] | null;
  /** The headlines those copies ran under. */
  copyHeadlines?: string[] | null;
}

/** The trend's source articles, newest first, their text cut at `maxCharacters`. */
export async function trendSourceArticles(sql: Queryable, trendId: number, maxCharacters = 40_000): Promise<TrendSourceArticle[]> {
  return sql<TrendSourceArticle[]>`
    select a.id, a.title, a.source_url, a.domain_name, left(a.content, ${maxCharacters}) as content, a.excerpt, a.author,
           a.published_at, a.scraped_at, a.site_name, ${republishedBy(sql)} as republished_by, ${copyHeadlines(sql)} as copy_headlines
    from trend_articles ta
    join articles a on a.id = ta.article_id
    where ta.trend_id = ${trendId} and a.copy_of is null
    order by coalesce(a.published_at, a.scraped_at) desc, a.id desc`;
}

/** The public address of a trend's generated article; set once, kept through rewrites. */
export async function setTrendHtmlFilePath(sql: Queryable, trendId: number, path: string | null): Promise<void> {
  await sql`update trends set html_file_path = ${path} where id = ${trendId}`;
}

/** The newest trend each of these articles belongs to, by article id. */
export async function storiesOfArticles(sql: Queryable, articleIds: readonly number[]): Promise<Map<number, { id: number; title: string }>> {
  if (articleIds.length === 0) return new Map();
  const rows = await sql<{ articleId: number; id: number; title: string }[]>`
    select distinct on (ta.article_id) ta.article_id, t.id, t.title
    from trend_articles ta join trends t on t.id = ta.trend_id
    where ta.article_id = any(${articleIds as number[]}::int[])
    order by ta.article_id, t.batch_number desc, t.id desc`;
  return new Map(rows.map((row) => [row.articleId, { id: row.id, title: row.title }]));
}

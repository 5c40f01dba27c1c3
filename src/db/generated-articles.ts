import type { Topic } from '../shared/topics.js';
import type { Queryable } from './client.js';

export interface ArticleSource {
  url: string;
  title: string;
  domain: string;
}

export interface GeneratedArticleRow {
  id: number;
  trendId: number | null;
  trendTitle: string | null;
  title: string;
  content: string;
  excerpt: string;
  category: Topic | null;
  imageUrl: string | null;
  sourceUrls: string[];
  sources: ArticleSource[];
  wordCount: number;
  htmlFilePath: string | null;
  modelName: string | null;
  writer: 'model' | 'offline';
  generatedAt: Date;
  updatedAt: Date;
}

export interface GeneratedArticleWrite {
  trendId: number | null;
  trendTitle: string | null;
  title: string;
  content: string;
  excerpt: string;
  category: Topic;
  imageUrl: string | null;
  sourceUrls: string[];
  sources: ArticleSource[];
  wordCount: number;
  htmlFilePath: string;
  modelName: string | null;
  writer: 'model' | 'offline';
  /** The generate-article run that wrote it (recorded at most once per run). */
  jobRunId: string | null;
}

const columns = (sql: Queryable) => sql`
  id, trend_id, trend_title, title, content, excerpt, category, image_url, source_urls, sources, word_count,
  html_file_path, model_name, writer, generated_at, updated_at`;

export async function latestGeneratedArticles(sql: Queryable, options: { limit: number; category?: Topic | null }): Promise<GeneratedArticleRow[]> {
  const category = options.category ?? null;
  return sql<GeneratedArticleRow[]>`
    select ${columns(sql)} from generated_articles
    where (${category}::text is null or category = ${category})
    order by generated_at desc, id desc
    limit ${options.limit}`;
}

/** Articles generated since `since` in some topics, newest first. */
export async function generatedArticlesSince(
  sql: Queryable,
  options: { since: Date; topics: readonly Topic[]; limit: number },
): Promise<GeneratedArticleRow[]> {
  return sql<GeneratedArticleRow[]>`
    select ${columns(sql)} from generated_articles
    where generated_at > ${options.since} and category = any(${options.topics as Topic[]}::text[])
    order by generated_at desc, id desc
    limit ${options.limit}`;
}

export async function generatedArticleById(sql: Queryable, id: number): Promise<GeneratedArticleRow | null> {
  const [row] = await sql<GeneratedArticleRow[]>`select ${columns(sql)} from generated_articles where id = ${id}`;
  return row ?? null;
}

export async function generatedArticleByPath(sql: Queryable, htmlFilePath: string): Promise<GeneratedArticleRow | null> {
  const [row] = await sql<GeneratedArticleRow[]>`select ${columns(sql)} from generated_articles where html_file_path = ${htmlFilePath}`;
  return row ?? null;
}

export async function generatedArticleOfTrend(sql: Queryable, trendId: number): Promise<GeneratedArticleRow | null> {
  const [row] = await sql<GeneratedArticleRow[]>`select ${columns(sql)} from generated_articles where trend_id = ${trendId}`;
  return row ?? null;
}

/** The article a generate-article run recorded, if it did (a run taken over after it recorded finds it). */
export async function generatedArticleOfJobRun(sql: Queryable, jobRunId: string): Promise<GeneratedArticleRow | null> {
  const [row] = await sql<GeneratedArticleRow[]>`select ${columns(sql)} from generated_articles where job_run_id = ${jobRunId}`;
  return row ?? null;
}

/**
 * Records an article: a new row, or — when the trend already has one — the same row rewritten in
 * place (same id, same public address, new text and generation time).
 */
export async function upsertGeneratedArticle(sql: Queryable, article: GeneratedArticleWrite): Promise<{ id: number; previousImageUrl: string | null }> {
  const existing = article.trendId === null ? null : await generatedArticleOfTrend(sql, article.trendId);
  if (existing) {
    await sql`
      update generated_articles set
        trend_title = ${article.trendTitle}, title = ${article.title}, content = ${article.content}, excerpt = ${article.excerpt},
        category = ${article.category}, image_url = ${article.imageUrl}, source_urls = ${sql.json(article.sourceUrls)},
        sources = ${sql.json(article.sources as never)}, word_count = ${article.wordCount}, model_name = ${article.modelName},
        writer = ${article.writer}, job_run_id = ${article.jobRunId}, generated_at = now(), updated_at = now()
      where id = ${existing.id}`;
    return { id: existing.id, previousImageUrl: existing.imageUrl };
  }
  const [row] = await sql<{ id: number }[]>`
    insert into generated_articles (trend_id, trend_title, title, content, excerpt, category, image_url, source_urls, sources,
                                    word_count, html_file_path, model_name, writer, job_run_id)
    values (${article.trendId}, ${article.trendTitle}, ${article.title}, ${article.content}, ${article.excerpt}, ${article.category},
            ${article.imageUrl}, ${sql.json(article.sourceUrls)}, ${sql.json(article.sources as never)}, ${article.wordCount},
            ${article.htmlFilePath}, ${article.modelName}, ${article.writer}, ${article.jobRunId})
    returning id`;
  return { id: row!.id, previousImageUrl: null };
}

export async function setGeneratedArticleImage(sql: Queryable, id: number, imageUrl: string): Promise<string | null> {
  const [row] = await sql<{ previous: string | null }[]>`
    update generated_articles g set image_url = ${imageUrl}, updated_at = now()
    from (select id, image_url as previous from generated_articles where id = ${id} for update) old
    where g.id = old.id
    returning old.previous`;
  return row ? row.previous : null;
}

/** Deletes articles (all when `id` is null); their trends lose the page address. Returns the image addresses they had. */
export async function deleteGeneratedArticles(sql: Queryable, id: number | null): Promise<{ deleted: number; imageUrls: string[] }> {
  const rows = await sql<{ trendId: number | null; imageUrl: string | null }[]>`
    delete from generated_articles where (${id}::int is null or id = ${id})
    returning trend_id, image_url`;
  const trendIds = rows.flatMap((row) => (row.trendId === null ? [] : [row.trendId]));
  if (trendIds.length > 0) await sql`update trends set html_file_path = null where id = any(${trendIds}::int[])`;
  return { deleted: rows.length, imageUrls: rows.flatMap((row) => (row.imageUrl ? [row.imageUrl] : [])) };
}

export async function countGeneratedArticles(sql: Queryable): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from generated_articles`;
  return row!.count;
}

export async function lastGeneratedAt(sql: Queryable): Promise<Date | null> {
  const [row] = await sql<{ last: Date | null }[]>`select max(generated_at) as last from generated_articles`;
  return row!.last;
}

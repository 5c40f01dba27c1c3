// What the spider and the re-fetcher write: crawled articles, inserted once per canonical URL.
import type { Topic } from '../shared/topics.js';
import type { Queryable } from './client.js';

export interface CrawledArticle {
  domainId: number | null;
  domainName: string;
  sourceUrl: string;
  canonicalUrl: string;
  title: string;
  content: string;
  excerpt: string | null;
  author: string | null;
  publishedAt: Date | null;
  imageUrl: string | null;
  language: string | null;
  wordCount: number;
  topic: Topic | null;
  topicSource: 'model' | 'offline' | null;
  /** The site's own name for itself, from the page (null when it declares none fit to say). */
  siteName?: string | null;
  /** MinHash bands of the body (src/services/reader/copies/), empty when it is too short to compare. */
  bodyBands?: number[];
  /** The page's canonical link when it names another publisher. */
  syndicatedFrom?: string | null;
  /** The page showed only the start of the article (a paywall); `content` is that start. */
  teaser?: boolean;
  /** What a story's topic reads of the article (classify's storedReading), and the model that read it. */
  topicReading?: { numbers: Float32Array; model: number } | null;
}

/** Of the given URLs, those already stored (as canonical or as source URL). */
export async function storedArticleUrls(sql: Queryable, urls: readonly string[]): Promise<Set<string>> {
  if (urls.length === 0) return new Set();
  const list = [...urls];
  const rows = await sql<{ url: string }[]>`
    select canonical_url as url from articles where canonical_url = any(${list}::text[])
    union
    select source_url as url from articles where source_url = any(${list}::text[])
    union
    select url from skipped_pages where url = any(${list}::text[])`;
  return new Set(rows.map((row) => row.url));
}

/** A page read and not kept as an article, with why; false when it was recorded already. */
export async function insertSkippedPage(
  sql: Queryable,
  page: { domainId: number; url: string; reason: 'language'; language: string | null; title: string | null },
): Promise<boolean> {
  const rows = await sql`
    insert into skipped_pages (domain_id, url, reason, language, title)
    values (${page.domainId}, ${page.url}, ${page.reason}, ${page.language}, ${page.title})
    on conflict (url) do nothing returning id`;
  return rows.length > 0;
}

/** Per domain, how many pages were skipped for each reason. */
export async function skippedCountsByDomain(sql: Queryable): Promise<Map<number, Record<string, number>>> {
  const rows = await sql<{ domainId: number; reason: string; count: number }[]>`
    select domain_id, reason, count(*)::int as count from skipped_pages where domain_id is not null group by domain_id, reason`;
  const counts = new Map<number, Record<string, number>>();
  for (const row of rows) counts.set(row.domainId, { ...counts.get(row.domainId), [row.reason]: row.count });
  return counts;
}

/**
 * Stores a crawled article unless its canonical URL is there already; returns the new id, or null
 * when it existed. One statement, so a crash can neither half-store nor double-store an article.
 */
export async function insertCrawledArticle(sql: Queryable, article: CrawledArticle): Promise<number | null> {
  const reading = article.topicReading ?? null;
  const [row] = await sql<{ id: number }[]>`
    with inserted as (
      insert into articles (domain_id, domain_name, source_url, canonical_url, title, content, excerpt, author,
                            published_at, image_url, language, word_count, topic, topic_source, site_name, body_bands, syndicated_from, teaser)
      values (${article.domainId}, ${article.domainName}, ${article.sourceUrl}, ${article.canonicalUrl}, ${article.title},
              ${article.content}, ${article.excerpt}, ${article.author}, ${article.publishedAt}, ${article.imageUrl},
              ${article.language}, ${article.wordCount}, ${article.topic}, ${article.topicSource}, ${article.siteName ?? null},
              ${article.bodyBands?.length ? article.bodyBands : null}::int[], ${article.syndicatedFrom ?? null}, ${article.teaser ?? false})
      on conflict (canonical_url) do nothing
      returning id
    ), reading as (
      insert into article_topic_readings (article_id, model, reading)
      select id, ${reading?.model ?? 0}, ${reading ? Buffer.from(reading.numbers.buffer, reading.numbers.byteOffset, reading.numbers.byteLength) : null}::bytea
      from inserted where ${reading !== null}
    )
    select id from inserted`;
  return row?.id ?? null;
}

export interface RefetchCandidate {
  id: number;
  title: string;
  sourceUrl: string;
  wordCount: number;
}

/** Articles with short or missing content, newest first. */
export async function shortArticles(sql: Queryable, maxWords: number): Promise<RefetchCandidate[]> {
  return sql<RefetchCandidate[]>`
    select id, title, source_url, word_count from articles
    where word_count <= ${maxWords} or content = ''
    order by scraped_at desc, id desc`;
}

/** One site's stored articles, newest first (read again with its rules), at most `limit`. */
export async function domainArticlesToRefetch(sql: Queryable, domainId: number, limit: number): Promise<RefetchCandidate[]> {
  return sql<RefetchCandidate[]>`
    select id, title, source_url, word_count from articles
    where domain_id = ${domainId}
    order by scraped_at desc, id desc
    limit ${limit}`;
}

export interface RefetchedContent {
  title: string;
  content: string;
  excerpt: string | null;
  wordCount: number;
  author: string | null;
  publishedAt: Date | null;
  imageUrl: string | null;
  language: string | null;
}

/** Replaces an article's text in place; metadata it already had is kept, its topic reading made again by the next analysis. */
export async function updateArticleContent(sql: Queryable, id: number, refetched: RefetchedContent): Promise<boolean> {
  const rows = await sql`
    with changed as (
      update articles set
        title = ${refetched.title},
        content = ${refetched.content},
        excerpt = coalesce(${refetched.excerpt}, excerpt),
        word_count = ${refetched.wordCount},
        author = coalesce(author, ${refetched.author}),
        published_at = coalesce(published_at, ${refetched.publishedAt}),
        image_url = coalesce(image_url, ${refetched.imageUrl}),
        language = coalesce(language, ${refetched.language}),
        updated_at = now()
      where id = ${id}
      returning id
    ), dropped as (delete from article_topic_readings where article_id in (select id from changed))
    select id from changed`;
  return rows.length > 0;
}

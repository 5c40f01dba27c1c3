// An article page the crawl fetched → the article, stored once per canonical URL: its text and
// metadata extracted, the address it is known by chosen, its topic decided.
import type { AppContext } from '../../../context.js';
import { insertCrawledArticle, insertSkippedPage } from '../../../db/crawl.js';
import { detectLanguage, languageVerdict } from '../extract/language.js';
import { assignTopics } from '../article-topics/index.js';
import { storedReading } from '../classify/index.js';
import type { CrawlDomain } from './crawl-types.js';
import { dateOf } from '../extract/dates.js';
import { readArticlePage } from './extraction.js';
import { canonicalizeUrl } from './net/index.js';
import { getSetting } from '../../platform/settings/index.js';
import { fileArticleCopies, fingerprint } from '../copies/index.js';

export interface StoredArticlePage {
  /** null when an article with this canonical URL was stored already, or the page was skipped. */
  id: number | null;
  /** Read and not kept (recorded in skipped_pages): in a language the administrator did not choose. */
  skipped?: 'language';
  title: string;
  sourceUrl: string;
  canonicalUrl: string;
}

/** The languages the crawler keeps (the `languages` setting; English when it cannot be read). */
export function keptLanguages(ctx: Pick<AppContext, 'sql'>): Promise<string[]> {
  return getSetting<{ languages: string[] }>(ctx, 'languages').then(
    (value) => value.languages,
    () => ['en'],
  );
}

/**
 * Stores the page as an article of the domain; null when it is no article (no title). A page in a
 * language not among `languages` is recorded as skipped instead, never classified.
 */
export async function storeArticlePage(
  ctx: Pick<AppContext, 'config' | 'sql' | 'events'>,
  page: { html: string; url: string; requestedUrl: string; listedAt?: number },
  domain: CrawlDomain,
  sameSite: (url: URL) => boolean,
  languages: readonly string[],
): Promise<StoredArticlePage | null> {
  const article = readArticlePage(page.html, page.url, domain.rules);
  if (!article.title) return null;
  const fetchedUrl = canonicalizeUrl(page.url) ?? page.requestedUrl;
  const { language, keep } = languageVerdict(detectLanguage(article.title, article.text), article.language, languages);
  if (!keep) {
    await insertSkippedPage(ctx.sql, { domainId: domain.id, url: fetchedUrl, reason: 'language', language, title: article.title });
    return { id: null, skipped: 'language', title: article.title, sourceUrl: fetchedUrl, canonicalUrl: fetchedUrl };
  }
  const declared = declaredArticle(article.canonicalUrl, page.url);
  const canonicalUrl = declared && sameSite(declared) ? declared.href : fetchedUrl;
  // An AMP page, a mobile host's page or a tracking-tagged address of the article is stored as the
  // article the site names, and readers are sent there, not to the copy the crawl happened to meet.
  const sourceUrl = canonicalUrl;
  // One naming another publisher is not followed: the page is stored, as that publisher's copy. So
  // is a page whose JSON-LD says which article it is based on (`isBasedOn`), at another site.
  const syndicatedFrom = [declared, declaredArticle(article.basedOnUrl, page.url)].find((url) => url && !sameSite(url))?.href ?? null;
  const body = fingerprint(article.text);
  const [topic] = await assignTopics(ctx, [{ title: article.title, text: article.text }]);
  const publishedAt = publicationTime(article.publishedAt, page.listedAt);
  const id = await insertCrawledArticle(ctx.sql, {
    domainId: domain.id,
    domainName: domain.hostKey,
    sourceUrl,
    canonicalUrl,
    title: article.title,
    content: article.text,
    excerpt: article.excerpt,
    author: article.author,
    publishedAt,
    imageUrl: article.imageUrl,
    language,
    wordCount: article.wordCount,
    topic: topic?.topic ?? null,
    topicSource: topic?.source ?? null,
    siteName: article.siteName,
    bodyBands: body.bands,
    syndicatedFrom,
    teaser: article.teaser !== null,
    // Read now, once, rather than by every trends analysis whose window holds the article.
    topicReading: storedReading({ title: article.title, content: article.text, excerpt: article.excerpt }),
  });
  if (id !== null) await fileArticleCopies(ctx, { id, domainName: domain.hostKey, canonicalUrl, sourceUrl, syndicatedFrom, publishedAt, fingerprint: body });
  return { id, title: article.title, sourceUrl, canonicalUrl };
}

/**
 * An article's address a page declares (its canonical link, the article it is based on), in
 * canonical form; null for none, or for a front page — a canonical link to the home page (a common
 * misconfiguration) would merge every article.
 */
function declaredArticle(url: string | null, pageUrl: string): URL | null {
  const canonical = url ? canonicalizeUrl(url, pageUrl) : null;
  const parsed = canonical ? new URL(canonical) : null;
  return parsed && parsed.pathname !== '/' ? parsed : null;
}

/**
 * The page's own date, else the one its feed or sitemap lists (not one in the future: a feed's clock
 * or typo): the crawl's time would set the article apart from its story by however long it waited,
 * and stories are grouped by time. A page's date without a time ("December 4, 2026") takes the
 * listed time of that day.
 */
function publicationTime(pageDate: string | null, listedAt: number | undefined): Date | null {
  const own = dateOf(pageDate);
  const listed = listedAt !== undefined && Number.isFinite(listedAt) && listedAt <= Date.now() ? new Date(listedAt) : null;
  if (!own) return listed;
  const dayOnly = /^\d{4}-\d{2}-\d{2}$/.test(pageDate ?? '');
  return dayOnly && listed && listed.toISOString().slice(0, 10) === pageDate ? listed : own;
}

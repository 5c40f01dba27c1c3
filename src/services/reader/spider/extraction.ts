// One article page → the fields the spider stores, from the article extractor.
import { extractArticle, type ExtractedArticle } from '../extract/index.js';
import type { SiteRules } from '../extract/site-rules.js';

/** Extracts one page; `url` is the address it was fetched from (resolves relative links); `rules` the site's, if any. */
export function readArticlePage(html: string, url?: string, rules?: SiteRules | null): ExtractedArticle {
  const page = extractArticle(html, { ...(url ? { url } : {}), rules });
  return { ...page, title: page.title?.trim() || null, text: page.text.trim() };
}

// One article page → the fields the spider stores, from the article extractor.
import { extractArticle, type ExtractedArticle } from '../extract/index.js';

/** Extracts one page; `url` is the address it was fetched from (resolves relative links). */
export function readArticlePage(html: string, url?: string): ExtractedArticle {
  const page = extractArticle(html, url ? { url } : {});
  return { ...page, title: page.title?.trim() || null, text: page.text.trim() };
}

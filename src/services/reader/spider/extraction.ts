// One article page → the fields the spider stores, from the article extractor.
import { extractArticle, type ExtractedArticle } from '../extract/index.js';

/** Extracts one page; `url` is the address it was fetched from (resolves relative links). */
export function readArticlePage(html: string, url?: string): ExtractedArticle {
  const page = extractArticle(html, url ? { url } : {});
  return { ...page, title: page.title?.trim() || null, text: page.text.trim() };
}

/** Parses a date the extractor gave (ISO 8601), or null. */
export function parsePublishedAt(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

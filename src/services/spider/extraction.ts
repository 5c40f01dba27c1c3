// One article page → the fields the spider stores (issue 3 §2): the extractor's text and metadata,
// with the word count and excerpt filled in here when the extractor leaves them out.
import { extractArticle } from '../extract/index.js';

export interface PageArticle {
  title: string | null;
  text: string;
  publishedAt: string | null;
  author: string | null;
  canonicalUrl: string | null;
  imageUrl: string | null;
  language: string | null;
  wordCount: number;
  excerpt: string | null;
}

const EXCERPT_CHARACTERS = 300;

export function countWords(text: string): number {
  const words = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’\-.]*/gu);
  return words ? words.length : 0;
}

function excerptOf(text: string): string | null {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return null;
  if (flat.length <= EXCERPT_CHARACTERS) return flat;
  const cut = flat.slice(0, EXCERPT_CHARACTERS);
  const space = cut.lastIndexOf(' ');
  return `${cut.slice(0, space > EXCERPT_CHARACTERS / 2 ? space : EXCERPT_CHARACTERS)}…`;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Extracts one page; `url` is the address it was fetched from (resolves relative links). */
export function readArticlePage(html: string, url?: string): PageArticle {
  // The extractor's result grows field by field; read what it gives and fill in the rest.
  const extracted = extractArticle(html, url ? { url } : {}) as Partial<Record<keyof PageArticle | 'description', unknown>>;
  const body = typeof extracted.text === 'string' ? extracted.text.trim() : '';
  const wordCount = typeof extracted.wordCount === 'number' ? extracted.wordCount : countWords(body);
  return {
    title: text(extracted.title),
    text: body,
    publishedAt: text(extracted.publishedAt),
    author: text(extracted.author),
    canonicalUrl: text(extracted.canonicalUrl),
    imageUrl: text(extracted.imageUrl),
    language: text(extracted.language),
    wordCount,
    excerpt: text(extracted.excerpt) ?? text(extracted.description) ?? excerptOf(body),
  };
}

/** Parses a date the extractor gave (ISO 8601), or null. */
export function parsePublishedAt(value: string | null): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

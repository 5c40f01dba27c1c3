// Sitemaps (sitemaps.org 0.9, Google News extension, indexes, gzip, plain text): the article URLs
// a site lists, read within firm limits because an index can point at thousands of files.
import { gunzipSync } from 'node:zlib';
import { TooLargeError } from '../../../../../net/errors.js';
import { canonicalizeUrl, tryParseUrl } from '../url.js';
import { dateOf } from '../../../extract/dates.js';
import { plainText } from './plain-text.js';

export interface SitemapArticle {
  /** Canonical URL. */
  url: string;
  lastModified: Date | null;
  /** Present for entries of a Google News sitemap. */
  news?: {
    title: string | null;
    publishedAt: Date | null;
    publicationName: string | null;
    language: string | null;
  };
}

export interface SitemapReference {
  url: string;
  lastModified: Date | null;
}

export interface ParsedSitemap {
  kind: 'urlset' | 'sitemapindex' | 'text';
  articles: SitemapArticle[];
  sitemaps: SitemapReference[];
  /** True when entries beyond maxEntries were left out. */
  truncated: boolean;
}

export interface ParseSitemapOptions {
  /** The protocol's own limit per file is 50,000. */
  maxEntries?: number;
  /** Limit for a gzip-compressed sitemap once inflated (the protocol allows 50 MB). */
  maxDecompressedBytes?: number;
}

const GZIP_MAGIC = [0x1f, 0x8b];

/** Sitemap text from a response body, inflating .gz sitemaps within a size limit. */
export function sitemapText(body: Uint8Array | string, maxDecompressedBytes = 50 * 1024 * 1024): string {
  if (typeof body === 'string') return body;
  if (body[0] === GZIP_MAGIC[0] && body[1] === GZIP_MAGIC[1]) {
    try {
      return gunzipSync(body, { maxOutputLength: maxDecompressedBytes }).toString('utf8');
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new TooLargeError('decompressed', maxDecompressedBytes);
      throw error;
    }
  }
  return new TextDecoder('utf-8').decode(body);
}

/**
 * Parses a sitemap or sitemap index. Returns null when the body is neither (an HTML page, say).
 * A body of bare URLs, one per line, is the protocol's text format.
 */
export function parseSitemap(body: Uint8Array | string, sitemapUrl: string, options: ParseSitemapOptions = {}): ParsedSitemap | null {
  const maxEntries = options.maxEntries ?? 50_000;
  const text = sitemapText(body, options.maxDecompressedBytes);
  const start = text.replace(/^\uFEFF/, '').trimStart();
  if (!start.startsWith('<')) return parseTextSitemap(start, sitemapUrl, maxEntries);

  const root = rootElementName(start);
  if (root === 'sitemapindex') {
    const sitemaps: SitemapReference[] = [];
    const seen = new Set<string>();
    let count = 0;
    for (const entry of elementBodies(text, 'sitemap')) {
      if (++count > maxEntries) break;
      const url = absoluteHttp(childValue(entry, 'loc'), sitemapUrl);
      if (!url || seen.has(url)) continue;
      seen.add(url);
      sitemaps.push({ url, lastModified: dateOf(childValue(entry, 'lastmod')) });
    }
    return { kind: 'sitemapindex', articles: [], sitemaps, truncated: count > maxEntries };
  }

  if (root === 'urlset') {
    const articles: SitemapArticle[] = [];
    const seen = new Set<string>();
    let count = 0;
    for (const entry of elementBodies(text, 'url')) {
      if (++count > maxEntries) break;
      const loc = childValue(entry, 'loc');
      const url = loc ? canonicalizeUrl(loc, sitemapUrl) : null;
      if (!url || seen.has(url)) continue;
      seen.add(url);
      const article: SitemapArticle = { url, lastModified: dateOf(childValue(entry, 'lastmod')) };
      const news = childRaw(entry, 'news');
      if (news !== null) {
        const publication = childRaw(news, 'publication') ?? '';
        article.news = {
          title: plainText(childValue(news, 'title')),
          publishedAt: dateOf(childValue(news, 'publication_date')),
          publicationName: childValue(publication, 'name'),
          language: childValue(publication, 'language'),
        };
      }
      articles.push(article);
    }
    return { kind: 'urlset', articles, sitemaps: [], truncated: count > maxEntries };
  }
  return null;
}

// A sitemap is a flat list, so it is scanned rather than built into a DOM: a 50,000-entry file
// would otherwise cost seconds and hundreds of MB. Every pattern below stops at the next '<' or
// at the closing tag it looks for, so hostile input stays linear.
const PREFIX = '(?:[A-Za-z_][\\w.-]*:)?';

function rootElementName(text: string): string | null {
  let rest = text;
  for (;;) {
    const prolog = /^\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^<>]*(?:\[[^\]]*\])?\s*>)/i.exec(rest);
    if (!prolog) break;
    rest = rest.slice(prolog[0].length);
  }
  const root = new RegExp(`^\\s*<${PREFIX}([A-Za-z_][\\w.-]*)`).exec(rest);
  return root ? root[1]!.toLowerCase() : null;
}

const tagPatterns = new Map<string, { open: RegExp; close: RegExp }>();

/** Compiled once per element name; callers reset lastIndex before use. */
function patternsFor(name: string): { open: RegExp; close: RegExp } {
  let patterns = tagPatterns.get(name);
  if (!patterns) {
    patterns = {
      open: new RegExp(`<([A-Za-z_][\\w.-]*:)?${name}(?=[\\s>/])[^<>]*>`, 'gi'),
      close: new RegExp(`</${PREFIX}${name}\\s*>`, 'gi'),
    };
    tagPatterns.set(name, patterns);
  }
  return patterns;
}

/** Inner text of each top-level entry element (`url`, `sitemap`), any namespace prefix. */
function* elementBodies(text: string, name: string): Generator<string> {
  // Own copies: the generator is suspended between entries while childRaw reuses the shared ones.
  const { open: sharedOpen, close: sharedClose } = patternsFor(name);
  const open = new RegExp(sharedOpen);
  const close = new RegExp(sharedClose);
  for (;;) {
    const opening = open.exec(text);
    if (!opening) return;
    if (opening[0].endsWith('/>')) continue;
    close.lastIndex = open.lastIndex;
    const closing = close.exec(text);
    if (!closing) return; // truncated file: the last entry is incomplete
    yield text.slice(open.lastIndex, closing.index);
    open.lastIndex = close.lastIndex;
  }
}

/** Raw inner XML of the first child named `name`; image:/video: extensions' own <loc> are skipped. */
function childRaw(xml: string, name: string): string | null {
  const { open, close } = patternsFor(name);
  open.lastIndex = 0;
  for (;;) {
    const opening = open.exec(xml);
    if (!opening) return null;
    if (opening[0].endsWith('/>')) continue;
    close.lastIndex = open.lastIndex;
    const closing = close.exec(xml);
    if (!closing) return null;
    if (!/^(image|video|xhtml):$/i.test(opening[1] ?? '')) return xml.slice(open.lastIndex, closing.index);
    open.lastIndex = close.lastIndex;
  }
}

function childValue(xml: string, name: string): string | null {
  const raw = childRaw(xml, name);
  if (raw === null) return null;
  const value = decodeXmlText(raw).trim();
  return value === '' ? null : value;
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Character data: CDATA sections kept verbatim, entities decoded elsewhere. */
function decodeXmlText(raw: string): string {
  return raw
    .split(/(<!\[CDATA\[[\s\S]*?\]\]>)/)
    .map((part) =>
      part.startsWith('<![CDATA[')
        ? part.slice(9, -3)
        : part.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
            if (entity[0] !== '#') return XML_ENTITIES[entity.toLowerCase()] ?? whole;
            const code = /^#x/i.test(entity) ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
            return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
          }),
    )
    .join('');
}

function parseTextSitemap(text: string, sitemapUrl: string, maxEntries: number): ParsedSitemap | null {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (lines.length === 0 || !lines.every((l) => /^https?:\/\/\S+$/i.test(l))) return null;
  const articles: SitemapArticle[] = [];
  const seen = new Set<string>();
  for (const line of lines.slice(0, maxEntries)) {
    const url = canonicalizeUrl(line, sitemapUrl);
    if (!url || seen.has(url)) continue;
    seen.add(url);
    articles.push({ url, lastModified: null });
  }
  return { kind: 'text', articles, sitemaps: [], truncated: lines.length > maxEntries };
}

function absoluteHttp(loc: string | null, base: string): string | null {
  if (!loc) return null;
  const url = tryParseUrl(loc, base);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return null;
  url.hash = '';
  return url.href;
}

// ---------------------------------------------------------------------------------------------
// Walking an index

/**
 * The order in which an index's sitemaps are read: news sitemaps first, then the most recently
 * modified, then as listed, so that the crawl's limits cut the archive, not the news.
 */
export function sitemapOrder(sitemaps: readonly SitemapReference[]): SitemapReference[] {
  return sitemaps
    .map((sitemap, index) => ({ ...sitemap, index }))
    .sort(byNewsThenRecency)
    .map(({ index: _index, ...sitemap }) => sitemap);
}

function byNewsThenRecency(a: SitemapReference & { index: number }, b: SitemapReference & { index: number }): number {
  const newsA = isNewsSitemap(a.url) ? 0 : 1;
  const newsB = isNewsSitemap(b.url) ? 0 : 1;
  if (newsA !== newsB) return newsA - newsB;
  const timeA = a.lastModified?.getTime() ?? -Infinity;
  const timeB = b.lastModified?.getTime() ?? -Infinity;
  if (timeA !== timeB) return timeB - timeA;
  return a.index - b.index;
}

/** Judged by the path only: a host like news.example would make every file look like news. */
function isNewsSitemap(url: string): boolean {
  return /news/i.test(tryParseUrl(url)?.pathname ?? '');
}

// RSS 2.0, RSS 1.0 (RDF) and Atom: the articles a feed lists, and where a site's feeds are.
import type { parseFeed as readFeed } from '@rowanmanning/feed-parser';
import { onFirstUse } from '../../../../../load-on-use.js';
import { parseHTML } from '../../../extract/dom.js';
import { canonicalizeUrl, tryParseUrl } from '../url.js';
import { plainText } from './plain-text.js';

const feedParser = onFirstUse<typeof import('@rowanmanning/feed-parser')>('@rowanmanning/feed-parser');

export type FeedFormat = 'rss2' | 'rss1' | 'atom';

export interface FeedArticle {
  /** Canonical article URL. */
  url: string;
  title: string | null;
  publishedAt: Date | null;
}

export interface ParsedFeed {
  format: FeedFormat;
  title: string | null;
  articles: FeedArticle[];
}

export interface ParseFeedOptions {
  /** Stop after this many articles (a feed is a list of recent ones; a huge one is a dump). */
  maxArticles?: number;
}

/** Feed media types announced by <link rel="alternate">. */
const FEED_TYPES = new Set([
  'application/rss+xml',
  'application/atom+xml',
  'application/rdf+xml',
  'application/x-rss+xml',
  'application/x-atom+xml',
  'text/rss+xml',
  'text/atom+xml',
  'application/xml',
  'text/xml',
]);

/** Where feeds usually live when a page does not announce one (WordPress, Blogger, Ghost, Hugo…). */
export const COMMON_FEED_PATHS: readonly string[] = Object.freeze([
  '/feed',
  '/rss',
  '/feed/',
  '/rss/',
  '/rss.xml',
  '/feed.xml',
  '/atom.xml',
  '/index.xml',
  '/index.rss',
  '/feeds/posts/default',
  '/news/rss.xml',
  '/rss/index.xml',
  '/?feed=rss2',
]);

/** The common feed URLs of an origin, to probe when a home page names none. */
export function commonFeedUrls(origin: string): string[] {
  return COMMON_FEED_PATHS.map((path) => new URL(path, origin).href);
}

/**
 * Parses a feed with @rowanmanning/feed-parser (RSS 2.0, RSS 1.0/RDF, Atom; lenient with broken
 * XML). Returns null when the text is not RSS or Atom (an HTML error page, say). Article URLs are
 * resolved against the feed (and Atom xml:base) and canonicalised; non-http links are dropped.
 */
export function parseFeed(text: string, feedUrl: string, options: ParseFeedOptions = {}): ParsedFeed | null {
  const maxArticles = options.maxArticles ?? 1000;
  let feed: ReturnType<typeof readFeed>;
  try {
    feed = feedParser().parseFeed(text);
  } catch {
    return null;
  }
  const format = FORMATS[feed.meta.type];
  if (!format) return null;
  const articles: FeedArticle[] = [];
  for (const item of feed.items) {
    if (articles.length >= maxArticles) break;
    const link = itemLink(item);
    const url = link ? canonicalizeUrl(link, feedUrl) : null;
    if (!url || articles.some((a) => a.url === url)) continue;
    articles.push({ url, title: plainText(item.title), publishedAt: item.published ?? item.updated ?? null });
  }
  return { format, title: plainText(feed.title), articles };
}

const FORMATS: Record<string, FeedFormat> = { rss: 'rss2', rdf: 'rss1', atom: 'atom' };

type FeedItem = ReturnType<typeof readFeed>['items'][number];

/** An item's article address: FeedBurner's original link, the item's link, a permalink guid or id, or RDF's about. */
function itemLink(item: FeedItem): string | null {
  // FeedBurner rewrites <link> to its own redirector and keeps the real one here.
  const original = item.element.findElementWithName('origlink')?.textContentNormalized;
  if (original) return original;
  if (item.url) return item.url;
  const guid = item.element.findElementWithName('guid');
  if (guid && (guid.getAttribute('isPermaLink') ?? guid.getAttribute('ispermalink') ?? '').toLowerCase() === 'false') return null;
  if (item.id && /^https?:\/\//i.test(item.id)) return item.id;
  return item.element.getAttribute('rdf:about');
}

/**
 * Feeds a page announces with <link rel="alternate" type="application/rss+xml" href="…"> (also
 * Atom and RDF), resolved against the page URL and any <base href>. Only http(s) URLs.
 */
export function discoverFeedLinks(html: string, pageUrl: string): string[] {
  const { document } = parseHTML(html);
  const baseHref = document.querySelector('base[href]')?.getAttribute('href');
  const base = (baseHref && tryParseUrl(baseHref, pageUrl)?.href) || pageUrl;
  const found: string[] = [];
  for (const link of Array.from(document.querySelectorAll('link[href]')) as Element[]) {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    const type = (link.getAttribute('type') ?? '').toLowerCase().split(';')[0]!.trim();
    if (!rel.includes('alternate') || !FEED_TYPES.has(type)) continue;
    // Comment feeds list comments, not articles.
    if (/comments?/i.test(link.getAttribute('title') ?? '') || /\/comments\/feed/i.test(link.getAttribute('href') ?? '')) continue;
    const url = tryParseUrl(link.getAttribute('href')!.trim(), base);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) continue;
    url.hash = '';
    if (!found.includes(url.href)) found.push(url.href);
  }
  return found;
}

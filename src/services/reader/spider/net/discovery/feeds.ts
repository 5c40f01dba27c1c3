// RSS 2.0, RSS 1.0 (RDF) and Atom: the articles a feed lists, and where a site's feeds are.
import { parseHTML } from 'linkedom';
import { canonicalizeUrl, tryParseUrl } from '../url.js';
import { childElements, childText, firstChild, localNameOf, parseDate, parseXml, plainText } from './xml.js';

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
 * Parses a feed. Returns null when the text is not RSS or Atom (an HTML error page, say). Article
 * URLs are resolved against the feed URL (and Atom xml:base) and canonicalised; non-http links are
 * dropped.
 */
export function parseFeed(text: string, feedUrl: string, options: ParseFeedOptions = {}): ParsedFeed | null {
  const maxArticles = options.maxArticles ?? 1000;
  const document = parseXml(text);
  const root = document.documentElement as Element | null;
  if (!root) return null;
  const rootName = localNameOf(root);

  if (rootName === 'feed') {
    const base = xmlBase(root, feedUrl);
    const articles: FeedArticle[] = [];
    for (const entry of childElements(root, 'entry')) {
      if (articles.length >= maxArticles) break;
      const entryBase = xmlBase(entry, base);
      const url = atomLink(entry, entryBase) ?? httpId(childText(entry, 'id'));
      push(articles, url, entryBase, plainText(childText(entry, 'title')), childText(entry, 'published') ?? childText(entry, 'updated'));
    }
    return { format: 'atom', title: plainText(childText(root, 'title')), articles };
  }

  if (rootName === 'rss' || rootName === 'rdf') {
    const channel = firstChild(root, 'channel');
    // RSS 2.0 puts items inside <channel>; RSS 1.0 puts them beside it, under <rdf:RDF>.
    const items = [...(channel ? childElements(channel, 'item') : []), ...childElements(root, 'item')];
    const articles: FeedArticle[] = [];
    for (const item of items) {
      if (articles.length >= maxArticles) break;
      push(articles, rssLink(item), feedUrl, plainText(childText(item, 'title')), rssDate(item));
    }
    return {
      format: rootName === 'rss' ? 'rss2' : 'rss1',
      title: plainText(channel ? childText(channel, 'title') : null),
      articles,
    };
  }
  return null;
}

function push(articles: FeedArticle[], link: string | null, base: string, title: string | null, date: string | null): void {
  if (!link) return;
  const url = canonicalizeUrl(link, base);
  if (!url || articles.some((a) => a.url === url)) return;
  articles.push({ url, title, publishedAt: parseDate(date) });
}

function rssLink(item: Element): string | null {
  // FeedBurner rewrites <link> to its own redirector and keeps the real one here.
  const original = childText(item, 'origlink');
  if (original) return original;
  const plain = childElements(item, 'link', '')[0]?.textContent?.trim();
  if (plain) return plain;
  const withHref = childElements(item, 'link')
    .find((l) => l.getAttribute('href'))
    ?.getAttribute('href');
  if (withHref) return withHref;
  const guid = firstChild(item, 'guid');
  const permalink = (guid?.getAttribute('isPermaLink') ?? guid?.getAttribute('ispermalink') ?? '').toLowerCase();
  if (guid && permalink !== 'false') {
    return httpId(guid.textContent?.trim() ?? null);
  }
  return item.getAttribute('rdf:about') || null;
}

function rssDate(item: Element): string | null {
  return childText(item, 'pubdate') ?? childText(item, 'date') ?? childText(item, 'published') ?? childText(item, 'updated');
}

function atomLink(entry: Element, base: string): string | null {
  const links = childElements(entry, 'link');
  const alternate =
    links.find((l) => (l.getAttribute('rel') ?? 'alternate').toLowerCase() === 'alternate' && isHtmlType(l.getAttribute('type'))) ??
    links.find((l) => (l.getAttribute('rel') ?? 'alternate').toLowerCase() === 'alternate');
  const href = alternate?.getAttribute('href')?.trim();
  return href ? (tryParseUrl(href, base)?.href ?? null) : null;
}

function isHtmlType(type: string | null): boolean {
  return !type || /html/i.test(type);
}

function httpId(id: string | null): string | null {
  return id && /^https?:\/\//i.test(id) ? id : null;
}

function xmlBase(element: Element, inherited: string): string {
  const base = element.getAttribute('xml:base');
  return (base && tryParseUrl(base, inherited)?.href) || inherited;
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

// The hand-written feed parser newsctl had before it took @rowanmanning/feed-parser (on linkedom's
// lenient XML parser), kept only as the feed bench's baseline (bench/feeds.bench.ts).
import { DOMParser } from 'linkedom';
import type { FeedArticle, ParsedFeed, ParseFeedOptions } from '../../src/services/reader/spider/net/discovery/feeds.js';
import { plainText } from '../../src/services/reader/spider/net/discovery/plain-text.js';
import { canonicalizeUrl, tryParseUrl } from '../../src/services/reader/spider/net/url.js';
import { dateOf } from '../../src/services/reader/extract/dates.js';

function parseXml(text: string): Document {
  // Processing instructions and doctypes only confuse the lenient parser; they carry nothing we use.
  const cleaned = text
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[^>]*\?>/i, '')
    .replace(/<!DOCTYPE[^>[]*(\[[^\]]*\])?>/i, '');
  return new DOMParser().parseFromString(cleaned, 'text/xml') as unknown as Document;
}

/** Local name without namespace prefix, lower-case (`news:title` → `title`). */
function localNameOf(element: Element): string {
  const name = (element.localName || element.tagName || '').toLowerCase();
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** Namespace prefix as written (`news:title` → `news`), '' if none. */
function prefixOf(element: Element): string {
  const name = (element.tagName || '').toLowerCase();
  const colon = name.indexOf(':');
  return colon === -1 ? '' : name.slice(0, colon);
}

function childElements(parent: Element | Document, name?: string, prefix?: string): Element[] {
  const found: Element[] = [];
  for (const child of Array.from(parent.children ?? [])) {
    if (name !== undefined && localNameOf(child) !== name) continue;
    if (prefix !== undefined && prefixOf(child) !== prefix) continue;
    found.push(child);
  }
  return found;
}

function firstChild(parent: Element, name: string, prefix?: string): Element | null {
  return childElements(parent, name, prefix)[0] ?? null;
}

/** Trimmed text of the first child with that name, or null when absent or empty. */
function childText(parent: Element, name: string, prefix?: string): string | null {
  const text = firstChild(parent, name, prefix)?.textContent?.trim();
  return text ? text : null;
}

/**
 * Parses a feed. Returns null when the text is not RSS or Atom (an HTML error page, say). Article
 * URLs are resolved against the feed URL (and Atom xml:base) and canonicalised; non-http links are
 * dropped.
 */
export function handParseFeed(text: string, feedUrl: string, options: ParseFeedOptions = {}): ParsedFeed | null {
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
  articles.push({ url, title, publishedAt: dateOf(date) });
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

import { describe, expect, it } from 'vitest';
import { COMMON_FEED_PATHS, commonFeedUrls, discoverFeedLinks, parseFeed } from '../../../../../../src/services/reader/spider/net/index.js';

describe('parseFeed: RSS 2.0', () => {
  const rss = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel>
  <title>Harbor &amp; Valley</title>
  <atom:link href="https://news.example/feed" rel="self"/>
  <link>https://news.example/</link>
  <item>
    <title><![CDATA[Council <em>approves</em> budget & parks]]></title>
    <link>https://news.example/2024/05/01/council-budget/?utm_source=rss&amp;utm_medium=feed</link>
    <guid isPermaLink="false">https://news.example/?p=1</guid>
    <pubDate>Wed, 01 May 2024 14:30:00 +0000</pubDate>
  </item>
  <item>
    <title>Relative link</title>
    <link>/2024/05/02/relative-story</link>
    <dc:date>2024-05-02T08:00:00Z</dc:date>
  </item>
  <item>
    <title>Only a permalink guid</title>
    <guid>https://news.example/2024/05/03/guid-story</guid>
  </item>
  <item>
    <title>Non-permalink guid only</title>
    <guid isPermaLink="false">tag:news.example,2024:4</guid>
  </item>
  <item>
    <title>FeedBurner</title>
    <link>https://feeds.feedburner.invalid/~r/news/~3/abc</link>
    <feedburner:origLink>https://news.example/2024/05/05/original</feedburner:origLink>
  </item>
  <item><title>Hostile</title><link>javascript:alert(1)</link></item>
  <item><title>Duplicate</title><link>https://news.example/2024/05/01/council-budget/#comments</link></item>
</channel>
</rss>`;

  it('lists the articles with canonical URLs, titles and dates', () => {
    const feed = parseFeed(rss, 'https://news.example/feed')!;
    expect(feed.format).toBe('rss2');
    expect(feed.title).toBe('Harbor & Valley');
    expect(feed.articles).toEqual([
      { url: 'https://news.example/2024/05/01/council-budget/', title: 'Council approves budget & parks', publishedAt: new Date('2024-05-01T14:30:00Z') },
      { url: 'https://news.example/2024/05/02/relative-story', title: 'Relative link', publishedAt: new Date('2024-05-02T08:00:00Z') },
      { url: 'https://news.example/2024/05/03/guid-story', title: 'Only a permalink guid', publishedAt: null },
      { url: 'https://news.example/2024/05/05/original', title: 'FeedBurner', publishedAt: null },
    ]);
  });

  it('stops at maxArticles', () => {
    expect(parseFeed(rss, 'https://news.example/feed', { maxArticles: 2 })!.articles).toHaveLength(2);
  });
});

describe('parseFeed: RSS 1.0 and Atom', () => {
  it('reads RDF items beside the channel', () => {
    const rdf = `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel rdf:about="https://news.example/index.rdf"><title>RDF news</title><link>https://news.example/</link></channel>
  <item rdf:about="https://news.example/a"><title>A</title><link>https://news.example/a</link><dc:date>2024-05-01T10:00:00+02:00</dc:date></item>
  <item rdf:about="https://news.example/b"><title>B</title></item>
</rdf:RDF>`;
    const feed = parseFeed(rdf, 'https://news.example/index.rdf')!;
    expect(feed.format).toBe('rss1');
    expect(feed.title).toBe('RDF news');
    expect(feed.articles.map((a) => a.url)).toEqual(['https://news.example/a', 'https://news.example/b']);
    expect(feed.articles[0]!.publishedAt).toEqual(new Date('2024-05-01T08:00:00Z'));
  });

  it('reads Atom alternate links against xml:base', () => {
    const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://news.example/blog/">
  <title type="html">News &lt;b&gt;daily&lt;/b&gt;</title>
  <entry>
    <title type="html">Ferry &amp;amp; routes</title>
    <link rel="replies" href="one#comments"/>
    <link rel="alternate" type="text/html" href="one"/>
    <id>tag:news.example,2024:1</id>
    <published>2024-05-01T10:00:00Z</published>
    <updated>2024-05-02T10:00:00Z</updated>
  </entry>
  <entry xml:base="https://other.example/">
    <title>Second</title>
    <link href="/two"/>
    <updated>2024-05-03T10:00:00Z</updated>
  </entry>
  <entry>
    <title>Id only</title>
    <id>https://news.example/three</id>
  </entry>
</feed>`;
    const feed = parseFeed(atom, 'https://news.example/atom.xml')!;
    expect(feed.format).toBe('atom');
    expect(feed.title).toBe('News daily');
    expect(feed.articles).toEqual([
      { url: 'https://news.example/blog/one', title: 'Ferry & routes', publishedAt: new Date('2024-05-01T10:00:00Z') },
      { url: 'https://other.example/two', title: 'Second', publishedAt: new Date('2024-05-03T10:00:00Z') },
      { url: 'https://news.example/three', title: 'Id only', publishedAt: null },
    ]);
  });

  it('survives malformed XML and keeps what it can read', () => {
    const broken = `<rss><channel><item><title>A & B</title><link>https://news.example/a</link></item><item><title>Cut off<link>https://news.example/b</link>`;
    const feed = parseFeed(broken, 'https://news.example/feed')!;
    expect(feed.articles.map((a) => a.url)).toContain('https://news.example/a');
  });

  it('returns null for what is not a feed', () => {
    expect(parseFeed('<!DOCTYPE html><html><body>Not found</body></html>', 'https://news.example/feed')).toBeNull();
    expect(parseFeed('<urlset></urlset>', 'https://news.example/feed')).toBeNull();
    expect(parseFeed('', 'https://news.example/feed')).toBeNull();
  });
});

describe('discoverFeedLinks', () => {
  it('finds RSS, Atom and RDF alternates, resolved against <base>, skipping comment feeds', () => {
    const html = `<html><head>
<base href="https://news.example/section/">
<link rel="alternate" type="application/rss+xml" title="News" href="feed.xml">
<link rel="alternate" type="application/atom+xml" href="https://news.example/atom.xml">
<link rel="alternate" type="application/rss+xml" title="Comments Feed" href="/comments/feed/">
<link rel="Alternate Feed" type="application/rdf+xml; charset=utf-8" href="/index.rdf">
<link rel="alternate" hreflang="fr" href="/fr/">
<link rel="stylesheet" type="text/css" href="/style.css">
<link rel="alternate" type="application/rss+xml" href="javascript:alert(1)">
<link rel="alternate" type="application/rss+xml" href="feed.xml#dup">
</head><body></body></html>`;
    expect(discoverFeedLinks(html, 'https://news.example/')).toEqual([
      'https://news.example/section/feed.xml',
      'https://news.example/atom.xml',
      'https://news.example/index.rdf',
    ]);
  });

  it('finds nothing on a page without feeds', () => {
    expect(discoverFeedLinks('<html><head><title>x</title></head></html>', 'https://news.example/')).toEqual([]);
  });
});

describe('common feed paths', () => {
  it('lists the usual CMS locations against an origin', () => {
    const urls = commonFeedUrls('http://127.0.0.2:8080');
    expect(urls).toHaveLength(COMMON_FEED_PATHS.length);
    expect(urls).toContain('http://127.0.0.2:8080/feed');
    expect(urls).toContain('http://127.0.0.2:8080/rss.xml');
    expect(urls).toContain('http://127.0.0.2:8080/atom.xml');
    expect(urls).toContain('http://127.0.0.2:8080/?feed=rss2');
  });
});

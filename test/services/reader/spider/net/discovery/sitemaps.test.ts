import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SITEMAP_CONTENT_TYPES,
  TooLargeError,
  collectSitemapArticles,
  createGuardedClient,
  parseSitemap,
  sitemapText,
  type GuardedClient,
} from '../../../../../../src/services/reader/spider/net/index.js';
import { startNewsWeb, type NewsWeb } from '../../../../../fixtures/news-web/index.js';

const URLSET = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url>
    <loc>https://news.example/2024/05/01/story-one/?utm_source=sitemap</loc>
    <lastmod>2024-05-01T10:00:00Z</lastmod>
    <news:news>
      <news:publication><news:name>Harbor Ledger</news:name><news:language>en</news:language></news:publication>
      <news:publication_date>2024-05-01T09:30:00+00:00</news:publication_date>
      <news:title>Story &amp; one</news:title>
    </news:news>
  </url>
  <url><loc> https://news.example/2024/04/01/story-two </loc><lastmod>2024-04-01</lastmod></url>
  <url><loc>javascript:alert(1)</loc></url>
  <url><loc>https://news.example/2024/05/01/story-one/</loc></url>
  <url><lastmod>2024-01-01</lastmod></url>
</urlset>`;

const INDEX = `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>https://news.example/sitemap-2023.xml</loc><lastmod>2023-12-31</lastmod></sitemap>
  <sitemap><loc>https://news.example/sitemap-2024.xml</loc><lastmod>2024-05-01</lastmod></sitemap>
  <sitemap><loc>/news-sitemap.xml</loc></sitemap>
  <sitemap><loc>file:///etc/passwd</loc></sitemap>
</sitemapindex>`;

describe('parseSitemap', () => {
  it('reads a urlset with Google News tags', () => {
    const sitemap = parseSitemap(URLSET, 'https://news.example/news-sitemap.xml')!;
    expect(sitemap.kind).toBe('urlset');
    expect(sitemap.articles).toEqual([
      {
        url: 'https://news.example/2024/05/01/story-one/',
        lastModified: new Date('2024-05-01T10:00:00Z'),
        news: {
          title: 'Story & one',
          publishedAt: new Date('2024-05-01T09:30:00Z'),
          publicationName: 'Harbor Ledger',
          language: 'en',
        },
      },
      { url: 'https://news.example/2024/04/01/story-two', lastModified: new Date('2024-04-01T00:00:00Z') },
    ]);
    expect(sitemap.truncated).toBe(false);
  });

  it('reads a sitemap index, resolving relative locations and dropping other schemes', () => {
    const index = parseSitemap(INDEX, 'https://news.example/sitemap.xml')!;
    expect(index.kind).toBe('sitemapindex');
    expect(index.sitemaps.map((s) => s.url)).toEqual([
      'https://news.example/sitemap-2023.xml',
      'https://news.example/sitemap-2024.xml',
      'https://news.example/news-sitemap.xml',
    ]);
  });

  it('inflates gzip sitemaps', () => {
    const sitemap = parseSitemap(gzipSync(URLSET), 'https://news.example/sitemap.xml.gz')!;
    expect(sitemap.articles).toHaveLength(2);
  });

  it('refuses a gzip sitemap that inflates past the limit', () => {
    const bomb = gzipSync(Buffer.concat([Buffer.from('<urlset>'), Buffer.alloc(4 * 1024 * 1024, ' '), Buffer.from('</urlset>')]));
    expect(() => sitemapText(bomb, 1024 * 1024)).toThrow(TooLargeError);
    expect(() => parseSitemap(bomb, 'https://news.example/s.xml.gz', { maxDecompressedBytes: 1024 * 1024 })).toThrow(TooLargeError);
  });

  it('reads the plain-text format', () => {
    const sitemap = parseSitemap('https://news.example/a\r\nhttps://news.example/b?utm_source=x\n\nhttps://news.example/a\n', 'https://news.example/sitemap.txt')!;
    expect(sitemap).toMatchObject({ kind: 'text', articles: [{ url: 'https://news.example/a' }, { url: 'https://news.example/b' }] });
  });

  it('stops at maxEntries and says so', () => {
    const many = `<urlset>${Array.from({ length: 30 }, (_, i) => `<url><loc>https://news.example/${i}</loc></url>`).join('')}</urlset>`;
    const sitemap = parseSitemap(many, 'https://news.example/sitemap.xml', { maxEntries: 10 })!;
    expect(sitemap.articles).toHaveLength(10);
    expect(sitemap.truncated).toBe(true);
  });

  it('reads prefixed elements, CDATA, entities, and skips image:loc', () => {
    const xml = `<?xml version="1.0"?>
<!-- generated -->
<!DOCTYPE urlset>
<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <sm:url><image:image><image:loc>https://img.example/a.jpg</image:loc></image:image><sm:loc><![CDATA[https://news.example/a?x=1&y=2]]></sm:loc></sm:url>
  <sm:url><sm:loc>https://news.example/b?x=1&amp;y=2</sm:loc><sm:lastmod>2024-05-01</sm:lastmod></sm:url>
  <sm:url><sm:loc/></sm:url>
</sm:urlset>`;
    const sitemap = parseSitemap(xml, 'https://news.example/sitemap.xml')!;
    expect(sitemap.articles.map((a) => a.url)).toEqual(['https://news.example/a?x=1&y=2', 'https://news.example/b?x=1&y=2']);
  });

  it('keeps the complete entries of a truncated file', () => {
    const truncated = '<urlset><url><loc>https://news.example/a</loc></url><url><loc>https://news.example/b</loc></url><url><loc>https://news.exa';
    expect(parseSitemap(truncated, 'https://news.example/sitemap.xml')!.articles.map((a) => a.url)).toEqual([
      'https://news.example/a',
      'https://news.example/b',
    ]);
  });

  it('gets through hostile unclosed markup', () => {
    for (const hostile of ['<urlset>' + '<url><loc'.repeat(50_000), '<urlset>' + '<url>'.repeat(100_000), '<urlset><url>' + '<loc>'.repeat(100_000) + '</url>']) {
      expect(parseSitemap(hostile, 'https://news.example/sitemap.xml')!.articles).toEqual([]);
    }
  });

  it('returns null for what is not a sitemap', () => {
    expect(parseSitemap('<!DOCTYPE html><html><body>Oops</body></html>', 'https://news.example/sitemap.xml')).toBeNull();
    expect(parseSitemap('Hello there', 'https://news.example/sitemap.xml')).toBeNull();
    expect(parseSitemap('<rss><channel/></rss>', 'https://news.example/sitemap.xml')).toBeNull();
  });
});

describe('collectSitemapArticles', () => {
  /** An in-memory site of sitemaps: url → document. */
  function sitemapSite(documents: Record<string, string>) {
    const fetched: string[] = [];
    return {
      fetched,
      fetchSitemap: async (url: string) => {
        fetched.push(url);
        const document = documents[url];
        if (document === undefined) throw new Error(`404 ${url}`);
        return document;
      },
    };
  }
  const urlset = (...paths: string[]) => `<urlset>${paths.map((p) => `<url><loc>https://news.example${p}</loc></url>`).join('')}</urlset>`;
  const index = (...entries: Array<[string, string?]>) =>
    `<sitemapindex>${entries.map(([p, lastmod]) => `<sitemap><loc>https://news.example${p}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</sitemap>`).join('')}</sitemapindex>`;

  it('reads news sitemaps and the newest files of an index first', async () => {
    const site = sitemapSite({
      'https://news.example/sitemap.xml': index(['/archive-2022.xml', '2022-12-31'], ['/archive-2024.xml', '2024-05-01'], ['/google-news.xml']),
      'https://news.example/archive-2022.xml': urlset('/old'),
      'https://news.example/archive-2024.xml': urlset('/recent'),
      'https://news.example/google-news.xml': urlset('/breaking'),
    });
    const result = await collectSitemapArticles({ roots: ['https://news.example/sitemap.xml'], fetchSitemap: site.fetchSitemap });
    expect(site.fetched).toEqual([
      'https://news.example/sitemap.xml',
      'https://news.example/google-news.xml',
      'https://news.example/archive-2024.xml',
      'https://news.example/archive-2022.xml',
    ]);
    expect(result.articles.map((a) => a.url)).toEqual(['https://news.example/breaking', 'https://news.example/recent', 'https://news.example/old']);
  });

  it('limits nesting, files read and articles returned', async () => {
    const documents = {
      'https://news.example/a.xml': index(['/b.xml']),
      'https://news.example/b.xml': index(['/c.xml']),
      'https://news.example/c.xml': urlset('/deep'),
    };
    const shallow = await collectSitemapArticles({ roots: ['https://news.example/a.xml'], fetchSitemap: sitemapSite(documents).fetchSitemap, maxDepth: 1 });
    expect(shallow.read).toEqual(['https://news.example/a.xml', 'https://news.example/b.xml']);
    expect(shallow.articles).toEqual([]);
    const deep = await collectSitemapArticles({ roots: ['https://news.example/a.xml'], fetchSitemap: sitemapSite(documents).fetchSitemap, maxDepth: 2 });
    expect(deep.articles.map((a) => a.url)).toEqual(['https://news.example/deep']);

    const wide = sitemapSite({
      'https://news.example/index.xml': index(...Array.from({ length: 50 }, (_, i) => [`/part-${i}.xml`] as [string])),
      ...Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`https://news.example/part-${i}.xml`, urlset(`/p${i}-a`, `/p${i}-b`)])),
    });
    const limited = await collectSitemapArticles({ roots: ['https://news.example/index.xml'], fetchSitemap: wide.fetchSitemap, maxSitemaps: 4, maxArticles: 5 });
    expect(wide.fetched.length).toBeLessThanOrEqual(4);
    expect(limited.articles).toHaveLength(5);
  });

  it('does not loop on indexes that point at each other', async () => {
    const site = sitemapSite({
      'https://news.example/a.xml': index(['/b.xml']),
      'https://news.example/b.xml': index(['/a.xml']),
    });
    const result = await collectSitemapArticles({ roots: ['https://news.example/a.xml'], fetchSitemap: site.fetchSitemap, maxDepth: 10 });
    expect(result.read).toEqual(['https://news.example/a.xml', 'https://news.example/b.xml']);
  });

  it('skips files and URLs older than modifiedSince, and what isAllowed refuses', async () => {
    const site = sitemapSite({
      'https://news.example/index.xml': index(['/old.xml', '2020-01-01'], ['/new.xml', '2024-05-01'], ['/private.xml', '2024-05-01']),
      'https://news.example/new.xml': `<urlset>
        <url><loc>https://news.example/fresh</loc><lastmod>2024-05-01</lastmod></url>
        <url><loc>https://news.example/stale</loc><lastmod>2021-01-01</lastmod></url>
        <url><loc>https://news.example/undated</loc></url>
        <url><loc>https://elsewhere.example/foreign</loc></url>
      </urlset>`,
    });
    const result = await collectSitemapArticles({
      roots: ['https://news.example/index.xml'],
      fetchSitemap: site.fetchSitemap,
      modifiedSince: new Date('2024-01-01'),
      isAllowed: (url) => new URL(url).hostname === 'news.example' && !url.includes('private'),
    });
    expect(site.fetched).toEqual(['https://news.example/index.xml', 'https://news.example/new.xml']);
    expect(result.articles.map((a) => a.url)).toEqual(['https://news.example/fresh', 'https://news.example/undated']);
  });

  it('records failures and carries on', async () => {
    const site = sitemapSite({ 'https://news.example/ok.xml': urlset('/a'), 'https://news.example/html.xml': '<html><body>404</body></html>' });
    const result = await collectSitemapArticles({
      roots: ['https://news.example/missing.xml', 'https://news.example/html.xml', 'https://news.example/ok.xml'],
      fetchSitemap: site.fetchSitemap,
    });
    expect(result.failures.map((f) => f.url)).toEqual(['https://news.example/missing.xml', 'https://news.example/html.xml']);
    expect(result.articles.map((a) => a.url)).toEqual(['https://news.example/a']);
  });
});

describe('sitemaps of the local news web', () => {
  let web: NewsWeb;
  let client: GuardedClient;
  beforeAll(async () => {
    web = await startNewsWeb({ sites: 4 });
    client = createGuardedClient({ userAgent: 'newsctl/0.1', allowPrivateNetworks: web.allowPrivateNetworks });
  });
  afterAll(async () => {
    client.close();
    await web.close();
  });

  const fetchSitemap = async (url: string) => (await client.fetch(url, { accept: SITEMAP_CONTENT_TYPES })).body;

  it('finds every sitemap-listed article from robots.txt Sitemap lines or /sitemap.xml', async () => {
    for (const site of web.sites) {
      const roots = site.robotsSitemaps.length ? site.robotsSitemaps : [`${site.origin}/sitemap.xml`];
      const result = await collectSitemapArticles({ roots, fetchSitemap });
      const listed = site.articles.filter((a) => a.routes.includes('sitemap')).map((a) => a.url);
      expect(result.failures).toEqual([]);
      expect(result.articles.map((a) => a.url).sort()).toEqual(listed.sort());
    }
  });

  it('refuses the gzip bomb sitemap', async () => {
    const result = await collectSitemapArticles({ roots: [web.hostile!.urls.gzipBombSitemap], fetchSitemap });
    expect(result.articles).toEqual([]);
    expect(result.failures[0]!.error).toBeInstanceOf(TooLargeError);
  });
});

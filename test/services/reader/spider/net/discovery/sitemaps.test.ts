import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SITEMAP_CONTENT_TYPES,
  TooLargeError,
  createGuardedClient,
  parseSitemap,
  sitemapOrder,
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
    const sitemap = parseSitemap(
      'https://news.example/a\r\nhttps://news.example/b?utm_source=x\n\nhttps://news.example/a\n',
      'https://news.example/sitemap.txt',
    )!;
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
    for (const hostile of [`<urlset>${'<url><loc'.repeat(50_000)}`, `<urlset>${'<url>'.repeat(100_000)}`, `<urlset><url>${'<loc>'.repeat(100_000)}</url>`]) {
      expect(parseSitemap(hostile, 'https://news.example/sitemap.xml')!.articles).toEqual([]);
    }
  });

  it('returns null for what is not a sitemap', () => {
    expect(parseSitemap('<!DOCTYPE html><html><body>Oops</body></html>', 'https://news.example/sitemap.xml')).toBeNull();
    expect(parseSitemap('Hello there', 'https://news.example/sitemap.xml')).toBeNull();
    expect(parseSitemap('<rss><channel/></rss>', 'https://news.example/sitemap.xml')).toBeNull();
  });
});

describe('sitemapOrder', () => {
  const at = (path: string, lastmod?: string) => ({ url: `https://news.example${path}`, lastModified: lastmod ? new Date(lastmod) : null });

  it('reads news sitemaps first, then the newest files of an index, then the rest as listed', () => {
    const ordered = sitemapOrder([
      at('/archive-2022.xml', '2022-12-31'),
      at('/undated-a.xml'),
      at('/archive-2024.xml', '2024-05-01'),
      at('/google-news.xml'),
      at('/undated-b.xml'),
    ]);
    expect(ordered.map((s) => new URL(s.url).pathname)).toEqual([
      '/google-news.xml',
      '/archive-2024.xml',
      '/archive-2022.xml',
      '/undated-a.xml',
      '/undated-b.xml',
    ]);
  });

  it('judges news by the path only (a host named news.example makes nothing news)', () => {
    const ordered = sitemapOrder([at('/pages.xml', '2024-05-02'), at('/news/today.xml', '2020-01-01')]);
    expect(ordered.map((s) => new URL(s.url).pathname)).toEqual(['/news/today.xml', '/pages.xml']);
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

  /** Every article the sitemaps list, read as the crawl reads them: breadth first, an index's children in sitemapOrder. */
  async function listedArticles(roots: string[]): Promise<string[]> {
    const queue = [...roots];
    const seen = new Set(queue);
    const articles: string[] = [];
    while (queue.length > 0) {
      const url = queue.shift()!;
      const sitemap = parseSitemap(await fetchSitemap(url), url);
      if (sitemap?.kind === 'sitemapindex') {
        for (const child of sitemapOrder(sitemap.sitemaps)) {
          if (seen.has(child.url)) continue;
          seen.add(child.url);
          queue.push(child.url);
        }
      } else if (sitemap) {
        articles.push(...sitemap.articles.map((article) => article.url));
      }
    }
    return articles;
  }

  it('finds every sitemap-listed article from robots.txt Sitemap lines or /sitemap.xml', async () => {
    for (const site of web.sites) {
      const roots = site.robotsSitemaps.length ? site.robotsSitemaps : [`${site.origin}/sitemap.xml`];
      const listed = site.articles.filter((a) => a.routes.includes('sitemap')).map((a) => a.url);
      expect((await listedArticles(roots)).sort()).toEqual(listed.sort());
    }
  });

  it('refuses the gzip bomb sitemap', async () => {
    const url = web.hostile!.urls.gzipBombSitemap;
    const body = await fetchSitemap(url).catch((error: unknown) => error);
    // Refused while downloading or while decompressing: either way, nothing is read from it.
    if (body instanceof Error) expect(body).toBeInstanceOf(TooLargeError);
    else expect(() => parseSitemap(body as Uint8Array, url)).toThrow(TooLargeError);
  });
});

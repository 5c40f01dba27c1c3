// Public pages and feeds of generated articles, and social posts, offline: escaped, valid HTML with
// Open Graph, Atom that a feed parser reads and that has RFC 4287's required elements.
import { parseFeed } from '@rowanmanning/feed-parser';
import { HtmlValidate } from 'html-validate';
import { DOMParser } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedArticle } from '../../src/api/generator.js';
import { listGeneratedArticles } from '../../src/services/newsroom/generator/articles.js';
import { listTrends, listTrendsOfTopic } from '../../src/services/reader/trends/index.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let cookie: string;
let article: GeneratedArticle;
let hostileArticleId: number;

const HOSTILE_TITLE = 'Storm <script>alert(1)</script> floods "Port" & Linden';

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function page(path: string) {
  const response = await fetch(`${server.baseUrl}${path}`);
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
}

const validator = new HtmlValidate({
  extends: ['html-validate:standard'],
  // Typography and attribute-order preferences are not validity.
  rules: { 'no-trailing-whitespace': 'off', 'attribute-boolean-style': 'off', 'no-inline-style': 'off', 'long-title': 'off', 'no-raw-characters': 'off' },
});

async function expectValidHtml(text: string): Promise<void> {
  const report = await validator.validateString(text);
  const problems = report.results.flatMap((result) => result.messages.map((m) => `${m.ruleId}: ${m.message} (line ${m.line})`));
  expect(problems).toEqual([]);
}

beforeAll(async () => {
  server = await startTestServer({ env: { NEWSCTL_SITE_NAME: 'Morning Ledger' } });
  cookie = await server.loginCookie();
  const sources = harborStorm(4);
  // Hostile crawled text: a script in a title, a javascript: address, markup in the body.
  sources[1] = { ...sources[1]!, title: '<img src=x onerror=alert(1)> Courier', url: 'javascript:alert(1)' };
  sources[2] = {
    ...sources[2]!,
    text: `${sources[2]!.text}\n\nOrganisers said the summer jazz festival on the <b>harbor</b> promenade will still go ahead in August.`,
  };
  await storeStoryTrend(server.sql, { title: HOSTILE_TITLE, description: 'A storm flooded the harbor.', topic: 'usa', relevance: 9, sources });
  expect((await api('POST', '/api/generator/generate-from-trend', { trendTitle: HOSTILE_TITLE })).status).toBe(200);
  for (let i = 0; i < 400; i++) {
    const list = (await api('GET', '/api/generated-articles')).body as GeneratedArticle[];
    if (list.length) {
      article = list[0]!;
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  hostileArticleId = (await server.sql<{ id: number }[]>`select id from articles where source_url = 'javascript:alert(1)'`)[0]!.id;
});
afterAll(async () => server?.close());

describe('answers serialised from their schemas (src/api/response-schemas.ts)', () => {
  it('carry every field the services build, with the same values, as JSON.stringify would write them', async () => {
    // Evidence of every kind of value the schema leaves open (src/shared's shape, written as it is).
    const evidence = {
      source: 'offline',
      confidence: 0.82,
      runnerUp: 'usa',
      runnerUpConfidence: 0.11,
      words: ['harbor', 'storm'],
      sentence: 'A storm flooded the harbor.',
    };
    await server.sql`update trends set topic_evidence = ${server.sql.json(evidence)} where title = ${HOSTILE_TITLE}`;
    const trends = await listTrends(server.ctx);
    expect(trends.some((trend) => trend.topicEvidence !== null)).toBe(true);
    expect((await api('GET', '/api/trends')).body).toEqual(JSON.parse(JSON.stringify(trends)));
    expect((await api('GET', '/api/trends/by-topic/usa')).body).toEqual(JSON.parse(JSON.stringify(await listTrendsOfTopic(server.ctx, 'usa'))));
    const articles = await listGeneratedArticles(server.ctx);
    expect(articles.length).toBeGreaterThan(0);
    expect((await api('GET', '/api/generated-articles')).body).toEqual(JSON.parse(JSON.stringify(articles)));
  });
});

describe('a generated article’s page', () => {
  it('lives at its trend’s htmlFilePath, escaped, with Open Graph and feed links, and is valid HTML', async () => {
    expect(article.htmlFilePath).toMatch(/^\/usa\/storm-script-alert-1-script-floods-port-linden-\d+\.html$/);
    const { status, type, text } = await page(article.htmlFilePath!);
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/html/);
    expect(text.match(/<script|<img src=x|href="javascript:/i)?.[0]).toBeUndefined();
    expect(text).toContain('&lt;img src=x onerror=alert(1)&gt; Courier');
    expect(text).toContain('<h1>Storm &lt;script&gt;alert(1)&lt;/script&gt; floods &quot;Port&quot; &amp; Linden</h1>');
    expect(text).toContain('&lt;b&gt;harbor&lt;/b&gt;');
    expect(text).toContain(`<meta property="og:url" content="${server.baseUrl}${article.htmlFilePath}">`);
    expect(text).toContain(`<meta property="og:image" content="${server.baseUrl}${article.imageUrl}">`);
    expect(text).toContain('<meta property="og:type" content="article">');
    expect(text).toContain(`<link rel="alternate" type="application/atom+xml" title="USA — Morning Ledger" href="${server.baseUrl}/feeds/usa.xml">`);
    expect(text).toMatch(/Compiled from \d+ sources/);
    // Every safe source is a link; the javascript: one is text only.
    for (const source of article.sources) {
      if (source.url.startsWith('https://')) expect(text).toContain(`href="${source.url}"`);
    }
    await expectValidHtml(text);
  });

  it('is a 404 elsewhere under the topic', async () => {
    // Not an article: the app's own 404 page takes it, with a 404 status (test/api/site.test.ts).
    const missing = await page('/usa/no-such-article-1.html');
    expect(missing.status).not.toBe(200);
    expect(missing.text).not.toContain('Compiled from');
  });
});

describe('topic pages', () => {
  it('list the topic’s generated articles with their sources, and its trends linking to their pages', async () => {
    const { text } = await page('/usa.html');
    expect(text).toContain(`<a href="${article.htmlFilePath}">Storm &lt;script&gt;alert(1)&lt;/script&gt; floods &quot;Port&quot; &amp; Linden</a>`);
    expect(text).toContain('Sources: ');
    expect(text).not.toMatch(/<script|href="javascript:|<img src=x/i);
    expect(text).toContain(`href="${server.baseUrl}/feeds/all.xml"`);
    await expectValidHtml(text);
    expect((await page('/science.html')).text).toContain('No science trends identified yet.');
  });
});

describe('Atom feeds', () => {
  for (const name of ['usa', 'all']) {
    it(`/feeds/${name}.xml parses and has the required elements`, async () => {
      const response = await page(`/feeds/${name}.xml`);
      expect(response.status).toBe(200);
      expect(response.type).toMatch(/^application\/atom\+xml/);
      const parsed = parseFeed(response.text);
      expect(parsed.meta.type).toBe('atom');
      expect(parsed.title).toBe(name === 'all' ? 'All articles — Morning Ledger' : 'USA — Morning Ledger');
      expect(parsed.items).toHaveLength(1);
      expect(parsed.items[0]!.title).toBe(HOSTILE_TITLE);
      expect(parsed.items[0]!.url).toBe(`${server.baseUrl}${article.htmlFilePath}`);

      // RFC 4287: feed and entries each have exactly one id, title and updated (RFC 3339), an
      // author (feed or entry), and entries link to their page or carry content.
      const doc = new DOMParser().parseFromString(response.text, 'text/xml');
      const feed = doc.documentElement as unknown as Element;
      expect(feed.tagName).toBe('feed');
      expect(feed.getAttribute('xmlns')).toBe('http://www.w3.org/2005/Atom');
      const children = (node: Element, tag: string) => [...node.children].filter((c) => c.tagName === tag);
      const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
      for (const tag of ['id', 'title', 'updated']) expect(children(feed, tag), `feed ${tag}`).toHaveLength(1);
      expect(children(feed, 'updated')[0]!.textContent).toMatch(rfc3339);
      expect(children(feed, 'link').some((l) => l.getAttribute('rel') === 'self' && l.getAttribute('href') === `${server.baseUrl}/feeds/${name}.xml`)).toBe(
        true,
      );
      expect(children(feed, 'author')).toHaveLength(1);
      const entries = children(feed, 'entry');
      expect(entries).toHaveLength(1);
      for (const entry of entries) {
        for (const tag of ['id', 'title', 'updated']) expect(children(entry, tag), `entry ${tag}`).toHaveLength(1);
        expect(children(entry, 'updated')[0]!.textContent).toMatch(rfc3339);
        expect(children(entry, 'link').some((l) => l.getAttribute('rel') === 'alternate')).toBe(true);
        // The story the article tells, every source side by side.
        const related = children(entry, 'link').find((l) => l.getAttribute('rel') === 'related');
        expect(related?.getAttribute('href')).toMatch(new RegExp(`^${server.baseUrl}/story/\\d+-storm-script-alert-1-script-floods-port-linden$`));
        const content = children(entry, 'content')[0]!;
        expect(content.getAttribute('type')).toBe('html');
        // The entry's HTML is escaped inside the XML, and itself escapes the crawled markup.
        expect(content.textContent).not.toMatch(/<script|href="javascript:/i);
        expect(content.textContent).toContain('&lt;b&gt;harbor&lt;/b&gt;');
      }
    });
  }

  it('exist for the eight topics and "all" only', async () => {
    expect((await page('/feeds/science.xml')).text).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
    expect((await page('/feeds/sports.xml')).status).not.toBe(200);
  });
});

describe('social posts', () => {
  it('offline: the key sentence, a link to the story’s page and topic hashtags, within 280 characters', async () => {
    const { status, body } = await api('POST', '/api/generate-social-content', { trendText: HOSTILE_TITLE, category: 'usa' });
    expect(status).toBe(200);
    expect(body.writer).toBe('offline');
    expect(body.content.length).toBeLessThanOrEqual(280);
    expect(body.content).toContain(`${server.baseUrl}${article.htmlFilePath}`);
    expect(body.content).toMatch(/#USA\b/);
    expect(body.content.startsWith(article.excerpt.slice(0, 40))).toBe(true);
  });

  it('from one of our generated articles by its id: its lead and its page', async () => {
    const { status, body } = await api('POST', '/api/generate-social-content', { generatedArticleId: article.id });
    expect(status).toBe(200);
    expect(body.content).toContain(`${server.baseUrl}${article.htmlFilePath}`);
    expect(body.content.startsWith(article.excerpt.slice(0, 40))).toBe(true);
    expect((await api('POST', '/api/generate-social-content', { generatedArticleId: 999999 })).body).toEqual({
      message: 'No generated article with id 999999',
      code: 'not_found',
    });
    // One story at a time: two ways of naming one are a client error.
    expect((await api('POST', '/api/generate-social-content', { generatedArticleId: article.id, articleId: hostileArticleId })).status).toBe(400);
  });

  it('a trend named by a part of its title is that trend; a text no title holds is a 400 naming the closest titles', async () => {
    const byPart = await api('POST', '/api/generate-social-content', { trendText: 'floods "port"' });
    expect(byPart.status).toBe(200);
    expect(byPart.body.content).toContain(`${server.baseUrl}${article.htmlFilePath}`);
    const unknown = await api('POST', '/api/generate-social-content', { trendText: 'tsunami warning in Linden' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(`No trend is titled "tsunami warning in Linden"; the closest: "${HOSTILE_TITLE}"`);
  });

  it('from a crawled article of the story, links the story’s page; unknown or empty requests are client errors', async () => {
    const { body } = await api('POST', '/api/generate-social-content', { articleId: hostileArticleId, category: 'usa' });
    expect(body.content).toContain(`${server.baseUrl}${article.htmlFilePath}`);
    expect(body.content.length).toBeLessThanOrEqual(280);
    expect((await api('POST', '/api/generate-social-content', { articleId: 999999 })).status).toBe(404);
    expect((await api('POST', '/api/generate-social-content', {})).status).toBe(400);
    const unknownTopic = await api('POST', '/api/generate-social-content', { articleId: hostileArticleId, category: 'sports' });
    expect(unknownTopic.status).toBe(400);
    expect(unknownTopic.body.message).toContain('category must be equal to one of the allowed values');
    const logs = (await api('GET', '/api/logs?component=GENERATOR&limit=20')).body as { message: string }[];
    expect(logs.some((l) => l.message.startsWith('Social post written offline'))).toBe(true);
  });
});

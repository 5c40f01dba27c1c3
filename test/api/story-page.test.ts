// A page per story: /story/{id}-{words} lists every site that reported the story once, with its
// articles, a timeline, what only one source says, and our article when written; valid, escaped
// HTML with Open Graph and a JSON-LD ItemList; linked from the trends API, the home data and the
// topic page; an address with older words is sent on to the current one.
import { HtmlValidate } from 'html-validate';
import { DOMParser } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { slugOf } from '../../src/shared/pages.js';

let server: TestServer;
let cookie: string;
let trendId: number;
const TITLE = 'Storm floods Port Linden <harbor> & "district"';

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie, ...headers }, redirect: 'manual' });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.loginCookie();
  const sources = harborStorm(5).map((source, i) => ({ ...source, title: i === 1 ? `${source.title} <script>alert(1)</script>` : source.title }));
  ({ trendId } = await storeStoryTrend(server.sql, { title: TITLE, description: 'A storm flooded the harbor district.', topic: 'usa', relevance: 9, sources }));
  // Two articles from one site: it is listed once, with both.
  const [first] = await server.sql<{ id: number }[]>`select article_id as id from trend_articles where trend_id = ${trendId} order by article_id limit 1`;
  await server.sql`update articles set domain_name = 'northern-courier.test', site_name = 'Northern Courier' where id = ${first!.id}`;
  await server.sql`update articles set site_name = 'Northern Courier' where domain_name = 'northern-courier.test'`;
  // Stored straight into the database, which announces nothing: the public snapshot is rebuilt.
  server.app.snapshot.invalidate();
}, 60_000);
afterAll(async () => server?.close());

describe('the story page', () => {
  it('is named by every trend of the API and the home data, and linked from the topic page', async () => {
    const path = `/story/${trendId}-${slugOf(TITLE)}`;
    expect(slugOf(TITLE)).toBe('storm-floods-port-linden-harbor-district');
    const trends = JSON.parse((await get('/api/trends')).text) as { id: number; pageUrl: string }[];
    expect(trends.find((trend) => trend.id === trendId)!.pageUrl).toBe(path);
    const home = JSON.parse((await get('/api/home-page-data')).text) as { topTrends: { usa: { id: number; pageUrl: string }[] } };
    expect(home.topTrends.usa[0]).toMatchObject({ id: trendId, pageUrl: path });
    expect((await get('/usa.html')).text).toContain(`<a href="${path}">`);
    // A search result that is part of the story links to it.
    const found = JSON.parse((await get('/api/search?q=Linden')).text) as { results: { story: { title: string; pageUrl: string } | null }[] };
    expect(found.results.length).toBeGreaterThan(0);
    for (const result of found.results) expect(result.story).toEqual({ title: TITLE, pageUrl: path });
  });

  it('lists each site once with its articles, a timeline, the facts only one source tells, escaped, as valid HTML', async () => {
    const page = await get(`/story/${trendId}-${slugOf(TITLE)}`);
    expect(page.status).toBe(200);
    const report = await new HtmlValidate({
      extends: ['html-validate:standard'],
      rules: { 'no-trailing-whitespace': 'off', 'attribute-boolean-style': 'off', 'long-title': 'off', 'no-raw-characters': 'off' },
    }).validateString(page.text);
    expect(report.results.flatMap((result) => result.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
    expect(page.text).not.toContain('<script>alert(1)');
    const document = new DOMParser().parseFromString(page.text, 'text/html');
    expect(document.querySelector('h1')!.textContent).toBe(TITLE);
    expect(document.querySelector('p.meta')!.textContent).toBe('USA · 5 articles from 4 sites');
    const coverage = [...document.querySelectorAll('#coverage ~ article h3')].map((h3) => h3.textContent);
    expect(coverage).toHaveLength(4);
    expect(coverage.filter((name) => name === 'Northern Courier')).toHaveLength(1);
    expect(document.querySelectorAll('#timeline ~ ol li')).toHaveLength(5);
    const times = [...document.querySelectorAll('#timeline ~ ol time')].map((time) => Date.parse(time.getAttribute('datetime')!));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    // What each source alone reports (its own detail), never the story's shared facts.
    const own = [...document.querySelectorAll('#own-facts ~ ul li')].map((li) => li.textContent ?? '');
    expect(own.some((fact) => fact.startsWith('A retired harbor pilot who has lived on Quay Street'))).toBe(true);
    expect(own.some((fact) => /1,200/.test(fact))).toBe(false);
    // Link previews and crawlers.
    expect(document.querySelector('meta[property="og:type"]')!.getAttribute('content')).toBe('article');
    expect(document.querySelector('link[rel="canonical"]')!.getAttribute('href')).toBe(`${server.baseUrl}/story/${trendId}-${slugOf(TITLE)}`);
    const data = JSON.parse(document.querySelector('script[type="application/ld+json"]')!.textContent!);
    expect(data).toMatchObject({ '@type': 'ItemList', name: TITLE, numberOfItems: 5 });
    expect(data.itemListElement[0].item).toMatchObject({ '@type': 'NewsArticle' });
    expect(data.itemListElement.map((entry: { item: { headline: string } }) => entry.item.headline)).toContain(
      'Port Linden residents flee as storm surge swamps harbor district <script>alert(1)</script>',
    );
  });

  it('sends an address with other words to the current one, and 404s what is no story', async () => {
    expect(await get(`/story/${trendId}`)).toMatchObject({ status: 302, location: `/story/${trendId}-${slugOf(TITLE)}` });
    expect(await get(`/story/${trendId}-old-words`)).toMatchObject({ status: 302, location: `/story/${trendId}-${slugOf(TITLE)}` });
    expect((await get('/story/999999')).status).toBe(404);
    expect((await get('/story/abc')).status).toBe(404);
    expect((await get('/story/99999999999999999999')).status).toBe(404);
  });
});

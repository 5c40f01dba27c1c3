import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAudioAsset } from '../../src/db/audio.js';
import { recordRun } from '../helpers/runs.js';
import { parseSearchQuery } from '../../src/services/reader/search/query.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
const get = async (path: string, init?: RequestInit) => {
  const response = await fetch(`${server.baseUrl}${path}`, init);
  return { status: response.status, headers: response.headers, body: await response.json() };
};

async function addDomain(host: string, priority: number | null, status = 'active'): Promise<number> {
  const [row] = await server.sql<
    { id: number }[]
  >`insert into domains (url, host, priority, status) values (${host}, ${host}, ${priority}, ${status}) returning id`;
  return row!.id;
}

async function addArticle(fields: {
  domainId: number | null;
  host: string;
  title: string;
  content?: string;
  topic?: string;
  minutesAgo?: number;
  path?: string;
}) {
  const url = `https://${fields.host}/${fields.path ?? fields.title.toLowerCase().replace(/\W+/g, '-')}`;
  await server.sql`
    insert into articles (domain_id, domain_name, source_url, canonical_url, title, content, topic, scraped_at)
    values (${fields.domainId}, ${fields.host}, ${url}, ${url}, ${fields.title}, ${fields.content ?? ''}, ${fields.topic ?? null},
            now() - make_interval(mins => ${fields.minutesAgo ?? 0}))`;
}

/** The tests seed rows behind the services' back; the services announce their changes, so do the tests. */
const changed = () => server.ctx.events.emit('home_data_updated', {});

/** Calendar days in the product's time zone between then and now (what daysSinceCrawl counts). */
function calendarDaysAgo(minutes: number): number {
  const day = (at: number) => Date.parse(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Chicago' }).format(at));
  return Math.round((day(Date.now()) - day(Date.now() - minutes * 60_000)) / 86_400_000);
}

beforeAll(async () => {
  server = await startTestServer({ env: { NEWSCTL_SITE_NAME: 'Daily Wire Test', NEWSCTL_TIMEZONE: 'America/Chicago' } });
});
afterAll(async () => server?.close());

describe('GET /api/current-time and /api/site-info', () => {
  it('returns the server time in UTC ISO form', async () => {
    const { body } = await get('/api/current-time');
    expect(Math.abs(Date.parse(body.utcTime) - Date.now())).toBeLessThan(60_000);
    expect(body.utcTime).toMatch(/Z$/);
  });
  it('carries the site name, assistant address and time zone', async () => {
    expect((await get('/api/site-info')).body).toEqual({
      siteName: 'Daily Wire Test',
      assistantUrl: 'https://chatgpt.com/',
      timeZone: 'America/Chicago',
      digests: false,
    });
  });
});

describe('GET /api/home-page-data', () => {
  it('has the documented shape when empty', async () => {
    const { body } = await get('/api/home-page-data');
    expect(body.articlesByDomain).toEqual([]);
    expect(Object.keys(body.topTrends)).toEqual(['health', 'food', 'finance', 'usa', 'international', 'tech', 'energy', 'science']);
    expect(Object.keys(body.recentArticlesByCategory)).toHaveLength(8);
    expect(body.lastRunTimes).toEqual({ spiderLastRun: null, trendsAnalyzerLastRun: null });
  });

  it('orders domains by priority (missing = 4) with their newest articles, skipping avoided ones', async () => {
    const low = await addDomain('low.test', 1);
    const none = await addDomain('none.test', null);
    const high = await addDomain('high.test', 9);
    const avoided = await addDomain('avoided.test', 10, 'avoided');
    const listed = await addDomain('listed.test', 10);
    await server.sql`insert into avoid_domains (url) values ('listed.test'), ('127.0.0.9')`;
    const [local] = await server.sql<
      { id: number }[]
    >`insert into domains (url, host, priority) values ('http://127.0.0.9:8080', '127.0.0.9:8080', 10) returning id`;
    await addArticle({ domainId: local!.id, host: '127.0.0.9:8080', title: 'Avoided local story' });
    await addDomain('empty.test', 8);
    for (const [id, host] of [
      [low, 'low.test'],
      [none, 'none.test'],
      [high, 'high.test'],
      [avoided, 'avoided.test'],
      [listed, 'listed.test'],
    ] as const) {
      for (let i = 0; i < 12; i++) await addArticle({ domainId: id, host, title: `${host} story ${i}`, minutesAgo: i * 3, topic: 'health' });
    }
    changed();
    const { body } = await get('/api/home-page-data');
    expect(body.articlesByDomain.map((d: { domain: { url: string } }) => d.domain.url)).toEqual(['high.test', 'none.test', 'low.test']);
    const first = body.articlesByDomain[0];
    expect(first.domain).toEqual({ id: high, url: 'high.test', priority: 9 });
    expect(first.articles).toHaveLength(10);
    expect(first.articles[0]).toMatchObject({ title: 'high.test story 0', sourceUrl: 'https://high.test/high-test-story-0', domainName: 'high.test' });
    expect(first.articles[0].scrapedAt).toMatch(/^\d{4}-\d\d-\d\dT.*Z$/);
    expect(body.recentArticlesByCategory.health).toHaveLength(5);
    expect(body.recentArticlesByCategory.food).toEqual([]);
  });

  it('reports the last spider and trends runs', async () => {
    // Each job's latest run says when it last ran: the crawl by its start, the analysis by its end.
    await recordRun(server.sql, { job: 'spider', params: { startedAt: '2026-11-20T12:01:00.000Z' }, createdAt: new Date('2026-11-20T12:01:00.500Z') });
    await recordRun(server.sql, {
      job: 'trends-analyzer',
      result: { stopped: false, error: null },
      createdAt: new Date('2026-11-20T12:30:00Z'),
      finishedAt: new Date('2026-11-20T12:31:00Z'),
    });
    // A later analysis that was stopped does not count as the last analysis.
    await recordRun(server.sql, { job: 'trends-analyzer', status: 'stopped', createdAt: new Date('2026-11-20T13:30:00Z') });
    changed();
    expect((await get('/api/home-page-data')).body.lastRunTimes).toEqual({
      spiderLastRun: '2026-11-20T12:01:00.000Z',
      trendsAnalyzerLastRun: '2026-11-20T12:31:00.000Z',
    });
  });

  it('returns the newest trends of the latest analysis per topic', async () => {
    await server.sql`insert into trends (title, topic, relevance_score, batch_number) values
      ('Old batch trend', 'energy', 9, 1), ('Grid storage surge', 'energy', 7, 2), ('Solar tariffs', 'energy', 8, 2)`;
    changed();
    const { body } = await get('/api/home-page-data');
    expect(body.topTrends.energy.map((t: { title: string }) => t.title)).toEqual(['Solar tariffs', 'Grid storage surge']);
    expect(body.topTrends.energy[0]).toMatchObject({ category: 'energy', htmlFilePath: null });
    expect((await get('/api/trends/top-by-category')).body.energy).toHaveLength(2);
  });

  it('serves the same 5-per-topic list at /api/articles/recent-by-topic', async () => {
    const recent = (await get('/api/articles/recent-by-topic')).body;
    expect(recent).toEqual((await get('/api/home-page-data')).body.recentArticlesByCategory);
  });
});

describe('GET /api/search', () => {
  beforeAll(async () => {
    const id = await addDomain('search.test', 5);
    await addArticle({ domainId: id, host: 'search.test', path: 'a', title: 'Elections reshape the energy market', content: 'Voters went to the polls.' });
    await addArticle({
      domainId: id,
      host: 'search.test',
      path: 'b',
      title: 'Local bakery wins award',
      content: 'The election of a new mayor was mentioned in passing, far below.',
    });
    await addArticle({
      domainId: null,
      host: 'gone.test',
      path: 'c',
      title: 'Climate change talks stall',
      content: 'Negotiators disagree.',
      minutesAgo: 60 * 24 * 3,
    });
    await addArticle({ domainId: id, host: 'search.test', path: 'd', title: 'Change in climate policy', content: 'A different story.' });
    await addArticle({
      domainId: id,
      host: 'search.test',
      path: 'e',
      title: 'Shipwreck found off the cape',
      content: 'Divers mapped it.',
      minutesAgo: 60 * 24 * 90,
    });
  });

  it('finds older articles when recent ones are too few', async () => {
    const { body } = await get('/api/search?q=shipwreck');
    expect(body.results.map((r: { title: string }) => r.title)).toEqual(['Shipwreck found off the cape']);
    expect(body.results[0].daysSinceCrawl).toBe(calendarDaysAgo(60 * 24 * 90));
  });

  it('ranks title matches above body matches, with stemming', async () => {
    const { body } = await get('/api/search?q=election');
    expect(body.results.map((r: { title: string }) => r.title)).toEqual(['Elections reshape the energy market', 'Local bakery wins award']);
    expect(body.count).toBe(2);
    expect(body.results[0]).toMatchObject({ sourceUrl: 'https://search.test/a', domainUrl: 'search.test', daysSinceCrawl: 0 });
  });

  it('matches quoted phrases exactly and prefixes of the last word', async () => {
    const phrase = (await get(`/api/search?q=${encodeURIComponent('"climate change"')}`)).body;
    expect(phrase.results.map((r: { title: string }) => r.title)).toEqual(['Climate change talks stall']);
    expect(phrase.results[0].domainUrl).toBe('gone.test');
    expect(phrase.results[0].daysSinceCrawl).toBe(calendarDaysAgo(60 * 24 * 3));
    const prefix = (await get('/api/search?q=bake')).body;
    expect(prefix.results.map((r: { title: string }) => r.title)).toEqual(['Local bakery wins award']);
  });

  it('refuses an empty query and survives hostile text', async () => {
    expect((await get('/api/search?q=%20%20')).status).toBe(400);
    expect((await get('/api/search')).status).toBe(400);
    for (const q of ["'); drop table articles; --", ':*&|!()', '"', 'a & | b', '\\', '<script>', 'x'.repeat(300)]) {
      const response = await get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
    }
    expect((await get(`/api/search?q=${'x'.repeat(700)}`)).status).toBe(400);
  });

  it('splits the typed text into websearch syntax and a prefix word', () => {
    expect(parseSearchQuery('energy mark')).toEqual({ main: 'energy', tail: 'mark' });
    expect(parseSearchQuery('"climate change"')).toEqual({ main: '"climate change"', tail: '' });
    expect(parseSearchQuery('oil -gas')).toEqual({ main: 'oil -gas', tail: '' });
    expect(parseSearchQuery('Élection')).toEqual({ main: '', tail: 'élection' });
  });
});

describe('latest-news audio', () => {
  it('is {exists: false} until a bulletin exists, then served with Range support', async () => {
    expect((await get('/api/latest-news-audio')).body).toEqual({ exists: false });
    const dir = join(server.config.dataDir, 'audio');
    mkdirSync(dir, { recursive: true });
    const bytes = Buffer.alloc(10_000, 7);
    writeFileSync(join(dir, 'latest-news-2026-11-23.mp3'), bytes);
    await insertAudioAsset(server.sql, { kind: 'latest-news', fileName: 'latest-news-2026-11-23.mp3', sizeBytes: bytes.length });
    server.ctx.events.emit('latest_news_audio', { audioUrl: '/audio/latest-news-2026-11-23.mp3', generatedAt: new Date().toISOString() });
    const info = (await get('/api/latest-news-audio')).body;
    expect(info.exists).toBe(true);
    expect(info.audioUrl).toMatch(/^\/audio\/latest-news-2026-11-23\.mp3\?v=\d+$/);
    const partial = await fetch(`${server.baseUrl}${info.audioUrl}`, { headers: { range: 'bytes=100-199' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('bytes 100-199/10000');
    expect((await partial.arrayBuffer()).byteLength).toBe(100);
    const traversal = await fetch(`${server.baseUrl}/audio/..%2F..%2Fetc%2Fpasswd`);
    expect([403, 404]).toContain(traversal.status);
    expect(await traversal.text()).not.toMatch(/root:/);
    expect((await fetch(`${server.baseUrl}/audio/missing.mp3`)).status).toBe(404);
  });
});

describe('POST /api/health/refresh-connection-pool', () => {
  it('recycles the pool, answers {ok, latencyMs}, and the database keeps working', async () => {
    const response = await fetch(`${server.baseUrl}/api/health/refresh-connection-pool`, { method: 'POST' });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.ok).toBe(true);
    expect(body.latencyMs).toBeGreaterThanOrEqual(0);
    expect((await get('/api/home-page-data')).status).toBe(200);
    // Within 10 s a second call gets the same result without recycling again.
    const again = await (await fetch(`${server.baseUrl}/api/health/refresh-connection-pool`, { method: 'POST' })).json();
    expect(again).toEqual(body);
  });
});

describe('errors', () => {
  it('answers 413 for an oversized body and 415 for an unknown content type, as JSON', async () => {
    const cookie = await server.loginCookie();
    const big = await fetch(`${server.baseUrl}/api/system-prompt`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ promptText: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect((await big.json()).message).toBeTruthy();
    const xml = await fetch(`${server.baseUrl}/api/system-prompt`, { method: 'POST', headers: { cookie, 'content-type': 'application/xml' }, body: '<a/>' });
    expect(xml.status).toBe(415);
    expect((await xml.json()).message).toBeTruthy();
  });

  it('never shows a stack trace', async () => {
    const cookie = await server.loginCookie();
    const response = await fetch(`${server.baseUrl}/api/tokens/99999999999`, { method: 'DELETE', headers: { cookie } });
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(text).not.toMatch(/at .*\.(ts|js):\d+/);
  });
});

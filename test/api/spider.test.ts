// The spider and re-fetcher calls of spec 001 §7 over HTTP, their live messages, the home page's
// data from a real crawl, and the public favicons.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../src/api/live.js';
import { waitForRefetch, waitForSpider } from '../../src/services/reader/spider/index.js';
import { startNewsWeb, type NewsWeb } from '../fixtures/news-web/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let web: NewsWeb;
let server: TestServer;
let cookie: string;

async function call(method: string, path: string, body?: unknown, session = cookie) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { cookie: session, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  web = await startNewsWeb({ sites: 2, hostile: false });
  server = await startTestServer({ env: { NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(',') } });
  cookie = await server.loginCookie();
});
afterAll(async () => {
  await server?.close();
  await web?.close();
});

describe('spider control', () => {
  it('answers 400 to an unknown action and 409 to actions the state does not allow', async () => {
    expect((await call('POST', '/api/spider/jump')).status).toBe(400);
    expect((await call('POST', '/api/spider/refetch/jump')).status).toBe(400);
    expect(await call('POST', '/api/spider/pause')).toEqual({ status: 409, body: { message: 'The spider is not running', code: 'conflict' } });
    expect(await call('POST', '/api/spider/resume')).toEqual({ status: 409, body: { message: 'The spider is not paused', code: 'conflict' } });
    // Stop while idle: every job answers 200 with a message (decisions.md "Wave 2"), beside its status.
    expect(await call('POST', '/api/spider/stop')).toMatchObject({ status: 200, body: { message: 'The spider is not running', spiderStatus: 'idle' } });
    expect(await call('POST', '/api/spider/refetch/stop')).toMatchObject({
      status: 200,
      body: { message: 'The article re-fetcher is not running', isRunning: false },
    });
    expect((await call('POST', '/api/spider/start', undefined, '')).status).toBe(401);
  });

  it('crawls, reporting through the status object and live messages, refusing a second start and the re-fetcher', { timeout: 120_000 }, async () => {
    for (const site of web.sites) expect((await call('POST', '/api/domains', { url: site.origin, status: 'active', throttle: 1 })).status).toBe(201);
    const messages: LiveMessage[] = [];
    const off = server.ctx.events.onAny((message) => messages.push(message));

    const started = await call('POST', '/api/spider/start');
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ spiderStatus: 'running', spiderTotalSites: 2 });
    expect(await call('POST', '/api/spider/start')).toEqual({ status: 409, body: { message: 'The spider is already running', code: 'conflict' } });
    expect((await call('POST', '/api/spider/refetch/start')).status).toBe(409);
    const status = await call('GET', '/api/status');
    expect(status.body).toMatchObject({ spiderStatus: 'running', spiderTotalSites: 2 });
    expect(status.body.spiderLastStartTime).toBe(started.body.spiderLastStartTime);

    await waitForSpider(server.ctx);
    off();
    const done = (await call('GET', '/api/status')).body;
    expect(done).toMatchObject({ spiderStatus: 'idle', spiderSitesProcessed: 2, spiderTotalSites: 2, spiderProgress: 100, spiderWorkProgress: 100 });
    expect(done.spiderCurrentRunArticleCount).toBe(web.sites.reduce((n, site) => n + site.expectedArticleUrls.length, 0));
    expect(done.spiderActivityLog.some((line: string) => /^\[\d\d:\d\d:\d\d\] NEW: /.test(line))).toBe(true);

    const types = new Set(messages.map((m) => m.type));
    for (const type of ['spider_activity', 'status_update', 'domains_updated', 'home_data_updated', 'log_entry'] as const) expect(types, type).toContain(type);
    const activity = messages.filter((m): m is Extract<LiveMessage, { type: 'spider_activity' }> => m.type === 'spider_activity');
    expect(activity.some((m) => m.message.includes('NEW: '))).toBe(true);
    const lastStatus = messages.filter((m): m is Extract<LiveMessage, { type: 'status_update' }> => m.type === 'status_update').at(-1);
    expect(lastStatus).toMatchObject({ spiderStatus: 'idle', spiderSitesProcessed: 2 });

    // The home page now lists the crawled domains and the run.
    const home = await fetch(`${server.baseUrl}/api/home-page-data`).then((r) => r.json());
    expect(home.articlesByDomain.map((entry: { domain: { url: string } }) => entry.domain.url).sort()).toEqual(web.sites.map((s) => s.origin).sort());
    expect(home.articlesByDomain[0].articles.length).toBeGreaterThan(0);
    expect(home.lastRunTimes.spiderLastRun).toBe(started.body.spiderLastStartTime);
  });
});

describe('article re-fetcher', () => {
  it('re-crawls short articles one every 2 seconds and updates them in place', { timeout: 120_000 }, async () => {
    const site = web.sites[0]!;
    const urls = site.expectedArticleUrls.slice(0, 3);
    await server.sql`update articles set content = '', word_count = 0 where canonical_url = any(${urls}::text[])`;
    await server.sql`update articles set word_count = 501 where not (canonical_url = any(${urls}::text[]))`;
    web.clearLog();
    // The news web answers in this process: a stall of it after a request was sent makes the site
    // see that request late and the gap after it short. Such stalls are allowed for, nothing else.
    const stalls = monitorEventLoopDelay({ resolution: 10 });
    stalls.enable();
    const started = await call('POST', '/api/spider/refetch/start');
    expect(started).toMatchObject({ status: 200, body: { isRunning: true, progress: { total: 3, processed: 0 } } });
    expect(await call('POST', '/api/spider/refetch/start')).toEqual({
      status: 409,
      body: { message: 'The article re-fetcher is already running', code: 'conflict' },
    });
    const running = (await call('GET', '/api/spider/refetch/status')).body;
    expect(running.isRunning).toBe(true);

    await waitForRefetch(server.ctx);
    stalls.disable();
    expect((await call('GET', '/api/spider/refetch/status')).body).toEqual({
      isRunning: false,
      progress: { total: 3, processed: 3, updated: 3, failed: 0, currentTitle: null, currentUrl: null },
    });
    const rows = await server.sql<{ wordCount: number; content: string }[]>`
      select word_count, content from articles where canonical_url = any(${urls}::text[])`;
    for (const row of rows) {
      expect(row.wordCount).toBeGreaterThan(50);
      expect(row.content).not.toBe('');
    }
    const pages = web.requestsTo(site.host).filter((r) => r.path !== '/robots.txt');
    expect(pages).toHaveLength(3);
    const longestStallMs = stalls.max / 1e6;
    for (let i = 1; i < pages.length; i++) expect(pages[i]!.startedAt - pages[i - 1]!.startedAt).toBeGreaterThanOrEqual(1950 - longestStallMs);
  });
});

describe('favicons', () => {
  it("serves a domain's favicon publicly, fetched once and cached, a letter for a site without one, 404 for what is no host name", async () => {
    const site = web.sites[1]!;
    web.clearLog();
    const url = `${server.baseUrl}/favicons/${encodeURIComponent(site.origin)}`;
    const first = await fetch(url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/x-icon');
    expect(first.headers.get('cache-control')).toMatch(/max-age=\d{5,}/);
    expect((await first.arrayBuffer()).byteLength).toBeGreaterThan(0);
    expect((await fetch(url)).status).toBe(200);
    expect(web.requestsTo(site.host).map((r) => r.path)).toEqual(['/favicon.ico']);

    // A site not listed (or without an icon) is shown with its initial, fetched from nowhere.
    const unlisted = await fetch(`${server.baseUrl}/favicons/not-a-domain.example`);
    expect(unlisted.status).toBe(200);
    expect(unlisted.headers.get('content-type')).toBe('image/svg+xml');
    expect(unlisted.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await unlisted.text()).toMatch(/<text [^>]*>N<\/text><\/svg>$/);
    expect((await fetch(`${server.baseUrl}/favicons/${encodeURIComponent('http://127.0.0.250:9')}`)).headers.get('content-type')).toBe('image/svg+xml');
    expect((await fetch(`${server.baseUrl}/favicons/${encodeURIComponent('not a host')}`)).status).toBe(404);
    expect(web.sentinelLog).toEqual([]);
  });
});

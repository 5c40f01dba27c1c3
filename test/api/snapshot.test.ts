// The public snapshot (issue 18) on one daemon: the public reads and topic pages come from memory,
// pre-compressed, with an ETag and 304s and the CDN caching of decisions.md; the snapshot is rebuilt
// on change events — never per request — and the read after an event sees the change (a crawled
// article, an analysis's trends, a new bulletin).
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { waitForSpider } from '../../src/services/reader/spider/index.js';
import { SNAPSHOT_CACHE_CONTROL } from '../../src/server/snapshot-reply.js';
import { chooseEncoding, matchesIfNoneMatch } from '../../src/services/reader/snapshot/encoded.js';
import { createPublicSnapshot } from '../../src/services/reader/snapshot/index.js';
import { databaseMonitor } from '../../src/services/platform/health/database-monitor.js';
import type { AppContext } from '../../src/context.js';
import { startNewsWeb, type NewsWeb } from '../fixtures/news-web/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { storeCorpus, harbourFire, bridgeVote, rateDecision, unrelated } from '../services/reader/trends/corpus.js';
import { createAppContext } from '../../src/app-context.js';

let server: TestServer;
let web: NewsWeb;
let cookie: string;

/** Raw HTTP (fetch would decode the body and hide the encoding). */
function raw(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${server.baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const home = async () => (await fetch(`${server.baseUrl}/api/home-page-data`)).json();

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  web = await startNewsWeb({ sites: 1, hostile: false, articlesPerSite: 3 });
  server = await startTestServer({ env: { NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(',') } });
  cookie = await server.loginCookie();
});
afterAll(async () => {
  await server?.close();
  await web?.close();
});

describe('public snapshot answers', () => {
  it('send the same JSON as identity, gzip and brotli, each with its ETag and the CDN caching', async () => {
    const plain = await raw('/api/home-page-data');
    const gz = await raw('/api/home-page-data', { 'accept-encoding': 'gzip' });
    const br = await raw('/api/home-page-data', { 'accept-encoding': 'gzip, deflate, br' });
    expect([plain.status, gz.status, br.status]).toEqual([200, 200, 200]);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers['content-encoding']).toBe('br');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(JSON.parse(plain.body.toString())).toHaveProperty('articlesByDomain');
    for (const response of [plain, gz, br]) {
      expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
    }
    expect(SNAPSHOT_CACHE_CONTROL).toBe(plain.headers['cache-control']);
    // One content, three representations: three strong tags.
    expect(new Set([plain.headers.etag, gz.headers.etag, br.headers.etag]).size).toBe(3);
  });

  it('answers a matching If-None-Match with an empty 304, and a stale one with the body', async () => {
    for (const path of [
      '/api/home-page-data',
      '/api/articles/recent-by-topic',
      '/api/trends/top-by-category',
      '/api/articles-by-domain',
      '/api/latest-news-audio',
      '/api/site-info',
      '/api/analyze-implications-prompt',
      '/usa.html',
    ]) {
      const first = await raw(path, { 'accept-encoding': 'gzip' });
      expect(first.status, path).toBe(200);
      const again = await raw(path, { 'accept-encoding': 'gzip', 'if-none-match': String(first.headers.etag) });
      expect(again.status, path).toBe(304);
      expect(again.body.length, path).toBe(0);
      expect(again.headers.etag).toBe(first.headers.etag);
      expect((await raw(path, { 'if-none-match': '"something-else"' })).status, path).toBe(200);
    }
    expect((await raw('/usa.html')).headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('writes many sites’ lists in parts that join to the one answer, the same in the home data and the sites’ call', async () => {
    // 450 sites: the lists are written 200 sites a turn, so the answer is three parts joined.
    await server.sql`
      with sites as (
        insert into domains (url, host, priority) select 'site' || g || '.test', 'site' || g || '.test', null from generate_series(1, 450) g returning id, host)
      insert into articles (domain_id, domain_name, source_url, canonical_url, title, topic, scraped_at)
      select s.id, s.host, 'https://' || s.host || '/' || n, 'https://' || s.host || '/' || n, 'Story ' || n || ' of ' || s.host || ' "quoted" \\ é', 'usa', now() - make_interval(mins => n)
      from sites s, generate_series(1, 2) n`;
    server.ctx.events.emit('home_data_updated', {});
    const homeText = (await raw('/api/home-page-data')).body.toString();
    const sitesText = (await raw('/api/articles-by-domain')).body.toString();
    const data = JSON.parse(homeText);
    expect(data.articlesByDomain.length).toBeGreaterThanOrEqual(450);
    expect(JSON.parse(sitesText)).toEqual(data.articlesByDomain);
    // The parts joined are the JSON a plain writer gives: nothing lost or doubled at their seams.
    expect(sitesText).toBe(JSON.stringify(data.articlesByDomain));
    expect(homeText).toBe(JSON.stringify(data));
    const site = data.articlesByDomain.find((entry: { domain: { url: string } }) => entry.domain.url === 'site321.test');
    expect(site.articles.map((a: { title: string }) => a.title)).toEqual(['Story 1 of site321.test "quoted" \\ é', 'Story 2 of site321.test "quoted" \\ é']);
    await server.sql`delete from articles where domain_name like 'site%.test'`;
    await server.sql`delete from domains where host like 'site%.test'`;
    server.ctx.events.emit('home_data_updated', {});
  });

  it('negotiates encodings as RFC 9110 says', () => {
    expect(chooseEncoding(undefined)).toBe('identity');
    expect(chooseEncoding('gzip;q=0, br;q=0')).toBe('identity');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    const body = { type: 'x', identity: Buffer.alloc(0), gzip: Buffer.alloc(0), br: Buffer.alloc(0), hash: 'abc' };
    expect(matchesIfNoneMatch('W/"abc-gzip"', body)).toBe(true);
    expect(matchesIfNoneMatch('"x", "abc"', body)).toBe(true);
    expect(matchesIfNoneMatch('"abcd"', body)).toBe(false);
  });
});

describe('rebuilt on change events, never per request', () => {
  it('does not query per read: a row written behind the services’ back shows only after the event', async () => {
    const first = await raw('/api/home-page-data');
    const before = server.app.snapshot.stats();
    await server.sql`insert into articles (domain_name, source_url, canonical_url, title, topic)
                     values ('quiet.test', 'https://quiet.test/a', 'https://quiet.test/a', 'Unannounced story', 'science')`;
    for (let i = 0; i < 20; i++) expect((await raw('/api/home-page-data')).headers.etag).toBe(first.headers.etag);
    expect(server.app.snapshot.stats().rebuilds).toBe(before.rebuilds);

    server.ctx.events.emit('home_data_updated', {});
    // The very next read waits for the rebuild the event started.
    const after = await home();
    expect(after.recentArticlesByCategory.science.map((a: { title: string }) => a.title)).toContain('Unannounced story');
    expect((await raw('/science.html')).body.toString()).toContain('Unannounced story');
    expect(server.app.snapshot.stats().rebuilds).toBeGreaterThan(before.rebuilds);
  });

  it('serves the public implications prompt from the snapshot, and the read after a save shows the new text', async () => {
    const first = await raw('/api/analyze-implications-prompt');
    expect(first.headers.etag).toBeDefined();
    expect(JSON.parse(first.body.toString()).promptText).toContain('{trend}');
    const saved = await call('POST', '/api/analyze-implications-prompt', { promptText: 'What follows from {trend} for renters?' });
    expect(saved.status).toBe(200);
    const after = await raw('/api/analyze-implications-prompt');
    expect(JSON.parse(after.body.toString())).toEqual({ promptText: 'What follows from {trend} for renters?' });
    expect(after.headers.etag).not.toBe(first.headers.etag);
    // Another setting's save does not rebuild the public snapshot.
    const rebuilds = server.app.snapshot.stats().rebuilds;
    expect((await call('POST', '/api/social-model-name', { modelName: 'some-model' })).status).toBe(200);
    await raw('/api/analyze-implications-prompt');
    expect(server.app.snapshot.stats().rebuilds).toBe(rebuilds);
  });

  /**
   * A snapshot of its own over the test database, whose queries can be made to fail (as a pool
   * connection that has not recovered yet) or hang (as one caught by a silent network), and whose
   * standalone probe (the monitor's look at the server) can be made to fail.
   */
  function faultySnapshot() {
    const faults = { failing: false, hanging: false, serverDown: false, probes: 0 };
    // biome-ignore lint/suspicious/noThenProperty: a stand-in for postgres.js's lazy query, which is a thenable
    const lazy = (settle: (resolve: (value: never) => unknown, reject: (reason: unknown) => unknown) => unknown) => ({ then: settle });
    const sql = new Proxy(server.sql, {
      apply(target, self, args: unknown[]) {
        const query = Array.isArray(args[0]) && 'raw' in (args[0] as object);
        // Lazy, as a postgres.js query is: it fails (or hangs) when awaited.
        if (query && faults.hanging) return lazy(() => undefined);
        if (query && faults.failing) return lazy((_, reject) => reject(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })));
        return Reflect.apply(target, self, args);
      },
    });
    const db = {
      probe: async () => {
        faults.probes++;
        if (faults.serverDown) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      },
      recycle: async () => ({ latencyMs: 0 }),
    } as unknown as AppContext['db'];
    const ctx: AppContext = { ...createAppContext({ config: server.ctx.config, db }), sql: sql as AppContext['sql'] };
    const snapshot = createPublicSnapshot(ctx);
    const foodTitles = async (): Promise<string[]> =>
      JSON.parse((await snapshot.read('home-page-data')).identity.toString()).recentArticlesByCategory.food.map((a: { title: string }) => a.title);
    const eventually = async (title: string) => {
      const deadline = Date.now() + 5_000;
      while (!(await foodTitles()).includes(title) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await foodTitles()).toContain(title);
    };
    return { faults, ctx, snapshot, eventually };
  }

  const addFoodArticle = (title: string) =>
    server.sql`insert into articles (domain_name, source_url, canonical_url, title, topic)
               values ('faults.test', ${`https://faults.test/${encodeURIComponent(title)}`}, ${`https://faults.test/${encodeURIComponent(title)}`}, ${title}, 'food')`;

  it('tries a rebuild again when it met a connection error while the server answers', async () => {
    // The monitor asks the server on a connection of its own, finds it there and stays up: nothing
    // else would start the next rebuild.
    const { faults, ctx, snapshot, eventually } = faultySnapshot();
    try {
      await snapshot.ready();
      await addFoodArticle('Written before a failed rebuild');
      faults.failing = true;
      ctx.events.emit('home_data_updated', {});
      await new Promise((resolve) => setTimeout(resolve, 300));
      faults.failing = false;
      expect(faults.probes).toBeGreaterThan(0);
      // Rebuilt in the background (no reader asks meanwhile), so a poll finds it fresh.
      await vi.waitFor(() => expect(snapshot.stats().built).toBe(snapshot.stats().wanted), { timeout: 3_000 });
      await eventually('Written before a failed rebuild');
    } finally {
      await snapshot.close();
      await server.sql`delete from articles where domain_name = 'faults.test'`;
    }
  });

  it('gives up a rebuild stuck on a connection of before the outage, once the database is back', async () => {
    const { faults, ctx, snapshot, eventually } = faultySnapshot();
    try {
      await snapshot.ready();
      await addFoodArticle('Written while a rebuild hung');
      faults.hanging = true;
      ctx.events.emit('home_data_updated', {});
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The monitor finds the server gone, then back (its probe every 500 ms).
      faults.serverDown = true;
      databaseMonitor(ctx).report(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
      await vi.waitFor(() => expect(databaseMonitor(ctx).available).toBe(false));
      faults.hanging = false;
      faults.serverDown = false;
      await vi.waitFor(() => expect(databaseMonitor(ctx).available).toBe(true), { timeout: 5_000 });
      await eventually('Written while a rebuild hung');
    } finally {
      databaseMonitor(ctx).close();
      await snapshot.close();
      await server.sql`delete from articles where domain_name = 'faults.test'`;
    }
  });

  it('coalesces a burst of events into few rebuilds', async () => {
    const before = server.app.snapshot.stats().rebuilds;
    for (let i = 0; i < 50; i++) server.ctx.events.emit('home_data_updated', {});
    await home();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.app.snapshot.stats().rebuilds - before).toBeLessThanOrEqual(2);
  });

  it('shows a crawled article at the next read after the crawl', { timeout: 120_000 }, async () => {
    const site = web.sites[0]!;
    expect((await call('POST', '/api/domains', { url: site.origin, status: 'active' })).status).toBe(201);
    const started = await call('POST', '/api/spider/start');
    expect(started.status).toBe(200);
    await waitForSpider(server.ctx);
    const data = await home();
    const entry = data.articlesByDomain.find((d: { domain: { url: string } }) => d.domain.url === site.origin);
    expect(entry?.articles.length).toBe(site.expectedArticleUrls.length);
    expect(data.lastRunTimes.spiderLastRun).toBe(started.body.spiderLastStartTime);
  });

  it('shows an analysis’s trends at the next read after the analysis', { timeout: 120_000 }, async () => {
    await storeCorpus(server.sql, [...harbourFire, ...bridgeVote, ...unrelated, ...rateDecision]);
    expect((await call('POST', '/api/trends-analyzer/run')).status).toBe(200);
    for (let i = 0; i < 600; i++) {
      const status = (await call('GET', '/api/status')).body;
      if (status.trendsAnalyzerStatus === 'idle') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const data = await home();
    const titles = Object.values(data.topTrends as Record<string, { title: string }[]>)
      .flat()
      .map((t) => t.title);
    expect(titles.length).toBeGreaterThan(0);
    expect(data.lastRunTimes.trendsAnalyzerLastRun).toMatch(/Z$/);
    // The same titles as the admin's trend list, and on the topic pages.
    const listed = (await call('GET', '/api/trends')).body.map((t: { title: string }) => t.title);
    for (const title of titles) expect(listed).toContain(title);
  });
});

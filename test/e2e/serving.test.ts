// Serving readers across daemons and through a database outage (issue 18), PostgreSQL only (CI's
// PostgreSQL pass): two daemons on one database, daemon A reaching it through a local TCP proxy the
// test cuts and restores (the machine's PostgreSQL is never restarted).
// - A crawl and an analysis run by the cluster reach the next home read on both daemons.
// - A crawl running when the database goes away waits for it and completes.
// - During the cut, A serves its public reads from the snapshot (200) and answers admin calls with
//   503 + Retry-After within 1 s; its live channel says so; after the restore it serves normally
//   within 5 s, with what B wrote meanwhile; nothing written before the cut is lost.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startDaemon, type Daemon } from '../../src/runtime.js';
import { throughOutage } from '../../src/services/platform/jobs/database.js';
import { waitForSpider } from '../../src/services/reader/spider/index.js';
import { startNewsWeb, type NewsWeb } from '../fixtures/news-web/index.js';
import { loginCookie } from '../helpers/daemon.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../helpers/db.js';
import { openLiveSocket } from '../helpers/live.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';
import { bridgeVote, harbourFire, rateDecision, storeCorpus, unrelated } from '../services/reader/trends/corpus.js';

const ADMIN = { username: 'operator', password: 'a long enough password' };

interface Node {
  daemon: Daemon;
  cookie: string;
  dataDir: string;
}

async function timed(url: string, init: RequestInit = {}) {
  const start = performance.now();
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, ms: performance.now() - start };
}

async function until<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<{ value: T; ms: number }> {
  const start = Date.now();
  for (;;) {
    const value = await read().catch((error: unknown) => error as T);
    if (done(value)) return { value, ms: Date.now() - start };
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}; last: ${String(JSON.stringify(value)).slice(0, 300)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const homeOf = async (node: Node) => (await fetch(`${node.daemon.url}/api/home-page-data`)).json();
const titlesOf = (home: { articlesByDomain: { articles: { title: string }[] }[] }) => home.articlesByDomain.flatMap((d) => d.articles.map((a) => a.title));

describe.skipIf(!usingPostgres)('serving across daemons and through a database outage', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let web: NewsWeb;
  let a: Node;
  let b: Node;

  async function start(databaseUrl: string): Promise<Node> {
    const dataDir = mkdtempSync(join(tmpdir(), 'newsctl-serving-'));
    const config = loadConfig({
      NEWSCTL_DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      NEWSCTL_LOG_LEVEL: 'silent',
      NEWSCTL_ADMIN_USERNAME: ADMIN.username,
      NEWSCTL_ADMIN_PASSWORD: ADMIN.password,
      NEWSCTL_SCHEDULER: 'false',
      NEWSCTL_JOB_LEASE_SECONDS: '4',
      NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(','),
    });
    const daemon = await startDaemon(config, { operatorSocket: false, logger: false, database: { maxConnections: 4 } });
    return { daemon, cookie: await loginCookie(daemon.url, ADMIN), dataDir };
  }

  beforeAll(async () => {
    web = await startNewsWeb({ sites: 2, hostile: false, articlesPerSite: 3 });
    database = await createTestDatabase();
    const url = new URL(database.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    a = await start(proxy.through(database.url!));
    b = await start(database.url!);
  }, 120_000);

  // A test that fails during a cut must not leave the next one without its database.
  afterEach(async () => {
    proxy?.resetStuck();
    await proxy?.restore();
    if (a)
      await until(
        'daemon A back',
        async () => (await fetch(`${a.daemon.url}/api/domains`, { headers: { cookie: a.cookie } })).status,
        (status) => status === 200,
        15_000,
      );
  }, 30_000);

  afterAll(async () => {
    await proxy?.restore().catch(() => {});
    for (const node of [a, b]) {
      await node?.daemon.close().catch(() => {});
      if (node) rmSync(node.dataDir, { recursive: true, force: true });
    }
    await proxy?.close();
    await database?.drop();
    await web?.close();
  }, 60_000);

  it('a crawl reaches the next home read on both daemons', { timeout: 120_000 }, async () => {
    const site = web.sites[0]!;
    const add = await fetch(`${a.daemon.url}/api/domains`, {
      method: 'POST',
      headers: { cookie: a.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ url: site.origin, status: 'active' }),
    });
    expect(add.status).toBe(201);
    expect((await fetch(`${a.daemon.url}/api/spider/start`, { method: 'POST', headers: { cookie: a.cookie } })).status).toBe(200);
    await waitForSpider(a.daemon.runtime.ctx);
    const expected = site.expectedArticleUrls.length;
    // The daemon where the run was watched: at once. The other: once its event has crossed over.
    const onA = titlesOf(await homeOf(a));
    expect(onA).toHaveLength(expected);
    const { ms } = await until(
      'the crawl on daemon B',
      async () => titlesOf(await homeOf(b)),
      (titles) => Array.isArray(titles) && titles.length === expected,
      5_000,
    );
    expect(ms).toBeLessThan(5_000);
  });

  it('an analysis on one daemon reaches the other’s read right after its event', { timeout: 120_000 }, async () => {
    await storeCorpus(b.daemon.runtime.ctx.sql, [...harbourFire, ...bridgeVote, ...unrelated, ...rateDecision]);
    // Quiet first, so the event awaited below is the analysis's.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const arrived = new Promise<void>((resolve) => {
      const off = b.daemon.runtime.ctx.events.on('home_data_updated', () => {
        off();
        resolve();
      });
    });
    expect((await fetch(`${a.daemon.url}/api/trends-analyzer/run`, { method: 'POST', headers: { cookie: a.cookie } })).status).toBe(200);
    await arrived;
    const home = await homeOf(b);
    const titles = Object.values(home.topTrends as Record<string, { title: string }[]>).flat();
    expect(titles.length).toBeGreaterThan(0);
    expect(home.lastRunTimes.trendsAnalyzerLastRun).toMatch(/Z$/);
  });

  it('serves the snapshot and clean 503s while the database is cut, and recovers within 5 s of its return', { timeout: 180_000 }, async () => {
    // Written before the cut: a domain through the admin API and an article the crawl stored.
    const kept = await fetch(`${a.daemon.url}/api/domains`, {
      method: 'POST',
      headers: { cookie: a.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'kept-before-cut.example', status: 'active' }),
    });
    expect(kept.status).toBe(201);
    const before = await timed(`${a.daemon.url}/api/home-page-data`);
    expect(before.status).toBe(200);
    const topicBefore = await timed(`${a.daemon.url}/usa.html`);
    expect(topicBefore.status).toBe(200);
    // A crawl of the second site runs across the cut.
    const second = web.sites[1]!;
    const addSecond = await fetch(`${a.daemon.url}/api/domains`, {
      method: 'POST',
      headers: { cookie: a.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ url: second.origin, status: 'active' }),
    });
    expect(addSecond.status).toBe(201);
    const crawl = await fetch(`${a.daemon.url}/api/spider/start`, { method: 'POST', headers: { cookie: a.cookie } });
    expect(crawl.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const { socket, messages: live } = await openLiveSocket(a.daemon.url);

    await proxy.cut();
    const cutAt = Date.now();

    // Public reads: the last snapshot.
    for (const path of [
      '/api/home-page-data',
      '/api/articles/recent-by-topic',
      '/api/trends/top-by-category',
      '/api/articles-by-domain',
      '/api/latest-news-audio',
      '/api/site-info',
      '/api/analyze-implications-prompt',
    ]) {
      const read = await timed(`${a.daemon.url}${path}`);
      expect(read.status, path).toBe(200);
      expect(read.ms, path).toBeLessThan(1_000);
    }
    // (The crawl may have added articles between that read and the cut: the snapshot holds at least those.)
    const during = await timed(`${a.daemon.url}/api/home-page-data`);
    const titlesDuring = titlesOf(JSON.parse(during.text));
    for (const title of titlesOf(JSON.parse(before.text))) expect(titlesDuring).toContain(title);
    for (let i = 0; i < 3; i++) expect((await timed(`${a.daemon.url}/api/home-page-data`)).text).toBe(during.text);
    const topicDuring = await timed(`${a.daemon.url}/usa.html`);
    expect(topicDuring.status).toBe(200);
    expect(topicDuring.text).toContain('<h1>USA news</h1>');

    // Everything else: 503 with Retry-After and a message, within a second, the first call too.
    for (let round = 0; round < 3; round++) {
      for (const [method, path] of [
        ['GET', '/api/domains'],
        ['GET', '/api/status'],
        ['GET', '/api/trends'],
        ['GET', '/api/search?q=fire'],
        ['POST', '/api/spider/start'],
      ] as const) {
        const call = await timed(`${a.daemon.url}${path}`, { method, headers: { cookie: a.cookie } });
        expect(call.status, `${method} ${path}`).toBe(503);
        expect(call.ms, `${method} ${path}`).toBeLessThan(1_000);
        expect(Number(call.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(JSON.parse(call.text).message).toMatch(/database is unavailable/i);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // The public error card's reconnect: still answers, quickly, "not ok".
    const refresh = await timed(`${a.daemon.url}/api/health/refresh-connection-pool`, { method: 'POST' });
    expect(refresh.status).toBe(200);
    expect(refresh.ms).toBeLessThan(1_500);
    expect(JSON.parse(refresh.text).ok).toBe(false);
    expect((await timed(`${a.daemon.url}/api/current-time`)).status).toBe(200);
    // The public pages' auth check still answers (an admin whose session cannot be read counts as anonymous).
    const check = await timed(`${a.daemon.url}/api/auth/check`, { headers: { cookie: a.cookie } });
    expect(check.status).toBe(200);
    expect(check.ms).toBeLessThan(1_000);
    expect(JSON.parse(check.text)).toEqual({ isAdmin: false });
    // The live channel said so.
    expect(live.some((m) => m.type === 'database_status' && m.available === false)).toBe(true);

    // Meanwhile daemon B (direct) keeps writing: an announced article. Stamped a minute ahead: the
    // first test's crawl may still be storing U.S. articles on a busy machine, and the home page
    // lists only the 5 newest of a topic.
    await b.daemon.runtime.ctx.sql`insert into articles (domain_name, source_url, canonical_url, title, topic, scraped_at)
      values ('during.test', 'https://during.test/a', 'https://during.test/a', 'Written during the cut', 'usa', now() + interval '1 minute')`;
    b.daemon.runtime.ctx.events.emit('home_data_updated', {});
    expect(Date.now() - cutAt).toBeGreaterThan(1_000);

    await proxy.restore();
    const { ms: adminBackMs } = await until(
      'admin calls on daemon A',
      async () => (await timed(`${a.daemon.url}/api/domains`, { headers: { cookie: a.cookie } })).status,
      (status) => status === 200,
      10_000,
    );
    expect(adminBackMs).toBeLessThan(5_000);
    const { ms: homeBackMs } = await until(
      'the article B wrote during the cut, on daemon A',
      async () => (await homeOf(a)).recentArticlesByCategory.usa.map((x: { title: string }) => x.title),
      (titles) => Array.isArray(titles) && titles.includes('Written during the cut'),
      10_000,
    );
    expect(homeBackMs).toBeLessThan(5_000);
    console.info(`database back: admin calls answer after ${adminBackMs} ms, the home page has B's article after ${adminBackMs + homeBackMs} ms`);
    expect(live.some((m) => m.type === 'database_status' && m.available === true)).toBe(true);
    socket.close();

    // Nothing written before the cut was lost.
    const domains = await (await fetch(`${a.daemon.url}/api/domains`, { headers: { cookie: a.cookie } })).json();
    expect(JSON.stringify(domains)).toContain('kept-before-cut.example');
    const titles = titlesOf(await homeOf(a));
    for (const title of titlesOf(JSON.parse(before.text))) expect(titles).toContain(title);
    expect((await timed(`${a.daemon.url}/api/search?q=fire`, { headers: { cookie: a.cookie } })).status).toBe(200);
    expect((await timed(`${a.daemon.url}/api/health`)).status).toBe(200);

    // The crawl that ran across the cut went on and completed, every article stored once.
    await waitForSpider(a.daemon.runtime.ctx);
    const sql = b.daemon.runtime.ctx.sql;
    const [run] = await sql<
      { status: string; error: string | null }[]
    >`select status, error from job_runs where job = 'spider' order by created_at desc limit 1`;
    expect(run).toEqual({ status: 'completed', error: null });
    const stored = await sql<{ canonicalUrl: string }[]>`select canonical_url from articles where canonical_url = any(${second.expectedArticleUrls}::text[])`;
    expect(stored.map((row) => row.canonicalUrl).sort()).toEqual([...second.expectedArticleUrls].sort());
  });

  // Last in the file: the connections the stall catches stay stuck until the test resets them.
  it('answers 503 instead of hanging when the network goes silent, and recovers on fresh connections, a caught job included', {
    timeout: 120_000,
  }, async () => {
    const admin = (path: string, init: RequestInit = {}) =>
      timed(`${a.daemon.url}${path}`, { ...init, headers: { cookie: a.cookie, ...(init.headers ?? {}) } });
    expect((await admin('/api/domains')).status).toBe(200);
    const { socket, messages: live } = await openLiveSocket(a.daemon.url);

    proxy.stall();
    // A job's query caught by the stall (the way every job reaches the database).
    const ctx = a.daemon.runtime.ctx;
    let attempts = 0;
    const job = throughOutage(ctx, AbortSignal.timeout(60_000), async () => {
      attempts++;
      return ctx.sql<{ n: number }[]>`select count(*)::int as n from domains`;
    });
    const jobSettled = job.then(
      () => 'done' as const,
      (error: unknown) => error,
    );
    // Nothing is refused or closed: the first call finds out by waiting; the monitor asks the
    // server on a connection of its own and, hearing nothing, answers it (and the next ones) 503.
    const first = await admin('/api/domains');
    expect(first.status).toBe(503);
    expect(Number(first.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(JSON.parse(first.text).message).toMatch(/database is unavailable/i);
    console.info(`silent network: the first admin call answered 503 after ${Math.round(first.ms)} ms`);
    expect(first.ms).toBeLessThan(3_000);
    for (const path of ['/api/status', '/api/trends', '/api/search?q=fire']) {
      const call = await admin(path);
      expect(call.status, path).toBe(503);
      expect(call.ms, path).toBeLessThan(1_000);
    }
    for (const path of ['/api/home-page-data', '/api/site-info', '/api/analyze-implications-prompt']) {
      expect((await timed(`${a.daemon.url}${path}`)).status, path).toBe(200);
    }
    expect(live.some((m) => m.type === 'database_status' && m.available === false)).toBe(true);

    // The network comes back, but the connections it caught never answer again: the daemon serves
    // on fresh ones within 5 s.
    await proxy.restore();
    const { ms: backMs } = await until(
      'admin calls on daemon A after the stall',
      async () => (await admin('/api/domains')).status,
      (status) => status === 200,
      10_000,
    );
    console.info(`silent network over: admin calls answer after ${backMs} ms`);
    expect(backMs).toBeLessThan(5_000);
    const added = await admin('/api/domains', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'after-stall.example', status: 'active' }),
    });
    expect(added.status).toBe(201);
    // The job's caught query was given up with the stuck connections (an outage, so tried again on
    // a fresh one): it goes on now, not when TCP gives up on it minutes later.
    const jobOutcome = await Promise.race([jobSettled, new Promise((resolve) => setTimeout(resolve, 5_000, 'still waiting'))]);
    expect(jobOutcome).toBe('done');
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect((await job)[0]!.n).toBeGreaterThan(0);

    // Much later the stuck connections fail (their queries report an outage): the daemon checks,
    // finds the server there, and stays up.
    const downsBefore = live.filter((m) => m.type === 'database_status' && m.available === false).length;
    proxy.resetStuck();
    for (let i = 0; i < 10; i++) {
      expect((await admin('/api/domains')).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    expect(live.filter((m) => m.type === 'database_status' && m.available === false).length).toBe(downsBefore);
    socket.close();
  });
});

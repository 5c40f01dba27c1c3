// Driving a crawl: the per-run cap per domain, the avoid list, pause/resume/stop, the run time
// limit, and the state a restart finds.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../../src/context.js';
import { recordRun } from '../../../helpers/runs.js';
import { shutdownJobs } from '../../../../src/services/platform/jobs/index.js';
import { addAvoidDomain, addDomain, listDomains, updateDomain } from '../../../../src/services/reader/domains/index.js';
import {
  closeCrawlNetwork,
  pauseSpider,
  resumeSpider,
  spiderStatus,
  startSpider,
  stopSpider,
  waitForSpider,
} from '../../../../src/services/reader/spider/index.js';
import { startNewsWeb, type NewsWeb } from '../../../fixtures/news-web/index.js';
import { startTestServer, type TestServer } from '../../../helpers/server.js';

let web: NewsWeb;
beforeAll(async () => {
  web = await startNewsWeb({ sites: 3, hostile: false });
});
afterAll(async () => web?.close());

let server: TestServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function serverWith(env: Record<string, string> = {}): Promise<TestServer> {
  server = await startTestServer({ env: { NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(','), ...env } });
  return server;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const articleCount = async (s: TestServer) => (await s.sql<{ count: number }[]>`select count(*)::int as count from articles`)[0]!.count;

describe('crawl control', () => {
  it('stores at most the per-run cap per domain, newest first, and the rest on the next run', { timeout: 120_000 }, async () => {
    const s = await serverWith({ NEWSCTL_SPIDER_ARTICLES_PER_DOMAIN: '4' });
    const site = web.sites[0]!;
    await addDomain(s.ctx, { url: site.origin, throttle: 1 });
    web.clearLog();
    await startSpider(s.ctx);
    await waitForSpider(s.ctx);
    const first = await s.sql<{ canonicalUrl: string }[]>`select canonical_url from articles`;
    expect(first).toHaveLength(4);
    // Feeds and sitemaps give dates, so the newest listed articles come first.
    const newest = [...site.articles]
      .filter((a) => !a.disallowed && (a.routes.includes('feed') || a.routes.includes('sitemap')))
      .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
      .slice(0, 4)
      .map((a) => a.url);
    expect(first.map((r) => r.canonicalUrl).sort()).toEqual(newest.sort());
    const articlePaths = new Set(site.expectedArticleUrls.map((url) => new URL(url).pathname));
    expect(web.requestLog.filter((r) => articlePaths.has(r.path))).toHaveLength(4);

    await startSpider(s.ctx);
    await waitForSpider(s.ctx);
    expect(await articleCount(s)).toBe(8);
  });

  it('counts the sites being crawled by their share done, while the spec figures count finished sites', { timeout: 120_000 }, async () => {
    // A 3 s lease: claims (and their shares done) are renewed every second.
    const s = await serverWith({ NEWSCTL_SPIDER_ARTICLES_PER_DOMAIN: '6', NEWSCTL_JOB_LEASE_SECONDS: '3' });
    for (const site of web.sites.slice(0, 2)) await addDomain(s.ctx, { url: site.origin, throttle: 1 });
    await startSpider(s.ctx);
    const samples: { processed: number; progress: number; work: number }[] = [];
    for (;;) {
      const status = await spiderStatus(s.ctx);
      if (status.spiderStatus === 'idle') break;
      samples.push({ processed: status.spiderSitesProcessed, progress: status.spiderProgress, work: status.spiderWorkProgress });
      await sleep(250);
    }
    await waitForSpider(s.ctx);
    // Both sites are crawled in parallel and finish together near the end: before either has, the
    // work figure has already moved well on, while spiderProgress (spec 001 §3) still reads 0.
    const beforeAnyFinished = samples.filter((sample) => sample.processed === 0);
    expect(beforeAnyFinished.every((sample) => sample.progress === 0)).toBe(true);
    expect(Math.max(...beforeAnyFinished.map((sample) => sample.work))).toBeGreaterThanOrEqual(25);
    expect(new Set(beforeAnyFinished.map((sample) => sample.work)).size).toBeGreaterThan(2);
    for (const sample of samples) {
      expect(sample.work).toBeLessThanOrEqual(100);
      // Never less than the finished sites alone.
      expect(sample.work).toBeGreaterThanOrEqual((sample.processed / 2) * 100 - 0.1);
    }
    for (let i = 1; i < samples.length; i++) expect(samples[i]!.work, `sample ${i}`).toBeGreaterThanOrEqual(samples[i - 1]!.work);
    expect(await spiderStatus(s.ctx)).toMatchObject({ spiderStatus: 'idle', spiderSitesProcessed: 2, spiderProgress: 100, spiderWorkProgress: 100 });
  });

  it('never fetches a host on the avoid list or a domain marked avoided', { timeout: 120_000 }, async () => {
    const s = await serverWith();
    const [a, b, c] = web.sites as [NewsWeb['sites'][0], NewsWeb['sites'][0], NewsWeb['sites'][0]];
    await addDomain(s.ctx, { url: a.origin, throttle: 1 });
    const marked = await addDomain(s.ctx, { url: b.origin, throttle: 1 });
    await updateDomain(s.ctx, marked.id, { status: 'avoided' });
    await addDomain(s.ctx, { url: c.origin, throttle: 1 });
    await addAvoidDomain(s.ctx, { url: c.host, reason: 'test' });
    web.clearLog();
    const started = await startSpider(s.ctx);
    expect(started.spiderTotalSites).toBe(1);
    await waitForSpider(s.ctx);
    expect(web.requestsTo(b.host)).toEqual([]);
    expect(web.requestsTo(c.host)).toEqual([]);
    expect(web.requestsTo(a.host).length).toBeGreaterThan(0);
    const statuses = Object.fromEntries((await listDomains(s.ctx)).map((d) => [d.url, d.status]));
    expect(statuses).toEqual({ [a.origin]: 'success', [b.origin]: 'avoided', [c.origin]: 'active' });
  });

  it('pauses (no request while paused), resumes, refuses what the state does not allow', { timeout: 120_000 }, async () => {
    const s = await serverWith();
    for (const site of web.sites) await addDomain(s.ctx, { url: site.origin, throttle: 1 });
    await expect(pauseSpider(s.ctx)).rejects.toThrow('The spider is not running');
    await expect(resumeSpider(s.ctx)).rejects.toThrow('The spider is not paused');
    expect(await stopSpider(s.ctx)).toMatchObject({ message: 'The spider is not running', spiderStatus: 'idle' });

    await startSpider(s.ctx);
    await expect(startSpider(s.ctx)).rejects.toMatchObject({ status: 409, message: 'The spider is already running' });
    await sleep(2500);
    const paused = await pauseSpider(s.ctx);
    expect(paused.spiderStatus).toBe('paused');
    // A pause of a paused crawl (two clicks, two daemons at once) answers its status again.
    const twice = await Promise.all([pauseSpider(s.ctx), pauseSpider(s.ctx)]);
    expect(twice.map((answer) => answer.spiderStatus)).toEqual(['paused', 'paused']);
    await sleep(500); // requests in flight finish
    const during = web.requestLog.length;
    await sleep(2500);
    expect(web.requestLog.length).toBe(during);
    expect((await spiderStatus(s.ctx)).spiderStatus).toBe('paused');

    // Start/Resume is one button: a start while paused resumes.
    expect((await startSpider(s.ctx)).spiderStatus).toBe('running');
    await waitForSpider(s.ctx);
    expect(web.requestLog.length).toBeGreaterThan(during);
    const status = await spiderStatus(s.ctx);
    expect(status).toMatchObject({ spiderStatus: 'idle', spiderSitesProcessed: 3, spiderTotalSites: 3 });
    expect(status.spiderActivityLog.some((line) => line.endsWith('Spider paused'))).toBe(true);
    expect(status.spiderActivityLog.some((line) => line.endsWith('Spider resumed'))).toBe(true);
  });

  it('stops on request: nothing more is fetched and unfinished domains keep their status', { timeout: 120_000 }, async () => {
    const s = await serverWith();
    for (const site of web.sites) await addDomain(s.ctx, { url: site.origin, throttle: 1 });
    await startSpider(s.ctx);
    await sleep(3000);
    const stopped = await stopSpider(s.ctx);
    expect(stopped.spiderStatus).toBe('idle');
    expect(stopped.spiderActivityLog[0]).toMatch(/Spider stopped: \d+ new articles? from 0 of 3 sites/);
    const after = web.requestLog.length;
    await sleep(2500);
    expect(web.requestLog.length).toBe(after);
    expect((await listDomains(s.ctx)).map((d) => d.status)).toEqual(['active', 'active', 'active']);
  });

  it('stops itself when the run time limit is reached', { timeout: 120_000 }, async () => {
    // 0.05 minutes: three seconds.
    const s = await serverWith({ NEWSCTL_SPIDER_MAX_RUN_MINUTES: '0.05' });
    for (const site of web.sites) await addDomain(s.ctx, { url: site.origin, throttle: 1 });
    const started = Date.now();
    await startSpider(s.ctx);
    await waitForSpider(s.ctx);
    expect(Date.now() - started).toBeLessThan(20_000);
    const status = await spiderStatus(s.ctx);
    expect(status.spiderStatus).toBe('idle');
    expect(status.spiderActivityLog.some((line) => line.endsWith('Run time limit of 0.05 minutes reached; stopping'))).toBe(true);
    expect(status.spiderActivityLog[0]).toMatch(/Spider stopped after the 0\.05-minute run limit/);
  });

  it('resumes a run its daemon left when Start is pressed elsewhere, instead of refusing it, within the per-run cap', { timeout: 120_000 }, async () => {
    const s = await serverWith({ NEWSCTL_SPIDER_ARTICLES_PER_DOMAIN: '5' });
    const site = web.sites[0]!;
    await addDomain(s.ctx, { url: site.origin, throttle: 1 });
    await startSpider(s.ctx);
    const countStored = async () => (await s.sql<{ count: number }[]>`select count(*)::int as count from articles`)[0]!.count;
    while ((await countStored()) < 2) await sleep(100);
    // This "daemon" goes away (its run handed over, no one takes it); another one comes up.
    await shutdownJobs(s.ctx);
    const other: AppContext = { ...s.ctx, jobs: new Map() };
    try {
      const resumed = await startSpider(other);
      expect(resumed.spiderStatus).toBe('running');
      await waitForSpider(other);
      const status = await spiderStatus(other);
      expect(status).toMatchObject({ spiderStatus: 'idle', spiderSitesProcessed: 1, spiderTotalSites: 1 });
      expect(status.spiderActivityLog.some((line) => line.endsWith('Resuming the run: the daemon holding it stopped'))).toBe(true);
      // The articles the first daemon stored count toward the domain's cap of 5 for the run.
      const stored = await s.sql<{ canonicalUrl: string }[]>`select canonical_url from articles`;
      expect(stored).toHaveLength(5);
      for (const row of stored) expect(site.expectedArticleUrls).toContain(row.canonicalUrl);
    } finally {
      await shutdownJobs(other);
      await closeCrawlNetwork(other);
    }
  });

  it('shows the last run after a restart: its sites, articles, time and activity, from the run itself', async () => {
    const s = await serverWith();
    // A run stopped after 4 of its 10 sites, as an earlier process left it: its row, claims and lines.
    const runId = await recordRun(s.sql, {
      job: 'spider',
      status: 'stopped',
      params: { startedAt: '2025-01-15T15:01:00.000Z', totalSites: 10 },
      createdAt: new Date('2025-01-15T15:01:00.000Z'),
      finishedAt: new Date('2025-01-15T15:03:05.000Z'),
      activity: ['[09:03:05] NEW: A story', '[09:01:00] Spider started: 10 domains to crawl'],
    });
    for (let i = 0; i < 10; i++) {
      const [domain] = await s.sql<{ id: number }[]>`insert into domains (url, host) values (${`site${i}.test`}, ${`site${i}.test`}) returning id`;
      await s.sql`insert into crawl_claims (run_id, domain_id, host, position, status, articles_stored)
        values (${runId}, ${domain!.id}, ${`site${i}.test`}, ${i}, ${i < 4 ? 'done' : 'pending'}, ${i < 4 ? [5, 4, 4, 4][i]! : 0})`;
    }
    // A fresh process: no live run in this context.
    s.ctx.jobs.clear();
    expect(await spiderStatus(s.ctx)).toEqual({
      spiderStatus: 'idle',
      spiderProgress: 40,
      spiderCurrentDomain: null,
      spiderCrawlingDomains: [],
      spiderSitesProcessed: 4,
      spiderTotalSites: 10,
      // A finished or cut-short run: the sites processed, as spiderProgress.
      spiderWorkProgress: 40,
      spiderActiveThreads: 0,
      spiderPendingRequests: 0,
      spiderCurrentRunArticleCount: 17,
      spiderElapsedTime: '2m 5s',
      spiderActivityLog: ['[09:03:05] NEW: A story', '[09:01:00] Spider started: 10 domains to crawl'],
      spiderLastStartTime: '2025-01-15T15:01:00.000Z',
    });
  });
});

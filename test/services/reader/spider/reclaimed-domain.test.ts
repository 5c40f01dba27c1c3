// A daemon whose lease on a domain lapsed (a renewal came back without it: another holder had it
// meanwhile) and which later claims the same domain again must crawl it afresh, not hold and renew
// the claim for ever with nothing crawled.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { shutdownJobs } from '../../../../src/services/platform/jobs/index.js';
import { addDomain } from '../../../../src/services/reader/domains/index.js';
import { closeCrawlNetwork, startSpider, waitForSpider } from '../../../../src/services/reader/spider/index.js';
import { startNewsWeb, type NewsWeb } from '../../../fixtures/news-web/index.js';
import { startTestServer } from '../../../helpers/server.js';

const ARTICLES = 6;

const seen = vi.hoisted(() => ({ inserts: 0, lapsed: false }));
vi.mock('../../../../src/db/crawl.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../src/db/crawl.js')>();
  return {
    ...original,
    insertCrawledArticle: async (...args: Parameters<typeof original.insertCrawledArticle>) => {
      seen.inserts++;
      return original.insertCrawledArticle(...args);
    },
  };
});
// Once two articles are stored, one renewal finds the claim in another holder's hands with its
// lease lapsed, as when a stalled daemon woke, took it back and then stopped.
vi.mock('../../../../src/db/crawl-claims.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../src/db/crawl-claims.js')>();
  return {
    ...original,
    renewCrawlClaims: async (...args: Parameters<typeof original.renewCrawlClaims>) => {
      const [sql, runId] = args;
      if (!seen.lapsed && seen.inserts >= 2) {
        seen.lapsed = true;
        await sql`update crawl_claims set holder = 'another-daemon', expires_at = now() - interval '1 second' where run_id = ${runId}`;
      }
      return original.renewCrawlClaims(...args);
    },
  };
});

let web: NewsWeb;
beforeAll(async () => {
  web = await startNewsWeb({ sites: 1, hostile: false, articlesPerSite: ARTICLES });
});
afterAll(async () => web?.close());

it('crawls a domain it lost and claimed again to the end', { timeout: 120_000 }, async () => {
  const s = await startTestServer({
    env: { NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(','), NEWSCTL_JOB_LEASE_SECONDS: '3' },
  });
  try {
    await addDomain(s.ctx, { url: web.sites[0]!.origin, throttle: 1 });
    await startSpider(s.ctx);
    // Before the fault was mended, the claim stayed 'crawling' (renewed, nothing crawled) for ever.
    const status = async () => (await s.sql<{ status: string }[]>`select status from crawl_claims`)[0]?.status;
    await expect.poll(status, { timeout: 60_000, interval: 250 }).toBe('done');
    await waitForSpider(s.ctx);
    expect(seen.lapsed).toBe(true);
    const [claim] = await s.sql<{ status: string; attempts: number; articlesStored: number }[]>`
      select status, attempts, articles_stored from crawl_claims`;
    const [stored] = await s.sql<{ count: number }[]>`select count(*)::int as count from articles`;
    // Claimed again by the same daemon after the lapse (a third time when, under load, its own
    // 3 s lease lapsed too), and every article stored once.
    expect(claim?.status).toBe('done');
    expect(claim?.attempts).toBeGreaterThanOrEqual(2);
    expect(stored!.count).toBe(ARTICLES);
  } finally {
    await shutdownJobs(s.ctx);
    await closeCrawlNetwork(s.ctx);
    await s.close();
  }
});

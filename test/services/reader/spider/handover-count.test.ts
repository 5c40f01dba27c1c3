// A daemon handing its run over while a page it fetched is still being stored: the article is
// counted on its claim before the claim goes back, so the next holder's per-run cap starts right.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { shutdownJobs } from '../../../../src/services/platform/jobs/index.js';
import { addDomain } from '../../../../src/services/reader/domains/index.js';
import { closeCrawlNetwork, startSpider } from '../../../../src/services/reader/spider/index.js';
import { startNewsWeb, type NewsWeb } from '../../../fixtures/news-web/index.js';
import { startTestServer } from '../../../helpers/server.js';

// The second article's insert waits until the test lets it go.
const gate = vi.hoisted(() => {
  let open: () => void = () => {};
  const state = { inserts: 0, held: null as Promise<void> | null, reached: null as (() => void) | null, open: () => open() };
  state.held = new Promise<void>((resolve) => {
    open = resolve;
  });
  return state;
});
vi.mock('../../../../src/db/crawl.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../src/db/crawl.js')>();
  return {
    ...original,
    insertCrawledArticle: async (...args: Parameters<typeof original.insertCrawledArticle>) => {
      if (++gate.inserts === 2) {
        gate.reached?.();
        await gate.held;
      }
      return original.insertCrawledArticle(...args);
    },
  };
});

let web: NewsWeb;
beforeAll(async () => {
  web = await startNewsWeb({ sites: 1, hostile: false });
});
afterAll(async () => web?.close());

it('counts an article stored during the hand-over on the claim it hands back', { timeout: 120_000 }, async () => {
  const s = await startTestServer({ env: { NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(',') } });
  try {
    await addDomain(s.ctx, { url: web.sites[0]!.origin, throttle: 1 });
    const reached = new Promise<void>((resolve) => {
      gate.reached = resolve;
    });
    await startSpider(s.ctx);
    await reached;
    // The daemon goes away with the second article's insert in flight; the insert ends meanwhile.
    const handingOver = shutdownJobs(s.ctx);
    setTimeout(gate.open, 300);
    await handingOver;
    const [stored] = await s.sql<{ count: number }[]>`select count(*)::int as count from articles`;
    const [claim] = await s.sql<{ articlesStored: number; holder: string | null }[]>`select articles_stored, holder from crawl_claims`;
    expect(stored!.count).toBe(2);
    expect(claim).toEqual({ articlesStored: 2, holder: null });
  } finally {
    gate.open();
    await shutdownJobs(s.ctx);
    await closeCrawlNetwork(s.ctx);
    await s.close();
  }
});

// A local news web crawled into a fresh in-memory daemon, as the benches that measure what the
// product makes of a web need it: the web served, every site a domain at 1 s a request, one crawl run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import { stopServices } from '../../src/lifecycle.js';
import { openRuntime, type Runtime } from '../../src/runtime.js';
import { addDomain } from '../../src/services/reader/domains/index.js';
import { startSpider, waitForSpider } from '../../src/services/reader/spider/index.js';
import { listTrends } from '../../src/services/reader/trends/index.js';
import { startNewsWeb, type NewsWeb, type NewsWebOptions } from '../../test/fixtures/news-web/index.js';

export interface CrawledWeb {
  web: NewsWeb;
  runtime: Runtime;
  close(): Promise<void>;
}

export async function crawledWeb(options: NewsWebOptions): Promise<CrawledWeb> {
  const web = await startNewsWeb({ hostile: false, ...options });
  const dataDir = mkdtempSync(join(tmpdir(), 'newsctl-bench-web-'));
  const config = loadConfig({
    NEWSCTL_DATA_DIR: dataDir,
    NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(','),
    NEWSCTL_SPIDER_REQUEST_TIMEOUT_MS: '5000',
    NEWSCTL_LOG_LEVEL: 'silent',
  });
  const runtime = await openRuntime(config, { inMemory: true });
  const close = async () => {
    await stopServices(runtime.ctx);
    await runtime.close();
    await web.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (const site of web.sites) await addDomain(runtime.ctx, { url: site.origin, throttle: 1 });
    await startSpider(runtime.ctx);
    await waitForSpider(runtime.ctx);
  } catch (error) {
    await close();
    throw error;
  }
  return { web, runtime, close };
}

/** Every stored trend with the ids of the articles it holds. */
export async function trendsWithArticles(ctx: Runtime['ctx']) {
  const links = await ctx.sql<{ trendId: number; articleId: number }[]>`select trend_id, article_id from trend_articles`;
  return (await listTrends(ctx, { limit: 1000 })).map((trend) => ({
    ...trend,
    articleIds: links.filter((link) => link.trendId === trend.id).map((link) => link.articleId),
  }));
}

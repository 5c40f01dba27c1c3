// A crawl through a database outage: the daemon reaches PostgreSQL through a local TCP proxy that
// is cut for a few seconds in the middle of a crawl (every connection dropped, new ones refused).
// The crawl waits for the database and goes on; the run ends completed, every reachable article
// stored exactly once. PostgreSQL only (the outage is the network's; the embedded database has none).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/config.js';
import type { AppContext } from '../../../../src/context.js';
import { openDatabase, type Database } from '../../../../src/db/client.js';
import { addDomain } from '../../../../src/services/reader/domains/index.js';
import { shutdownJobs } from '../../../../src/services/platform/jobs/index.js';
import { closeCrawlNetwork, startSpider } from '../../../../src/services/reader/spider/index.js';
import { startNewsWeb, type NewsWeb } from '../../../fixtures/news-web/index.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../../../helpers/db.js';
import { startTcpProxy, type TcpProxy } from '../../../helpers/tcp-proxy.js';
import { createAppContext } from '../../../../src/app-context.js';

describe.skipIf(!usingPostgres)('a crawl through a database outage', () => {
  let web: NewsWeb;
  let database: TestDatabase;
  let proxy: TcpProxy;
  let proxied: Database;
  let ctx: AppContext;
  let dataDir: string;

  beforeAll(async () => {
    web = await startNewsWeb({ sites: 3, hostile: false, articlesPerSite: 10 });
    database = await createTestDatabase();
    const url = new URL(database.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    dataDir = mkdtempSync(join(tmpdir(), 'newsctl-outage-'));
    proxied = await openDatabase({ databaseUrl: proxy.through(database.url!), dataDir: '', maxConnections: 4 });
    const config = loadConfig({
      NEWSCTL_LOG_LEVEL: 'silent',
      NEWSCTL_DATA_DIR: dataDir,
      NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(','),
      NEWSCTL_JOB_LEASE_SECONDS: '6',
    });
    ctx = createAppContext({ config, db: proxied });
  });

  afterAll(async () => {
    if (ctx) {
      await shutdownJobs(ctx);
      await closeCrawlNetwork(ctx);
    }
    await proxied?.close();
    await proxy?.close();
    await database?.drop();
    await web?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('waits for the database and finishes the crawl, every article stored once', { timeout: 120_000 }, async () => {
    for (const site of web.sites) await addDomain(ctx, { url: site.origin, throttle: 1 });
    const direct = database.db.sql;
    const count = async () => (await direct<{ count: number }[]>`select count(*)::int as count from articles`)[0]!.count;
    await startSpider(ctx);
    const deadline = Date.now() + 60_000;
    while ((await count()) < 4) {
      if (Date.now() > deadline) throw new Error('no articles stored');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const duringOutage = await count();
    await proxy.restore();

    const end = Date.now() + 90_000;
    let run: { status: string; attempts: number } | undefined;
    for (;;) {
      [run] = await direct<{ status: string; attempts: number }[]>`select status, attempts from job_runs where job = 'spider'`;
      if (run && ['completed', 'failed', 'stopped'].includes(run.status)) break;
      if (Date.now() > end) throw new Error(`the crawl did not finish: ${JSON.stringify(run)}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(run!.status).toBe('completed');
    expect(duringOutage).toBeLessThan(web.sites.reduce((n, site) => n + site.expectedArticleUrls.length, 0));
    const stored = await direct<{ canonicalUrl: string }[]>`select canonical_url from articles order by canonical_url`;
    expect(stored.map((row) => row.canonicalUrl)).toEqual(web.sites.flatMap((site) => site.expectedArticleUrls).sort());
    const domains = await direct<{ status: string }[]>`select status from domains`;
    expect(domains.map((d) => d.status)).toEqual(['success', 'success', 'success']);
  });
});

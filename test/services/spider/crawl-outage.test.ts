// A crawl through a database outage: the daemon reaches PostgreSQL through a local TCP proxy that
// is cut for a few seconds in the middle of a crawl (every connection dropped, new ones refused).
// The crawl waits for the database and goes on; the run ends completed, every reachable article
// stored exactly once. PostgreSQL only (the outage is the network's; the embedded database has none).
import { createServer, connect, type Server, type Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import type { AppContext } from '../../../src/context.js';
import { openDatabase, type Database } from '../../../src/db/client.js';
import { addDomain } from '../../../src/services/domains/index.js';
import { createEventBus } from '../../../src/services/events.js';
import { shutdownJobs } from '../../../src/services/jobs/index.js';
import { closeCrawlNetwork, startSpider } from '../../../src/services/spider/index.js';
import { startNewsWeb, type NewsWeb } from '../../fixtures/news-web/index.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../../helpers/db.js';

/** A TCP proxy to PostgreSQL that can be cut (connections dropped, new ones refused) and restored. */
async function startProxy(target: { host: string; port: number }): Promise<{ port: number; cut(): void; restore(): void; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  let open = true;
  const server: Server = createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      open = true;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.skipIf(!usingPostgres)('a crawl through a database outage', () => {
  let web: NewsWeb;
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let proxied: Database;
  let ctx: AppContext;
  let dataDir: string;

  beforeAll(async () => {
    web = await startNewsWeb({ sites: 3, hostile: false, articlesPerSite: 10 });
    database = await createTestDatabase();
    const url = new URL(database.url!);
    proxy = await startProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    dataDir = mkdtempSync(join(tmpdir(), 'newsctl-outage-'));
    proxied = await openDatabase({ databaseUrl: url.toString(), dataDir: '', maxConnections: 4 });
    const config = loadConfig({
      NEWSCTL_LOG_LEVEL: 'silent',
      NEWSCTL_DATA_DIR: dataDir,
      NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(','),
      NEWSCTL_JOB_LEASE_SECONDS: '6',
    });
    ctx = { config, db: proxied, sql: proxied.sql, events: createEventBus(), jobs: new Map() };
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
    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const duringOutage = await count();
    proxy.restore();

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

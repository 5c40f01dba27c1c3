// The spider in a real daemon process over 22 local news sites: domains imported with the CLI, a
// crawl started with the CLI, every reachable article stored exactly once, robots.txt obeyed, no
// host asked more than once a second (by the sites' own request logs); then kill -9 in the middle
// of a crawl and a restart: the restarted daemon finishes the run, nothing lost, nothing stored twice.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { packagePath } from '../../src/paths.js';
import { startNewsWeb, type NewsWeb } from '../fixtures/news-web/index.js';
import { loginCookie, runCli, spawnDaemon, daemonStorage, type DaemonProcess, type DaemonStorage } from '../helpers/daemon.js';

const SITES = 22;
const admin = { NEWSCTL_ADMIN_USERNAME: 'operator', NEWSCTL_ADMIN_PASSWORD: 'a long enough password' };

let web: NewsWeb;
let env: Record<string, string>;

beforeAll(async () => {
  web = await startNewsWeb({ sites: SITES, hostile: false });
  env = { ...admin, NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(','), NEWSCTL_SCHEDULER: 'false' };
});
afterAll(async () => web?.close());

function cli(args: string[]) {
  return runCli(args, { env });
}

const login = (daemon: DaemonProcess) => loginCookie(daemon.baseUrl, { username: admin.NEWSCTL_ADMIN_USERNAME, password: admin.NEWSCTL_ADMIN_PASSWORD });

async function spiderStatus(daemon: DaemonProcess, cookie: string): Promise<Record<string, unknown>> {
  return (await fetch(`${daemon.baseUrl}/api/status`, { headers: { cookie } })).json() as Promise<Record<string, unknown>>;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Stored canonical URLs, read once the daemon has exited (the embedded database allows one process). */
async function storedUrls({ dataDir, database }: DaemonStorage): Promise<string[]> {
  const db = await openDatabase({ databaseUrl: database?.url ?? null, dataDir });
  try {
    const rows = await db.sql<{ canonicalUrl: string }[]>`select canonical_url from articles order by canonical_url`;
    return rows.map((row) => row.canonicalUrl);
  } finally {
    await db.close();
  }
}

async function stop(daemon: DaemonProcess): Promise<void> {
  daemon.child.kill('SIGTERM');
  expect(await daemon.exited).toBe(0);
}

describe('a crawl in the daemon', () => {
  const storage = daemonStorage('newsctl-crawl-');

  it(`stores every reachable article of ${SITES} sites exactly once, obeying robots.txt, at most 1 request per second per host`, {
    timeout: 240_000,
  }, async () => {
    const daemon = await spawnDaemon(['--data-dir', storage.dataDir, ...storage.dbArgs], env);
    try {
      const file = join(storage.dataDir, 'domains.txt');
      writeFileSync(file, `${web.sites.map((site, i) => `${site.origin},${i % 5}`).join('\n')}\n#AVOID\nspam.example\n`);
      const imported = await cli(['domains', 'import', file, '--data-dir', storage.dataDir, ...storage.dbArgs]);
      expect(imported.stdout).toContain(`Imported: ${SITES + 1} added, 0 skipped`);

      // Each at the floor of one request a second (the file's format has no throttle): the gaps
      // below then check the floor itself.
      const cookie = await login(daemon);
      const domains = (await (await fetch(`${daemon.baseUrl}/api/domains`, { headers: { cookie } })).json()) as { id: number; url: string }[];
      for (const domain of domains.filter((d) => d.url !== 'spam.example')) {
        const changed = await fetch(`${daemon.baseUrl}/api/domains/${domain.id}`, {
          method: 'PATCH',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ throttle: 1 }),
        });
        expect(changed.status).toBe(200);
      }

      web.clearLog();
      const started = await cli(['spider', 'start', '--data-dir', storage.dataDir, ...storage.dbArgs]);
      expect(started.stdout).toContain(`Spider started: ${SITES} domains to crawl`);
      const finished = await until(
        () => spiderStatus(daemon, cookie),
        (s) => s.spiderStatus === 'idle',
        200_000,
      );
      expect(finished).toMatchObject({ spiderSitesProcessed: SITES, spiderTotalSites: SITES, spiderProgress: 100 });

      const status = await cli(['spider', 'status', '--json', '--data-dir', storage.dataDir, ...storage.dbArgs]);
      expect(JSON.parse(status.stdout)).toMatchObject({ spiderStatus: 'idle', spiderSitesProcessed: SITES });
      const list = JSON.parse((await cli(['domains', 'list', '--json', '--data-dir', storage.dataDir, ...storage.dbArgs])).stdout) as { status: string }[];
      expect(list.map((d) => d.status)).toEqual(Array(SITES).fill('success'));
    } finally {
      await stop(daemon);
    }

    const expected = web.sites.flatMap((site) => site.expectedArticleUrls).sort();
    expect(await storedUrls(storage)).toEqual(expected);
    for (const entry of web.requestLog) {
      expect(entry.path.startsWith('/private/') && !entry.path.startsWith('/private/open/'), entry.path).toBe(false);
      expect(entry.path).not.toMatch(/\?print=|^\/search/);
    }
    const gaps = web.minGapByHost();
    expect(gaps.size).toBe(SITES);
    for (const [host, gap] of gaps) expect(gap, host).toBeGreaterThanOrEqual(1000);
    // crawlee's storage lives under the data folder, never in the working directory.
    expect(existsSync(packagePath('storage'))).toBe(false);
  });
});

describe('kill -9 in the middle of a crawl', () => {
  const storage = daemonStorage('newsctl-crawl-kill-');

  it('resumes the run in the restarted daemon: nothing lost, nothing stored twice', { timeout: 240_000 }, async () => {
    const sites = web.sites.slice(0, 6);
    // A short lease: with PostgreSQL the restarted daemon takes the run over once the dead one's lapses.
    const killEnv = { ...env, NEWSCTL_JOB_LEASE_SECONDS: '4' };
    const first = await spawnDaemon(['--data-dir', storage.dataDir, ...storage.dbArgs], killEnv);
    const cookie = await login(first);
    for (const site of sites) {
      const added = await fetch(`${first.baseUrl}/api/domains`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ url: site.origin, status: 'active', throttle: 1 }),
      });
      expect(added.status).toBe(201);
    }
    expect((await fetch(`${first.baseUrl}/api/spider/start`, { method: 'POST', headers: { cookie } })).status).toBe(200);
    const midway = await until(
      () => spiderStatus(first, cookie),
      (s) => Number(s.spiderCurrentRunArticleCount) >= 15,
      120_000,
    );
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');
    expect(midway.spiderStatus).toBe('running');
    // Active threads are the sites being crawled in parallel, not a sample of in-flight requests.
    expect(Number(midway.spiderActiveThreads)).toBeGreaterThanOrEqual(1);
    // Every site being crawled is named, as listed.
    const crawling = midway.spiderCrawlingDomains as string[];
    expect(crawling.length).toBe(Number(midway.spiderActiveThreads));
    for (const url of crawling) expect(sites.map((site) => site.origin)).toContain(url);
    const beforeRestart = await storedUrls(storage);
    expect(beforeRestart.length).toBeGreaterThanOrEqual(15);

    const second = await spawnDaemon(['--data-dir', storage.dataDir, ...storage.dbArgs], killEnv);
    try {
      const session = await login(second);
      // No new start: the run the killed daemon held goes on here (its progress is in the database).
      const done = await until(
        () => spiderStatus(second, session),
        (s) => s.spiderStatus === 'idle',
        200_000,
      );
      expect(done).toMatchObject({ spiderSitesProcessed: sites.length, spiderTotalSites: sites.length, spiderProgress: 100 });
      const log = done.spiderActivityLog as string[];
      expect(log.some((line) => line.endsWith('Resuming the run: the daemon holding it stopped'))).toBe(true);
      expect(log[0]).toMatch(/Spider finished: \d+ new articles? from 6 of 6 sites/);
    } finally {
      await stop(second);
    }
    const after = await storedUrls(storage);
    expect(after).toEqual(sites.flatMap((site) => site.expectedArticleUrls).sort());
    for (const url of beforeRestart) expect(after).toContain(url);
  });
});

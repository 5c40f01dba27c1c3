// A full disk, for real: the daemon's data folder on a small tmpfs this test mounts, filled below
// the free-space floor. Writes answer 507 (code disk_full) with the free space in the message and
// change nothing; readers are still served; the console hears it on the live channel; a crawl
// stores no article; a dump whose scratch space is full does not start; and when space comes back,
// writes resume by themselves and everything stored is still there after a restart. A file written
// onto a disk with no room at all leaves neither itself nor a partial file. Runs on both databases
// (on PostgreSQL the data folder holds the media and logs, the database lives elsewhere).
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startDaemon, type Daemon } from '../../src/runtime.js';
import { startJob } from '../../src/services/platform/jobs/index.js';
import { writeFileWhole } from '../../src/services/platform/media.js';
import { addDomain, listDomains } from '../../src/services/reader/domains/index.js';
import { startSpider, waitForSpider } from '../../src/services/reader/spider/index.js';
import { startNewsWeb, type NewsWeb } from '../fixtures/news-web/index.js';
import { storeNewsDay } from '../fixtures/stories/news-day.js';
import { loginCookie, runCli } from '../helpers/daemon.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';
import { openLiveSocket, type LiveSocket } from '../helpers/live.js';
import { mountSmallDisk, smallDiskUnavailable, type SmallDisk } from '../helpers/small-disk.js';

const ADMIN = { username: 'operator', password: 'a long enough password' };
const FLOOR_MB = 100;
const UA = 'newsctl/0.1 (+https://newsctl.invalid/crawler-test)';
const unavailable = smallDiskUnavailable();
if (unavailable) console.warn(`disk-full tests skipped: ${unavailable}`);

/** Past the monitor's one-second reading. */
const nextReading = () => new Promise((resolve) => setTimeout(resolve, 1_100));

describe.skipIf(unavailable !== null)('a full disk', { timeout: 240_000 }, () => {
  let disk: SmallDisk;
  let database: TestDatabase | null = null;
  let dataDir: string;
  let web: NewsWeb;
  let daemon: Daemon;
  let cookie: string;
  let live: LiveSocket;
  let ballast: string;
  let storiesBefore: number;

  const start = () =>
    startDaemon(
      loadConfig({
        NEWSCTL_LOG_LEVEL: 'silent',
        NEWSCTL_DATA_DIR: dataDir,
        ...(database ? { DATABASE_URL: database.url! } : {}),
        HOST: '127.0.0.1',
        PORT: '0',
        NEWSCTL_ADMIN_USERNAME: ADMIN.username,
        NEWSCTL_ADMIN_PASSWORD: ADMIN.password,
        NEWSCTL_SCHEDULER: 'false',
        NEWSCTL_MIN_FREE_MB: String(FLOOR_MB),
        NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(','),
        NEWSCTL_USER_AGENT: UA,
      }),
      { logger: false, database: { maxConnections: 4 } },
    );
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${daemon.url}${path}`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const countStories = async () => Number((await daemon.runtime.ctx.sql<{ n: string }[]>`select count(*) as n from trends`)[0]!.n);

  beforeAll(async () => {
    // Room for the embedded database, its media and logs, and a ballast to fill the rest.
    disk = mountSmallDisk(320);
    dataDir = join(disk.path, 'data');
    if (process.env.DATABASE_URL) database = await createTestDatabase();
    // Eight sites so that the eighth, whose robots.txt asks for a 2 s Crawl-delay, exists.
    web = await startNewsWeb({ sites: 8, hostile: false, articlesPerSite: 4 });
    daemon = await start();
    await storeNewsDay(daemon.runtime.ctx.sql);
    storiesBefore = await countStories();
    cookie = await loginCookie(daemon.url, ADMIN);
    live = await openLiveSocket(daemon.url, { cookie });
  }, 180_000);

  afterAll(async () => {
    live?.socket.close();
    await daemon?.close().catch(() => {});
    await web?.close();
    await database?.drop().catch(() => {});
    disk?.unmount();
  });

  it('refuses every write with 507 naming the free space, changes nothing, and keeps serving readers', async () => {
    const domainsBefore = (await listDomains(daemon.runtime.ctx)).length;
    ballast = disk.fillTo(FLOOR_MB - 40);
    await nextReading();

    const status = (await (await call('GET', '/api/health/disk')).json()) as { full: boolean; freeMb: number; folder: string; message: string };
    expect(status.full).toBe(true);
    expect(status.freeMb).toBeLessThan(FLOOR_MB);
    expect(status.folder).toBe(dataDir);

    const refused = await call('POST', '/api/domains', { url: 'https://refused.example.com' });
    expect(refused.status).toBe(507);
    const body = (await refused.json()) as { code: string; message: string; freeMb: number };
    expect(body.code).toBe('disk_full');
    expect(body.message).toMatch(new RegExp(`^disk full: \\d+ MB free in ${dataDir} \\(newsctl stops writing below ${FLOOR_MB} MB\\)`));
    expect((await listDomains(daemon.runtime.ctx)).length).toBe(domainsBefore);

    // Audio and generations do not start, from the console or from the schedule's side.
    expect((await call('POST', '/api/generate-latest-news-audio')).status).toBe(507);
    expect((await call('POST', '/api/spider/start')).status).toBe(507);
    await expect(startJob(daemon.runtime.ctx, 'latest-news-audio')).rejects.toMatchObject({ code: 'disk_full' });
    const audio = join(dataDir, 'audio');
    expect(existsSync(audio) ? readdirSync(audio).filter((name) => name.endsWith('.mp3')) : []).toEqual([]);

    // What a full disk still allows: signing in, and stopping work.
    expect(
      (await fetch(`${daemon.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })).status,
    ).toBe(200);
    expect((await call('POST', '/api/spider/stop')).status).toBeLessThan(300);

    // Readers: the home page's data, search, the page itself.
    expect((await fetch(`${daemon.url}/api/home-page-data`)).status).toBe(200);
    const search = await fetch(`${daemon.url}/api/search?q=hospitals`);
    expect(search.status).toBe(200);
    expect(((await search.json()) as { results: unknown[] }).results.length).toBeGreaterThan(0);
    expect((await fetch(`${daemon.url}/`)).status).toBe(200);

    // The console's banner comes from the live channel.
    expect(live.messages).toContainEqual(expect.objectContaining({ type: 'disk_status', full: true, message: status.message }));
    expect(await countStories()).toBe(storiesBefore);
  });

  it('starts no dump whose scratch copy has no room', async () => {
    const scratch = join(disk.path, 'tmp');
    mkdirSync(scratch, { recursive: true });
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = scratch;
    try {
      const dump = await call('GET', '/api/db/dump');
      expect(dump.status).toBe(507);
      expect(((await dump.json()) as { message: string }).message).toMatch(/^The backup was not started: its database copy needs about \d+ MB/);
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
    }
    expect(readdirSync(scratch)).toEqual([]);
  });

  it('resumes writes by itself once space comes back', async () => {
    rmSync(ballast);
    await nextReading();
    const added = await call('POST', '/api/domains', { url: 'https://resumed.example.com' });
    expect(added.status).toBe(201);
    expect(((await (await call('GET', '/api/health/disk')).json()) as { full: boolean }).full).toBe(false);
    expect(live.messages).toContainEqual(expect.objectContaining({ type: 'disk_status', full: false, message: null }));
  });

  it('ends a crawl whose disk fills with the reason, storing no article', async () => {
    const site = web.sites[7]!;
    expect(site.crawlDelayMs).toBe(2000);
    const domain = await addDomain(daemon.runtime.ctx, { url: site.origin, throttle: 1 });
    await startSpider(daemon.runtime.ctx);
    // Once robots.txt is read the site's 2 s pace leaves seconds before the first article.
    for (let i = 0; i < 200 && web.requestsTo(site.host).length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    ballast = disk.fillTo(FLOOR_MB - 40);
    await waitForSpider(daemon.runtime.ctx);
    const crawled = (await listDomains(daemon.runtime.ctx)).find((candidate) => candidate.id === domain.id)!;
    expect(crawled.status).toBe('error');
    expect(crawled.errorMessage).toMatch(/^articles not stored: disk full: \d+ MB free in /);
    expect(crawled.articlesCount).toBe(0);
    rmSync(ballast);
    await nextReading();
  });

  it('keeps everything stored across a restart', async () => {
    const domains = (await listDomains(daemon.runtime.ctx)).map((domain) => domain.url).sort();
    live.socket.close();
    await daemon.close();
    daemon = await start();
    expect((await listDomains(daemon.runtime.ctx)).map((domain) => domain.url).sort()).toEqual(domains);
    expect(await countStories()).toBe(storiesBefore);
    cookie = await loginCookie(daemon.url, ADMIN);
    expect((await call('GET', '/api/health/disk')).status).toBe(200);
  });

  it('leaves no half-written file on a disk with no room at all', async () => {
    await daemon.close();
    // A second, tiny disk, full to the last byte: the archive and the image go there.
    const tiny = mountSmallDisk(8);
    try {
      tiny.fillTo(0);
      const image = join(tiny.path, 'cover.png');
      expect(() => writeFileWhole(image, Buffer.alloc(1024 * 1024, 7))).toThrow(/ENOSPC/);
      const archive = join(tiny.path, 'backup.tar');
      const dumped = await runCli(['db', 'dump', archive, '--data-dir', dataDir, ...(database ? ['--database-url', database.url!] : [])]);
      expect(dumped.code).toBe(8);
      expect(dumped.stderr).toContain(`The backup could not be written to ${archive}: no space left on its disk; nothing was kept`);
      expect(existsSync(archive)).toBe(false);
      expect(readdirSync(tiny.path).sort()).toEqual(['ballast-1']);
    } finally {
      tiny.unmount();
    }
  });
});

// Backups bring everything back: `newsctl db dump` of a daemon that made a bulletin, an article
// with its cover and holds credentials, then `db restore` into a fresh data folder (or database),
// and a new daemon there serves every media file byte for byte at its public address. A restore
// never brings back a session, leaves credentials out unless asked, and checks the whole file
// before it creates anything. Runs on both databases.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startDaemon, type Daemon } from '../../src/runtime.js';
import { createApiToken } from '../../src/services/platform/auth/index.js';
import { listTar } from '../../src/services/platform/dump/tar.js';
import { storeNewsDay } from '../fixtures/stories/news-day.js';
import { loginCookie, runCli } from '../helpers/daemon.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../helpers/db.js';

const ADMIN = { username: 'operator', password: 'a long enough password' };
const folders: string[] = [];
const databases: TestDatabase[] = [];

function folder(prefix: string): string {
  const made = mkdtempSync(join(tmpdir(), prefix));
  folders.push(made);
  return made;
}

/** A fresh place for a daemon's data: a data folder, and on PostgreSQL its own database. */
async function storage(): Promise<{ dataDir: string; databaseUrl: string | null; args: string[] }> {
  const dataDir = join(folder('newsctl-backup-'), 'data');
  if (!usingPostgres) return { dataDir, databaseUrl: null, args: ['--data-dir', dataDir] };
  const database = await createTestDatabase();
  databases.push(database);
  return { dataDir, databaseUrl: database.url, args: ['--data-dir', dataDir, '--database-url', database.url!] };
}

async function start(place: { dataDir: string; databaseUrl: string | null }): Promise<Daemon> {
  const config = loadConfig({
    NEWSCTL_LOG_LEVEL: 'silent',
    NEWSCTL_DATA_DIR: place.dataDir,
    ...(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : {}),
    HOST: '127.0.0.1',
    PORT: '0',
    NEWSCTL_ADMIN_USERNAME: ADMIN.username,
    NEWSCTL_ADMIN_PASSWORD: ADMIN.password,
    NEWSCTL_SCHEDULER: 'false',
  });
  return startDaemon(config, { logger: false, database: { maxConnections: 4 } });
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('db dump / db restore with media', { timeout: 300_000 }, () => {
  let source: { dataDir: string; databaseUrl: string | null; args: string[] };
  let daemon: Daemon;
  let cookie: string;
  let token: string;
  /** Public address → SHA-256 of what the source daemon served there. */
  const served = new Map<string, string>();
  let archive: string;

  beforeAll(async () => {
    source = await storage();
    daemon = await start(source);
    const sql = daemon.runtime.ctx.sql;
    await storeNewsDay(sql);
    cookie = await loginCookie(daemon.url, ADMIN);
    const call = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${daemon.url}${path}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return text ? JSON.parse(text) : null;
    };
    // Media of every kind the product makes offline: a bulletin (audio) and an article's cover (image).
    const bulletin = (await call('POST', '/api/generate-latest-news-audio')) as { audioUrl: string };
    const [trend] = await sql<{ title: string }[]>`select title from trends order by relevance_score desc limit 1`;
    await call('POST', '/api/generator/generate-from-trend', { trendTitle: trend!.title });
    let article: { imageUrl: string | null } | undefined;
    for (let i = 0; i < 600 && !article?.imageUrl; i++) {
      [article] = (await call('GET', '/api/generated-articles')) as { imageUrl: string | null }[];
      if (!article?.imageUrl) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const url of [bulletin.audioUrl, article!.imageUrl!]) {
      const response = await fetch(`${daemon.url}${url}`);
      expect(response.status, url).toBe(200);
      served.set(url, sha(Buffer.from(await response.arrayBuffer())));
    }
    // Credentials: an image key, a music API key in a provider header, an API token.
    await call('POST', '/api/google-api-config', { apiKey: 'AIza-secret-image-key-1234', imagePrompt: 'A photo of {ARTICLE_TITLE}' });
    const music = {
      style: 'pop',
      provider: { endpoint: 'https://music.example.com/v1', headers: { Authorization: 'Bearer music-secret-9876' }, audio: { type: 'bytes' } },
    };
    await call('POST', '/api/music-generator-prompt', { promptText: JSON.stringify(music) });
    token = (await createApiToken(daemon.runtime.ctx, 'backup test')).token;

    archive = join(folder('newsctl-archive-'), 'backup.tar');
    const dumped = await runCli(['db', 'dump', archive, ...source.args]);
    expect(dumped.stderr).toBe('');
    expect(dumped.code).toBe(0);
    expect(dumped.stdout).toMatch(/^Backed up \d+ rows from \d+ tables and 2 media files \(/);
    expect(dumped.stdout).toMatch(
      /Left out \(add --include-secrets to keep them\): .*google-api-config: API key.*music-generator-prompt: music API header Authorization/,
    );
  }, 300_000);

  afterAll(async () => {
    await daemon?.close().catch(() => {});
    for (const database of databases) await database.drop().catch(() => {});
    for (const made of folders) rmSync(made, { recursive: true, force: true });
  });

  it('writes one archive, readable by its owner only, holding the database, every media file and a manifest, and no secret', async () => {
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    const handle = await open(archive, 'r');
    const entries = await listTar(handle, statSync(archive).size);
    await handle.close();
    const names = entries.map((entry) => entry.name);
    expect(names[0]).toBe('database.ndjson');
    expect(names.at(-1)).toBe('manifest.json');
    expect(names.filter((name) => name.startsWith('media/audio/'))).toHaveLength(1);
    expect(names.filter((name) => name.startsWith('media/images/'))).toHaveLength(1);
    const bytes = readFileSync(archive);
    for (const secret of ['AIza-secret-image-key-1234', 'music-secret-9876']) expect(bytes.includes(secret), secret).toBe(false);
    // No session of any kind is in it.
    expect(bytes.includes('"table":"sessions"')).toBe(false);
  });

  it('restores every row and file into a fresh place, and the new daemon serves each at its public address', async () => {
    await daemon.close();
    const target = await storage();
    const restored = await runCli(['db', 'restore', archive, ...target.args]);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(
      /^Restored \d+ rows into \d+ tables, 2 media files \([\d.]+ [KM]B\), 1 administrator, 1 API token; sessions are never restored/,
    );
    expect(restored.stdout).toMatch(
      /Set these again \(the backup left them out\): google-api-config: API key; music-generator-prompt: music API header Authorization/,
    );

    const again = await start(target);
    try {
      for (const [url, digest] of served) {
        const response = await fetch(`${again.url}${url}`);
        expect(response.status, url).toBe(200);
        expect(sha(Buffer.from(await response.arrayBuffer())), url).toBe(digest);
      }
      const latest = (await (await fetch(`${again.url}/api/latest-news-audio`)).json()) as { exists: boolean; audioUrl: string };
      expect(latest.exists).toBe(true);
      expect(served.has(latest.audioUrl)).toBe(true);
      const feed = await (await fetch(`${again.url}/podcast.xml`)).text();
      expect(feed).toMatch(/<enclosure url="[^"]+\/audio\/latest-news-/);
      // The old session cookie logs nobody in; the API token still works; the key must be set again.
      expect((await fetch(`${again.url}/api/logs`, { headers: { cookie } })).status).toBe(401);
      expect((await fetch(`${again.url}/api/logs`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
      const fresh = await loginCookie(again.url, ADMIN);
      const key = (await (await fetch(`${again.url}/api/google-api-config`, { headers: { cookie: fresh } })).json()) as { apiKey: string };
      expect(key.apiKey).toBe('');
    } finally {
      await again.close();
    }
  });

  it('keeps the credentials with --include-secrets, and writes the database only with --no-media', async () => {
    // The source daemon is stopped: the CLI opens its database itself.
    const place = source;
    const withSecrets = join(folder('newsctl-archive-'), 'secrets.tar');
    expect((await runCli(['db', 'dump', withSecrets, '--include-secrets', ...place.args])).code).toBe(0);
    const bytes = readFileSync(withSecrets);
    expect(bytes.includes('AIza-secret-image-key-1234')).toBe(true);
    expect(bytes.includes('music-secret-9876')).toBe(true);
    const databaseOnly = join(folder('newsctl-archive-'), 'db-only.tar');
    const dumped = await runCli(['db', 'dump', databaseOnly, '--no-media', ...place.args]);
    expect(dumped.stdout).toMatch(/\(no media: --no-media\)/);
    const handle = await open(databaseOnly, 'r');
    const names = (await listTar(handle, statSync(databaseOnly).size)).map((entry) => entry.name);
    await handle.close();
    expect(names).toEqual(['database.ndjson', 'manifest.json']);
  });

  it('refuses a missing, damaged or truncated file with exit 2 and one line, before creating anything', async () => {
    const target = join(folder('newsctl-refused-'), 'data');
    const cases: [string, string, RegExp][] = [];
    cases.push(['/nonexistent/backup.tar', 'missing', /does not exist/]);
    const bytes = readFileSync(archive);
    const damaged = join(folder('newsctl-damaged-'), 'damaged.tar');
    const flipped = Buffer.from(bytes);
    // A byte in the middle of the image's data: its checksum no longer matches.
    const imageAt = bytes.indexOf(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    expect(imageAt).toBeGreaterThan(0);
    flipped[imageAt + 100] = flipped[imageAt + 100]! ^ 0xff;
    writeFileSync(damaged, flipped);
    cases.push([damaged, 'damaged', /does not match its checksum/]);
    const truncated = join(folder('newsctl-truncated-'), 'truncated.tar');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    cases.push([truncated, 'truncated', /truncated|no manifest/]);
    const notOurs = join(folder('newsctl-other-'), 'notes.txt');
    writeFileSync(notOurs, 'hello');
    cases.push([notOurs, 'not a backup', /not a newsctl backup/]);
    for (const [file, what, message] of cases) {
      const started = Date.now();
      const result = await runCli(['db', 'restore', file, '--data-dir', target]);
      expect(result.code, what).toBe(2);
      expect(result.stderr.trim().split('\n'), what).toHaveLength(1);
      expect(result.stderr, what).toMatch(message);
      expect(existsSync(target), what).toBe(false);
      if (what === 'missing') expect(Date.now() - started).toBeLessThan(15_000);
    }
  });

  it.skipIf(usingPostgres)('refuses to restore into a data folder a running daemon holds, with exit 2 and one line', async () => {
    const held = await storage();
    const running = await start(held);
    try {
      const result = await runCli(['db', 'restore', archive, ...held.args, '--yes']);
      expect(result.code).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch(/in use by the running newsctl daemon \(pid \d+\)/);
    } finally {
      await running.close();
    }
  });
});

// The generator and article-maintenance commands as real processes: `generator run|stop` in-process
// (the work runs in the command's own process) and through a daemon, `articles regenerate-image`
// and `articles clear` with and without its confirmation. Each step is checked in the output, the
// exit code and the database (read directly on PostgreSQL; on the embedded database, which the
// daemon holds, through the daemon and again once it has stopped).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';
import { runCli, spawnDaemon, daemonStorage, type DaemonProcess } from '../helpers/daemon.js';

const STORM = 'Storm floods Port Linden harbor, 1,200 evacuated';
const storage = daemonStorage('newsctl-cli-generator-');
const args = () => ['--data-dir', storage.dataDir, ...storage.dbArgs];
const json = <T = Record<string, unknown>>(text: string): T => JSON.parse(text) as T;

/** The database while no process holds it (embedded), or the suite's PostgreSQL database at any time. */
async function withDatabase<T>(action: (db: Database) => Promise<T>): Promise<T> {
  if (storage.database) return action(storage.database.db);
  const db = await openDatabase({ databaseUrl: null, dataDir: storage.dataDir });
  try {
    return await action(db);
  } finally {
    await db.close();
  }
}

const articleRows = (db: Database) =>
  db.sql<{ id: number; trendTitle: string; imageUrl: string | null }[]>`select id, trend_title, image_url from generated_articles order by id`;
/** A file the daemon serves: its status and bytes (read whole, so no response stays open and holds the daemon's shutdown). */
async function served(url: string): Promise<{ status: number; type: string | null; bytes: number }> {
  const response = await fetch(url);
  return { status: response.status, type: response.headers.get('content-type'), bytes: (await response.arrayBuffer()).byteLength };
}

const generatorRun = async (db: Database) =>
  (await db.sql<{ status: string }[]>`select status from job_runs where job = 'generator' order by created_at desc limit 1`)[0]?.status ?? null;

beforeAll(async () => {
  await withDatabase(async (db) => {
    if (!storage.database) await migrate(db.sql);
    await storeStoryTrend(db.sql, { title: STORM, description: 'A storm flooded the harbor.', topic: 'usa', relevance: 9, sources: harborStorm(6) });
  });
}, 180_000);

describe('generator run|stop without a daemon', { timeout: 300_000 }, () => {
  it('runs the generator in-process until the queue is empty, and stops its run mode', async () => {
    const run = await runCli(['generator', 'run', '--json', ...args()]);
    expect(run.code).toBe(0);
    // No daemon carries the work on: the command stayed until the queue was empty.
    expect(json(run.stdout)).toMatchObject({ message: 'Article generator started: 1 trend queued', queued: 1, queue: { queueLength: 0 } });
    const [rows, runMode] = await withDatabase(async (db) => [await articleRows(db), await generatorRun(db)] as const);
    expect(rows.map((row) => row.trendTitle)).toEqual([STORM]);
    expect(rows[0]!.imageUrl).toMatch(/^\/images\//);
    // Run mode outlives the command (a daemon started later takes it over) until stopped.
    expect(runMode).not.toBe('stopped');
    const stopped = await runCli(['generator', 'stop', ...args()]);
    expect(stopped.code).toBe(0);
    expect(stopped.stdout.trim()).toBe('Article generator stopped');
    expect(await withDatabase(generatorRun)).toBe('stopped');
  });
});

describe('generator and article commands through a daemon', { timeout: 300_000 }, () => {
  let daemon: DaemonProcess;
  beforeAll(async () => {
    daemon = await spawnDaemon(args());
  }, 180_000);
  afterAll(async () => {
    daemon?.child.kill('SIGTERM');
    await daemon?.exited;
  });

  it('regenerates an article image: a new file served, the old one gone', async () => {
    const [before] = json<{ id: number; imageUrl: string }[]>((await runCli(['articles', 'list', '--json', ...args()])).stdout);
    expect((await served(`${daemon.baseUrl}${before!.imageUrl}`)).status).toBe(200);
    const run = await runCli(['articles', 'regenerate-image', String(before!.id), '--json', ...args()]);
    expect(run.code).toBe(0);
    const result = json<{ message: string; article: { id: number; imageUrl: string } }>(run.stdout);
    expect(result.message).toContain(`Feature image regenerated for "`);
    expect(result.article.id).toBe(before!.id);
    expect(result.article.imageUrl).not.toBe(before!.imageUrl);
    const image = await served(`${daemon.baseUrl}${result.article.imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.type).toMatch(/^image\//);
    expect(image.bytes).toBeGreaterThan(1000);
    expect((await served(`${daemon.baseUrl}${before!.imageUrl}`)).status).toBe(404);
    if (storage.database) expect((await articleRows(storage.database.db))[0]!.imageUrl).toBe(result.article.imageUrl);

    const missing = await runCli(['articles', 'regenerate-image', '999999', ...args()]);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('No generated article with id 999999');
  });

  it('clears the articles only when confirmed with --yes', async () => {
    const refused = await runCli(['articles', 'clear', ...args()]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('add --yes to confirm');
    expect(json<unknown[]>((await runCli(['articles', 'list', '--json', ...args()])).stdout)).toHaveLength(1);

    const cleared = await runCli(['articles', 'clear', '--yes', '--json', ...args()]);
    expect(cleared.code).toBe(0);
    expect(json(cleared.stdout)).toEqual({ deleted: 1 });
    expect(json<unknown[]>((await runCli(['articles', 'list', '--json', ...args()])).stdout)).toEqual([]);
    if (storage.database) expect(await articleRows(storage.database.db)).toEqual([]);
  });

  it('runs the generator (again for the trend whose article was cleared), refuses a second run, stops it', async () => {
    const run = await runCli(['generator', 'run', '--wait', '--json', ...args()]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(json(run.stdout)).toMatchObject({ message: 'Article generator started: 1 trend queued', queued: 1, queue: { queueLength: 0 } });
    const list = json<{ trendTitle: string }[]>((await runCli(['articles', 'list', '--json', ...args()])).stdout);
    expect(list.map((article) => article.trendTitle)).toEqual([STORM]);

    // Run mode stays on after the queue empties: a second run is a conflict (exit 5), detached.
    const again = await runCli(['generator', 'run', ...args()]);
    expect(again.code).toBe(5);
    expect(again.stderr).toContain('already running');
    if (storage.database) expect(await generatorRun(storage.database.db)).toBe('running');

    const stopped = await runCli(['generator', 'stop', ...args()]);
    expect(stopped.code).toBe(0);
    expect(stopped.stdout.trim()).toBe('Article generator stopped');
    const idle = await runCli(['generator', 'stop', ...args()]);
    expect(idle.stdout.trim()).toBe('The article generator is not running');
  });

  it('leaves in the database what the commands said (checked after the daemon stopped)', async () => {
    daemon.child.kill('SIGTERM');
    await daemon.exited;
    await withDatabase(async (db) => {
      const rows = await articleRows(db);
      expect(rows.map((row) => row.trendTitle)).toEqual([STORM]);
      expect(await generatorRun(db)).toBe('stopped');
    });
  });
});

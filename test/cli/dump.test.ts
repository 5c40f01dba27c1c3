// `db dump` / `db restore`: a populated embedded database goes into PostgreSQL and back with every
// row equal, identities kept and continuing, the generations' runs and their articles intact. Runs in the
// PostgreSQL pass (decisions.md "CI"); the embedded side is an in-memory database of the same test.
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appTransport, createClient } from '../../src/client/index.js';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Database } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { buildApp } from '../../src/server/app.js';
import { dumpDatabase, loadOrder, restoreDatabase, stageBackup } from '../../src/services/platform/dump/index.js';
import { productTables } from '../../src/db/dump.js';
import { looksLikeTar } from '../../src/services/platform/dump/tar.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';
import { runCli } from '../helpers/daemon.js';
import { createTestDatabase, indexDefinitions, usingPostgres, type TestDatabase } from '../helpers/db.js';
import { createAppContext } from '../../src/app-context.js';

const STORM = 'Storm floods Port Linden harbor, 1,200 evacuated';
let folder: string;
let embedded: Database;
let target: TestDatabase;

async function dumpTo(db: Database, file: string): Promise<void> {
  const out = createWriteStream(file);
  await dumpDatabase(db.sql, db.kind, out);
  await new Promise<void>((resolve) => out.end(resolve));
}

/** The database dump's text: the file itself, or the database entry of a backup archive. */
function dumpText(file: string): string {
  const bytes = readFileSync(file);
  if (!looksLikeTar(bytes)) return bytes.toString('utf8');
  expect(bytes.toString('utf8', 0, 15)).toBe('database.ndjson');
  const size = parseInt(bytes.toString('ascii', 124, 135), 8);
  return bytes.toString('utf8', 512, 512 + size);
}

/** Every table section of a dump: name → its row lines parsed (the header's time and origin left out). */
function rowsOf(file: string): Map<string, unknown[]> {
  const lines = dumpText(file).trim().split('\n');
  const header = JSON.parse(lines[0]!) as { tables: { name: string; rows: number }[] };
  const tables = new Map<string, unknown[]>();
  let at = 1;
  for (const table of header.tables) {
    const marker = JSON.parse(lines[at++]!) as { table: string; rows: number };
    expect(marker).toEqual({ table: table.name, rows: table.rows });
    tables.set(
      table.name,
      lines.slice(at, at + table.rows).map((line) => JSON.parse(line)),
    );
    at += table.rows;
  }
  expect(JSON.parse(lines[at]!)).toEqual({ end: true });
  return tables;
}

describe.skipIf(!usingPostgres)('db dump / db restore', { timeout: 300_000 }, () => {
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'newsctl-dump-'));
    embedded = await openDatabase({ databaseUrl: null, dataDir: '', inMemory: true });
    await migrate(embedded.sql);
    // Populate through the product itself: a trend, its generated article (which names the
    // generate-article run that wrote it), domains, the avoid list, a setting, a token, logs and job runs.
    const config = loadConfig({ NEWSCTL_LOG_LEVEL: 'silent', NEWSCTL_DATA_DIR: folder });
    const ctx = createAppContext({ config, db: embedded });
    const { app, localSecret } = await buildApp(ctx, { logger: false });
    const client = createClient(appTransport(app, ctx, localSecret));
    await storeStoryTrend(embedded.sql, { title: STORM, description: 'A storm flooded the harbor.', topic: 'usa', relevance: 9, sources: harborStorm(6) });
    await client.generator.generateFromTrend(STORM);
    for (let i = 0; i < 1200 && (await client.generator.queueStatus()).queueLength > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await client.articles.list()).toHaveLength(1);
    await client.domains.add({ url: 'example.com', priority: 7 });
    await client.domains.add({ url: 'http://127.0.0.2:8080', startingUrl: 'http://127.0.0.2:8080/news/' });
    await client.avoid.add({ url: 'tracker.example', reason: 'ads "and" tracking' });
    await client.settings.set('interview-topic', { topic: 'Heat pumps — in winter, “quoted”' });
    await client.auth.createToken('dump test');
    // An outlet's earlier version filed under its newer one: a row pointing at a later row.
    await embedded.sql`update articles set copy_of = (select max(id) from articles), copy_kind = 'update' where id = (select min(id) from articles)`;
    await client.domains.setRules((await client.domains.list())[0]!.id, { body: 'article .story', remove: ['.share'] });
    await app.close();
    target = await createTestDatabase();
  }, 300_000);
  afterAll(async () => {
    await embedded?.close();
    await target?.drop();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it('orders tables by their references (no foreign-key cycle left to cut; a self-reference set last)', async () => {
    const order = loadOrder(await productTables(embedded.sql));
    const names = order.map((entry) => entry.table.name);
    expect(names.indexOf('domains')).toBeLessThan(names.indexOf('articles'));
    expect(names.indexOf('trends')).toBeLessThan(names.indexOf('trend_articles'));
    expect(names.indexOf('job_runs')).toBeLessThan(names.indexOf('generated_articles'));
    expect(names).not.toContain('schema_migrations');
    expect(order.flatMap((entry) => entry.deferred.map((column) => `${entry.table.name}.${column}`))).toEqual(['articles.copy_of']);
  });

  it('cuts a foreign-key cycle at a nullable column, and refuses one without', () => {
    const column = (name: string, nullable: boolean) => ({ name, generated: false, identity: false, nullable });
    const a = { name: 'a', columns: [column('id', false), column('b_id', true)], primaryKey: ['id'], references: [{ column: 'b_id', table: 'b' }] };
    const b = { name: 'b', columns: [column('id', false), column('a_id', false)], primaryKey: ['id'], references: [{ column: 'a_id', table: 'a' }] };
    expect(loadOrder([b, a]).map((entry) => [entry.table.name, entry.deferred])).toEqual([
      ['a', ['b_id']],
      ['b', []],
    ]);
    const strict = { ...a, columns: [column('id', false), column('b_id', false)] };
    expect(() => loadOrder([b, strict])).toThrow(/cycle through .* has no nullable column/);
  });

  it('round-trips embedded → PostgreSQL (with the CLI) → embedded with every row equal', async () => {
    const first = join(folder, 'embedded.ndjson');
    await dumpTo(embedded, first);
    const source = rowsOf(first);
    expect(source.get('generated_articles')).toHaveLength(1);
    expect((source.get('job_runs') as { job: string }[]).filter((run) => run.job === 'generate-article')).toHaveLength(1);
    expect(source.get('articles')).toHaveLength(6);
    expect((source.get('articles')![0] as Record<string, unknown>).search_vector).toBeUndefined();

    const indexes = await indexDefinitions(target.db.sql);
    expect(indexes.some((definition) => definition.includes('search_pair_keys'))).toBe(true);
    const restored = await runCli(['db', 'restore', first, '--json', '--database-url', target.url!]);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    // The indexes dropped for the load are built again, every one as it was.
    expect(await indexDefinitions(target.db.sql)).toEqual(indexes);
    expect(JSON.parse(restored.stdout)).toMatchObject({ rows: [...source.values()].reduce((n, rows) => n + rows.length, 0) });
    // A second restore over the data is refused without --yes (conflict, exit 5).
    const again = await runCli(['db', 'restore', first, '--database-url', target.url!]);
    expect(again.code).toBe(5);
    expect(again.stderr).toContain('add --yes to replace them');

    const second = join(folder, 'postgres.tar');
    const dumped = await runCli(['db', 'dump', second, '--database-url', target.url!]);
    expect(dumped.code).toBe(0);
    expect(rowsOf(second)).toEqual(source);
    // Identities continue after the restored ids.
    const [domain] = await target.db.sql<{ id: number }[]>`insert into domains (url, host) values ('new.example', 'new.example') returning id`;
    expect(domain!.id).toBe(3);
    await target.db.sql`delete from domains where id = 3`;

    const back = await openDatabase({ databaseUrl: null, dataDir: '', inMemory: true });
    try {
      await migrate(back.sql);
      const staged = await stageBackup(second);
      try {
        const before = await indexDefinitions(back.sql);
        await restoreDatabase(back.sql, staged.databaseFile);
        expect(await indexDefinitions(back.sql)).toEqual(before);
      } finally {
        staged.discard();
      }
      const third = join(folder, 'back.ndjson');
      await dumpTo(back, third);
      expect(rowsOf(third)).toEqual(source);
      // Generated columns were recomputed: full-text search finds the restored articles.
      const matches = async (db: Database) =>
        (await db.sql<{ id: number }[]>`select id from articles where search_vector @@ plainto_tsquery('english', 'Port Linden') order by id`).map((r) => r.id);
      const expected = await matches(embedded);
      expect(expected.length).toBeGreaterThan(0);
      expect(await matches(back)).toEqual(expected);
    } finally {
      await back.close();
    }
  });

  it('refuses a truncated dump and leaves the database as it was', async () => {
    const whole = readFileSync(join(folder, 'embedded.ndjson'), 'utf8');
    const cut = join(folder, 'cut.ndjson');
    writeFileSync(cut, whole.slice(0, whole.lastIndexOf('{"end"')));
    const fresh = await createTestDatabase();
    try {
      await expect(restoreDatabase(fresh.db.sql, cut)).rejects.toThrow(/truncated/);
      const [row] = await fresh.db.sql<{ count: number }[]>`select count(*)::int as count from articles`;
      expect(row!.count).toBe(0);
    } finally {
      await fresh.drop();
    }
  });
});

// Old data (issue "Hard days", item 5): a data folder (or PostgreSQL database) made by earlier
// versions of newsctl — built here from the migrations as they stood then (a migration file is never
// edited once released, so the first N files are that version's schema) — upgrades at start with
// its domains, articles, trends, settings and accounts; a `db dump` made by such a version restores
// into this one, brought up to date on the way; a dump from a newer version is refused, saying so.
import { createWriteStream, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finished } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openDatabase, type Sql } from '../../src/db/client.js';
import { appliedMigrations, listMigrations, migrate } from '../../src/db/migrate.js';
import { openRuntime } from '../../src/runtime.js';
import { dumpDatabase, restoreDatabase } from '../../src/services/platform/dump/index.js';
import { getSetting } from '../../src/services/platform/settings/index.js';
import { listAvoidDomains, listDomains } from '../../src/services/reader/domains/index.js';
import { searchArticlesByText } from '../../src/services/reader/search/index.js';
import { createTestDatabase, indexDefinitions, usingPostgres } from '../helpers/db.js';

/** The last migration of earlier versions: 2026-11-23 (the foundation), 2026-11-27 (backups), 2026-12-01 (before the one job store). */
const VERSIONS = [5, 17, 23];
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function folder(prefix: string): string {
  const path = mkdtempSync(join(tmpdir(), prefix));
  folders.push(path);
  return path;
}

/** A folder holding the migrations an earlier version shipped: the first files, up to `last`. */
function migrationsUpTo(last: number): string {
  const dir = folder('newsctl-old-migrations-');
  for (const migration of listMigrations().filter((m) => m.version <= last)) symlinkSync(migration.file, join(dir, migration.file.split('/').at(-1)!));
  return dir;
}

/** What an earlier version stored, in the columns every version since the first has had. */
async function storeOldData(sql: Sql): Promise<void> {
  await sql`insert into users (username, password_hash) values ('editor', 'scrypt$kept-as-is')`;
  await sql`insert into settings (key, value) values ('audio-retention', ${sql.json({ retentionDays: 12 })})`;
  const [domain] = await sql<{ id: number }[]>`insert into domains (url, host, priority) values ('old-ledger.example', 'old-ledger.example', 7) returning id`;
  await sql`insert into avoid_domains (url, reason) values ('tracker.example', 'ads')`;
  for (const [n, title] of ['Harbor reopens after the storm', 'Council approves the ferry budget', 'Lighthouse keeper retires after forty years'].entries()) {
    await sql`insert into articles (domain_id, domain_name, source_url, canonical_url, title, content, excerpt, topic, word_count)
      values (${domain!.id}, 'old-ledger.example', ${`https://old-ledger.example/${n}`}, ${`https://old-ledger.example/${n}`}, ${title},
              ${`${title}. The town of Port Linden heard the news on Monday, and residents gathered at the quay.`}, ${title}, 'usa', 20)`;
  }
  await sql`insert into trends (title, description, topic, relevance_score) values ('Port Linden harbor reopens', 'The harbor reopened.', 'usa', 8)`;
}

/** What this version must find in it, through its own services. */
async function expectOldData(ctx: Awaited<ReturnType<typeof openRuntime>>['ctx']): Promise<void> {
  expect(await appliedMigrations(ctx.sql)).toEqual(listMigrations().map((m) => m.version));
  expect((await listDomains(ctx)).map((d) => ({ url: d.url, priority: d.priority }))).toEqual([{ url: 'old-ledger.example', priority: 7 }]);
  expect((await listAvoidDomains(ctx)).map((d) => d.url)).toEqual(['tracker.example']);
  expect(await getSetting(ctx, 'audio-retention')).toEqual({ retentionDays: 12 });
  const found = await searchArticlesByText(ctx, 'ferry budget');
  expect(found.results.map((r) => r.title)).toContain('Council approves the ferry budget');
  const [users] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from users where username = 'editor'`;
  expect(users!.n).toBe(1);
  const [trends] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from trends where title = 'Port Linden harbor reopens'`;
  expect(trends!.n).toBe(1);
}

describe.each(VERSIONS)('data of the version whose last migration was %i', (last) => {
  it('upgrades at start, keeping what it held', { timeout: 180_000 }, async () => {
    const dataDir = folder('newsctl-old-data-');
    const database = usingPostgres ? await createTestDatabase({ empty: true }) : null;
    try {
      // Made by the earlier version: its data folder (or database), closed.
      const old = await openDatabase({ databaseUrl: database?.url ?? null, dataDir: database ? '' : dataDir });
      await migrate(old.sql, migrationsUpTo(last));
      await storeOldData(old.sql);
      await old.close();
      // This version starts on it.
      const runtime = await openRuntime(loadConfig({ NEWSCTL_LOG_LEVEL: 'silent' }, { dataDir, databaseUrl: database?.url ?? undefined }));
      try {
        await expectOldData(runtime.ctx);
      } finally {
        await runtime.close();
      }
    } finally {
      await database?.drop();
    }
  });

  it('restores its `db dump` into this version, brought up to date', { timeout: 180_000 }, async () => {
    const before = await createTestDatabase({ empty: true });
    const after = await createTestDatabase({ empty: true });
    const dir = folder('newsctl-old-dump-');
    try {
      await migrate(before.db.sql, migrationsUpTo(last));
      await storeOldData(before.db.sql);
      const file = join(dir, 'database.ndjson');
      const out = createWriteStream(file);
      await dumpDatabase(before.db.sql, usingPostgres ? 'postgres' : 'embedded', out);
      out.end();
      await finished(out);
      expect(JSON.parse(readFileSync(file, 'utf8').split('\n')[0]!).migrations.at(-1)).toBe(last);

      await migrate(after.db.sql);
      const indexes = await indexDefinitions(after.db.sql);
      const summary = await restoreDatabase(after.db.sql, file);
      // The indexes dropped for the load are built again, every one as it was.
      expect(await indexDefinitions(after.db.sql)).toEqual(indexes);
      expect(summary.perTable.articles).toBe(3);
      await expectOldData({ sql: after.db.sql, config: loadConfig({ NEWSCTL_LOG_LEVEL: 'silent' }) } as never);
      // Nothing of the upgrade is left behind, and new rows get new ids.
      const [schemas] = await after.db.sql<{ n: number }[]>`select count(*)::int as n from pg_namespace where nspname = 'newsctl_restore_upgrade'`;
      expect(schemas!.n).toBe(0);
      const [added] = await after.db.sql<{ id: number }[]>`insert into domains (url, host) values ('new.example', 'new.example') returning id`;
      expect(added!.id).toBeGreaterThan(1);
    } finally {
      await before.drop();
      await after.drop();
    }
  });
});

describe('a dump from a newer version', () => {
  it('is refused, saying which version can restore it, and changes nothing', { timeout: 120_000 }, async () => {
    const source = await createTestDatabase();
    const target = await createTestDatabase();
    const dir = folder('newsctl-new-dump-');
    try {
      await source.db.sql`insert into domains (url, host) values ('future.example', 'future.example')`;
      const file = join(dir, 'database.ndjson');
      const out = createWriteStream(file);
      await dumpDatabase(source.db.sql, usingPostgres ? 'postgres' : 'embedded', out);
      out.end();
      await finished(out);
      // As a later newsctl would write it: one migration more than this version knows.
      const [header, ...rest] = readFileSync(file, 'utf8').split('\n');
      const parsed = JSON.parse(header!);
      parsed.migrations.push(999);
      writeFileSync(file, [JSON.stringify(parsed), ...rest].join('\n'));
      await target.db.sql`insert into domains (url, host) values ('kept.example', 'kept.example')`;
      await expect(restoreDatabase(target.db.sql, file, { replace: true })).rejects.toThrow(
        /was made by a newer newsctl \(migrations 999 are unknown to this version\): restore it with that version or a later one/,
      );
      expect((await target.db.sql<{ host: string }[]>`select host from domains`).map((d) => d.host)).toEqual(['kept.example']);
    } finally {
      await source.drop();
      await target.drop();
    }
  });
});

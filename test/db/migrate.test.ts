import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appliedMigrations, listMigrations, migrate, missingVersions } from '../../src/db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

describe('migrations', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.drop());

  it('are numbered, applied once and recorded', async () => {
    const files = listMigrations();
    expect(files.length).toBeGreaterThan(0);
    expect(await appliedMigrations(database.db.sql)).toEqual(files.map((m) => m.version));
    // A second run applies nothing and changes nothing.
    expect(await migrate(database.db.sql)).toEqual([]);
    expect(await appliedMigrations(database.db.sql)).toEqual(files.map((m) => m.version));
  });

  it('are checked for gaps: a lost file stops the start, numbers never used do not', () => {
    expect(missingVersions(listMigrations().map((m) => m.version))).toEqual([]);
    expect(missingVersions([1, 2, 3, 4, 5, 7, 8, 11, 12])).toEqual([]);
    expect(missingVersions([1, 2, 4, 5, 7])).toEqual([3]);
    const dir = mkdtempSync(join(tmpdir(), 'newsctl-migrations-'));
    for (const name of ['001_a.sql', '002_b.sql', '004_d.sql']) writeFileSync(join(dir, name), 'select 1;');
    expect(() => listMigrations(dir)).toThrow('Migration numbers have a gap: 3 (a file was lost, or numbered wrong)');
  });

  it('refuse a database a newer newsctl migrated, changing nothing', async () => {
    const sql = database.db.sql;
    await sql`insert into schema_migrations (version, name) values (999, 'from_the_future')`;
    try {
      await expect(migrate(sql)).rejects.toThrow(
        'This database was migrated by a newer newsctl (migrations 999 are unknown to this version); run that version, or restore a backup made by this one',
      );
    } finally {
      await sql`delete from schema_migrations where version = 999`;
    }
  });

  it('create a table for every entity of both specs', async () => {
    const rows = await database.db.sql<{ tableName: string }[]>`
      select table_name from information_schema.tables where table_schema = 'public'`;
    const tables = rows.map((row) => row.tableName);
    for (const table of [
      'users',
      'sessions',
      'api_tokens',
      'settings',
      'domains',
      'avoid_domains',
      'articles',
      'trends',
      'trend_articles',
      'generated_articles',
      'job_runs',
      'logs',
      'audio_assets',
      'scripts',
      'music_tracks',
      'job_activity',
      'llm_calls',
    ]) {
      expect(tables).toContain(table);
    }
  });

  it('refuses a second article with the same canonical URL', async () => {
    const sql = database.db.sql;
    await sql`insert into articles (domain_name, source_url, canonical_url, title) values ('a.test', 'https://a.test/x?utm_source=1', 'https://a.test/x', 'One')`;
    await expect(
      sql`insert into articles (domain_name, source_url, canonical_url, title) values ('a.test', 'https://a.test/x', 'https://a.test/x', 'Two')`,
    ).rejects.toThrow(/duplicate key/);
  });

  it('indexes titles and bodies for full-text search with stemming', async () => {
    const sql = database.db.sql;
    await sql`insert into articles (domain_name, source_url, canonical_url, title, content)
              values ('b.test', 'https://b.test/r', 'https://b.test/r', 'Runners gather downtown', 'The marathon was running late.')`;
    const [hit] = await sql<{ title: string }[]>`
      select title from articles where search_vector @@ websearch_to_tsquery('english', 'run marathons')`;
    expect(hit?.title).toBe('Runners gather downtown');
  });
});

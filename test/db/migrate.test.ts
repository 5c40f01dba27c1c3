import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appliedMigrations, listMigrations, migrate } from '../../src/db/migrate.js';
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

  it('create a table for every entity of both specs', async () => {
    const rows = await database.db.sql<{ tableName: string }[]>`
      select table_name from information_schema.tables where table_schema = 'public'`;
    const tables = rows.map((row) => row.tableName);
    for (const table of [
      'users', 'sessions', 'api_tokens', 'settings', 'domains', 'avoid_domains', 'articles', 'trends',
      'trend_articles', 'generated_articles', 'generation_queue', 'logs', 'audio_assets', 'scripts',
      'music_tracks', 'job_state', 'llm_calls',
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

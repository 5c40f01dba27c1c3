// A fresh, migrated database per test file: embedded PGlite, or a new PostgreSQL database when
// DATABASE_URL is set (created from the run's template, dropped afterwards).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { inject } from 'vitest';
import { openDatabase, type Database, type Queryable } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';

export const usingPostgres = Boolean(process.env.DATABASE_URL);

export interface TestDatabase {
  db: Database;
  /** DATABASE_URL of this test database (null for the embedded one). */
  url: string | null;
  drop(): Promise<void>;
}

/** `empty`: no schema at all (a test that migrates it step by step). */
export async function createTestDatabase(options: { empty?: boolean } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `newsctl_test_${randomBytes(6).toString('hex')}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    const template = options.empty ? undefined : inject('postgresTemplate');
    await admin.unsafe(template ? `create database ${name} template ${template}` : `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '', maxConnections: 4 });
    if (!template && !options.empty) await migrate(db.sql);
    return {
      db,
      url: url.toString(),
      async drop() {
        await db.close();
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const templateFile = options.empty ? undefined : inject('embeddedTemplate');
  const db = await openDatabase({
    databaseUrl: null,
    dataDir: '',
    inMemory: true,
    ...(templateFile ? { loadDataDir: new Blob([readFileSync(templateFile)]) } : {}),
  });
  if (!templateFile && !options.empty) await migrate(db.sql);
  return { db, url: null, drop: () => db.close() };
}

/** The public schema's indexes as their definitions: a restore must leave the same ones it found. */
export async function indexDefinitions(sql: Queryable): Promise<string[]> {
  const rows = await sql<{ definition: string }[]>`select indexdef as definition from pg_indexes where schemaname = 'public' order by indexname`;
  return rows.map((row) => row.definition);
}

// Prepares one migrated database image for the whole run, so each test file gets a fresh database
// in about a second: a PGlite dump (embedded) or a PostgreSQL template database (DATABASE_URL).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';

declare module 'vitest' {
  export interface ProvidedContext {
    embeddedTemplate: string;
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    // One per project: two projects of one run each make their own.
    const template = `newsctl_template_${process.pid}_${project.name.replace(/\W/g, '_')}`;
    const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${template}`);
    await admin.unsafe(`create database ${template}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${template}`;
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    await migrate(db.sql);
    await db.close();
    project.provide('postgresTemplate', template);
    project.provide('embeddedTemplate', '');
    return async () => {
      await admin.unsafe(`drop database if exists ${template}`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'newsctl-test-template-'));
  const file = join(dir, 'template.tar.gz');
  // One process's one job (migrate, dump): run as a single command is (no WebAssembly optimised
  // in the background: 9 → 4 s of CPU here).
  const db = await openDatabase({ databaseUrl: null, dataDir: '', inMemory: true, shortLived: true });
  await migrate(db.sql);
  const image = await db.dumpDataDir!();
  await db.close();
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  project.provide('embeddedTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}

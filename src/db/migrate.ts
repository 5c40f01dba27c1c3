// Applies sql/NNN_name.sql files in order, each in its own transaction, recorded in
// schema_migrations and never re-applied. Safe when two processes start at once (an advisory lock).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packagePath } from '../paths.js';
import type { Queryable, Sql } from './client.js';

export interface Migration {
  version: number;
  name: string;
  file: string;
}

const MIGRATION_FILE = /^(\d{3,})_([a-z0-9_]+)\.sql$/;
// Any constant works; it only has to be the same for every newsctl process.
const MIGRATION_LOCK_KEY = 7_311_624_001;

export function listMigrations(dir = packagePath('sql')): Migration[] {
  const migrations = readdirSync(dir)
    .map((file) => ({ file, match: MIGRATION_FILE.exec(file) }))
    .filter((entry): entry is { file: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ file, match }) => ({ version: Number(match[1]), name: match[2]!, file: join(dir, file) }))
    .sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]!.version === migrations[i - 1]!.version) {
      throw new Error(`Two migrations share version ${migrations[i]!.version}`);
    }
  }
  const missing = missingVersions(migrations.map((migration) => migration.version));
  if (missing.length) throw new Error(`Migration numbers have a gap: ${missing.join(', ')} (a file was lost, or numbered wrong)`);
  return migrations;
}

/**
 * Numbers that were never used: branches of the project merged without them. Any other gap means
 * a migration file is missing from the package, and the schema would silently lack it.
 */
const NEVER_USED_VERSIONS: readonly number[] = [6, 9, 10];

export function missingVersions(versions: readonly number[]): number[] {
  const present = new Set(versions);
  const last = Math.max(0, ...versions);
  const missing: number[] = [];
  for (let version = 1; version <= last; version++) if (!present.has(version) && !NEVER_USED_VERSIONS.includes(version)) missing.push(version);
  return missing;
}

/** A database a newer newsctl migrated holds a schema this version does not know: refuse it, never guess. */
function refuseNewerSchema(applied: readonly number[], shipped: readonly Migration[]): void {
  const known = new Set(shipped.map((migration) => migration.version));
  const unknown = applied.filter((version) => !known.has(version));
  if (unknown.length) {
    throw new Error(
      `This database was migrated by a newer newsctl (migrations ${unknown.join(', ')} are unknown to this version); run that version, or restore a backup made by this one`,
    );
  }
}

/** Applies pending migrations; returns the names of those applied now. */
export async function migrate(sql: Sql, dir?: string): Promise<string[]> {
  await sql`
    create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`;
  const shipped = listMigrations(dir);
  refuseNewerSchema(await appliedMigrations(sql), shipped);
  const applied: string[] = [];
  for (const migration of shipped) {
    const ran = await sql.begin(async (tx) => {
      await tx`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`;
      const [done] = await tx`select 1 from schema_migrations where version = ${migration.version}`;
      if (done) return false;
      await tx.unsafe(readFileSync(migration.file, 'utf8'));
      await tx`insert into schema_migrations (version, name) values (${migration.version}, ${migration.name})`;
      return true;
    });
    if (ran) applied.push(`${String(migration.version).padStart(3, '0')}_${migration.name}`);
  }
  return applied;
}

/** Runs migrations' SQL inside the caller's transaction, without recording them (a restore's upgrade schema). */
export async function runMigrationSql(tx: Queryable, migrations: readonly Migration[]): Promise<void> {
  for (const migration of migrations) await tx.unsafe(readFileSync(migration.file, 'utf8'));
}

export async function appliedMigrations(sql: Sql): Promise<number[]> {
  const rows = await sql<{ version: number }[]>`select version from schema_migrations order by version`;
  return rows.map((row) => row.version);
}

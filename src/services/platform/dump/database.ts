// The database part of a backup: a portable copy of the product's data that moves between the
// embedded database and PostgreSQL in both directions (pg_dump cannot serve both: the embedded
// database is a newer PostgreSQL major than most servers). Format, one JSON value per line:
//   {"format":"newsctl-dump","version":1,"createdAt","database","migrations":[…],"tables":[…]}
//   {"table":"domains","rows":N}  followed by N lines, one row object each (generated columns left out)
//   … one section per table, in foreign-key order …
//   {"end":true}
// Identities are kept (OVERRIDING SYSTEM VALUE) and their sequences set after the rows. A foreign
// key cycle, should a migration make one, is cut at a nullable column (as is a table's reference to
// itself): those columns are left null at insert and set, on the rows that have a value, once every
// row is in. The tables' secondary indexes are built after the load, not row by row.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';
import type { Queryable, Sql } from '../../../db/client.js';
import {
  copyTableFrom,
  countRows,
  createSchema,
  dropSchema,
  searchSchemaFirst,
  createPendingTable,
  insertRowsJson,
  productTables,
  resetIdentity,
  setDeferredColumns,
  tableRowsJson,
  truncateTables,
  setUtcTimeZone,
  withIndexesBuiltAfter,
  type DumpTable,
} from '../../../db/dump.js';
import { appliedMigrations, listMigrations, runMigrationSql } from '../../../db/migrate.js';
import { Conflict, Invalid } from '../../../errors.js';
import { withoutSecrets } from '../settings/index.js';
import { headerEntries, type SecretEntry } from '../settings/secrets.js';

export const DUMP_FORMAT = 'newsctl-dump';
const DUMP_VERSION = 1;
const PAGE_ROWS = 500;

export interface DumpTableHeader {
  name: string;
  /** Columns present in each row line (generated ones are not). */
  columns: string[];
  primaryKey: string[];
  identity: string[];
  /** Columns null at insert and set in the second pass (foreign-key cycles). */
  deferred: string[];
  rows: number;
}

export interface DumpHeader {
  format: typeof DUMP_FORMAT;
  version: number;
  createdAt: string;
  database: 'embedded' | 'postgres';
  migrations: number[];
  tables: DumpTableHeader[];
}

export interface DumpSummary {
  tables: number;
  rows: number;
  perTable: Record<string, number>;
}

/** A credential a dump left out: which setting (or table) held it, and what people call it. */
export interface OmittedSecret {
  where: string;
  label: string;
}

export interface DumpOptions {
  /** Keep API keys and provider headers (they are left out by default). */
  includeSecrets?: boolean;
}

/**
 * Tables a dump never holds: sessions (a restored cookie must not log anyone in), the login
 * throttle's recent failures, and live messages in transit between daemons.
 */
const TRANSIENT_TABLES: ReadonlySet<string> = new Set(['sessions', 'login_failures', 'live_messages']);

/** A row line with its credentials blanked, for the tables that hold some (settings, music tracks). */
function stripRow(table: string, line: string, omitted: OmittedSecret[]): string {
  if (table === 'settings') {
    const row = JSON.parse(line) as { key: string; value: unknown };
    const stripped = withoutSecrets(row.key, row.value);
    if (stripped.omitted.length === 0) return line;
    omitted.push(...stripped.omitted.map((entry: SecretEntry) => ({ where: row.key, label: entry.label })));
    return JSON.stringify({ ...row, value: stripped.value });
  }
  if (table === 'music_tracks') {
    const row = JSON.parse(line) as { id: number; config: Record<string, unknown> | null };
    const entries = headerEntries(row.config);
    if (entries.length === 0) return line;
    const provider = row.config!.provider as { headers: Record<string, string> };
    const headers = { ...provider.headers };
    for (const entry of entries) headers[entry.path.slice('provider.headers.'.length)] = '';
    omitted.push({ where: `music track ${row.id}`, label: 'music API headers' });
    return JSON.stringify({ ...row, config: { ...row.config, provider: { ...provider, headers } } });
  }
  return line;
}

/** Tables in an order where each one's references come first; cycles cut at nullable columns. */
export function loadOrder(tables: DumpTable[]): { table: DumpTable; deferred: string[] }[] {
  const remaining = new Map(tables.map((t) => [t.name, t]));
  const deferred = new Map<string, Set<string>>();
  // A table referring to itself (an article filed as a copy of another) may point at a row of a
  // later page of the dump: its nullable self-references are set in the second pass.
  for (const t of tables) {
    const own = t.references.filter((r) => r.table === t.name && t.columns.find((c) => c.name === r.column)?.nullable).map((r) => r.column);
    if (own.length) deferred.set(t.name, new Set(own));
  }
  const order: { table: DumpTable; deferred: string[] }[] = [];
  const blockers = (t: DumpTable) => t.references.filter((r) => remaining.has(r.table) && r.table !== t.name && !deferred.get(t.name)?.has(r.column));
  while (remaining.size) {
    const ready = [...remaining.values()].filter((t) => blockers(t).length === 0).sort((a, b) => a.name.localeCompare(b.name));
    if (ready.length) {
      for (const t of ready) {
        order.push({ table: t, deferred: [...(deferred.get(t.name) ?? [])] });
        remaining.delete(t.name);
      }
      continue;
    }
    // A cycle: defer the nullable references of one table in it.
    const cut = [...remaining.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .find((t) => blockers(t).every((r) => t.columns.find((c) => c.name === r.column)?.nullable));
    if (!cut) throw Invalid(`Cannot order tables for a dump: a foreign-key cycle through ${[...remaining.keys()].join(', ')} has no nullable column`);
    const cols = deferred.get(cut.name) ?? new Set<string>();
    for (const r of blockers(cut)) cols.add(r.column);
    deferred.set(cut.name, cols);
  }
  return order;
}

function write(out: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // A reader that went away (a daemon's client hung up) ends the dump and its transaction, which
    // on the embedded database holds the only connection.
    if (out.destroyed || out.writableEnded) return reject(new Error('The dump output was closed'));
    if (out.write(text)) return resolve();
    const settle = (error?: Error) => {
      out.off('drain', onDrain);
      out.off('error', onError);
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = () => settle();
    const onError = (error: Error) => settle(error);
    const onClose = () => settle(new Error('The dump output was closed'));
    out.on('drain', onDrain);
    out.on('error', onError);
    out.on('close', onClose);
  });
}

/**
 * Writes the dump of every product table to `out`, read in one consistent snapshot; credentials
 * are left out unless `includeSecrets` (the summary says which).
 */
export async function dumpDatabase(
  sql: Sql,
  kind: 'embedded' | 'postgres',
  out: Writable,
  options: DumpOptions = {},
): Promise<DumpSummary & { omittedSecrets: OmittedSecret[] }> {
  const omittedSecrets: OmittedSecret[] = [];
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    await setUtcTimeZone(tx);
    const tables = loadOrder((await productTables(tx)).filter((table) => !TRANSIENT_TABLES.has(table.name)));
    const headers: DumpTableHeader[] = [];
    for (const { table, deferred } of tables) {
      headers.push({
        name: table.name,
        columns: table.columns.filter((c) => !c.generated).map((c) => c.name),
        primaryKey: table.primaryKey,
        identity: table.columns.filter((c) => c.identity).map((c) => c.name),
        deferred,
        rows: await countRows(tx, table.name),
      });
    }
    const header: DumpHeader = {
      format: DUMP_FORMAT,
      version: DUMP_VERSION,
      createdAt: new Date().toISOString(),
      database: kind,
      migrations: await appliedMigrations(tx as unknown as Sql),
      tables: headers,
    };
    await write(out, `${JSON.stringify(header)}\n`);
    const perTable: Record<string, number> = {};
    for (const [index, table] of headers.entries()) {
      await write(out, `${JSON.stringify({ table: table.name, rows: table.rows })}\n`);
      let written = 0;
      let last: string | null = null;
      while (written < table.rows) {
        let lines = await tableRowsJson(tx, tables[index]!.table, table.columns, { line: last, offset: written }, PAGE_ROWS);
        if (lines.length === 0) break;
        last = lines[lines.length - 1]!;
        if (!options.includeSecrets) lines = lines.map((line) => stripRow(table.name, line, omittedSecrets));
        await write(out, `${lines.join('\n')}\n`);
        written += lines.length;
      }
      perTable[table.name] = written;
    }
    await write(out, `${JSON.stringify({ end: true })}\n`);
    return { tables: headers.length, rows: Object.values(perTable).reduce((a, b) => a + b, 0), perTable, omittedSecrets };
  }) as Promise<DumpSummary & { omittedSecrets: OmittedSecret[] }>;
}

/** Reads a dump file section by section: the header, then each table's rows in pages. */
type DumpSection = { header: DumpHeader } | { table: DumpTableHeader; rows: string[] };

async function* readDump(file: string): AsyncGenerator<DumpSection> {
  const lines = createInterface({ input: createReadStream(file, 'utf8'), crlfDelay: Infinity });
  let header: DumpHeader | null = null;
  let table: DumpTableHeader | null = null;
  let left = 0;
  let page: string[] = [];
  let ended = false;
  let number = 0;
  for await (const line of lines) {
    number++;
    if (!line.trim()) continue;
    if (!header) {
      let parsed: Partial<DumpHeader>;
      try {
        parsed = JSON.parse(line) as Partial<DumpHeader>;
      } catch {
        throw Invalid(`${file} is not a newsctl dump (line 1 is not JSON)`);
      }
      if (parsed.format !== DUMP_FORMAT) throw Invalid(`${file} is not a newsctl dump`);
      if (parsed.version !== DUMP_VERSION) throw Invalid(`${file} is a version ${parsed.version} dump; this newsctl reads version ${DUMP_VERSION}`);
      const wellFormed =
        Array.isArray(parsed.migrations) &&
        Array.isArray(parsed.tables) &&
        parsed.tables.every(
          (t) =>
            t &&
            typeof t.name === 'string' &&
            Number.isInteger(t.rows) &&
            t.rows >= 0 &&
            [t.columns, t.primaryKey, t.identity, t.deferred].every((list) => Array.isArray(list) && list.every((c) => typeof c === 'string')),
        );
      if (!wellFormed) throw Invalid(`${file} has a damaged header`);
      header = parsed as DumpHeader;
      yield { header };
      continue;
    }
    if (left > 0) {
      page.push(line);
      left--;
      if (page.length === PAGE_ROWS || left === 0) {
        yield { table: table!, rows: page };
        page = [];
      }
      continue;
    }
    let marker: { table?: string; rows?: number; end?: boolean };
    try {
      marker = JSON.parse(line) as typeof marker;
    } catch {
      throw Invalid(`${file} line ${number}: expected a table section, found something that is not JSON`);
    }
    if (marker.end) {
      ended = true;
      break;
    }
    const next = header.tables.find((t) => t.name === marker.table);
    if (!next || typeof marker.rows !== 'number') throw Invalid(`${file} line ${number}: expected a table section`);
    table = next;
    left = marker.rows;
    if (left === 0) yield { table, rows: [] };
  }
  if (!header) throw Invalid(`${file} is empty`);
  if (!ended) throw Invalid(`${file} is truncated (no end line): restore refused`);
}

export interface RestoreOptions {
  /** Replace the data already in the target (it is refused otherwise). */
  replace?: boolean;
}

/**
 * Reads a whole dump without touching any database: its header, every section with the row count
 * its header gives, each row a JSON object, and the end line. What `db restore` checks before it
 * creates or changes anything.
 */
export async function validateDump(file: string): Promise<DumpHeader> {
  let header: DumpHeader | null = null;
  const counted = new Map<string, number>();
  for await (const section of readDump(file)) {
    if ('header' in section) {
      header = section.header;
      if (!Array.isArray(header.tables) || !Array.isArray(header.migrations)) throw Invalid(`${file} has a damaged header`);
      continue;
    }
    for (const row of section.rows) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(row);
      } catch {
        throw Invalid(`${file}: a row of table ${section.table.name} is not JSON`);
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw Invalid(`${file}: a row of table ${section.table.name} is not an object`);
    }
    counted.set(section.table.name, (counted.get(section.table.name) ?? 0) + section.rows.length);
  }
  if (!header) throw Invalid(`${file} is not a newsctl dump`);
  for (const table of header.tables) {
    if ((counted.get(table.name) ?? 0) !== table.rows)
      throw Invalid(`${file}: table ${table.name} has ${counted.get(table.name) ?? 0} rows, its header says ${table.rows}`);
  }
  return header;
}

/** Where an older dump is loaded and brought up to date, inside the restore's transaction. */
const UPGRADE_SCHEMA = 'newsctl_restore_upgrade';

/**
 * Loads a dump into a migrated database, in one transaction: all of it or nothing. Sessions in an
 * older dump are skipped and the target's own end: a restore never carries a login over. A dump an
 * older newsctl made (its migrations a beginning of this version's) is loaded into a schema of its
 * own at its own migrations, brought up to date there by the same migrations a daemon runs at start,
 * and copied into place; one a newer newsctl made is refused, saying so.
 */
export async function restoreDatabase(sql: Sql, file: string, options: RestoreOptions = {}): Promise<DumpSummary> {
  const source = readDump(file);
  const first = await source.next();
  if (first.done || !('header' in first.value)) throw Invalid(`${file} is not a newsctl dump`);
  const header = first.value.header;

  const applied = await appliedMigrations(sql);
  const shipped = listMigrations();
  const unknown = header.migrations.filter((version) => !shipped.some((migration) => migration.version === version));
  if (unknown.length) {
    throw Invalid(
      `${file} was made by a newer newsctl (migrations ${unknown.join(', ')} are unknown to this version): restore it with that version or a later one`,
    );
  }
  const upgrade = applied.join(',') !== header.migrations.join(',');
  const older = shipped.slice(0, header.migrations.length);
  if (upgrade && (older.map((migration) => migration.version).join(',') !== header.migrations.join(',') || applied.length !== shipped.length)) {
    throw Invalid(
      `The dump was made at migrations ${header.migrations.join(', ')} and this database is at ${applied.join(', ')}: run \`newsctl db migrate\` on it first, or restore with the newsctl version that made the dump`,
    );
  }
  const present = new Map((await productTables(sql)).map((t) => [t.name, t]));
  const restored = header.tables.filter((table) => !TRANSIENT_TABLES.has(table.name));

  return sql.begin(async (tx) => {
    const dumped = restored.map((table) => table.name).filter((name) => present.has(name));
    let existing = 0;
    for (const name of dumped) existing += await countRows(tx, name);
    if (existing > 0 && !options.replace) throw Conflict(`The database already holds ${existing} rows: add --yes to replace them with the dump`);
    const transient = [...TRANSIENT_TABLES].filter((name) => present.has(name));
    if (!upgrade) {
      await truncateTables(tx, [...dumped, ...transient]);
      return loadRows(tx, file, source, 'public', present, restored);
    }
    // Every table is filled from the upgraded dump, those its version did not have included.
    await truncateTables(tx, [...present.keys()]);

    // The dump's own schema, its rows, then the migrations since: the upgrade a daemon would have made.
    await createSchema(tx, UPGRADE_SCHEMA);
    await searchSchemaFirst(tx, UPGRADE_SCHEMA);
    await runMigrationSql(tx, older);
    const then = new Map((await productTables(tx, UPGRADE_SCHEMA)).map((t) => [t.name, t]));
    // What the old migrations seeded makes way for the dump's rows.
    await truncateTables(tx, [...then.keys()]);
    const summary = await loadRows(tx, file, source, UPGRADE_SCHEMA, then, restored);
    await runMigrationSql(tx, shipped.slice(older.length));
    const now = new Map((await productTables(tx, UPGRADE_SCHEMA)).map((t) => [t.name, t]));
    await searchSchemaFirst(tx, 'public');
    const order = loadOrder([...present.values()].filter((table) => !TRANSIENT_TABLES.has(table.name) && now.has(table.name)));
    const copied = (entry: { table: DumpTable }) => entry.table.columns.filter((c) => !c.generated).map((c) => c.name);
    await withIndexesBuiltAfter(
      tx,
      'public',
      order.map((entry) => entry.table.name),
      async () => {
        for (const entry of order)
          await copyTableFrom(
            tx,
            UPGRADE_SCHEMA,
            entry.table,
            copied(entry).filter((c) => !entry.deferred.includes(c)),
          );
        for (const entry of order) if (entry.deferred.length) await copyTableFrom(tx, UPGRADE_SCHEMA, entry.table, [], entry.deferred);
      },
    );
    for (const entry of order) for (const column of entry.table.columns.filter((c) => c.identity)) await resetIdentity(tx, entry.table.name, column.name);
    await dropSchema(tx, UPGRADE_SCHEMA);
    return summary;
  }) as Promise<DumpSummary>;
}

/** The dump's rows into the tables of `schema`, first on the search path (checked against `present` first). */
async function loadRows(
  tx: Queryable,
  file: string,
  source: AsyncGenerator<DumpSection>,
  schema: string,
  present: Map<string, DumpTable>,
  restored: DumpTableHeader[],
): Promise<DumpSummary> {
  for (const table of restored) {
    const target = present.get(table.name);
    if (!target) throw Invalid(`The dump has table ${table.name}, which this database lacks`);
    const missing = table.columns.filter((c) => !target.columns.some((t) => t.name === c));
    if (missing.length) throw Invalid(`Table ${table.name} lacks column(s) ${missing.join(', ')} of the dump`);
  }
  return withIndexesBuiltAfter(
    tx,
    schema,
    restored.map((table) => table.name),
    () => insertRows(tx, file, source, restored),
  );
}

async function insertRows(tx: Queryable, file: string, source: AsyncGenerator<DumpSection>, restored: DumpTableHeader[]): Promise<DumpSummary> {
  // A cycle's columns are null at insert; the rows that have a value are noted as they go in and
  // set once every row exists.
  const withDeferred = restored.filter((t) => t.deferred.length > 0);
  const pending = (table: string) => `newsctl_restore_pending_${table}`;
  for (const table of withDeferred) await createPendingTable(tx, table.name, table.primaryKey, table.deferred, pending(table.name));
  const perTable: Record<string, number> = {};
  for await (const section of source) {
    if (!('table' in section) || TRANSIENT_TABLES.has(section.table.name)) continue;
    const { table, rows } = section;
    const columns = table.columns.filter((c) => !table.deferred.includes(c));
    const deferred = table.deferred.length ? { columns: table.deferred, primaryKey: table.primaryKey, pending: pending(table.name) } : undefined;
    await insertRowsJson(tx, table.name, columns, rows, deferred);
    perTable[table.name] = (perTable[table.name] ?? 0) + rows.length;
  }
  for (const table of restored) {
    if ((perTable[table.name] ?? 0) !== table.rows)
      throw Invalid(`${file}: table ${table.name} has ${perTable[table.name] ?? 0} rows, its header says ${table.rows}`);
  }
  for (const table of withDeferred) await setDeferredColumns(tx, table.name, table.primaryKey, table.deferred, pending(table.name));
  for (const table of restored) for (const column of table.identity) await resetIdentity(tx, table.name, column);
  return { tables: restored.length, rows: Object.values(perTable).reduce((a, b) => a + b, 0), perTable };
}

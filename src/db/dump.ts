// Catalog reads and bulk row moves for `newsctl db dump` / `db restore`: the product's tables
// are those of the public schema.
// Rows travel as row_to_json text and come back through json_populate_recordset, so every type
// (timestamps, jsonb, bytea, arrays, uuids) round-trips through PostgreSQL's own text forms.
import type { Queryable } from './client.js';

export interface DumpColumn {
  name: string;
  /** Generated columns are skipped: the target computes them. */
  generated: boolean;
  identity: boolean;
  nullable: boolean;
}

export interface DumpTable {
  name: string;
  columns: DumpColumn[];
  primaryKey: string[];
  /** Referencing column → referenced table (foreign keys to other tables). */
  references: { column: string; table: string }[];
}

const SKIPPED_TABLES = new Set(['schema_migrations']);

/** The product's tables in `schema` (public; a restore's upgrade schema while it brings an older dump up to date). */
export async function productTables(sql: Queryable, schema = 'public'): Promise<DumpTable[]> {
  const columns = await sql<{ tableName: string; columnName: string; generated: boolean; identity: boolean; nullable: boolean }[]>`
    select c.relname as table_name, a.attname as column_name, a.attgenerated <> '' as generated,
           a.attidentity <> '' as identity, not a.attnotnull as nullable
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = ${schema} and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
     order by c.relname, a.attnum`;
  const keys = await sql<{ tableName: string; columnName: string }[]>`
    select c.relname as table_name, a.attname as column_name
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
     where n.nspname = ${schema} and i.indisprimary
     order by c.relname, array_position(i.indkey::int2[], a.attnum)`;
  const foreign = await sql<{ tableName: string; columnName: string; referenced: string }[]>`
    select c.relname as table_name, a.attname as column_name, r.relname as referenced
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid
      join pg_class r on r.oid = k.confrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attnum = k.conkey[1]
     where n.nspname = ${schema} and k.contype = 'f'`;
  const tables = new Map<string, DumpTable>();
  for (const row of columns) {
    if (SKIPPED_TABLES.has(row.tableName)) continue;
    let table = tables.get(row.tableName);
    if (!table) tables.set(row.tableName, (table = { name: row.tableName, columns: [], primaryKey: [], references: [] }));
    table.columns.push({ name: row.columnName, generated: row.generated, identity: row.identity, nullable: row.nullable });
  }
  for (const row of keys) tables.get(row.tableName)?.primaryKey.push(row.columnName);
  for (const row of foreign) tables.get(row.tableName)?.references.push({ column: row.columnName, table: row.referenced });
  return [...tables.values()];
}

/** Timestamps written in UTC whatever the server's time zone, so two dumps of equal data are equal text. */
export async function setUtcTimeZone(tx: Queryable): Promise<void> {
  await tx.unsafe(`set local timezone = 'UTC'`);
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * One page of a table's rows as JSON text, in primary-key order: the rows after `after` (the last
 * line of the previous page), so each page is an index range scan. Paging by OFFSET read every
 * earlier row again for each page: a million articles took 18 minutes (bench/scale.bench.ts). A
 * table without a primary key pages by offset.
 */
export async function tableRowsJson(
  sql: Queryable,
  table: DumpTable,
  columns: string[],
  after: { line: string | null; offset: number },
  limit: number,
): Promise<string[]> {
  const list = columns.map(quote).join(', ');
  let rows: { line: string }[];
  if (table.primaryKey.length && after.line !== null) {
    const key = table.primaryKey.map(quote).join(', ');
    rows = await sql.unsafe<{ line: string }[]>(
      `select row_to_json(t)::text as line from (select ${list} from ${quote(table.name)}
         where (${key}) > (select ${key} from json_populate_record(null::${quote(table.name)}, $2::text::json))
         order by ${key} limit $1) t`,
      [limit, after.line],
    );
  } else {
    const order = (table.primaryKey.length ? table.primaryKey : columns).map(quote).join(', ');
    rows = await sql.unsafe<{ line: string }[]>(
      `select row_to_json(t)::text as line from (select ${list} from ${quote(table.name)} order by ${order} limit $1 offset $2) t`,
      [limit, after.offset],
    );
  }
  return rows.map((row) => row.line);
}

export async function countRows(sql: Queryable, table: string): Promise<number> {
  const [row] = await sql.unsafe<{ count: string }[]>(`select count(*)::text as count from ${quote(table)}`);
  return Number(row!.count);
}

/**
 * Inserts rows (JSON objects as text) keeping their identity values. With `deferred` columns (a
 * foreign-key cycle's, left null at insert), the rows whose deferred values are set are noted in
 * `pending` (made by createPendingTable) in the same statement, for setDeferredColumns.
 */
export async function insertRowsJson(
  sql: Queryable,
  table: string,
  columns: string[],
  rows: string[],
  deferred?: { columns: string[]; primaryKey: string[]; pending: string },
): Promise<void> {
  if (rows.length === 0) return;
  const list = columns.map(quote).join(', ');
  const source = `json_populate_recordset(null::${quote(table)}, $1::text::json)`;
  const json = `[${rows.join(',')}]`;
  if (!deferred?.columns.length) {
    await sql.unsafe(`insert into ${quote(table)} (${list}) overriding system value select ${list} from ${source}`, [json]);
    return;
  }
  const noted = [...deferred.primaryKey, ...deferred.columns].map(quote).join(', ');
  const set = deferred.columns.map((c) => `${quote(c)} is not null`).join(' or ');
  await sql.unsafe(
    `with x as (select * from ${source}),
          loaded as (insert into ${quote(table)} (${list}) overriding system value select ${list} from x)
     insert into ${quote(deferred.pending)} (${noted}) select ${noted} from x where ${set}`,
    [json],
  );
}

/** A temporary table, dropped at commit, for the primary key and deferred columns of `table`'s rows. */
export async function createPendingTable(sql: Queryable, table: string, primaryKey: string[], deferred: string[], pending: string): Promise<void> {
  const noted = [...primaryKey, ...deferred].map(quote).join(', ');
  await sql.unsafe(`create temp table ${quote(pending)} on commit drop as select ${noted} from ${quote(table)} with no data`);
}

/**
 * Sets the deferred columns from the pending table, now that both sides of each reference exist:
 * only the rows that have a value, so a table whose rows are mostly unlinked is not rewritten (an
 * update of every article rewrote each row and all its indexes: 22 minutes for a million).
 */
export async function setDeferredColumns(sql: Queryable, table: string, primaryKey: string[], deferred: string[], pending: string): Promise<void> {
  const set = deferred.map((c) => `${quote(c)} = p.${quote(c)}`).join(', ');
  const match = primaryKey.map((c) => `t.${quote(c)} = p.${quote(c)}`).join(' and ');
  await sql.unsafe(`update ${quote(table)} t set ${set} from ${quote(pending)} p where ${match}`);
}

/** Identity sequences continue after the restored ids. */
export async function resetIdentity(sql: Queryable, table: string, column: string): Promise<void> {
  await sql.unsafe(`select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quote(column)}) from ${quote(table)}), 0) + 1, false)`, [
    quote(table),
    column,
  ]);
}

/**
 * Copies a table's rows from another schema into public, identity values kept: all `columns`, or
 * with `deferred` given, only those (an update by primary key, for columns cut from a reference cycle,
 * of the rows that have a value).
 */
export async function copyTableFrom(sql: Queryable, schema: string, table: DumpTable, columns: string[], deferred: string[] = []): Promise<void> {
  const from = `${quote(schema)}.${quote(table.name)}`;
  const to = `public.${quote(table.name)}`;
  if (!deferred.length) {
    const list = columns.map(quote).join(', ');
    await sql.unsafe(`insert into ${to} (${list}) overriding system value select ${list} from ${from}`);
    return;
  }
  const set = deferred.map((c) => `${quote(c)} = s.${quote(c)}`).join(', ');
  const match = table.primaryKey.map((c) => `t.${quote(c)} = s.${quote(c)}`).join(' and ');
  const linked = deferred.map((c) => `s.${quote(c)} is not null`).join(' or ');
  await sql.unsafe(`update ${to} t set ${set} from ${from} s where ${match} and (${linked})`);
}

/**
 * Runs `load` with the tables' secondary indexes (those backing no constraint) dropped, and builds
 * them again after it, in the caller's transaction: one build over the loaded rows instead of an
 * insert into each index per row — the full-text, phrase-pair and band indexes of a million
 * articles cost most of a restore's time when filled row by row.
 */
export async function withIndexesBuiltAfter<T>(sql: Queryable, schema: string, tables: string[], load: () => Promise<T>): Promise<T> {
  const indexes = await sql<{ name: string; definition: string }[]>`
    select ic.relname as name, pg_get_indexdef(i.indexrelid) as definition
      from pg_index i
      join pg_class ic on ic.oid = i.indexrelid
      join pg_class t on t.oid = i.indrelid
      join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = ${schema} and t.relname = any(${tables}::text[])
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)
     order by ic.relname`;
  for (const index of indexes) await sql.unsafe(`drop index ${quote(schema)}.${quote(index.name)}`);
  const value = await load();
  for (const index of indexes) await sql.unsafe(index.definition);
  return value;
}

/** Runs SQL with `schema` first on the search path for the rest of the transaction (its unqualified names land there). */
export async function searchSchemaFirst(sql: Queryable, schema: string): Promise<void> {
  await sql.unsafe(`set local search_path = ${quote(schema)}`);
}

export async function createSchema(sql: Queryable, schema: string): Promise<void> {
  await sql.unsafe(`create schema ${quote(schema)}`);
}

export async function dropSchema(sql: Queryable, schema: string): Promise<void> {
  await sql.unsafe(`drop schema ${quote(schema)} cascade`);
}

export async function truncateTables(sql: Queryable, tables: string[]): Promise<void> {
  if (tables.length) await sql.unsafe(`truncate ${tables.map(quote).join(', ')} restart identity cascade`);
}

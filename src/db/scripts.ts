// Generated texts of the audio features: podcast scripts (and their enhanced versions), interview
// scripts (and refined ones), lyrics, and the bulletin's script.
import type { Queryable } from './client.js';

export type ScriptKind = 'conversational' | 'conversational-enhanced' | 'interview' | 'interview-refined' | 'lyrics' | 'latest-news';

export interface ScriptRow {
  id: number;
  kind: ScriptKind;
  scriptText: string;
  meta: Record<string, unknown>;
  generatedAt: Date;
}

export async function latestScript(sql: Queryable, kind: ScriptKind): Promise<ScriptRow | undefined> {
  const [row] = await sql<ScriptRow[]>`
    select id, kind, script_text, meta, generated_at from scripts where kind = ${kind}
    order by generated_at desc, id desc limit 1`;
  return row;
}

export async function insertScript(sql: Queryable, script: { kind: ScriptKind; scriptText: string; meta?: unknown }): Promise<ScriptRow> {
  const [row] = await sql<ScriptRow[]>`
    insert into scripts (kind, script_text, meta) values (${script.kind}, ${script.scriptText}, ${sql.json((script.meta ?? {}) as never)})
    returning id, kind, script_text, meta, generated_at`;
  return row!;
}

/** Drops every stored script of these kinds (a new podcast script clears the enhanced one). */
export async function deleteScripts(sql: Queryable, kinds: readonly ScriptKind[]): Promise<void> {
  await sql`delete from scripts where kind = any(${kinds as ScriptKind[]}::text[])`;
}

/** Keeps the newest `keep` scripts of a kind. */
export async function pruneScripts(sql: Queryable, kind: ScriptKind, keep: number): Promise<void> {
  await sql`
    delete from scripts where kind = ${kind} and id not in (
      select id from scripts where kind = ${kind} order by generated_at desc, id desc limit ${keep})`;
}

/**
 * The administrator's edit: replaces the text of the newest script of a kind and records when in
 * `meta.editedAt`; generated_at stays the generation time. Undefined when there is none.
 */
export async function editLatestScript(sql: Queryable, kind: ScriptKind, scriptText: string, editedAt: Date): Promise<ScriptRow | undefined> {
  const [row] = await sql<ScriptRow[]>`
    update scripts set script_text = ${scriptText}, meta = meta || ${sql.json({ editedAt: editedAt.toISOString() })}
    where id = (select id from scripts where kind = ${kind} order by generated_at desc, id desc limit 1)
    returning id, kind, script_text, meta, generated_at`;
  return row;
}

/** When the administrator last edited a stored script, if ever. */
export function editedAtOf(row: ScriptRow | undefined): Date | null {
  const at = row?.meta.editedAt;
  return typeof at === 'string' ? new Date(at) : null;
}

import type { Queryable } from './client.js';

export async function readJobState<T extends Record<string, unknown>>(sql: Queryable, name: string): Promise<Partial<T>> {
  const [row] = await sql<{ state: Partial<T> }[]>`select state from job_state where name = ${name}`;
  return row?.state ?? {};
}

/** Merges `patch` into the job's stored state (top-level keys). */
export async function patchJobState(sql: Queryable, name: string, patch: Record<string, unknown>): Promise<void> {
  await sql`
    insert into job_state (name, state) values (${name}, ${sql.json(patch as never)})
    on conflict (name) do update set state = job_state.state || excluded.state, updated_at = now()`;
}

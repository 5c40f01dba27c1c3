import type { Queryable } from './client.js';

export async function readSettingValue(sql: Queryable, key: string): Promise<unknown> {
  const [row] = await sql<{ value: unknown }[]>`select value from settings where key = ${key}`;
  return row?.value;
}

export async function writeSettingValue(sql: Queryable, key: string, value: unknown): Promise<void> {
  await sql`
    insert into settings (key, value) values (${key}, ${sql.json(value as never)})
    on conflict (key) do update set value = excluded.value, updated_at = now()`;
}

// The cheapest question a database answers: is it there.
import type { Queryable } from './client.js';

export async function probeDatabase(sql: Queryable): Promise<void> {
  await sql`select 1`;
}

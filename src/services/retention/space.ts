// After the hourly upkeep's retention: the embedded database gets what PostgreSQL's own background
// workers give a server (src/db/space.ts): the space of deleted rows marked reusable and the
// write-ahead log recycled. An external PostgreSQL does this itself (autovacuum, the checkpointer).
import type { AppContext } from '../../context.js';
import { checkpoint, vacuumPrunedTables } from '../../db/space.js';

/** Whether it ran (the embedded database) or was left to the server (PostgreSQL). */
export async function reclaimSpace(ctx: Pick<AppContext, 'sql' | 'db'>): Promise<boolean> {
  if (ctx.db.kind !== 'embedded') return false;
  await vacuumPrunedTables(ctx.sql);
  await checkpoint(ctx.sql);
  return true;
}

// After the hourly upkeep's retention: the embedded database gets what PostgreSQL's own background
// workers give a server (src/db/space.ts): the space of deleted rows marked reusable and the
// write-ahead log recycled. An external PostgreSQL does this itself — its checkpointer always, its
// autovacuum unless switched off, in which case the upkeep vacuums the pruned tables there too.
import type { AppContext } from '../../../context.js';
import { autovacuumIsOn, checkpoint, vacuumPrunedTables } from '../../../db/space.js';

/** What it did: vacuumed the pruned tables, checkpointed (the embedded database only), or left both to the server. */
export async function reclaimSpace(ctx: Pick<AppContext, 'sql' | 'db'>): Promise<{ vacuumed: boolean; checkpointed: boolean }> {
  const embedded = ctx.db.kind === 'embedded';
  const vacuumed = embedded || !(await autovacuumIsOn(ctx.sql));
  if (vacuumed) await vacuumPrunedTables(ctx.sql);
  if (embedded) await checkpoint(ctx.sql);
  return { vacuumed, checkpointed: embedded };
}

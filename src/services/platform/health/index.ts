// Connection-pool refresh for the public error card. It is public, so real
// recycles are rate-limited: calls within 10 s of the last get its result.
// While the database is down a recycle cannot finish; the answer ("not ok") still comes within a
// second, and a recycle that works tells the database monitor at once.
import type { AppContext } from '../../../context.js';
import { databaseMonitor, withTimeout } from './database-monitor.js';
import { appliedMigrations, listMigrations } from '../../../db/migrate.js';
import type { RefreshConnectionPoolResult as PoolRefreshResult } from '../../../api/public.js';

const POOL_REFRESH_MIN_INTERVAL_MS = 10_000;
/** During an outage, a recycle that has not connected by then answers "not ok" (the new pool is dropped when it fails). */
const POOL_REFRESH_TIMEOUT_MS = 900;

export interface PoolRefresher {
  refresh(): Promise<PoolRefreshResult>;
}

export function createPoolRefresher(ctx: Pick<AppContext, 'db' | 'sql' | 'events' | 'jobs'>, now: () => number = Date.now): PoolRefresher {
  const monitor = databaseMonitor(ctx);
  let last: { at: number; result: Promise<PoolRefreshResult> } | null = null;
  return {
    refresh() {
      if (last && now() - last.at < POOL_REFRESH_MIN_INTERVAL_MS) return last.result;
      const recycle = ctx.db.recycle();
      // Bounded only while the database is known down: a healthy recycle waits for in-flight queries.
      const result = (monitor.available ? recycle : withTimeout(recycle, POOL_REFRESH_TIMEOUT_MS, 'connection pool refresh'))
        .then(({ latencyMs }) => {
          if (!monitor.available) void monitor.probe();
          return { ok: true, latencyMs };
        })
        // A failed recycle is an answer for the card ("not ok"), not a server error.
        .catch(() => ({ ok: false, latencyMs: -1 }));
      last = { at: now(), result };
      return result;
    },
  };
}

/** The migrations this version ships that the database has not applied yet, and how many it has. */
export async function migrationState(sql: AppContext['sql']): Promise<{ applied: number; missing: number[] }> {
  const shipped = listMigrations().map((migration) => migration.version);
  const applied = await appliedMigrations(sql);
  return { applied: applied.length, missing: shipped.filter((version) => !applied.includes(version)) };
}

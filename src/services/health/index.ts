// Connection-pool refresh for the public error card (spec 000 §2.2). It is public, so real
// recycles are rate-limited (decisions.md): calls within 10 s of the last get its result.
import type { AppContext } from '../../context.js';

export const POOL_REFRESH_MIN_INTERVAL_MS = 10_000;

export interface PoolRefreshResult {
  ok: boolean;
  latencyMs: number;
}

export interface PoolRefresher {
  refresh(): Promise<PoolRefreshResult>;
}

export function createPoolRefresher(ctx: Pick<AppContext, 'db'>, now: () => number = Date.now): PoolRefresher {
  let last: { at: number; result: Promise<PoolRefreshResult> } | null = null;
  return {
    refresh() {
      if (last && now() - last.at < POOL_REFRESH_MIN_INTERVAL_MS) return last.result;
      const result = ctx.db
        .recycle()
        .then(({ latencyMs }) => ({ ok: true, latencyMs }))
        // A failed recycle is an answer for the card ("not ok"), not a server error.
        .catch(() => ({ ok: false, latencyMs: -1 }));
      last = { at: now(), result };
      return result;
    },
  };
}

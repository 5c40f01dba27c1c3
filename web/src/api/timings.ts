// Every polling interval, staleness and retry rule of the public site (spec 000 §7 and §9), in one place.

export const HOME_REFETCH_MS = 60_000;
export const HOME_STALE_MS = 5 * 60_000;
export const HOME_INVALIDATE_MS = 10 * 60_000;
export const RECENT_ARTICLES_REFETCH_MS = 10 * 60_000;
export const RECENT_ARTICLES_RETRIES = 3;
export const AUDIO_REFETCH_MS = 5 * 60_000;
export const CURRENT_TIME_REFETCH_MS = 60_000;
export const AUTH_CHECK_REFETCH_MS = 60_000;
/** 'Refresh & Reconnect' waits this long after the pool refresh before reloading the articles. */
export const REFRESH_SETTLE_MS = 1000;

/** Delay before retry number attemptIndex + 1: 1 s, doubled each time, capped at 30 s. */
export function retryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, 30_000);
}

// Every polling interval, staleness and retry rule of the public site, in one place.

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

// The console's polling intervals. Live messages refresh the same data sooner.
export const REFETCH_STATUS_POLL_MS = 2_000;
export const FOOD_STATUS_POLL_MS = 3_000;
export const MUSIC_TRACKS_POLL_MS = 5_000;
export const GENERATED_ARTICLES_POLL_MS = 10_000;
/** Status, trends, trend statistics, queue status and logs. */
export const CONSOLE_POLL_MS = 30_000;
/** Domain stats, domains and the avoid list (the auth check uses AUTH_CHECK_REFETCH_MS, also 60 s). */
export const DOMAINS_POLL_MS = 60_000;
/** Home page data as the Social tab reads it. */
export const SOCIAL_HOME_POLL_MS = 10 * 60_000;
/** "Copied!" stays on the Copy button this long. */
export const COPY_CONFIRMATION_MS = 2_000;
/** The latest-news audio progress shows 100 % this long before it resets. */
export const AUDIO_PROGRESS_RESET_MS = 2_000;

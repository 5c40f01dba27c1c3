// Bounds and defaults of the API's requests, read by the request schemas and by the services that
// apply them.

/** Longest search text a caller may send (its characters, trimmed). */
export const SEARCH_QUERY_MAX = 300;
/** Trends listed when a call names no limit. */
export const DEFAULT_TRENDS_LIMIT = 50;
/** Generated articles listed when a call names no limit. */
export const DEFAULT_GENERATED_ARTICLES_LIMIT = 50;
/** What POST /api/spider/:action does. */
export const SPIDER_ACTIONS = ['start', 'resume', 'pause', 'stop'] as const;
/** What POST /api/spider/refetch/:action does. */
export const REFETCH_ACTIONS = ['start', 'stop'] as const;
/** A script, interview or lyrics text an administrator sends. */
export const SCRIPT_MAX = 200_000;

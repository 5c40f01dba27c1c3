// Wire types of the public site's calls: home data, search, site info.
export type { HomePageData, PublicArticle } from '../services/home/index.js';
export type { SearchResult } from '../services/search/index.js';
import type { SearchResult } from '../services/search/index.js';

/** GET /api/search?q=. */
export interface SearchResponse {
  count: number;
  results: SearchResult[];
}

/** GET /api/site-info. */
export interface SiteInfo {
  siteName: string;
  assistantUrl: string;
  timeZone: string;
}

/** GET /api/current-time. */
export interface CurrentTime {
  utcTime: string;
}

/** GET /api/implications-prompt and every other prompt setting read as {promptText}. */
export interface PromptText {
  promptText: string;
}

/** POST /api/health/refresh-connection-pool. */
export type { PoolRefreshResult as RefreshConnectionPoolResult } from '../services/health/index.js';

/** GET /api/health (the part clients read). */
export interface HealthAnswer {
  ok: boolean;
  database?: string;
  [field: string]: unknown;
}

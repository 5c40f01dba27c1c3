// Wire types of the public site's calls: home data, search, site info (declared as schemas in
// schemas/public.ts).
import type { z } from 'zod';
import type * as schemas from './schemas/public.js';

/** GET /api/search?q=. */
export type SearchResponse = z.infer<typeof schemas.searchResponse>;
export type SearchResult = z.infer<typeof schemas.searchResult>;
export type SavedSearchView = z.infer<typeof schemas.savedSearch>;

/** GET /api/site-info. */
export type SiteInfo = z.infer<typeof schemas.siteInfo>;

/** GET /api/current-time. */
export type CurrentTime = z.infer<typeof schemas.currentTime>;

/** GET /api/implications-prompt and every other prompt setting read as {promptText}. */
export interface PromptText {
  promptText: string;
}

/** GET /api/health. */
export type HealthAnswer = z.infer<typeof schemas.healthAnswer>;

export type PublicArticle = z.infer<typeof schemas.publicArticle>;

export type HomePageData = z.infer<typeof schemas.homePageData>;

/** POST /api/health/refresh-connection-pool. */
export type RefreshConnectionPoolResult = z.infer<typeof schemas.refreshConnectionPoolResult>;

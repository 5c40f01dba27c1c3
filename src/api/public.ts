// Wire types of the public site's calls: home data, search, site info.
import type { Topic } from '../shared/topics.js';

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

/** GET /api/health (the part clients read). */
export interface HealthAnswer {
  ok: boolean;
  database?: string;
  [field: string]: unknown;
}

export interface PublicArticle {
  id: number;
  title: string;
  sourceUrl: string;
  scrapedAt: string;
  domainName: string;
}

export interface HomePageData {
  articlesByDomain: { domain: { id: number; url: string; priority: number | null }; articles: PublicArticle[] }[];
  topTrends: Record<Topic, { id: number; title: string; category: Topic; htmlFilePath: string | null; pageUrl: string }[]>;
  recentArticlesByCategory: Record<Topic, PublicArticle[]>;
  lastRunTimes: { spiderLastRun: string | null; trendsAnalyzerLastRun: string | null };
}

export interface SearchResult {
  id: number;
  title: string;
  sourceUrl: string;
  domainUrl: string | null;
  daysSinceCrawl: number;
  /** The story (trend) the article is part of, with its page: every source of it side by side. */
  story: { title: string; pageUrl: string } | null;
}

/** POST /api/health/refresh-connection-pool. */
export interface RefreshConnectionPoolResult {
  ok: boolean;
  latencyMs: number;
}

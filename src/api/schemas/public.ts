// Answers of the public site's calls (home data, search, site info, the clock) and of the health
// calls that answer during a database outage.
import { z } from 'zod';
import { TOPICS } from '../../shared/topics.js';

const topic = z.enum(TOPICS);

/** GET /api/current-time. */
export const currentTime = z.object({ utcTime: z.string() });

/** GET /api/site-info. */
export const siteInfo = z.object({
  siteName: z.string(),
  assistantUrl: z.string(),
  timeZone: z.string(),
  /** Whether readers can subscribe to the e-mail digest (an e-mail server is set). */
  digests: z.boolean(),
});

/** A crawled article in the public lists. */
export const publicArticle = z.object({
  id: z.number(),
  title: z.string(),
  sourceUrl: z.string(),
  scrapedAt: z.string(),
  domainName: z.string(),
  /** ISO 639-1 code of the article's text; null when not told (stored before languages were). */
  language: z.string().nullable(),
  /** The names of other outlets that published the same text (wire copies), in the order seen; absent when none did. */
  alsoPublishedBy: z.array(z.string()).optional(),
  /** True when the site showed only the article's start (a paywall): "Preview — subscribers only at {site}". Absent otherwise. */
  teaser: z.literal(true).optional(),
});

/** GET /api/articles-by-domain, and the home data's part. */
export const articlesByDomain = z.array(
  z.object({ domain: z.object({ id: z.number(), url: z.string(), priority: z.number().nullable() }), articles: z.array(publicArticle) }),
);

/** GET /api/trends/top-by-category, and the home data's part: every topic, its best trends. */
export const topTrends = z.record(
  topic,
  z.array(z.object({ id: z.number(), title: z.string(), category: topic, htmlFilePath: z.string().nullable(), pageUrl: z.string() })),
);

/** GET /api/articles/recent-by-topic, and the home data's part. */
export const recentArticlesByCategory = z.record(topic, z.array(publicArticle));

/** GET /api/home-page-data. */
export const homePageData = z.object({
  articlesByDomain,
  topTrends,
  recentArticlesByCategory,
  lastRunTimes: z.object({ spiderLastRun: z.string().nullable(), trendsAnalyzerLastRun: z.string().nullable() }),
});

/** GET /api/search?q=, one result. */
export const searchResult = z.object({
  id: z.number(),
  title: z.string(),
  sourceUrl: z.string(),
  domainUrl: z.string().nullable(),
  daysSinceCrawl: z.number(),
  /** The story (trend) the article is part of, with its page: every source of it side by side. */
  story: z.object({ title: z.string(), pageUrl: z.string() }).nullable(),
  /** The names of other outlets that published the same text; absent when none did. */
  alsoPublishedBy: z.array(z.string()).optional(),
  /** True when the site showed only the article's start (a paywall); absent otherwise. */
  teaser: z.literal(true).optional(),
});

/** GET /api/search?q=. */
export const searchResponse = z.object({ count: z.number(), results: z.array(searchResult) });

/** GET /api/saved-searches, one element: a search the administrator saved for the site. */
export const savedSearch = z.object({ id: z.number(), name: z.string(), slug: z.string(), query: z.string(), feedUrl: z.string() });

/** GET /api/health. */
export const healthAnswer = z.object({
  ok: z.boolean(),
  /** postgres or embedded. */
  database: z.string(),
  databaseLatencyMs: z.number(),
  uptimeSeconds: z.number(),
});

/** POST /api/health/refresh-connection-pool. */
export const refreshConnectionPoolResult = z.object({ ok: z.boolean(), latencyMs: z.number() });

// Answers of the status object (GET /api/status and the status_update live message) and of the
// job status calls whose answers are also pushed live (refetch_status, food_recategorization_status).
import { z } from 'zod';

/** The spider's part of the status object; also what the spider calls answer (/api/spider/...). */
export const spiderStatusFields = z.object({
  spiderStatus: z.enum(['idle', 'running', 'paused']),
  /** Sites processed ÷ sites of the run, 0–100. */
  spiderProgress: z.number(),
  /** The domain (as listed) most recently taken up by a daemon crawling the run. */
  spiderCurrentDomain: z.string().nullable(),
  /** Our addition: every domain being crawled now (as listed), the least advanced first. */
  spiderCrawlingDomains: z.array(z.string()),
  spiderSitesProcessed: z.number(),
  spiderTotalSites: z.number(),
  /**
   * Our addition: the run's work done, 0–100 to a tenth: the sites processed plus, for each site
   * being crawled, the share of its pages done (discovery and articles up to the per-run cap), over
   * the sites of the run. spiderProgress counts finished sites only, and sites crawled in parallel
   * mostly finish near the end of a run; the CLI's bar and ETA and the dashboard read this.
   */
  spiderWorkProgress: z.number(),
  /** The console's Active Threads: sites being crawled now, over every daemon sharing the crawl (their live claims). */
  spiderActiveThreads: z.number(),
  spiderPendingRequests: z.number(),
  spiderCurrentRunArticleCount: z.number(),
  /** "0m", "4m 12s". */
  spiderElapsedTime: z.string(),
  /** Newest first, each "[HH:MM:SS] message" in the product's time zone; at most 100. */
  spiderActivityLog: z.array(z.string()),
  /** ISO time. */
  spiderLastStartTime: z.string().nullable(),
});

/** The trends analyzer's part of the status object. */
export const trendsStatusFields = z.object({
  trendsAnalyzerStatus: z.enum(['running', 'analyzing', 'idle']),
  totalTrendsIdentified: z.number(),
  /** The count of AI-model calls (the field's name comes from the product's first provider). */
  mistralQueriesCount: z.number(),
  trendsAnalyzerLastRun: z.string().nullable(),
  trendsAnalyzerCurrentAction: z.string().nullable(),
});

/** The generator's part of the status object. */
export const generatorStatusFields = z.object({
  generatorStatus: z.enum(['running', 'generating', 'paused', 'idle']),
  totalArticlesGenerated: z.number(),
  generatorLastRun: z.string().nullable(),
});

/** GET /api/status, and the status_update live message's fields: the three parts in one object. */
export const statusResponse = z.object({ ...spiderStatusFields.shape, ...trendsStatusFields.shape, ...generatorStatusFields.shape });

/** GET /api/spider/refetch/status, and the refetch_status live message's fields. */
export const refetchStatus = z.object({
  isRunning: z.boolean(),
  progress: z.object({
    total: z.number(),
    processed: z.number(),
    updated: z.number(),
    failed: z.number(),
    currentTitle: z.string().nullable(),
    currentUrl: z.string().nullable(),
  }),
});

/** GET /api/food-recategorization/status, and the food_recategorization_status live message's fields. */
export const foodRecategorizationStatus = z.object({
  isRunning: z.boolean(),
  processed: z.number(),
  recategorized: z.number(),
  /**
   * Articles the configured model failed on (they were classified offline instead), plus articles
   * that could not be processed at all.
   */
  errors: z.number(),
  /** Articles this pass walks (the real figure; the console's bar uses the product's 16,256). */
  total: z.number(),
  /** processed ÷ total, 0–100. */
  progress: z.number(),
  lastArticleId: z.number(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

/** What a stop call answers: the status, with "<job> is not running" beside it when nothing ran. */
export function stopAnswer<Shape extends z.ZodRawShape>(status: z.ZodObject<Shape>) {
  return status.extend({ message: z.string().optional() });
}

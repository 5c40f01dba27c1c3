// Wire types of the status object (GET /api/status and the status_update live message) and of
// the job status calls whose answers are also pushed live (refetch_status,
// food_recategorization_status). Every daemon answers them from the database, whichever daemon
// runs the job.
import type { GeneratorStatusFields } from './generator.js';
import type { NotRunningAnswer } from './jobs.js';

export type SpiderState = 'idle' | 'running' | 'paused';

/** The spider's part of the status object; also what the spider calls answer (/api/spider/...). */
export interface SpiderStatusFields {
  spiderStatus: SpiderState;
  /** Sites processed ÷ sites of the run, 0–100. */
  spiderProgress: number;
  /** The domain (as listed) most recently taken up by a daemon crawling the run. */
  spiderCurrentDomain: string | null;
  /** Our addition: every domain being crawled now (as listed), the least advanced first. */
  spiderCrawlingDomains: string[];
  spiderSitesProcessed: number;
  spiderTotalSites: number;
  /**
   * Our addition: the run's work done, 0–100 to a tenth: the sites processed plus, for each site
   * being crawled, the share of its pages done (discovery and articles up to the per-run cap), over
   * the sites of the run. spiderProgress counts finished sites only, and sites crawled in parallel
   * mostly finish near the end of a run; the CLI's bar and ETA and the dashboard read this.
   */
  spiderWorkProgress: number;
  /** The console's Active Threads: sites being crawled now, over every daemon sharing the crawl (their live claims). */
  spiderActiveThreads: number;
  spiderPendingRequests: number;
  spiderCurrentRunArticleCount: number;
  /** "0m", "4m 12s". */
  spiderElapsedTime: string;
  /** Newest first, each "[HH:MM:SS] message" in the product's time zone; at most 100. */
  spiderActivityLog: string[];
  /** ISO time. */
  spiderLastStartTime: string | null;
}

export type AnalyzerState = 'running' | 'analyzing' | 'idle';

/** The trends analyzer's part of the status object. */
export interface TrendsStatusFields {
  trendsAnalyzerStatus: AnalyzerState;
  totalTrendsIdentified: number;
  /** The count of AI-model calls (the field's name comes from the product's first provider). */
  mistralQueriesCount: number;
  trendsAnalyzerLastRun: string | null;
  trendsAnalyzerCurrentAction: string | null;
}

/** GET /api/status, and the status_update live message's fields. */
export type StatusResponse = SpiderStatusFields & TrendsStatusFields & GeneratorStatusFields;

export interface RefetchProgress {
  total: number;
  processed: number;
  updated: number;
  failed: number;
  currentTitle: string | null;
  currentUrl: string | null;
}

/** GET /api/spider/refetch/status, and the refetch_status live message's fields. */
export interface RefetchStatus {
  isRunning: boolean;
  progress: RefetchProgress;
}

/** GET /api/food-recategorization/status, and the food_recategorization_status live message's fields. */
export interface FoodRecategorizationStatus {
  isRunning: boolean;
  processed: number;
  recategorized: number;
  /**
   * Articles the configured model failed on (they were classified offline instead), plus articles
   * that could not be processed at all.
   */
  errors: number;
  /** Articles this pass walks (the real figure; the console's bar uses the product's 16,256). */
  total: number;
  /** processed ÷ total, 0–100. */
  progress: number;
  lastArticleId: number;
  startedAt: string | null;
  finishedAt: string | null;
}

/** What a stop call answers: the status, with "<job> is not running" beside it when nothing ran. */
export type StopAnswer<Status> = Status | (Status & NotRunningAnswer);

// Wire types of the status object (GET /api/status and the status_update live message) and of
// the job status calls whose answers are also pushed live (refetch_status,
// food_recategorization_status). Every daemon answers them from the database, whichever daemon
// runs the job.
import type { z } from 'zod';
import type { NotRunningAnswer } from './jobs.js';
import type { spiderStatusFields, statusResponse, trendsStatusFields } from './response-schemas.js';

export type SpiderState = SpiderStatusFields['spiderStatus'];

/** The spider's part of the status object; also what the spider calls answer (/api/spider/...). */
export type SpiderStatusFields = z.infer<typeof spiderStatusFields>;

export type AnalyzerState = TrendsStatusFields['trendsAnalyzerStatus'];

/** The trends analyzer's part of the status object. */
export type TrendsStatusFields = z.infer<typeof trendsStatusFields>;

/** GET /api/status, and the status_update live message's fields. */
export type StatusResponse = z.infer<typeof statusResponse>;

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

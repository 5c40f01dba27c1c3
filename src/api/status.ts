// Wire types of the status object (GET /api/status and the status_update live message) and of
// the job status calls whose answers are also pushed live (refetch_status,
// food_recategorization_status). Every daemon answers them from the database, whichever daemon
// runs the job.
import type { z } from 'zod';
import type { NotRunningAnswer } from './jobs.js';
import type { foodRecategorizationStatus, refetchStatus, spiderStatusFields, statusResponse, trendsStatusFields } from './schemas/status.js';

export type SpiderState = SpiderStatusFields['spiderStatus'];

/** The spider's part of the status object; also what the spider calls answer (/api/spider/...). */
export type SpiderStatusFields = z.infer<typeof spiderStatusFields>;

export type AnalyzerState = TrendsStatusFields['trendsAnalyzerStatus'];

/** The trends analyzer's part of the status object. */
export type TrendsStatusFields = z.infer<typeof trendsStatusFields>;

/** GET /api/status, and the status_update live message's fields. */
export type StatusResponse = z.infer<typeof statusResponse>;

export type RefetchProgress = RefetchStatus['progress'];

/** GET /api/spider/refetch/status, and the refetch_status live message's fields. */
export type RefetchStatus = z.infer<typeof refetchStatus>;

/** GET /api/food-recategorization/status, and the food_recategorization_status live message's fields. */
export type FoodRecategorizationStatus = z.infer<typeof foodRecategorizationStatus>;

/** What a stop call answers: the status, with "<job> is not running" beside it when nothing ran. */
export type StopAnswer<Status> = Status | (Status & NotRunningAnswer);

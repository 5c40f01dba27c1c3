// Wire types of trends and the trends analyzer: declared here, where the wire is; the services
// build them and the clients (CLI, dashboard, web, tests) read them.
import type { z } from 'zod';
import type { storyTopicResult, trend, trendTopicStatistics } from './response-schemas.js';
import type { AnalyzerState } from './status.js';

/** DELETE /api/trends. */
export interface ClearTrendsResult {
  deleted: number;
}

/** POST /api/trends/recategorize. */
export interface RecategorizeTrendsResult {
  recategorized: number;
  unchanged: number;
}

/** A trend on the wire. */
export type Trend = z.infer<typeof trend>;

export type TrendTopicStatistics = z.infer<typeof trendTopicStatistics>;

export type StoryTopicResult = z.infer<typeof storyTopicResult>;

export interface AnalyzerControlResult {
  message: string;
  status: AnalyzerState;
}

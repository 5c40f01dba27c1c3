// Wire types of trends and the trends analyzer. Type-only: the services own
// the shapes; this module names them for the clients (CLI, dashboard, tests).
export type { Trend, TrendTopicStatistics, AnalyzerControlResult, StoryTopicResult } from '../services/trends/index.js';

/** DELETE /api/trends. */
export interface ClearTrendsResult {
  deleted: number;
}

/** POST /api/trends/recategorize. */
export interface RecategorizeTrendsResult {
  recategorized: number;
  unchanged: number;
}

// Wire types of trends and the trends analyzer: declared here, where the wire is; the services
// build them and the clients (CLI, dashboard, web, tests) read them.
import type { z } from 'zod';
import type * as schemas from './schemas/trends.js';

/** DELETE /api/trends. */
export type ClearTrendsResult = z.infer<typeof schemas.clearTrendsResult>;

/** POST /api/trends/recategorize. */
export type RecategorizeTrendsResult = z.infer<typeof schemas.recategorizeTrendsResult>;

/** A trend on the wire. */
export type Trend = z.infer<typeof schemas.trend>;

export type TrendTopicStatistics = z.infer<typeof schemas.trendTopicStatistics>;

export type StoryTopicResult = z.infer<typeof schemas.storyTopicResult>;

export type AnalyzerControlResult = z.infer<typeof schemas.analyzerControlResult>;

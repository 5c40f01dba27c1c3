// Wire types of trends and the trends analyzer: declared here, where the wire is; the services
// build them and the clients (CLI, dashboard, web, tests) read them.
import type { Topic } from '../shared/topics.js';
import type { TopicEvidence } from '../shared/topic-evidence.js';
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
export interface Trend {
  id: number;
  title: string;
  description: string;
  relevanceScore: number;
  /** Articles of the topic the run analyzed. */
  articlesAnalyzed: number;
  batchNumber: number;
  topic: Topic;
  /** The same key as topic. */
  category: Topic;
  identifiedAt: string;
  htmlFilePath: string | null;
  /** Source articles linked to the trend. */
  articleCount: number;
  /** The story's public page (`/story/{id}-{words}`): every source, a timeline, our article. */
  pageUrl: string;
  /** Why the story has its topic (null for trends stored before the analyzer kept it). */
  topicEvidence: TopicEvidence | null;
}

export type TrendTopicStatistics = {
  topic: Topic;
  totalTrends: number;
  /** Trends that have a generated article. */
  trendsWithArticles: number;
};

export interface StoryTopicResult {
  message: string;
  trend: Trend;
}

export interface AnalyzerControlResult {
  message: string;
  status: AnalyzerState;
}

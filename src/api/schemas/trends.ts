// Answers of trends and the trends analyzer.
import { z } from 'zod';
import { TOPICS } from '../../shared/topics.js';
import type { TopicEvidence } from '../../shared/topic-evidence.js';
import { trendsStatusFields } from './status.js';

const topic = z.enum(TOPICS);

/** A trend on the wire: GET /api/trends, /api/trends/by-topic/:topic, and inside a story topic's answer. */
export const trend = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  relevanceScore: z.number(),
  /** Articles of the topic the run analyzed. */
  articlesAnalyzed: z.number(),
  batchNumber: z.number(),
  topic,
  /** The same key as topic. */
  category: topic,
  identifiedAt: z.string(),
  htmlFilePath: z.string().nullable(),
  /** Source articles linked to the trend. */
  articleCount: z.number(),
  /** The story's public page (`/story/{id}-{words}`): every source, a timeline, our article. */
  pageUrl: z.string(),
  /** Why the story has its topic (null for trends stored before the analyzer kept it); its shape is src/shared's, written as it is. */
  topicEvidence: z.custom<TopicEvidence>().nullable(),
});

/** PUT and DELETE /api/trends/:id/topic. */
export const storyTopicResult = z.object({ message: z.string(), trend });

/** GET /api/trends/statistics, one element per topic. */
export const trendTopicStatistics = z.object({
  topic,
  totalTrends: z.number(),
  /** Trends that have a generated article. */
  trendsWithArticles: z.number(),
});

/** DELETE /api/trends. */
export const clearTrendsResult = z.object({ deleted: z.number() });

/** POST /api/trends/recategorize. */
export const recategorizeTrendsResult = z.object({ recategorized: z.number(), unchanged: z.number() });

/** POST /api/trends-analyzer/run and /stop. */
export const analyzerControlResult = z.object({ message: z.string(), status: trendsStatusFields.shape.trendsAnalyzerStatus });

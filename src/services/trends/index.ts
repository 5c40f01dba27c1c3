// Trends: the analyzer's results as the console, the CLI and the public pages read them, and the
// two bulk edits (clear, re-categorize).
import type { AppContext } from '../../context.js';
import { allTrendTexts, deleteAllTrends, latestTrendRows, setTrendTopic, trendCountsByTopic, type TrendRow } from '../../db/trends.js';
import { Invalid } from '../../errors.js';
import { classifyTopics, isTopic, TOPICS, type Topic } from '../classify/index.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { assertAnalyzerIdle } from './analyzer.js';
import { storyPath } from '../pages/story-page.js';

export { ANALYZER_DEFAULTS, runTrendsAnalyzer, startTrendsAnalyzer, stopTrendsAnalyzer } from './analyzer.js';
export type { AnalyzerControlResult, AnalyzerOptions, AnalyzerRunSummary } from './analyzer.js';
export { trendsStatusFields } from './status.js';

export const DEFAULT_TRENDS_LIMIT = 50;

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
}

export interface TrendTopicStatistics {
  topic: Topic;
  totalTrends: number;
  /** Trends that have a generated article. */
  trendsWithArticles: number;
}

function toTrend(row: TrendRow): Trend {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    relevanceScore: row.relevanceScore,
    articlesAnalyzed: row.articlesAnalyzed,
    batchNumber: row.batchNumber,
    topic: row.topic,
    category: row.topic,
    identifiedAt: new Date(row.identifiedAt).toISOString(),
    htmlFilePath: row.htmlFilePath,
    articleCount: row.articleCount,
    pageUrl: storyPath(row),
  };
}

type ReadCtx = Pick<AppContext, 'sql'>;

/** Newest analysis first, most relevant first within it. */
export async function listTrends(ctx: ReadCtx, options: { limit?: number } = {}): Promise<Trend[]> {
  return (await latestTrendRows(ctx.sql, { topic: null, limit: options.limit ?? DEFAULT_TRENDS_LIMIT })).map(toTrend);
}

export async function listTrendsOfTopic(ctx: ReadCtx, topic: string, options: { limit?: number } = {}): Promise<Trend[]> {
  if (!isTopic(topic)) throw Invalid(`Unknown topic "${topic}"; topics are ${TOPICS.join(', ')}`);
  return (await latestTrendRows(ctx.sql, { topic, limit: options.limit ?? DEFAULT_TRENDS_LIMIT })).map(toTrend);
}

export async function trendStatistics(ctx: ReadCtx): Promise<TrendTopicStatistics[]> {
  return trendCountsByTopic(ctx.sql, TOPICS);
}

type WriteCtx = AppContext;

export async function clearTrends(ctx: WriteCtx): Promise<{ deleted: number }> {
  await assertAnalyzerIdle(ctx, 'Stop the analyzer before clearing trends');
  const deleted = await deleteAllTrends(ctx.sql);
  await logEvent(ctx, LOG_COMPONENTS.trends, 'info', `Cleared ${deleted} trends`);
  ctx.events.emit('home_data_updated', {});
  return { deleted };
}

/**
 * Gives every stored trend the topic the offline classifier reads in its title and description.
 * The offline classifier, not the model: it is deterministic, instant and free for hundreds of
 * trends, and it is the classifier that already decides crawled articles' topics when the model is
 * away. (The keyword category rule is for generated articles, whose texts are long; a trend is a headline
 * and one to three sentences, which the trained classifier reads better.)
 */
export async function recategorizeTrends(ctx: WriteCtx): Promise<{ recategorized: number; unchanged: number }> {
  await assertAnalyzerIdle(ctx, 'Stop the analyzer before re-categorizing');
  const trends = await allTrendTexts(ctx.sql);
  const predictions = classifyTopics(trends.map((trend) => ({ title: trend.title, body: trend.description })));
  const changes = trends.flatMap((trend, i) => (predictions[i]!.topic === trend.topic ? [] : [{ id: trend.id, topic: predictions[i]!.topic }]));
  if (changes.length > 0) {
    await ctx.sql.begin(async (tx) => {
      for (const change of changes) await setTrendTopic(tx, change.id, change.topic);
    });
    ctx.events.emit('home_data_updated', {});
  }
  const result = { recategorized: changes.length, unchanged: trends.length - changes.length };
  await logEvent(ctx, LOG_COMPONENTS.trends, 'info', `Re-categorized ${result.recategorized} trends; ${result.unchanged} unchanged`);
  return result;
}

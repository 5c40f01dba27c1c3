// Trends: the analyzer's results as the console, the CLI and the public pages read them, the
// two bulk edits (clear, re-categorize), and the administrator's topic for one story.
import { DEFAULT_TRENDS_LIMIT } from '../../../api/limits.js';
import type { AppContext } from '../../../context.js';
import {
  allTrendTexts,
  deleteAllTrends,
  latestTrendRows,
  setTrendTopic,
  setTrendTopicEvidence,
  trendCountsByTopic,
  trendStory,
  type TrendRow,
} from '../../../db/trends.js';
import { storeStoryTopics } from '../../../db/article-topics.js';
import { clearStoryTopicOverrides, overrideStoryTopic } from '../../../db/story-topics.js';
import type { TopicEvidence } from '../../../shared/topic-evidence.js';
import { Invalid, NotFound } from '../../../errors.js';
import { classifyTopics, isTopic, TOPICS, type Topic } from '../classify/index.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { assertAnalyzerIdle } from './analyzer.js';
import { counted } from '../../../shared/words.js';
import type { Trend, TrendTopicStatistics, StoryTopicResult } from '../../../api/trends.js';
import { storyPagePath } from '../../../shared/pages.js';

export { runTrendsAnalyzer, startTrendsAnalyzer, stopTrendsAnalyzer } from './analyzer.js';

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
    pageUrl: storyPagePath(row),
    topicEvidence: row.topicEvidence,
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
  await logEvent(ctx, LOG_COMPONENTS.trends, 'info', `Cleared ${counted(deleted, 'trend')}`);
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
  // A topic the administrator set on a story stays.
  const trends = (await allTrendTexts(ctx.sql)).filter((trend) => trend.topicEvidence?.source !== 'override');
  const predictions = classifyTopics(trends.map((trend) => ({ title: trend.title, body: trend.description })));
  const changes = trends.flatMap((trend, i) => (predictions[i]!.topic === trend.topic ? [] : [{ id: trend.id, topic: predictions[i]!.topic }]));
  if (changes.length > 0) {
    await ctx.sql.begin(async (tx) => {
      for (const change of changes) await setTrendTopic(tx, change.id, change.topic);
    });
    ctx.events.emit('home_data_updated', {});
  }
  const result = { recategorized: changes.length, unchanged: trends.length - changes.length };
  await logEvent(ctx, LOG_COMPONENTS.trends, 'info', `Re-categorized ${counted(result.recategorized, 'trend')}; ${result.unchanged} unchanged`);
  return result;
}

function parseTopic(topic: unknown): Topic {
  if (!isTopic(topic)) throw Invalid(`Unknown topic "${String(topic)}"; topics are ${TOPICS.join(', ')}`);
  return topic;
}

async function storyOf(ctx: WriteCtx, trendId: number) {
  const story = await trendStory(ctx.sql, trendId);
  if (!story) throw NotFound(`No trend with id ${trendId}`);
  return story;
}

async function trendById(ctx: ReadCtx, trendId: number): Promise<Trend> {
  const row = (await latestTrendRows(ctx.sql, { topic: null, limit: 1, id: trendId }))[0];
  if (!row) throw NotFound(`No trend with id ${trendId}`);
  return toTrend(row);
}

/**
 * Files a story under a topic the administrator chose: the trend and its articles move now, and the
 * choice is kept per article, so later analyses keep it while the story continues (whatever trend
 * row holds it then).
 */
export async function setStoryTopic(ctx: WriteCtx, trendId: number, topic: unknown): Promise<StoryTopicResult> {
  const chosen = parseTopic(topic);
  await assertAnalyzerIdle(ctx, "Stop the analyzer before changing a story's topic");
  const story = await storyOf(ctx, trendId);
  const before = story.topicEvidence;
  // The analyzer's reading stays beside the choice: its topic (in runnerUp), its words and sentence.
  const analyzer = before?.source === 'override' ? before : { ...before, runnerUp: story.topic, runnerUpConfidence: before?.confidence ?? null };
  const evidence: TopicEvidence = {
    source: 'override',
    confidence: null,
    runnerUp: analyzer.runnerUp ?? story.topic,
    runnerUpConfidence: analyzer.runnerUpConfidence ?? null,
    words: before?.words ?? [],
    sentence: before?.sentence ?? null,
  };
  await ctx.sql.begin(async (tx) => {
    await overrideStoryTopic(tx, story.articleIds, chosen);
    await setTrendTopicEvidence(tx, story.id, chosen, evidence);
    await storeStoryTopics(tx, { stories: [{ topic: chosen, articleIds: story.articleIds }], alone: [] });
  });
  await logEvent(ctx, LOG_COMPONENTS.trends, 'info', `Story "${story.title}" filed under ${chosen} by the administrator (was ${story.topic})`);
  ctx.events.emit('home_data_updated', {});
  return { message: `"${story.title}" is filed under ${chosen}; later analyses keep it there`, trend: await trendById(ctx, story.id) };
}

/** Gives the story back to the analyzer: the next analysis decides its topic again. */
export async function clearStoryTopic(ctx: WriteCtx, trendId: number): Promise<StoryTopicResult> {
  await assertAnalyzerIdle(ctx, "Stop the analyzer before changing a story's topic");
  const story = await storyOf(ctx, trendId);
  const cleared = await ctx.sql.begin(async (tx) => {
    const removed = await clearStoryTopicOverrides(tx, story.articleIds);
    if (removed === 0 && story.topicEvidence?.source !== 'override') return false;
    // The analyzer's evidence from before the override is gone: the next analysis records it anew.
    await setTrendTopicEvidence(tx, story.id, story.topic, null);
    return true;
  });
  if (!cleared) return { message: `"${story.title}" has no topic set by the administrator`, trend: await trendById(ctx, story.id) };
  await logEvent(ctx, LOG_COMPONENTS.trends, 'info', `Story "${story.title}": the administrator's topic removed; the next analysis decides it`);
  ctx.events.emit('home_data_updated', {});
  return { message: `"${story.title}" stays under ${story.topic} until the next analysis decides its topic`, trend: await trendById(ctx, story.id) };
}

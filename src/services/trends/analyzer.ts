// The trends analyzer: one run takes the recent articles of each topic, finds their trends (with the
// model and its prompts when one is configured, else — and for a topic whose model analysis fails —
// with the offline engine), and stores them under a new batch number, linked to their articles.
import type { AppContext } from '../../context.js';
import { recentArticlesOfTopic } from '../../db/article-topics.js';
import { patchJobState, readJobState } from '../../db/job-state.js';
import { nextBatchNumber } from '../../db/trends.js';
import { Conflict } from '../../errors.js';
import { chatModelFor, isLlmError, modelNameFor, type ChatModel } from '../../providers/llm/index.js';
import { TOPICS, type Topic } from '../classify/index.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { getSetting } from '../settings/index.js';
import { getStatus } from '../status/index.js';
import { engineTrends, modelTrends, type TopicTrend } from './analyze-topic.js';
import { analyzerJob, ANALYZER_JOB, type AnalyzerJob, type AnalyzerRunSummary, type AnalyzerStatus } from './analyzer-job.js';
import { storeTopicTrends } from './store-trends.js';

export type { AnalyzerRunSummary } from './analyzer-job.js';

/** What one run reads and keeps. The defaults are the product's; tests and callers may narrow them. */
export const ANALYZER_DEFAULTS = {
  /** Articles crawled (and published) this recently are "recent". */
  windowHours: 48,
  /** The model reads every article of a topic in one prompt: this bounds the prompt (~100 lines). */
  modelArticlesPerTopic: 100,
  /** The offline engine is cheap; it sees more of a busy topic. */
  engineArticlesPerTopic: 1_000,
  trendsPerTopic: 10,
  /** A trend is a story of at least this many articles (offline engine). */
  minArticles: 2,
  /** Characters of each article's lead the engine reads (the model prompt reads fewer). */
  leadCharacters: 1_500,
};

export interface AnalyzerOptions extends Partial<typeof ANALYZER_DEFAULTS> {
  /** Reference time (default: the run's start). */
  now?: Date;
  /** Overrides the configured model (null: the offline engine only). */
  model?: ChatModel | null;
}

export interface AnalyzerControlResult {
  message: string;
  status: AnalyzerStatus;
}

type Ctx = AppContext;

async function pushStatus(ctx: Ctx): Promise<void> {
  try {
    ctx.events.emit('status_update', { ...(await getStatus(ctx)) });
  } catch {
    // The next poll brings the status anyway (and the database may be closing).
  }
}

function setAction(ctx: Ctx, job: AnalyzerJob, status: AnalyzerStatus, action: string): void {
  job.status = status;
  job.currentAction = action;
  ctx.events.emit('trendsAnalyzerAction', { action });
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function runAnalysis(ctx: Ctx, job: AnalyzerJob, signal: AbortSignal, options: AnalyzerOptions): Promise<AnalyzerRunSummary> {
  const limits = { ...ANALYZER_DEFAULTS };
  for (const key of Object.keys(ANALYZER_DEFAULTS) as (keyof typeof ANALYZER_DEFAULTS)[]) {
    if (options[key] !== undefined) limits[key] = options[key];
  }
  const model = options.model === undefined ? chatModelFor(ctx) : options.model;
  const summary: AnalyzerRunSummary = {
    batchNumber: null,
    trends: 0,
    continued: 0,
    fallbackTopics: [],
    analyzer: model ? 'model' : 'offline',
    stopped: false,
    error: null,
  };
  try {
    const now = options.now ?? new Date();
    const since = new Date(now.getTime() - limits.windowHours * 3_600_000);
    // Counted in job_state too, so that a run that stored nothing (stopped, or no news) still used
    // its number: batch numbers say how many runs there were.
    const state = await readJobState<{ lastBatchNumber: number }>(ctx.sql, ANALYZER_JOB);
    const batchNumber = Math.max(await nextBatchNumber(ctx.sql), (state.lastBatchNumber ?? 0) + 1);
    await patchJobState(ctx.sql, ANALYZER_JOB, { lastBatchNumber: batchNumber });
    summary.batchNumber = batchNumber;
    const [system, user, modelName] = model
      ? await Promise.all([
          getSetting<{ promptText: string }>(ctx, 'trends-analyzer-system-prompt'),
          getSetting<{ promptText: string }>(ctx, 'trends-analyzer-user-prompt'),
          modelNameFor(ctx, 'trends-analyzer-model-name'),
        ])
      : [null, null, null];
    await logEvent(ctx, LOG_COMPONENTS.trends, 'info', `Trends analyzer started: batch ${batchNumber}, ${model ? `model ${modelName}` : 'offline engine'}`);

    for (const topic of TOPICS) {
      if (signal.aborted) break;
      setAction(ctx, job, 'running', `Collecting recent ${topic} articles`);
      const articles = await recentArticlesOfTopic(ctx.sql, {
        topic,
        since,
        limit: model ? limits.modelArticlesPerTopic : limits.engineArticlesPerTopic,
        leadCharacters: limits.leadCharacters,
      });
      if (articles.length < limits.minArticles) continue;

      setAction(ctx, job, 'analyzing', `Analyzing ${articles.length} ${topic} articles${model ? ` with ${modelName}` : ''} (batch ${batchNumber})`);
      let trends: TopicTrend[] | null = null;
      let source: 'model' | 'offline' = 'offline';
      if (model) {
        try {
          trends = await modelTrends(model, {
            topic,
            articles,
            systemPrompt: system!.promptText,
            userPrompt: user!.promptText,
            modelName: modelName!,
            limit: limits.trendsPerTopic,
            signal,
          });
          source = 'model';
        } catch (error) {
          if (signal.aborted || (isLlmError(error) && error.failure === 'aborted')) break;
          summary.fallbackTopics.push(topic);
          await logEvent(ctx, LOG_COMPONENTS.trends, 'warning', `Model analysis of ${topic} failed (${describeError(error)}); using the offline engine`);
        }
      }
      trends ??= engineTrends({ articles, now, limit: limits.trendsPerTopic, minArticles: limits.minArticles });

      setAction(ctx, job, 'running', `Storing ${trends.length} ${topic} trends (batch ${batchNumber})`);
      const stored = await storeTopicTrends(ctx.sql, { topic: topic as Topic, batchNumber, trends, articlesAnalyzed: articles.length, source });
      summary.trends += stored.trendIds.length;
      summary.continued += stored.continued;
    }

    summary.stopped = signal.aborted;
    const finishedAt = new Date().toISOString();
    if (summary.stopped) {
      await patchJobState(ctx.sql, ANALYZER_JOB, { lastStoppedAt: finishedAt });
    } else {
      await patchJobState(ctx.sql, ANALYZER_JOB, { lastRunAt: finishedAt, lastRunTrends: summary.trends });
    }
    const fallback = summary.fallbackTopics.length ? `; offline engine for ${summary.fallbackTopics.join(', ')}` : '';
    await logEvent(
      ctx,
      LOG_COMPONENTS.trends,
      'info',
      `Trends analyzer ${summary.stopped ? 'stopped' : 'finished'}: batch ${batchNumber}, ${summary.trends} trends (${summary.continued} continued from earlier runs)${fallback}`,
    );
  } catch (error) {
    summary.error = describeError(error);
    await logEvent(ctx, LOG_COMPONENTS.trends, 'error', `Trends analyzer failed: ${summary.error}`);
  }
  const outcome = summary.error
    ? `Failed: ${summary.error}`
    : `${summary.stopped ? 'Stopped' : 'Done'}: ${summary.trends} trends in batch ${summary.batchNumber}`;
  ctx.events.emit('trendsAnalyzerAction', { action: outcome });
  // A finished run changes the home page's "last run" even when it found nothing new.
  if (summary.trends > 0 || (!summary.stopped && !summary.error)) ctx.events.emit('home_data_updated', {});
  return summary;
}

/** Starts a run in the background; Conflict (409) when one is under way (the scheduler calls this). */
export async function startTrendsAnalyzer(ctx: Ctx, options: AnalyzerOptions = {}): Promise<AnalyzerControlResult> {
  const job = analyzerJob(ctx);
  if (job.run) throw Conflict('The trends analyzer is already running');
  const controller = new AbortController();
  job.controller = controller;
  setAction(ctx, job, 'running', 'Starting');
  job.run = runAnalysis(ctx, job, controller.signal, options)
    .catch((error: unknown): AnalyzerRunSummary => ({
      batchNumber: null,
      trends: 0,
      continued: 0,
      fallbackTopics: [],
      analyzer: 'offline',
      stopped: false,
      error: describeError(error),
    }))
    .finally(() => {
      job.status = 'idle';
      job.currentAction = null;
      job.controller = null;
      job.run = null;
      void pushStatus(ctx);
    });
  void pushStatus(ctx);
  return { message: 'Trends analyzer started', status: 'running' };
}

/** Starts a run and waits for it (tests, and callers that must not return before it ends). */
export async function runTrendsAnalyzer(ctx: Ctx, options: AnalyzerOptions = {}): Promise<AnalyzerRunSummary> {
  await startTrendsAnalyzer(ctx, options);
  return analyzerJob(ctx).run!;
}

/** Stops the run under way and waits until it has ended; trends of topics already stored stay. */
export async function stopTrendsAnalyzer(ctx: Ctx): Promise<AnalyzerControlResult> {
  const job = analyzerJob(ctx);
  const run = job.run;
  if (!run) return { message: 'The trends analyzer is not running', status: 'idle' };
  setAction(ctx, job, job.status, 'Stopping');
  job.controller?.abort();
  await run;
  return { message: 'Trends analyzer stopped', status: 'idle' };
}

/** Refuses an action that must not overlap a run (clear, re-categorize). */
export function assertAnalyzerIdle(ctx: Pick<AppContext, 'jobs'>, message: string): void {
  if (analyzerJob(ctx).run) throw Conflict(message);
}

// The trends analyzer: one run groups the recent articles of every topic into stories in one pass,
// gives each story several sources cover one topic (read from the whole story offline, asked of the
// model when one is configured, or kept as the administrator set it; stored on its articles too), and stores each
// topic's trends — titled, described and scored by the model with its prompts when one is
// configured, else (and for a topic whose model analysis fails) by the offline engine — under a
// new batch number, linked to their articles.
// Its run is a job of the runner (./analyzer-job.ts): one at a time in the cluster, stoppable from
// any daemon, its status and current action read from the database.
import type { AppContext } from '../../../context.js';
import { recentArticlePages, storeStoryTopics, storeTopicReadings } from '../../../db/article-topics.js';
import { nextBatchNumber } from '../../../db/trends.js';
import { Conflict } from '../../../errors.js';
import { defineJob, liveRun, startJob, startScheduledJob, stopJob, waitForRun, type JobHandle, type ScheduledStart } from '../../platform/jobs/index.js';
import { isLlmError, type ChatModel } from '../../../providers/llm/index.js';
import { chatModelFor, modelNameFor } from '../../platform/models.js';
import { READING_LEAD_CHARACTERS, READING_LENGTH, readingModel, TOPICS } from '../classify/index.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { cadenceRow } from '../../platform/schedule/rows.js';
import { getSetting } from '../../platform/settings/index.js';
import { engineTrends, modelTrends, storiesInRankOrder, type TopicTrend } from './analyze-topic.js';
import { groupWindowPages, OFF_THREAD_FROM, type GroupedPages, type TopicStory } from './stories.js';
import type { TopicEvidence } from '../../../shared/topic-evidence.js';
import { nextTurn } from '../../../shared/turns.js';
import { readStoryLeads } from './story-leads.js';
import { explainStories } from './story-evidence.js';
import { DESCRIBED_LEADS, GROUPED_LEAD } from './engine/index.js';
import { ANALYZER_JOB, type AnalyzerRunSummary, type AnalyzerStatus } from './analyzer-job.js';
import { storeTopicTrends } from './store-trends.js';
import { modelStoryTopics } from './story-topics-model.js';
import { storyTopicOverrides } from '../../../db/story-topics.js';
import { alertStories } from '../alerts/stories.js';
import { emitWebhook } from '../../platform/webhooks/index.js';
import { counted } from '../../../shared/words.js';
import type { AnalyzerControlResult } from '../../../api/trends.js';
import { storyPagePath } from '../../../shared/pages.js';

export type { AnalyzerRunSummary } from './analyzer-job.js';

/** What one run reads and keeps. The defaults are the product's; tests and callers may narrow them. */
export const ANALYZER_DEFAULTS = {
  /** Articles crawled (and published) this recently are "recent". */
  windowHours: 48,
  /** The model reads a topic's stories in one prompt: this bounds the prompt (~100 lines). */
  modelArticlesPerTopic: 100,
  /**
   * Articles grouped into stories per run (every topic together; the engine is near-linear): 48
   * hours of 2,000 sources, analysed in about 20 s on 2 cores (bench/analysis-week.bench.ts).
   */
  articlesPerRun: 30_000,
  trendsPerTopic: 10,
  /** A trend is a story of at least this many articles… */
  minArticles: 2,
  /** …from at least this many distinct sites: two articles of one site are news, not a trend. */
  minSources: 2,
  /**
   * Characters of each article's lead the engine reads (the model prompt reads fewer); the stored
   * readings of a story's topic are made from as many (another length reads every article again).
   */
  leadCharacters: READING_LEAD_CHARACTERS,
  /** Windows of this many articles or more are grouped in a worker thread (see groupWindowPages). */
  offThreadFrom: OFF_THREAD_FROM,
};

const NO_STORIES: GroupedPages = {
  window: { covered: [], alone: [], topicOf: new Map(), newReadings: { ids: new Int32Array(0), readings: new Float32Array(0) } },
  articles: [],
};

/** A run's parameters (JSON: they travel with the queued run to whichever daemon takes it). */
export interface AnalyzerOptions extends Partial<typeof ANALYZER_DEFAULTS> {
  /** Reference time, ISO (default: the run's start). */
  now?: string;
  /** The offline engine only, even with a model configured. */
  offline?: boolean;
}

type Ctx = AppContext;

/** Stories indexed per turn of the event loop: a week's 70,000 covered articles at once held it ~20 ms, beside the reply's own work. */
const INDEXED_PER_TURN = 2_000;

/** Each covered article's story, by article id, built a part per turn. */
async function storyIndex(covered: readonly TopicStory[]): Promise<Map<number, TopicStory>> {
  const index = new Map<number, TopicStory>();
  for (let at = 0; at < covered.length; at++) {
    if (at % INDEXED_PER_TURN === 0) await nextTurn();
    const story = covered[at]!;
    for (const id of story.articleIds) index.set(id, story);
  }
  return index;
}

/** The run's live state: its progress (read by the status section) and the live message. */
function setAction(ctx: Ctx, job: JobHandle, status: AnalyzerStatus, action: string): void {
  job.progress({ status, currentAction: action });
  ctx.events.emit('trendsAnalyzerAction', { action });
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** One analysis; never throws (a failure is in the summary). */
async function runAnalysis(ctx: Ctx, options: AnalyzerOptions, job: JobHandle): Promise<AnalyzerRunSummary> {
  const { signal } = job;
  setAction(ctx, job, 'running', 'Starting');
  const limits = { ...ANALYZER_DEFAULTS };
  for (const key of Object.keys(ANALYZER_DEFAULTS) as (keyof typeof ANALYZER_DEFAULTS)[]) {
    if (options[key] !== undefined) limits[key] = options[key];
  }
  const model: ChatModel | null = options.offline ? null : chatModelFor(ctx);
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
    const now = options.now ? new Date(options.now) : new Date();
    const since = new Date(now.getTime() - limits.windowHours * 3_600_000);
    // Kept in the run's progress too, so that a run that stored nothing (stopped, or no news) still
    // used its number: batch numbers say how many runs there were.
    const batchNumber = job.resumed && typeof job.saved.batchNumber === 'number' ? job.saved.batchNumber : await nextBatchNumber(ctx.sql, ANALYZER_JOB);
    job.progress({ batchNumber });
    summary.batchNumber = batchNumber;
    const [system, user, modelName] = model
      ? await Promise.all([
          getSetting<{ promptText: string }>(ctx, 'trends-analyzer-system-prompt'),
          getSetting<{ promptText: string }>(ctx, 'trends-analyzer-user-prompt'),
          modelNameFor(ctx, 'trends-analyzer-model-name'),
        ])
      : [null, null, null];
    await logEvent(ctx, LOG_COMPONENTS.trends, 'info', `Trends analyzer started: batch ${batchNumber}, ${model ? `model ${modelName}` : 'offline engine'}`);

    setAction(ctx, job, 'running', 'Collecting recent articles');
    // The articles' stored readings apply to the lead they were made from.
    const readings =
      limits.leadCharacters === READING_LEAD_CHARACTERS ? { model: readingModel(), length: READING_LENGTH, leadWithReading: GROUPED_LEAD } : null;
    // Each page of the window goes to the grouping as it is read: the daemon's thread never holds
    // all of a week's leads.
    const { window, articles } = await groupWindowPages(
      recentArticlePages(ctx.sql, {
        since,
        limit: limits.articlesPerRun,
        leadCharacters: limits.leadCharacters,
        ...(readings ? { readings } : {}),
      }),
      {
        minArticles: limits.minArticles,
        minSources: limits.minSources,
        offThreadFrom: limits.offThreadFrom,
        overridesOf: (ids) => storyTopicOverrides(ctx.sql, ids),
        onRead: (count) => setAction(ctx, job, 'analyzing', `Grouping ${counted(count, 'article')} into stories (batch ${batchNumber})`),
      },
      signal,
    ).catch((error: unknown) => {
      if (signal.aborted) return NO_STORIES;
      throw error;
    });
    if (model && !signal.aborted && window.covered.length > 0) {
      setAction(ctx, job, 'analyzing', `Filing ${window.covered.length} stories under their topics with ${modelName} (batch ${batchNumber})`);
      await modelStoryTopics(ctx, model, window, articles, { leadCharacters: limits.leadCharacters, signal });
    }
    const storyOfArticle = await storyIndex(window.covered);
    const storyOf = (trend: TopicTrend) => trend.articleIds.map((id) => storyOfArticle.get(id)).find(Boolean) ?? null;
    const evidenceOf = (trend: TopicTrend): TopicEvidence | null => storyOf(trend)?.evidence ?? null;
    if (!signal.aborted) {
      setAction(ctx, job, 'running', `Filing ${counted(window.covered.length, 'story', 'stories')} under their topics (batch ${batchNumber})`);
      await storeStoryTopics(ctx.sql, {
        stories: window.covered.map(({ topic, articleIds }) => ({ topic, articleIds })),
        alone: window.alone,
      });
      // Read once: the next analysis whose window holds these articles reads them from here. Only
      // a saving: a failure to store them costs the next run time, not this run its trends.
      if (readings && window.newReadings.ids.length > 0) {
        await storeTopicReadings(ctx.sql, { ...window.newReadings, ...readings }).catch((error: unknown) =>
          logEvent(
            ctx,
            LOG_COMPONENTS.trends,
            'warning',
            `The articles' topic readings were not stored (${describeError(error)}); the next analysis reads them again`,
          ),
        );
      }
    }

    for (const topic of TOPICS) {
      if (signal.aborted) break;
      const stories = window.covered.filter((story) => story.topic === topic).map((story) => story.story);
      if (stories.length === 0) continue;
      const articlesAnalyzed = [...window.topicOf.values()].filter((articleTopic) => articleTopic === topic).length;
      setAction(ctx, job, 'analyzing', `Analyzing ${counted(articlesAnalyzed, `${topic} article`)}${model ? ` with ${modelName}` : ''} (batch ${batchNumber})`);
      // Ranked without describing each story: only the trends kept are titled and summarised.
      const inRankOrder = await storiesInRankOrder(stories, now);
      let trends: TopicTrend[] | null = null;
      let source: 'model' | 'offline' = 'offline';
      if (model) {
        // The engine's rank order, so that the prompt's line budget goes to the best stories.
        await readStoryLeads(ctx.sql, inRankOrder, { perStory: Infinity, total: limits.modelArticlesPerTopic, leadCharacters: limits.leadCharacters });
        try {
          trends = await modelTrends(model, {
            topic,
            stories: inRankOrder,
            systemPrompt: system!.promptText,
            userPrompt: user!.promptText,
            modelName: modelName!,
            limit: limits.trendsPerTopic,
            maxLines: limits.modelArticlesPerTopic,
            signal,
          });
          source = 'model';
        } catch (error) {
          if (signal.aborted || (isLlmError(error) && error.failure === 'aborted')) break;
          summary.fallbackTopics.push(topic);
          await logEvent(ctx, LOG_COMPONENTS.trends, 'warning', `Model analysis of ${topic} failed (${describeError(error)}); using the offline engine`);
        }
      }
      if (!trends) {
        const described = inRankOrder.slice(0, limits.trendsPerTopic);
        await readStoryLeads(ctx.sql, described, { perStory: DESCRIBED_LEADS, leadCharacters: limits.leadCharacters });
        trends = await engineTrends(described, { now, limit: limits.trendsPerTopic });
      }

      await explainStories(ctx.sql, [...new Set(trends.flatMap((trend) => storyOf(trend) ?? []))], { leadCharacters: limits.leadCharacters, readings });
      setAction(ctx, job, 'running', `Storing ${counted(trends.length, `${topic} trend`)} (batch ${batchNumber})`);
      const stored = await storeTopicTrends(ctx.sql, { topic, batchNumber, trends, articlesAnalyzed, source, evidenceOf });
      summary.trends += stored.trendIds.length;
      summary.continued += stored.continued;
      for (const trend of stored.created) {
        await emitWebhook(ctx, 'trend.created', { id: trend.id, title: trend.title, topic, pageUrl: storyPagePath(trend) });
      }
      await alertStories(ctx, stored.trendIds, new Set(stored.created.map((trend) => trend.id)));
    }

    summary.stopped = signal.aborted;
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
  return summary;
}

export const trendsAnalyzerJob = defineJob({
  name: ANALYZER_JOB,
  label: 'The trends analyzer',
  run: (ctx, options: AnalyzerOptions, job) => runAnalysis(ctx, options, job),
  // Sent once the run is recorded as ended, not from inside it: a reader refetching on this message
  // (on any daemon) then sees the home page's new "last run" as well as the trends it stored.
  async settled(ctx, run) {
    if (run.status === 'completed' || run.status === 'stopped') ctx.events.emit('home_data_updated', {});
  },
  schedule: cadenceRow('trends', { label: 'Scheduled trends analysis', component: LOG_COMPONENTS.trends }, (ctx, slot) => startScheduledAnalysis(ctx, slot)),
});

/** Starts a run (on whichever daemon takes it); Conflict (409) when one is under way anywhere (the scheduler calls this). */
export async function startTrendsAnalyzer(ctx: Ctx, options: AnalyzerOptions = {}): Promise<AnalyzerControlResult> {
  await queueAnalysis(ctx, options);
  return { message: 'Trends analyzer started', status: 'running' };
}

async function queueAnalysis(ctx: Ctx, options: AnalyzerOptions): Promise<string> {
  const { run } = await startJob(ctx, ANALYZER_JOB, { ...options }, { progress: { status: 'running', currentAction: 'Starting' } });
  return run.id;
}

/** A schedule slot fired (on every daemon): the analysis for it runs once in the cluster. */
async function startScheduledAnalysis(ctx: Ctx, slot: string): Promise<{ outcome: ScheduledStart; reason?: string }> {
  return startScheduledJob(ctx, ANALYZER_JOB, slot, {}, { progress: { status: 'running', currentAction: 'Starting' } });
}

/** Starts a run and waits for it (tests, and callers that must not return before it ends). */
export async function runTrendsAnalyzer(ctx: Ctx, options: AnalyzerOptions = {}): Promise<AnalyzerRunSummary> {
  const ended = await waitForRun(ctx, await queueAnalysis(ctx, options));
  return (
    (ended?.result as AnalyzerRunSummary | null) ?? {
      batchNumber: null,
      trends: 0,
      continued: 0,
      fallbackTopics: [],
      analyzer: 'offline',
      stopped: ended?.status === 'stopped',
      error: ended?.error ?? 'The analysis did not finish',
    }
  );
}

/** Stops the run under way (wherever it runs) and waits until it has ended; trends of topics already stored stay. */
export async function stopTrendsAnalyzer(ctx: Ctx): Promise<AnalyzerControlResult> {
  const live = await liveRun(ctx, ANALYZER_JOB);
  if (!live) return { message: 'The trends analyzer is not running', status: 'idle' };
  ctx.events.emit('trendsAnalyzerAction', { action: 'Stopping' });
  await stopJob(ctx, ANALYZER_JOB);
  return { message: 'Trends analyzer stopped', status: 'idle' };
}

/** Refuses an action that must not overlap a run (clear, re-categorize), wherever the run is. */
export async function assertAnalyzerIdle(ctx: Ctx, message: string): Promise<void> {
  if (await liveRun(ctx, ANALYZER_JOB)) throw Conflict(message);
}

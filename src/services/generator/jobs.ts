// The generator on the job runner. Each queue item is carried by one run of generate-article,
// created in the same transaction as the item: the run's lease says which daemon generates it and
// may record it (checked once, in the recording transaction), a killed daemon's run is taken over
// (and the item generated again), and generated_articles.queue_item_id (unique) records it at most
// once. Run is the exclusive `generator` job: it queues the trends of each new analysis until
// Stop, and a restarted daemon resumes it like any other run.
import type { AppContext } from '../../context.js';
import { countLiveItems, deleteFinishedItemsBefore, endItemOfRun, enqueueTrend, itemsWithoutLiveRun, setItemJobRun, type QueueItemRow } from '../../db/generation-queue.js';
import { jobRunById, liveJobRun } from '../../db/job-runs.js';
import { currentTrends, trendsStamp } from '../../db/trends.js';
import { defineJob, enqueue, type JobHandle } from '../jobs/index.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { announce, publishQueue } from './events.js';
import { generateQueueItem, reportRunProgress } from './generate-item.js';
import { GENERATE_ARTICLE_JOB, GENERATOR_JOB } from './status.js';
import { MIN_SOURCE_ARTICLES } from './write-article.js';
import { counted } from '../../shared/words.js';

/** In run mode, how often to look for a new analysis when no message says one happened (another daemon's). */
const RUN_MODE_POLL_MS = 30_000;
const FINISHED_ITEMS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

export const generateArticleJob = defineJob({
  name: GENERATE_ARTICLE_JOB,
  label: 'Article generation',
  // A queue: items wait their turn (best first), one at a time per daemon.
  exclusive: false,
  concurrency: 1,
  run: (ctx, _params: { trendId?: number }, job) => generateQueueItem(ctx, job),
  /**
   * A run stopped or failed without recording its item (POST /api/jobs/generate-article/stop, a queued
   * run stopped before any daemon took it, an unexpected error): its item ends too, instead of staying
   * queued with nothing to carry it. Stop from the console has cancelled its items already.
   */
  attach: (ctx) =>
    ctx.events.on('job_updated', ({ job, runId, status }) => {
      if (job !== GENERATE_ARTICLE_JOB || (status !== 'stopped' && status !== 'failed')) return;
      void endRunItem(ctx, runId, status).catch(() => {});
    }),
});

export const generatorJob = defineJob({
  name: GENERATOR_JOB,
  label: 'The article generator',
  run: (ctx, _params: object, job) => keepQueueing(ctx, job),
});

async function endRunItem(ctx: AppContext, runId: string, status: 'stopped' | 'failed'): Promise<void> {
  const reason = status === 'stopped' ? 'Stopped by the administrator' : ((await jobRunById(ctx.sql, runId))?.error ?? 'The generation failed');
  const item = await endItemOfRun(ctx.sql, runId, status === 'stopped' ? 'cancelled' : 'failed', reason);
  if (!item) return;
  const line = status === 'stopped' ? `Article generation for "${item.trendTitle}" stopped` : `Article generation failed for "${item.trendTitle}": ${reason}`;
  await logEvent(ctx, LOG_COMPONENTS.generator, status === 'stopped' ? 'info' : 'error', line);
  announce(ctx, line);
  await reportRunProgress(ctx, item, line);
  await publishQueue(ctx);
}

/** The queue's order (pg-boss priorities are integers): relevance to two decimals. */
function runPriority(priority: number): number {
  return Math.round(Math.max(-1e6, Math.min(1e6, priority)) * 100);
}

class AlreadyQueued extends Error {}

/** Queues a trend's item and the run that carries it, in one transaction; null when the trend is queued already. */
export async function queueItem(
  ctx: AppContext,
  item: { trendId: number; trendTitle: string; priority: number; runId: string | null },
): Promise<QueueItemRow | null> {
  let queued: QueueItemRow | null = null;
  try {
    const { created } = await enqueue(ctx, GENERATE_ARTICLE_JOB, { trendId: item.trendId }, {
      singletonKey: `trend-${item.trendId}`,
      priority: runPriority(item.priority),
      progress: { trendTitle: item.trendTitle },
      prepare: async (tx, run) => {
        queued = await enqueueTrend(tx, { ...item, jobRunId: run.id });
        if (!queued) throw new AlreadyQueued();
      },
    });
    return created ? queued : null;
  } catch (error) {
    if (error instanceof AlreadyQueued) return null;
    throw error;
  }
}

/** A live item no run carries yet (queued in a batch, or before the runner carried items) gets its run. */
export async function carryItem(ctx: AppContext, item: QueueItemRow): Promise<void> {
  try {
    await enqueue(ctx, GENERATE_ARTICLE_JOB, { trendId: item.trendId }, {
      ...(item.trendId === null ? {} : { singletonKey: `trend-${item.trendId}` }),
      priority: runPriority(item.priority),
      progress: { trendTitle: item.trendTitle },
      prepare: async (tx, run) => {
        if (!(await setItemJobRun(tx, item.id, run.id))) throw new AlreadyQueued();
      },
    });
  } catch (error) {
    if (!(error instanceof AlreadyQueued)) throw error;
  }
}

/** Run mode: queues the trends of every new analysis (a message, or a look every RUN_MODE_POLL_MS) until stopped. */
async function keepQueueing(ctx: AppContext, job: JobHandle): Promise<{ queued: number }> {
  let queued = 0;
  let wake: (() => void) | null = null;
  const stopListening = ctx.events.on('home_data_updated', () => wake?.());
  try {
    // Run queued the current trends itself; a run taken over from a stopped daemon looks at once.
    // After that only a new analysis queues: the message also follows a crawl or Clear Articles,
    // and Clear Articles in run mode would otherwise write every article again at once.
    // undefined: note the current analysis without queueing; null: queue whatever is current.
    let seen: string | null | undefined = job.resumed ? null : undefined;
    while (!job.signal.aborted) {
      try {
        const stamp = await trendsStamp(ctx.sql);
        if (seen === undefined) seen = stamp;
        else if (stamp !== seen) {
          queued += await queueTrendsWithoutArticle(ctx);
          seen = stamp;
        }
      } catch (error) {
        if (job.signal.aborted) break;
        await logEvent(ctx, LOG_COMPONENTS.generator, 'error', `Article generator: queueing the latest trends failed: ${(error as Error).message}`).catch(() => {});
      }
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          job.signal.removeEventListener('abort', done);
          wake = null;
          resolve();
        };
        const timer = setTimeout(done, RUN_MODE_POLL_MS);
        job.signal.addEventListener('abort', done, { once: true });
        wake = done;
      });
    }
  } finally {
    stopListening();
  }
  return { queued };
}

/**
 * At daemon start: the runner resumes the queue (queued runs, and runs a killed daemon left, which
 * it takes over); this gives a run to any live item without one, clears old history and says what
 * is resumed. Returns the function that stops it (nothing left to stop: the runner does the work).
 */
export async function resumeGenerator(ctx: AppContext): Promise<() => void> {
  // Finished items are history the console never shows; a month of it is plenty.
  await deleteFinishedItemsBefore(ctx.sql, new Date(Date.now() - FINISHED_ITEMS_KEPT_MS));
  for (const item of await itemsWithoutLiveRun(ctx.sql)) await carryItem(ctx, item);
  const [live, runMode] = await Promise.all([countLiveItems(ctx.sql), liveJobRun(ctx.sql, GENERATOR_JOB)]);
  // Claimed without a live lease: its daemon stopped mid-generation (the runner takes the run over).
  const interrupted = live.claimed - live.generating;
  if (live.total > 0 || runMode) {
    await logEvent(
      ctx,
      LOG_COMPONENTS.generator,
      'info',
      `Resuming the article generator: ${live.total} queued${interrupted > 0 ? ` (${interrupted} interrupted when a daemon stopped)` : ''}${runMode ? ', run mode on' : ''}`,
    );
  }
  return () => {};
}

/**
 * Queues every current trend (enough sources, no article, not queued, not failed since its newest
 * source arrived — so Run never retries a hopeless trend in a loop), best first; returns how many.
 */
export async function queueTrendsWithoutArticle(ctx: AppContext): Promise<number> {
  let queued = 0;
  for (const trend of await currentTrends(ctx.sql)) {
    if (trend.hasArticle || trend.articleCount < MIN_SOURCE_ARTICLES || trend.failedSinceNewestSource) continue;
    if (await queueItem(ctx, { trendId: trend.id, trendTitle: trend.title, priority: trend.relevanceScore, runId: null })) queued++;
  }
  if (queued > 0) {
    await logEvent(ctx, LOG_COMPONENTS.generator, 'info', `Queued ${counted(queued, 'trend')} of the latest analysis for article generation`);
    await publishQueue(ctx);
  }
  return queued;
}

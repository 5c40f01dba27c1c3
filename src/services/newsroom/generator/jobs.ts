// The generator on the job runner. A generation is one run of generate-article (its params name the
// trend; its status is the generation's): the run's lease says which daemon generates it and may
// record it (checked once, in the recording transaction), a killed daemon's run is taken over (and
// the trend generated again), and generated_articles.job_run_id (unique) records it at most once.
// Run is the exclusive `generator` job: it queues the trends of each new analysis until Stop, and a
// restarted daemon resumes it like any other run.
import type { AppContext } from '../../../context.js';
import type { TransactionSql } from '../../../db/client.js';
import { countLiveGenerations, type GenerationParams } from '../../../db/generations.js';
import { jobRunById, liveJobRun, type JobRunRow } from '../../../db/job-runs.js';
import { currentTrends, trendsStamp } from '../../../db/trends.js';
import { generatedArticleOfTrend } from '../../../db/generated-articles.js';
import { defineJob, enqueue, type JobHandle, type JobParams } from '../../platform/jobs/index.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { announce, publishQueue } from './events.js';
import { generateTrendArticle, reportBatchProgress, type GenerateItemResult } from './generate-item.js';
import { GENERATE_ARTICLE_JOB, GENERATOR_JOB } from './status.js';
import { MIN_SOURCE_ARTICLES } from './write-article.js';
import { onAbort } from '../../../shared/abort.js';
import { counted } from '../../../shared/words.js';

/** The reason the generator's Stop gives its runs: Stop says what it cancelled in one line, not one per run. */
export const STOPPED_BY_GENERATOR = 'Stopped by the administrator';

export const generateArticleJob = defineJob({
  name: GENERATE_ARTICLE_JOB,
  label: 'Article generation',
  // A queue: generations wait their turn (best first), one at a time per daemon.
  exclusive: false,
  concurrency: 1,
  run: (ctx, params: GenerationParams, job) => generateTrendArticle(ctx, params, job),
  /** Once a generation ended (on the daemon that held it, or that stopped it queued): a regeneration's [n/total], the queue. */
  settled: async (ctx, { runId, status }) => {
    const run = await jobRunById(ctx.sql, runId);
    if (run) await generationEnded(ctx, run, status);
  },
});

export const generatorJob = defineJob({
  name: GENERATOR_JOB,
  label: 'The article generator',
  run: (ctx, _params: object, job) => keepQueueing(ctx, job),
});

async function generationEnded(ctx: AppContext, run: JobRunRow, status: string): Promise<void> {
  // The generator's Stop speaks for all of its runs at once (one line, one queue update).
  if (status === 'stopped' && run.error === STOPPED_BY_GENERATOR) return;
  const params = run.params as unknown as GenerationParams;
  if (status === 'completed') {
    const result = run.result as GenerateItemResult | null;
    if (result?.outcome === 'done') await reportBatchProgress(ctx, params, `Rewrote "${result.title}"`);
  } else if (status === 'failed') {
    // The generation logged and announced its failure itself.
    await reportBatchProgress(ctx, params, `Failed "${params.trendTitle}": ${run.error ?? 'unknown error'}`);
  } else if (status === 'stopped') {
    // Stopped on its own (POST /api/jobs/generate-article/stop).
    const line = `Article generation for "${params.trendTitle}" stopped`;
    await logEvent(ctx, LOG_COMPONENTS.generator, 'info', line);
    announce(ctx, line);
    await reportBatchProgress(ctx, params, line);
  }
  await publishQueue(ctx);
}

/** The queue's order (run priorities are integers): relevance to two decimals. */
function runPriority(priority: number): number {
  return Math.round(Math.max(-1e6, Math.min(1e6, priority)) * 100);
}

type Enqueue = (name: string, params: JobParams, options?: Parameters<typeof enqueue>[3]) => Promise<JobRunRow | null>;

/**
 * Queues the generation of a trend's article; null when the trend's article is being generated or
 * waits already. Inside a transaction (`enqueueTogether`) when given its `enqueue`.
 */
export async function queueGeneration(
  ctx: AppContext,
  generation: GenerationParams & { priority: number; unlessWritten?: boolean },
  within?: { tx: TransactionSql; enqueue: Enqueue },
): Promise<JobRunRow | null> {
  const { priority, unlessWritten, ...params } = generation;
  const options = { ...(params.trendId === null ? {} : { singletonKey: `trend-${params.trendId}` }), priority: runPriority(priority) };
  if (within) return within.enqueue(GENERATE_ARTICLE_JOB, params, options);
  const { trendId } = params;
  // Looked at after the run's row is in, in its transaction: a generation of the trend that ended
  // between the caller's read of the trends and this insert (its key free, its article written) is
  // seen, and this run taken back; one still live holds the key, and the insert finds it.
  const prepare =
    unlessWritten && trendId !== null
      ? async (tx: TransactionSql) => {
          if (await generatedArticleOfTrend(tx, trendId)) throw new WrittenMeanwhile();
        }
      : undefined;
  try {
    const { run, created } = await enqueue(ctx, GENERATE_ARTICLE_JOB, params, { ...options, ...(prepare ? { prepare } : {}) });
    return created ? run : null;
  } catch (error) {
    if (error instanceof WrittenMeanwhile) return null;
    throw error;
  }
}

/** Takes a queued generation back: its trend's article was written meanwhile. */
class WrittenMeanwhile extends Error {}

/**
 * Run mode: queues the trends of every new analysis until stopped. It keeps no clock: it wakes on
 * home_data_updated, which every analysis sends (on any daemon: the event bridge carries it) and
 * which the bridge also sends after any gap in its channel, when a message may have been missed.
 */
async function keepQueueing(ctx: AppContext, job: JobHandle): Promise<{ queued: number }> {
  let queued = 0;
  let wake: (() => void) | null = null;
  // A message that came while it was looking (not waiting) makes it look again at once.
  let heard = false;
  const stopListening = ctx.events.on('home_data_updated', () => {
    heard = true;
    wake?.();
  });
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
        await logEvent(ctx, LOG_COMPONENTS.generator, 'error', `Article generator: queueing the latest trends failed: ${(error as Error).message}`).catch(
          () => {},
        );
      }
      if (heard) {
        heard = false;
        continue;
      }
      // A Stop that came while it looked (above) has aborted the signal already: no wait then.
      let stopWaiting = () => {};
      await new Promise<void>((resolve) => {
        wake = resolve;
        stopWaiting = onAbort(job.signal, resolve);
      });
      stopWaiting();
      wake = null;
      heard = false;
    }
  } finally {
    stopListening();
  }
  return { queued };
}

/**
 * At daemon start: the runner resumes the queue (queued runs, and runs a killed daemon left, which
 * it takes over); this says what is resumed. Returns the function that stops it (nothing left to
 * stop: the runner does the work).
 */
export async function resumeGenerator(ctx: AppContext): Promise<() => void> {
  const [live, runMode] = await Promise.all([countLiveGenerations(ctx.sql), liveJobRun(ctx.sql, GENERATOR_JOB)]);
  if (live.total > 0 || runMode) {
    await logEvent(
      ctx,
      LOG_COMPONENTS.generator,
      'info',
      `Resuming the article generator: ${live.total} queued${live.interrupted > 0 ? ` (${live.interrupted} interrupted when a daemon stopped)` : ''}${runMode ? ', run mode on' : ''}`,
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
    if (await queueGeneration(ctx, { trendId: trend.id, trendTitle: trend.title, priority: trend.relevanceScore, unlessWritten: true })) queued++;
  }
  if (queued > 0) {
    await logEvent(ctx, LOG_COMPONENTS.generator, 'info', `Queued ${counted(queued, 'trend')} of the latest analysis for article generation`);
    await publishQueue(ctx);
  }
  return queued;
}

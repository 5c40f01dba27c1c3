// What the console's generator buttons do: Run (queue every current trend without an article, best
// first, and keep doing so after each analysis until Stop), Stop (cancel what is queued), generate
// one trend's article, and rewrite the article of every current trend in place. The work itself runs
// on the job runner (./jobs.ts).
import { randomBytes } from 'node:crypto';
import type { GeneratorActionResult } from '../../../api/generator.js';
import type { AppContext } from '../../../context.js';
import { batchProgress, countLiveGenerations, joinBatch, liveGenerationOfTrend, lockRegenerationStart } from '../../../db/generations.js';
import { liveJobRuns } from '../../../db/job-runs.js';
import { currentTrends, trendByTitle } from '../../../db/trends.js';
import { Conflict, Invalid, NotFound } from '../../../errors.js';
import { enqueueTogether, notRunning, requestStop, startJob, stopJob, waitForRun } from '../../platform/jobs/index.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { announce, publishQueue } from './events.js';
import { announceRunComplete } from './generate-item.js';
import { STOPPED_BY_GENERATOR, queueGeneration, queueTrendsWithoutArticle } from './jobs.js';
import { GENERATE_ARTICLE_JOB, GENERATOR_JOB } from './status.js';
import { MIN_SOURCE_ARTICLES, insufficientMessage } from './write-article.js';
import { counted } from '../../../shared/words.js';

/** An administrator's own request goes before the trends Run queues. */
const REQUEST_PRIORITY = 1_000;
const REGENERATION_PRIORITY = 100;

type Ctx = AppContext;

/** Run: Conflict (409) "The article generator is already running" while run mode is on anywhere. */
export async function startGenerator(ctx: Ctx): Promise<GeneratorActionResult> {
  await startJob(ctx, GENERATOR_JOB);
  const queued = await queueTrendsWithoutArticle(ctx);
  const message = `Article generator started: ${counted(queued, 'trend')} queued`;
  await logEvent(ctx, LOG_COMPONENTS.generator, 'info', message);
  announce(ctx, message);
  await publishQueue(ctx);
  return { message, queued };
}

/**
 * Stop: ends run mode and stops every generation live when it was asked (the one being generated
 * included, on any daemon). What is asked for while it runs (a regeneration, one trend's article)
 * is not what Stop meant, and goes on.
 */
export async function stopGenerator(ctx: Ctx): Promise<GeneratorActionResult> {
  const runs = await liveJobRuns(ctx.sql, [GENERATOR_JOB, GENERATE_ARTICLE_JOB]);
  if (runs.length === 0) return { ...notRunning(ctx, GENERATOR_JOB), queued: 0 };
  // Generations first: a run fetched meanwhile finds itself stopping and records nothing.
  const generations = runs.filter((run) => run.job === GENERATE_ARTICLE_JOB && run.status !== 'stopping');
  await Promise.all(generations.map((run) => requestStop(ctx, run, STOPPED_BY_GENERATOR)));
  const message = `Article generator stopped${generations.length ? `: ${counted(generations.length, 'queued item')} cancelled` : ''}`;
  await logEvent(ctx, LOG_COMPONENTS.generator, 'info', message);
  // Said before the runs end: the console clears its action line once the status reads idle.
  announce(ctx, message);
  const batches = new Set(generations.flatMap((run) => (typeof run.params.batch === 'string' ? [run.params.batch] : [])));
  for (const batch of batches) await announceRunComplete(ctx, await batchProgress(ctx.sql, batch));
  await publishQueue(ctx);
  await stopJob(ctx, GENERATOR_JOB);
  await Promise.all(generations.map((run) => waitForRun(ctx, run.id, { timeoutMs: 2 * 60_000 })));
  return { message, queued: 0 };
}

export async function generateFromTrend(ctx: Ctx, trendTitle: string): Promise<GeneratorActionResult> {
  const title = trendTitle.trim();
  if (!title) throw Invalid('trendTitle is required');
  const trend = await trendByTitle(ctx.sql, title);
  if (!trend) throw NotFound(insufficientMessage(title, 'no trend has this title'));
  if (trend.articleCount < MIN_SOURCE_ARTICLES) {
    throw Invalid(insufficientMessage(trend.title, `${counted(trend.articleCount, 'source article')}, at least ${MIN_SOURCE_ARTICLES} needed`));
  }
  const queued = await queueGeneration(ctx, { trendId: trend.id, trendTitle: trend.title, priority: REQUEST_PRIORITY });
  if (!queued) return { message: `Article generation for "${trend.title}" is already queued`, queued: 0 };
  await logEvent(ctx, LOG_COMPONENTS.generator, 'info', `Queued article generation for "${trend.title}"`);
  await publishQueue(ctx);
  return { message: `Queued article generation for "${trend.title}"`, queued: 1 };
}

function regenerating(trends: number): string {
  return `Regenerating the articles of ${counted(trends, 'current trend')}`;
}

/** Rewrites the article of every current trend in place (same page address); progress as "[n/total] …". */
export async function regenerateArticles(ctx: Ctx): Promise<GeneratorActionResult> {
  // Check and queue under one lock, so two clicks at the same moment (or on two daemons) make one
  // regeneration and a 409, not two taking each other's generations. Every generation is queued
  // before the first one starts, so "[n/total]" counts them all.
  const trends = await enqueueTogether(ctx, async (tx, enqueue) => {
    await lockRegenerationStart(tx);
    if ((await countLiveGenerations(tx)).regeneration > 0) throw Conflict('Article regeneration is already running');
    const current = (await currentTrends(tx)).filter((trend) => trend.articleCount >= MIN_SOURCE_ARTICLES);
    const batch = randomBytes(8).toString('hex');
    for (const trend of current) {
      const generation = { trendId: trend.id, trendTitle: trend.title, batch, priority: REGENERATION_PRIORITY + trend.relevanceScore };
      if (await queueGeneration(ctx, generation, { tx, enqueue })) continue;
      // Already queued (Run, or a click): that generation becomes part of this regeneration.
      const live = await liveGenerationOfTrend(tx, trend.id);
      if (live) await joinBatch(tx, live.id, batch);
    }
    // Before the runners hear of the generations: the first may end (and report [1/n]) at once.
    if (current.length > 0) announce(ctx, `[0/${current.length}] ${regenerating(current.length)}`, { progress: { done: 0, total: current.length } });
    return current;
  });
  if (trends.length === 0) {
    const message = 'Regeneration complete: no current trends with enough sources';
    announce(ctx, message, { progress: { done: 0, total: 0 }, complete: true });
    return { message, queued: 0 };
  }
  const message = regenerating(trends.length);
  await logEvent(ctx, LOG_COMPONENTS.generator, 'info', message);
  await publishQueue(ctx);
  return { message, queued: trends.length };
}

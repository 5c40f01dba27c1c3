// What the console's generator buttons do: Run (queue every current trend without an article, best
// first, and keep doing so after each analysis until Stop), Stop (cancel what is queued), generate
// one trend's article, and rewrite the article of every current trend in place. The work itself runs
// on the job runner (./jobs.ts).
import { randomBytes } from 'node:crypto';
import type { GeneratorActionResult } from '../../api/generator.js';
import type { AppContext } from '../../context.js';
import { cancelLiveItems, countLiveItems, enqueueTrend, liveItemIds, liveItemOfTrend, lockRegenerationStart, runProgress, setItemRun, type QueueItemRow } from '../../db/generation-queue.js';
import { liveJobRuns } from '../../db/job-runs.js';
import { currentTrends, trendByTitle } from '../../db/trends.js';
import { Conflict, Invalid, NotFound } from '../../errors.js';
import { notRunning, startJob, stopJob, stopRun } from '../jobs/index.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { announce, publishQueue } from './events.js';
import { announceRunComplete } from './generate-item.js';
import { carryItem, queueItem, queueTrendsWithoutArticle } from './jobs.js';
import { GENERATE_ARTICLE_JOB, GENERATOR_JOB } from './status.js';
import { MIN_SOURCE_ARTICLES, insufficientMessage } from './write-article.js';
import { counted } from '../../shared/words.js';

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
 * Stop: ends run mode and cancels every item queued when it was asked (the one being generated
 * included, on any daemon). What is asked for while it runs (a regeneration, one trend's article)
 * is not what Stop meant, and goes on.
 */
export async function stopGenerator(ctx: Ctx): Promise<GeneratorActionResult> {
  const [itemRuns, items] = await Promise.all([liveJobRuns(ctx.sql, [GENERATOR_JOB, GENERATE_ARTICLE_JOB]), liveItemIds(ctx.sql)]);
  if (itemRuns.length === 0 && items.length === 0) return { ...notRunning(ctx, GENERATOR_JOB), queued: 0 };
  // Items first: a run fetched meanwhile finds its item cancelled and records nothing.
  const cancelled = await cancelLiveItems(ctx.sql, items, 'Stopped by the administrator');
  const message = `Article generator stopped${cancelled.length ? `: ${counted(cancelled.length, 'queued item')} cancelled` : ''}`;
  await logEvent(ctx, LOG_COMPONENTS.generator, 'info', message);
  // Said before the runs end: the console clears its action line once the status reads idle.
  announce(ctx, message);
  for (const runId of new Set(cancelled.flatMap((item) => (item.runId ? [item.runId] : [])))) {
    await announceRunComplete(ctx, await runProgress(ctx.sql, runId));
  }
  await publishQueue(ctx);
  await stopJob(ctx, GENERATOR_JOB);
  const carriers = new Set(cancelled.flatMap((item) => (item.jobRunId ? [item.jobRunId] : [])));
  for (const run of await liveJobRuns(ctx.sql, [GENERATE_ARTICLE_JOB])) if (carriers.has(run.id)) await stopRun(ctx, run);
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
  const item = await queueItem(ctx, { trendId: trend.id, trendTitle: trend.title, priority: REQUEST_PRIORITY, runId: null });
  if (!item) return { message: `Article generation for "${trend.title}" is already queued`, queued: 0 };
  await logEvent(ctx, LOG_COMPONENTS.generator, 'info', `Queued article generation for "${trend.title}"`);
  await publishQueue(ctx);
  return { message: `Queued article generation for "${trend.title}"`, queued: 1 };
}

/** Rewrites the article of every current trend in place (same page address); progress as "[n/total] …". */
export async function regenerateArticles(ctx: Ctx): Promise<GeneratorActionResult> {
  // Check and queue under one lock, so two clicks at the same moment (or on two daemons) make one
  // run and a 409, not two runs taking each other's items.
  const planned = await ctx.sql.begin(async (tx) => {
    await lockRegenerationStart(tx);
    if ((await countLiveItems(tx)).regeneration > 0) throw Conflict('Article regeneration is already running');
    const trends = (await currentTrends(tx)).filter((trend) => trend.articleCount >= MIN_SOURCE_ARTICLES);
    const runId = randomBytes(8).toString('hex');
    const fresh: QueueItemRow[] = [];
    for (const trend of trends) {
      const item = await enqueueTrend(tx, { trendId: trend.id, trendTitle: trend.title, priority: REGENERATION_PRIORITY + trend.relevanceScore, runId, jobRunId: null });
      if (item) fresh.push(item);
      else {
        // Already queued (Run, or a click): that item becomes part of this run.
        const live = await liveItemOfTrend(tx, trend.id);
        if (live) await setItemRun(tx, live.id, runId);
      }
    }
    return { trends, fresh };
  });
  const { trends, fresh } = planned;
  if (trends.length === 0) {
    const message = 'Regeneration complete: no current trends with enough sources';
    announce(ctx, message, { progress: { done: 0, total: 0 }, complete: true });
    return { message, queued: 0 };
  }
  const message = `Regenerating the articles of ${counted(trends.length, 'current trend')}`;
  // Before the items run: the first of them may be generated (and report [1/n]) before this returns.
  // Every item is in the queue before the first one's run starts, so "[n/total]" counts them all.
  announce(ctx, `[0/${trends.length}] ${message}`, { progress: { done: 0, total: trends.length } });
  for (const item of fresh) await carryItem(ctx, item);
  await logEvent(ctx, LOG_COMPONENTS.generator, 'info', message);
  await publishQueue(ctx);
  return { message, queued: trends.length };
}

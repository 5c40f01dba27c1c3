// The generation of one queue item: the job function of its generate-article run. The item is
// recorded at most once: the article, the trend's page address and the item's "done" are written in
// one transaction that first checks this attempt still holds the run (`job.holds`: the run's lease,
// the one ownership check) and the item is still live, so an item stopped meanwhile, or taken over by
// another daemon after this one stalled past its lease, is never recorded twice.
import type { AppContext } from '../../context.js';
import { generatedArticleOfTrend, upsertGeneratedArticle } from '../../db/generated-articles.js';
import { claimItem, failLiveItem, finishItem, itemOfJobRun, lockLiveItem, releaseItem, runProgress, type QueueItemRow } from '../../db/generation-queue.js';
import { setTrendHtmlFilePath, trendForGeneration, trendSourceArticles } from '../../db/trends.js';
import type { JobHandle } from '../jobs/index.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { announce, publishQueue } from './events.js';
import { deleteImage, makeFeatureImage, saveImage } from './images.js';
import { articlePagePath } from './paths.js';
import { patchGeneratorState } from './status.js';
import { GenerationFailure, writeArticle } from './write-article.js';
import { emitWebhook } from '../webhooks/index.js';

/** An item whose generation never finishes (its daemon dies each time) fails after this many attempts. */
const MAX_ITEM_ATTEMPTS = 3;

export type GenerateItemResult =
  | { outcome: 'done'; articleId: number; title: string; wordCount: number; sources: number; writer: 'model' | 'offline' }
  /** Stopped, finished already, or no longer this attempt's: nothing recorded. */
  | { outcome: 'dropped' };

/** A failed item: its run fails with the reason (the item and the GENERATOR log have it already). */
class ItemFailed extends Error {
  override name = 'ItemFailed';
}

type Ctx = AppContext;

function describe(error: unknown): string {
  if (error instanceof GenerationFailure) return error.message;
  const message = error instanceof Error ? error.message : String(error);
  return message || 'unknown error';
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** After an item of a regeneration run ends: "[n/total] …", and the closing line once none is left. */
export async function reportRunProgress(ctx: Ctx, item: QueueItemRow, line: string): Promise<void> {
  if (!item.runId) return;
  const progress = await runProgress(ctx.sql, item.runId);
  const finished = progress.done + progress.failed + progress.cancelled;
  announce(ctx, `[${finished}/${progress.total}] ${line}`, { progress: { done: finished, total: progress.total } });
  if (progress.live === 0) await announceRunComplete(ctx, progress);
}

export async function announceRunComplete(ctx: Pick<AppContext, 'sql' | 'events'>, progress: { total: number; done: number; failed: number; cancelled: number }): Promise<void> {
  const parts = [`${progress.done} of ${progress.total} articles rewritten`];
  if (progress.failed) parts.push(`${progress.failed} failed`);
  if (progress.cancelled) parts.push(`${progress.cancelled} stopped`);
  const line = `Regeneration complete: ${parts.join(', ')}`;
  announce(ctx, line, { progress: { done: progress.done + progress.failed + progress.cancelled, total: progress.total }, complete: true });
  await logEvent(ctx, LOG_COMPONENTS.generator, progress.failed ? 'warning' : 'info', line);
}

export async function generateQueueItem(ctx: Ctx, job: JobHandle): Promise<GenerateItemResult> {
  const queued = await itemOfJobRun(ctx.sql, job.runId);
  // Done, failed or cancelled already (a run taken over after its item was recorded): nothing to do.
  if (!queued || (queued.status !== 'pending' && queued.status !== 'generating')) return { outcome: 'dropped' };
  if (queued.attempts >= MAX_ITEM_ATTEMPTS) {
    const reason = `Gave up after ${queued.attempts} attempts: generation never finished (the daemon stopped each time)`;
    if (await failLiveItem(ctx.sql, queued.id, reason)) {
      await logEvent(ctx, LOG_COMPONENTS.generator, 'error', `Article generation failed for "${queued.trendTitle}": ${reason}`);
      await reportRunProgress(ctx, queued, `Failed "${queued.trendTitle}": ${reason}`).catch(() => {});
      await publishQueue(ctx);
    }
    throw new ItemFailed(reason);
  }
  const item = await claimItem(ctx.sql, queued.id);
  if (!item) return { outcome: 'dropped' };
  const started = performance.now();
  // The runner aborts it on Stop (from any daemon), at shutdown, and when this daemon lost the run.
  const signal = job.signal;
  let imageUrl: string | null = null;

  if (job.resumed) await logEvent(ctx, LOG_COMPONENTS.generator, 'info', `Taking over "${item.trendTitle}": the daemon generating it stopped before it finished`);
  announce(ctx, `Generating article for "${item.trendTitle}"`);
  await logEvent(ctx, LOG_COMPONENTS.generator, 'info', `Generating article for "${item.trendTitle}"${item.attempts > 1 ? ` (attempt ${item.attempts})` : ''}`);
  job.progress({ itemId: item.id, trendTitle: item.trendTitle, stage: 'writing' });
  await publishQueue(ctx);
  try {
    const trend = item.trendId === null ? null : await trendForGeneration(ctx.sql, item.trendId);
    if (!trend) throw new GenerationFailure(`The trend "${item.trendTitle}" no longer exists`);
    const articles = await trendSourceArticles(ctx.sql, trend.id);
    const draft = await writeArticle(ctx, trend, articles, signal);
    if (signal.aborted) throw signal.reason ?? new Error('stopped');

    job.progress({ itemId: item.id, trendTitle: item.trendTitle, stage: 'image' });
    announce(ctx, `Making the feature image for "${draft.title}"`);
    const image = await makeFeatureImage(
      ctx,
      { title: draft.title, excerpt: draft.excerpt, topic: draft.category, sourceCount: draft.sources.length, signal },
      { fallback: true },
    );
    if (signal.aborted) throw signal.reason ?? new Error('stopped');
    imageUrl = saveImage(ctx.config, image, `trend-${trend.id}`);

    const recorded = (await ctx.sql.begin(async (tx) => {
      if (!(await job.holds(tx)) || !(await lockLiveItem(tx, item.id))) return null;
      const existing = await generatedArticleOfTrend(tx, trend.id);
      const htmlFilePath = existing?.htmlFilePath ?? trend.htmlFilePath ?? articlePagePath(trend.topic, trend.title, trend.id);
      const written = await upsertGeneratedArticle(tx, {
        trendId: trend.id,
        trendTitle: trend.title,
        title: draft.title,
        content: draft.content,
        excerpt: draft.excerpt,
        category: draft.category,
        imageUrl,
        sourceUrls: draft.sources.map((source) => source.url),
        sources: draft.sources,
        wordCount: draft.wordCount,
        htmlFilePath,
        modelName: draft.modelName,
        writer: draft.writer,
        queueItemId: item.id,
      });
      if (trend.htmlFilePath !== htmlFilePath) await setTrendHtmlFilePath(tx, trend.id, htmlFilePath);
      await finishItem(tx, item.id, { status: 'done', articleId: written.id });
      return { ...written, htmlFilePath };
    })) as { id: number; previousImageUrl: string | null; htmlFilePath: string } | null;
    if (!recorded) {
      deleteImage(ctx.config, imageUrl);
      return { outcome: 'dropped' };
    }
    deleteImage(ctx.config, recorded.previousImageUrl);
    const now = new Date().toISOString();
    await patchGeneratorState(ctx, { lastRunAt: now });
    const how = draft.writer === 'model' ? `model ${draft.modelName}` : 'offline writer';
    const summary = `"${draft.title}": ${draft.wordCount} words from ${draft.sources.length} sources (${how}, ${image.provider} image, ${seconds(performance.now() - started)})`;
    await logEvent(ctx, LOG_COMPONENTS.generator, 'info', `Generated ${summary}`);
    announce(ctx, `Generated ${summary}`);
    await reportRunProgress(ctx, item, `Rewrote "${draft.title}"`);
    ctx.events.emit('home_data_updated', {});
    await emitWebhook(ctx, 'article.generated', {
      id: recorded.id,
      title: draft.title,
      category: draft.category,
      trendId: trend.id,
      pageUrl: recorded.htmlFilePath,
      wordCount: draft.wordCount,
      writer: draft.writer,
    });
    return { outcome: 'done', articleId: recorded.id, title: draft.title, wordCount: draft.wordCount, sources: draft.sources.length, writer: draft.writer };
  } catch (error) {
    deleteImage(ctx.config, imageUrl);
    if (signal.aborted) {
      // Stop cancelled the item already; at shutdown it goes back to the queue for the run's next
      // holder. A run lost to another daemon is that daemon's to finish: nothing is written here.
      if (job.interruption === 'shutdown') await ctx.sql.begin(async (tx) => (await job.holds(tx)) && releaseItem(tx, item.id)).catch(() => {});
      return { outcome: 'dropped' };
    }
    const reason = describe(error);
    const failed = await ctx.sql
      .begin(async (tx) => (await job.holds(tx)) && finishItem(tx, item.id, { status: 'failed', error: reason }))
      .catch(() => false);
    await logEvent(ctx, LOG_COMPONENTS.generator, 'error', `Article generation failed for "${item.trendTitle}": ${reason}`);
    announce(ctx, `Failed to generate "${item.trendTitle}": ${reason}`);
    if (failed) await reportRunProgress(ctx, item, `Failed "${item.trendTitle}": ${reason}`).catch(() => {});
    throw new ItemFailed(reason);
  } finally {
    await publishQueue(ctx);
  }
}

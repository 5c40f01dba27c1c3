// The generation of one trend's article: the job function of its generate-article run. It is
// recorded at most once: the article (with the run's id, unique) and the trend's page address are
// written in one transaction that first checks this attempt still holds the run (`job.holds`: the
// run's lease, the one ownership check; a run stopped meanwhile no longer holds), so a generation
// stopped, or taken over by another daemon after this one stalled past its lease, is never recorded twice.
import type { AppContext } from '../../../context.js';
import { generatedArticleOfJobRun, generatedArticleOfTrend, upsertGeneratedArticle } from '../../../db/generated-articles.js';
import { batchProgress, type GenerationParams } from '../../../db/generations.js';
import { setTrendHtmlFilePath, trendForGeneration, trendSourceArticles } from '../../../db/trends.js';
import type { JobHandle } from '../../platform/jobs/index.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { announce, publishQueue } from './events.js';
import { deleteImage, makeFeatureImage, saveImage } from './images.js';
import { GenerationFailure, writeArticle } from './write-article.js';
import { emitWebhook } from '../../platform/webhooks/index.js';
import { articlePagePath } from '../../../shared/pages.js';

/** A generation that never finishes (its daemon dies each time) fails after this many attempts. */
const MAX_ATTEMPTS = 3;

export type GenerateItemResult =
  | { outcome: 'done'; articleId: number; title: string; wordCount: number; sources: number; writer: 'model' | 'offline' }
  /** Stopped, or no longer this attempt's: nothing recorded. */
  | { outcome: 'dropped' };

/** A failed generation: its run fails with the reason (the GENERATOR log has it already). */
class GenerationFailed extends Error {
  override name = 'GenerationFailed';
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

/** After a generation of a regeneration ended: "[n/total] …", and the closing line once none is left. */
export async function reportBatchProgress(ctx: Ctx, generation: GenerationParams, line: string): Promise<void> {
  if (!generation.batch) return;
  const progress = await batchProgress(ctx.sql, generation.batch);
  const finished = progress.done + progress.failed + progress.cancelled;
  announce(ctx, `[${finished}/${progress.total}] ${line}`, { progress: { done: finished, total: progress.total } });
  if (progress.live === 0) await announceRunComplete(ctx, progress);
}

export async function announceRunComplete(
  ctx: Pick<AppContext, 'sql' | 'events'>,
  progress: { total: number; done: number; failed: number; cancelled: number },
): Promise<void> {
  const parts = [`${progress.done} of ${progress.total} articles rewritten`];
  if (progress.failed) parts.push(`${progress.failed} failed`);
  if (progress.cancelled) parts.push(`${progress.cancelled} stopped`);
  const line = `Regeneration complete: ${parts.join(', ')}`;
  announce(ctx, line, { progress: { done: progress.done + progress.failed + progress.cancelled, total: progress.total }, complete: true });
  await logEvent(ctx, LOG_COMPONENTS.generator, progress.failed ? 'warning' : 'info', line);
}

/** Attempts that started generating it: a hand-over at shutdown is not one (the trend did not make its daemon die). */
function attemptsMade(job: JobHandle): number {
  const handedOver = Number(job.saved.handovers);
  return job.attempt - (Number.isInteger(handedOver) ? handedOver : 0);
}

export async function generateTrendArticle(ctx: Ctx, generation: GenerationParams, job: JobHandle): Promise<GenerateItemResult> {
  const title = generation.trendTitle;
  let imageUrl: string | null = null;
  const signal = job.signal;
  try {
    // Recorded already by an attempt whose daemon died before its run ended: that is the result.
    const recordedBefore = await generatedArticleOfJobRun(ctx.sql, job.runId);
    if (recordedBefore) {
      return {
        outcome: 'done',
        articleId: recordedBefore.id,
        title: recordedBefore.title,
        wordCount: recordedBefore.wordCount,
        sources: recordedBefore.sources.length,
        writer: recordedBefore.writer,
      };
    }
    const attempts = attemptsMade(job);
    if (attempts > MAX_ATTEMPTS) {
      throw new GenerationFailure(`Gave up after ${attempts - 1} attempts: generation never finished (the daemon stopped each time)`);
    }
    const started = performance.now();
    if (job.resumed) await logEvent(ctx, LOG_COMPONENTS.generator, 'info', `Taking over "${title}": the daemon generating it stopped before it finished`);
    announce(ctx, `Generating article for "${title}"`);
    await logEvent(ctx, LOG_COMPONENTS.generator, 'info', `Generating article for "${title}"${attempts > 1 ? ` (attempt ${attempts})` : ''}`);
    job.progress({ trendTitle: title, stage: 'writing' });
    await publishQueue(ctx);

    const trend = generation.trendId === null ? null : await trendForGeneration(ctx.sql, generation.trendId);
    if (!trend) throw new GenerationFailure(`The trend "${title}" no longer exists`);
    const articles = await trendSourceArticles(ctx.sql, trend.id);
    const draft = await writeArticle(ctx, trend, articles, signal);
    if (signal.aborted) throw signal.reason ?? new Error('stopped');

    job.progress({ stage: 'image' });
    announce(ctx, `Making the feature image for "${draft.title}"`);
    const image = await makeFeatureImage(
      ctx,
      { title: draft.title, excerpt: draft.excerpt, topic: draft.category, sourceCount: draft.sources.length, signal },
      { fallback: true },
    );
    if (signal.aborted) throw signal.reason ?? new Error('stopped');
    imageUrl = saveImage(ctx.config, image, `trend-${trend.id}`);

    const recorded = (await ctx.sql.begin(async (tx) => {
      if (!(await job.holds(tx))) return null;
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
        jobRunId: job.runId,
      });
      if (trend.htmlFilePath !== htmlFilePath) await setTrendHtmlFilePath(tx, trend.id, htmlFilePath);
      return { ...written, htmlFilePath };
    })) as { id: number; previousImageUrl: string | null; htmlFilePath: string } | null;
    if (!recorded) {
      deleteImage(ctx.config, imageUrl);
      return { outcome: 'dropped' };
    }
    deleteImage(ctx.config, recorded.previousImageUrl);
    const how = draft.writer === 'model' ? `model ${draft.modelName}` : 'offline writer';
    const summary = `"${draft.title}": ${draft.wordCount} words from ${draft.sources.length} sources (${how}, ${image.provider} image, ${seconds(performance.now() - started)})`;
    await logEvent(ctx, LOG_COMPONENTS.generator, 'info', `Generated ${summary}`);
    announce(ctx, `Generated ${summary}`);
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
      // Stopped: the run ends stopped. At shutdown it goes back to the queue for the run's next
      // holder, and the hand-over is not an attempt. A run lost to another daemon is that daemon's.
      if (job.interruption === 'shutdown') job.progress({ handovers: (Number(job.saved.handovers) || 0) + 1 });
      return { outcome: 'dropped' };
    }
    const reason = describe(error);
    await logEvent(ctx, LOG_COMPONENTS.generator, 'error', `Article generation failed for "${title}": ${reason}`).catch(() => {});
    announce(ctx, `Failed to generate "${title}": ${reason}`);
    throw new GenerationFailed(reason);
  } finally {
    await publishQueue(ctx);
  }
}

// Generated articles as the console, the CLI and the public pages read them, and their edits.
import type { DeleteGeneratedArticlesResult, GeneratedArticle, RegenerateImageResult } from '../../../api/generator.js';
import type { AppContext } from '../../../context.js';
import {
  deleteGeneratedArticles,
  generatedArticleById,
  latestGeneratedArticles,
  setGeneratedArticleImage,
  type GeneratedArticleRow,
} from '../../../db/generated-articles.js';
import { NotFound, Upstream } from '../../../errors.js';
import { categorizeByKeywords } from '../../reader/classify/category-rule.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { announce } from './events.js';
import { exportArticle, type ArticleExport, type ExportFormat } from './export.js';
import { deleteImage, makeFeatureImage, saveImage } from './images.js';
import { withScheme } from './offline-writer.js';
import { counted } from '../../../shared/words.js';
import { DEFAULT_GENERATED_ARTICLES_LIMIT } from '../../../api/limits.js';

export function toGeneratedArticle(row: GeneratedArticleRow): GeneratedArticle {
  const sourceUrls = (row.sourceUrls ?? []).map(withScheme);
  return {
    id: row.id,
    title: row.title.replace(/\*\*/g, '').trim(),
    content: row.content,
    excerpt: row.excerpt,
    // The trend's topic is stored; an article without one is placed by the keyword category rule.
    category: row.category ?? categorizeByKeywords(row.title, row.content),
    imageUrl: row.imageUrl,
    generatedAt: new Date(row.generatedAt).toISOString(),
    wordCount: row.wordCount,
    sourceUrls,
    sources: (row.sources ?? []).map((source) => ({ ...source, url: withScheme(source.url) })),
    htmlFilePath: row.htmlFilePath,
    trendId: row.trendId,
    trendTitle: row.trendTitle,
    writer: row.writer,
    modelName: row.modelName,
  };
}

export async function listGeneratedArticles(ctx: Pick<AppContext, 'sql'>, options: { limit?: number } = {}): Promise<GeneratedArticle[]> {
  return (await latestGeneratedArticles(ctx.sql, { limit: options.limit ?? DEFAULT_GENERATED_ARTICLES_LIMIT })).map(toGeneratedArticle);
}

async function getGeneratedArticle(ctx: Pick<AppContext, 'sql'>, id: number): Promise<GeneratedArticle> {
  const row = await generatedArticleById(ctx.sql, id);
  if (!row) throw NotFound(`No generated article with id ${id}`);
  return toGeneratedArticle(row);
}

type WriteCtx = Pick<AppContext, 'sql' | 'events' | 'config'>;

export async function deleteAllGeneratedArticles(ctx: WriteCtx): Promise<DeleteGeneratedArticlesResult> {
  // The rows in one transaction, the files once it committed: a failure leaves both as they were.
  const { deleted, imageUrls } = await ctx.sql.begin((tx) => deleteGeneratedArticles(tx, null));
  for (const url of imageUrls) deleteImage(ctx.config, url);
  await logEvent(ctx, LOG_COMPONENTS.generator, 'info', `Cleared ${counted(deleted, 'generated article')}`);
  ctx.events.emit('home_data_updated', {});
  return { deleted };
}

export async function deleteGeneratedArticle(ctx: WriteCtx, id: number): Promise<DeleteGeneratedArticlesResult> {
  const article = await getGeneratedArticle(ctx, id);
  const { deleted, imageUrls } = await ctx.sql.begin((tx) => deleteGeneratedArticles(tx, id));
  if (deleted === 0) throw NotFound(`No generated article with id ${id}`);
  for (const url of imageUrls) deleteImage(ctx.config, url);
  await logEvent(ctx, LOG_COMPONENTS.generator, 'info', `Deleted the generated article "${article.title}"`);
  ctx.events.emit('home_data_updated', {});
  return { deleted };
}

/** A new feature image from the configured provider; its failure is the caller's answer (502), the old image stays. */
export async function regenerateArticleImage(ctx: WriteCtx, id: number): Promise<RegenerateImageResult> {
  const article = await getGeneratedArticle(ctx, id);
  const topic = article.category ?? 'international';
  let image: Awaited<ReturnType<typeof makeFeatureImage>>;
  try {
    image = await makeFeatureImage(
      ctx,
      { title: article.title, excerpt: article.excerpt, topic, sourceCount: article.sources.length || article.sourceUrls.length },
      { fallback: false },
    );
  } catch (error) {
    const reason = (error as Error).message;
    await logEvent(ctx, LOG_COMPONENTS.generator, 'error', `Image regeneration failed for "${article.title}": ${reason}`);
    throw Upstream(`Image generation failed: ${reason}`);
  }
  const imageUrl = saveImage(ctx.config, image, `article-${id}`);
  const previous = await setGeneratedArticleImage(ctx.sql, id, imageUrl);
  deleteImage(ctx.config, previous);
  const message = `Feature image regenerated for "${article.title}" (${image.provider}${image.model ? ` ${image.model}` : ''})`;
  await logEvent(ctx, LOG_COMPONENTS.generator, 'info', message);
  announce(ctx, message);
  return { message, article: await getGeneratedArticle(ctx, id) };
}

export async function exportGeneratedArticle(ctx: Pick<AppContext, 'sql' | 'events'>, id: number, format: ExportFormat): Promise<ArticleExport> {
  const file = await exportArticle(await getGeneratedArticle(ctx, id), format);
  await logEvent(ctx, LOG_COMPONENTS.generator, 'info', `Exported generated article ${id} as ${file.fileName}`);
  return file;
}

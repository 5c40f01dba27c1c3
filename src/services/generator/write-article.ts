// One article from a trend and its sources: the configured model with its prompts, or the offline
// extractive writer; the category is the trend's topic.
import type { AppContext } from '../../context.js';
import type { ArticleSource } from '../../db/generated-articles.js';
import type { TrendForGeneration, TrendSourceArticle } from '../../db/trends.js';
import { chatModelFor } from '../../providers/llm/index.js';
import type { Topic } from '../../shared/topics.js';
import { getSetting } from '../settings/index.js';
import { writeWithModel, type GenerationConfig } from './model-writer.js';
import { InsufficientSourceText, writeOfflineArticle, type WriterSource } from './offline-writer.js';
import { counted } from '../../shared/words.js';

/** A story is at least two sources (one story is one trend with at least two sources). */
export const MIN_SOURCE_ARTICLES = 2;

export interface ArticleDraft {
  title: string;
  content: string;
  excerpt: string;
  wordCount: number;
  sources: ArticleSource[];
  category: Topic;
  writer: 'model' | 'offline';
  modelName: string | null;
}

/** A failure whose message the queue keeps and the console shows. */
export class GenerationFailure extends Error {}

export function insufficientMessage(trendTitle: string, detail: string): string {
  return `Insufficient matching articles for "${trendTitle}": ${detail}`;
}

export function toWriterSources(articles: readonly TrendSourceArticle[]): WriterSource[] {
  return articles.map((article) => ({
    url: article.sourceUrl,
    title: article.title,
    domain: article.domainName,
    text: article.content?.trim() ? article.content : (article.excerpt ?? ''),
    siteName: article.siteName,
  }));
}

export async function writeArticle(
  ctx: Pick<AppContext, 'config' | 'sql' | 'events'>,
  trend: TrendForGeneration,
  articles: readonly TrendSourceArticle[],
  signal?: AbortSignal,
): Promise<ArticleDraft> {
  if (articles.length < MIN_SOURCE_ARTICLES) {
    throw new GenerationFailure(insufficientMessage(trend.title, `${counted(articles.length, 'source article')}, at least ${MIN_SOURCE_ARTICLES} needed`));
  }
  const [{ targetWordCount }, withSources, noSources] = await Promise.all([
    getSetting<{ targetWordCount: number }>(ctx, 'word-count-settings'),
    getSetting<GenerationConfig & Record<string, unknown>>(ctx, 'article-gen-with-sources-config'),
    getSetting<GenerationConfig & Record<string, unknown>>(ctx, 'article-gen-no-sources-config'),
  ]);
  const sources = toWriterSources(articles);
  const model = chatModelFor(ctx);
  if (model) {
    const written = await writeWithModel(model, {
      title: trend.title,
      description: trend.description,
      topic: trend.topic,
      sources,
      targetWords: targetWordCount,
      withSources,
      noSources,
      defaultModel: ctx.config.llm.model,
      signal,
    });
    return { ...written, category: trend.topic, writer: 'model', modelName: written.modelName };
  }
  try {
    const written = writeOfflineArticle({ title: trend.title, description: trend.description, sources, targetWords: targetWordCount });
    return { ...written, category: trend.topic, writer: 'offline', modelName: null };
  } catch (error) {
    if (error instanceof InsufficientSourceText) throw new GenerationFailure(insufficientMessage(trend.title, error.message));
    throw error;
  }
}

// One article from a trend and its sources: the configured model with its prompts (its answer
// checked like the offline writer's rules, model-checks.ts), or the offline extractive writer; the
// category is the trend's topic.
import type { AppContext } from '../../../context.js';
import type { ArticleSource } from '../../../db/generated-articles.js';
import type { TrendForGeneration, TrendSourceArticle } from '../../../db/trends.js';
import { chatModelFor } from '../../platform/models.js';
import type { Topic } from '../../../shared/topics.js';
import { getSetting } from '../../platform/settings/index.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { modelArticleProblems } from './model-checks.js';
import { writeWithModel, type GenerationConfig } from './model-writer.js';
import { InsufficientSourceText, writeOfflineArticle, type WriterSource } from './offline-writer.js';
import { counted } from '../../../shared/words.js';

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
    republishedBy: (article.republishedBy ?? []).map((copy) => copy.name),
    copyHeadlines: article.copyHeadlines ?? [],
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
  const offline = () => {
    try {
      const written = writeOfflineArticle({ title: trend.title, description: trend.description, sources, targetWords: targetWordCount });
      return { ...written, category: trend.topic, writer: 'offline' as const, modelName: null };
    } catch (error) {
      if (error instanceof InsufficientSourceText) throw new GenerationFailure(insufficientMessage(trend.title, error.message));
      throw error;
    }
  };
  if (!model) return offline();

  // The model's article is checked (model-checks.ts); a failing one is written again once with the
  // reasons, then replaced by the offline writer's — or, when the sources are too thin for it, kept
  // with the reasons logged as a warning.
  const input = {
    title: trend.title,
    description: trend.description,
    topic: trend.topic,
    sources,
    targetWords: targetWordCount,
    withSources,
    noSources,
    defaultModel: ctx.config.llm.model,
    signal,
  };
  let written = await writeWithModel(model, input);
  let problems = modelArticleProblems(written, { title: trend.title, sources });
  if (problems.length > 0) {
    await logEvent(ctx, LOG_COMPONENTS.generator, 'warning', `The model's article for "${trend.title}" was written again: ${problems.join('; ')}`);
    written = await writeWithModel(model, { ...input, problems });
    problems = modelArticleProblems(written, { title: trend.title, sources });
  }
  if (problems.length === 0) return { ...written, category: trend.topic, writer: 'model', modelName: written.modelName };
  try {
    const replaced = offline();
    await logEvent(
      ctx,
      LOG_COMPONENTS.generator,
      'warning',
      `The model's article for "${trend.title}" failed its checks twice (${problems.join('; ')}); the offline writer's article is stored instead`,
    );
    return replaced;
  } catch (error) {
    if (!(error instanceof GenerationFailure)) throw error;
    await logEvent(
      ctx,
      LOG_COMPONENTS.generator,
      'warning',
      `The model's article for "${trend.title}" is stored although it failed its checks twice (${problems.join('; ')}): its sources are too thin for the offline writer`,
    );
    return { ...written, category: trend.topic, writer: 'model', modelName: written.modelName };
  }
}

// The trends of one topic's recent articles, two ways: the configured model with the analyzer's
// prompts (reply parsed and validated), or the offline engine. Both give the same TopicTrend shape.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { TopicArticleRow } from '../../db/article-topics.js';
import type { ChatModel } from '../../providers/llm/index.js';
import type { Topic } from '../classify/index.js';
import { analyzeStories, type StoryInput } from './engine/index.js';

export interface TopicTrend {
  title: string;
  description: string;
  /** 0–10, one decimal. */
  relevanceScore: number;
  /** Articles of the batch the trend is about (never empty). */
  articleIds: number[];
  /** The engine's story id, or a hash of the article ids for a model trend. */
  storyKey: string;
}

export const TRENDS_ANALYZER_FEATURE = 'trends-analyzer';

/** How much of each article the model reads: its prompt lists every article on one line. */
const PROMPT_LEAD_CHARACTERS = 200;

const score = z.coerce
  .number()
  .refine(Number.isFinite, 'must be a number from 0 to 10')
  .transform((value) => Math.round(Math.min(10, Math.max(0, value)) * 10) / 10);

// "[12]" or "12" as well as 12: models copy the ids as the prompt shows them.
const articleId = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^\s*\[?\s*\d+\s*\]?\s*$/, 'must be an article id')
    .transform((value) => Number(value.replace(/\D/g, ''))),
]);

// Over-long texts are cut rather than refused: a verbose model is still right.
const modelTrend = z.object({
  title: z.string().trim().min(1).transform((title) => title.slice(0, 300)),
  description: z
    .string()
    .nullish()
    .transform((description) => (description ?? '').trim().slice(0, 3000)),
  relevanceScore: score,
  articleIds: z
    .array(articleId)
    .nullish()
    .transform((ids) => ids ?? []),
});

export const trendsReply = z.preprocess(
  (value) => (Array.isArray(value) ? { trends: value } : value),
  z.object({ trends: z.array(modelTrend).max(50) }),
);

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? values[name]! : whole));
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** One article per line, as the default user prompt describes: [id] source: title — lead. */
export function articleLines(articles: readonly TopicArticleRow[]): string {
  return articles
    .map((article) => {
      const lead = oneLine(article.lead ?? '', PROMPT_LEAD_CHARACTERS);
      return `[${article.id}] ${article.domainName}: ${oneLine(article.title, 300)}${lead ? ` — ${lead}` : ''}`;
    })
    .join('\n');
}

function keyOfIds(ids: number[]): string {
  const sorted = [...ids].sort((a, b) => a - b).join(',');
  return `model:${createHash('sha256').update(sorted).digest('hex').slice(0, 16)}`;
}

export interface ModelTrendsInput {
  topic: Topic;
  articles: readonly TopicArticleRow[];
  systemPrompt: string;
  userPrompt: string;
  modelName: string;
  limit: number;
  signal?: AbortSignal;
}

/**
 * Asks the model. Article ids it invents are dropped, and so is a trend left without any; a reply
 * whose every trend cites no article of the batch is refused (the caller falls back to the engine).
 */
export async function modelTrends(model: ChatModel, input: ModelTrendsInput): Promise<TopicTrend[]> {
  const reply = await model.complete({
    feature: TRENDS_ANALYZER_FEATURE,
    model: input.modelName,
    messages: [
      { role: 'system', content: input.systemPrompt },
      { role: 'user', content: fill(input.userPrompt, { topic: input.topic, articles: articleLines(input.articles) }) },
    ],
    schema: trendsReply,
    temperature: 0.2,
    ...(input.signal ? { signal: input.signal } : {}),
  });
  const known = new Set(input.articles.map((article) => article.id));
  const trends: TopicTrend[] = [];
  for (const trend of reply.value.trends) {
    const articleIds = [...new Set(trend.articleIds)].filter((id) => known.has(id));
    if (articleIds.length === 0) continue;
    trends.push({ title: trend.title, description: trend.description, relevanceScore: trend.relevanceScore, articleIds, storyKey: keyOfIds(articleIds) });
  }
  if (trends.length === 0 && reply.value.trends.length > 0) {
    throw new Error(`the model named ${reply.value.trends.length} trends but none cites an article of the batch`);
  }
  return trends.sort((a, b) => b.relevanceScore - a.relevanceScore).slice(0, input.limit);
}

export interface EngineTrendsInput {
  articles: readonly TopicArticleRow[];
  now: Date;
  limit: number;
  minArticles: number;
}

/** The offline engine: stories of at least `minArticles` articles, ranked, with real headlines and sentences. */
export function engineTrends(input: EngineTrendsInput): TopicTrend[] {
  const stories: StoryInput[] = input.articles.map((article) => ({
    id: String(article.id),
    title: article.title,
    body: article.lead ?? '',
    source: article.domainName,
    publishedAt: new Date(article.publishedAt ?? article.scrapedAt).toISOString(),
  }));
  const { trends } = analyzeStories(stories, { now: input.now, limit: input.limit, minArticles: input.minArticles });
  return trends.map((trend) => ({
    title: trend.title,
    description: trend.description,
    relevanceScore: trend.relevanceScore,
    articleIds: trend.articleIds.map(Number),
    storyKey: trend.storyId,
  }));
}

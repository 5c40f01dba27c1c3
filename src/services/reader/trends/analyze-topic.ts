// The trends of one topic's stories (grouped once across topics, see stories.ts), two ways: the
// configured model with the analyzer's prompts titles, describes and scores them (reply parsed and
// validated), or the offline engine ranks them. Both give the same TopicTrend shape.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ChatModel } from '../../../providers/llm/index.js';
import type { Topic } from '../classify/index.js';
import { rankStories, rankStoriesInTurns, rankTrends, sourceCount, type StoryCluster, type StoryInput } from './engine/index.js';
import { nextTurn } from '../../../shared/turns.js';

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

const TRENDS_ANALYZER_FEATURE = 'trends-analyzer';

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
  title: z
    .string()
    .trim()
    .min(1)
    .transform((title) => title.slice(0, 300)),
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

const trendsReply = z.preprocess((value) => (Array.isArray(value) ? { trends: value } : value), z.object({ trends: z.array(modelTrend).max(50) }));

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? values[name]! : whole));
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** One article per line, as the default user prompt describes: [id] source: title — lead. */
function articleLine(article: StoryInput): string {
  const lead = oneLine(article.body ?? '', PROMPT_LEAD_CHARACTERS);
  return `[${article.id}] ${article.source ?? ''}: ${oneLine(article.title, 300)}${lead ? ` — ${lead}` : ''}`;
}

/**
 * The stories' articles for the prompt: each story a block headed "Story N (k sources):", its
 * articles one per line, so the model sees the grouping it is asked to keep. At most `maxLines`
 * articles in all (whole stories first, in rank order; a story that does not fit is cut).
 */
function storyLines(stories: readonly StoryCluster[], maxLines: number): string {
  const blocks: string[] = [];
  let left = maxLines;
  stories.forEach((story, i) => {
    if (left <= 0) return;
    const shown = story.articles.slice(0, left);
    left -= shown.length;
    blocks.push([`Story ${i + 1} (${sourceCount(story)} sources):`, ...shown.map(articleLine)].join('\n'));
  });
  return blocks.join('\n\n');
}

function keyOfIds(ids: number[]): string {
  const sorted = [...ids].sort((a, b) => a - b).join(',');
  return `model:${createHash('sha256').update(sorted).digest('hex').slice(0, 16)}`;
}

export interface ModelTrendsInput {
  topic: Topic;
  /** The topic's stories that are trends, in the engine's rank order. */
  stories: readonly StoryCluster[];
  systemPrompt: string;
  userPrompt: string;
  modelName: string;
  limit: number;
  /** Articles the prompt lists at most. */
  maxLines: number;
  signal?: AbortSignal;
}

/**
 * Asks the model to title, describe and score the topic's stories. It does not regroup them: each
 * trend it names stands for the story holding most of the articles it cites, and carries that
 * story's articles; a second trend for a story already named is dropped, and so are trends citing
 * no article of the prompt. A reply whose every trend cites none is refused (the caller falls back
 * to the engine).
 */
export async function modelTrends(model: ChatModel, input: ModelTrendsInput): Promise<TopicTrend[]> {
  const reply = await model.complete({
    feature: TRENDS_ANALYZER_FEATURE,
    model: input.modelName,
    messages: [
      { role: 'system', content: input.systemPrompt },
      { role: 'user', content: fill(input.userPrompt, { topic: input.topic, articles: storyLines(input.stories, input.maxLines) }) },
    ],
    schema: trendsReply,
    temperature: 0.2,
    ...(input.signal ? { signal: input.signal } : {}),
  });
  const storyOf = new Map<number, number>();
  input.stories.forEach((story, s) => {
    for (const article of story.articles) storyOf.set(Number(article.id), s);
  });
  const named = new Set<number>();
  const trends: TopicTrend[] = [];
  let cited = 0;
  // Most relevant first, so that of two trends naming one story the better scored one stays.
  for (const trend of [...reply.value.trends].sort((a, b) => b.relevanceScore - a.relevanceScore)) {
    const votes = new Map<number, number>();
    for (const id of new Set(trend.articleIds)) {
      const s = storyOf.get(id);
      if (s !== undefined) votes.set(s, (votes.get(s) ?? 0) + 1);
    }
    if (votes.size === 0) continue;
    cited++;
    const [story] = [...votes].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]!;
    if (named.has(story)) continue;
    named.add(story);
    const articleIds = input.stories[story]!.articles.map((article) => Number(article.id));
    trends.push({ title: trend.title, description: trend.description, relevanceScore: trend.relevanceScore, articleIds, storyKey: keyOfIds(articleIds) });
  }
  if (cited === 0 && reply.value.trends.length > 0) {
    throw new Error(`the model named ${reply.value.trends.length} trends but none cites an article of the batch`);
  }
  return trends.slice(0, input.limit);
}

/** The offline engine's trends of a topic's stories (already trends: see stories.ts): ranked, with real headlines and sentences. */
export async function engineTrends(stories: readonly StoryCluster[], options: { now: Date; limit: number }): Promise<TopicTrend[]> {
  const trends: TopicTrend[] = [];
  // One story described per turn of the event loop: a week's big stories, ten in one go, held the
  // daemon's thread for ~450 ms. Each is ranked alone (its score depends on it and `now` only), in
  // the order rankTrends gives them.
  for (const story of rankStories([...stories], { now: options.now, minArticles: 1, minSources: 1 }).slice(0, Math.max(0, options.limit))) {
    await nextTurn();
    for (const trend of rankTrends([story], { now: options.now, minArticles: 1, minSources: 1 })) {
      trends.push({
        title: trend.title,
        description: trend.description,
        relevanceScore: trend.relevanceScore,
        articleIds: trend.articleIds.map(Number),
        storyKey: trend.storyId,
      });
    }
  }
  return trends;
}

/** Stories of a topic measured per turn of the event loop while ranking them. */
const RANKED_PER_TURN = 250;

/** A topic's stories in the engine's rank order (the model's prompt lists them so), none described. */
export function storiesInRankOrder(stories: readonly StoryCluster[], now: Date): Promise<StoryCluster[]> {
  return rankStoriesInTurns(stories, { now, minArticles: 1, minSources: 1 }, RANKED_PER_TURN);
}

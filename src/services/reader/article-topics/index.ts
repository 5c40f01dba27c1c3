// Topic of each crawled article: the model when one is configured, else —
// and on any model failure, article by article — the offline classifier shipped in the package.
import { z } from 'zod';
import { contextJob, contextSlot, type AppContext } from '../../../context.js';
import { isLlmError, type ChatModel } from '../../../providers/llm/index.js';
import { chatModelFor, modelNameFor } from '../../platform/models.js';
import { classifyTopics, TOPICS, type Topic } from '../classify/index.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { getSetting } from '../../platform/settings/index.js';

export interface ArticleForTopic {
  title: string;
  /** The article's text; only its beginning matters. */
  text: string;
}

export interface AssignedTopic {
  topic: Topic;
  source: 'model' | 'offline';
}

const CLASSIFIER_FEATURE = 'article-classifier';

// The lead carries the topic; the rest of a long article only adds noise and cost.
const LEAD_CHARACTERS = 1_000;
// A topic word is all the reply needs; room for a little whitespace and a chatty model.
const REPLY_MAX_TOKENS = 60;

// `jobs` is optional so that callers without one keep working; with it, a model found down is left
// alone for a while across calls (the spider classifies article by article).
type Ctx = Pick<AppContext, 'config' | 'sql' | 'events'> & Partial<Pick<AppContext, 'jobs'>>;

/** After the model is found down, how long classification stays offline before asking it again. */
const MODEL_COOLDOWN_MS = 5 * 60_000;

interface ClassifierHealth {
  /** Epoch ms until which the model is not asked. */
  downUntil: number;
}

const CLASSIFIER_HEALTH = contextSlot<ClassifierHealth>('article-classifier');

function classifierHealth(ctx: Ctx): ClassifierHealth | null {
  return ctx.jobs ? contextJob({ jobs: ctx.jobs }, CLASSIFIER_HEALTH, () => ({ downUntil: 0 })) : null;
}

// Names a model may use for a topic, beyond the topic keys themselves.
const TOPIC_ALIASES: Record<string, Topic> = {
  us: 'usa',
  'u s': 'usa',
  'united states': 'usa',
  'us news': 'usa',
  'usa news': 'usa',
  america: 'usa',
  world: 'international',
  'world news': 'international',
  global: 'international',
  technology: 'tech',
  'science and technology': 'tech',
  business: 'finance',
  economy: 'finance',
  markets: 'finance',
  money: 'finance',
  'food and drink': 'food',
  cooking: 'food',
  wellness: 'health',
};

export function normalizeTopic(raw: string): string {
  const key = raw
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z]+/g, ' ')
    .trim();
  return TOPIC_ALIASES[key] ?? key;
}

const classifierReply = z.object({
  topic: z.string().transform(normalizeTopic).pipe(z.enum(TOPICS)),
});

function fill(template: string, values: Record<string, string>): string {
  // A function replacement: "$&" in an article must stay literal text.
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? values[name]! : whole));
}

/** Runs `work` over the indexes with at most `limit` in flight. */
async function forEachLimited(count: number, limit: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}

export interface ClassifyOptions {
  signal?: AbortSignal;
  /** The model to use instead of the configured one (null: offline only). */
  model?: ChatModel | null;
  /** What the items are, for the log ("articles"; the analyzer classifies stories). */
  items?: string;
}

export interface ClassifiedArticles {
  topics: AssignedTopic[];
  /** Whether a model was configured for this batch. */
  modelConfigured: boolean;
  /** Articles the model failed on (or was not asked about once it was down), classified offline. */
  fallbacks: number;
}

/** The offline classifier's topic of each article, read from its title and lead, as a stored article gets it with no model. */
export function offlineArticleTopics(articles: readonly Pick<ArticleForTopic, 'title' | 'text'>[]): Topic[] {
  return classifyTopics(leadsOf(articles)).map((prediction) => prediction.topic);
}

/** What the classifier reads of each article, offline or through a model. */
function leadsOf(articles: readonly Pick<ArticleForTopic, 'title' | 'text'>[]): { title: string; body: string }[] {
  return articles.map((article) => ({ title: article.title, body: article.text.slice(0, LEAD_CHARACTERS) }));
}

/** assignTopics with the details the food re-categorization job reports. */
export async function classifyArticles(ctx: Ctx, articles: readonly ArticleForTopic[], options: ClassifyOptions = {}): Promise<ClassifiedArticles> {
  const topics: AssignedTopic[] = offlineArticleTopics(articles).map((topic) => ({ topic, source: 'offline' }));
  const model = options.model === undefined ? chatModelFor(ctx) : options.model;
  if (!model || articles.length === 0) return { topics, modelConfigured: Boolean(model), fallbacks: 0 };
  const health = classifierHealth(ctx);
  if (health && health.downUntil > Date.now()) return { topics, modelConfigured: true, fallbacks: articles.length };
  const leads = leadsOf(articles);

  const [system, user, modelName] = await Promise.all([
    getSetting<{ promptText: string }>(ctx, 'article-classifier-system-prompt'),
    getSetting<{ promptText: string }>(ctx, 'article-classifier-user-prompt'),
    modelNameFor(ctx, null),
  ]);
  let providerDown: string | null = null;
  let fallbacks = 0;
  await forEachLimited(articles.length, ctx.config.llm.concurrency, async (index) => {
    // Once the provider is down, the remaining articles go straight to the offline classifier
    // instead of each waiting through its own retries.
    if (providerDown !== null || options.signal?.aborted) {
      fallbacks++;
      return;
    }
    try {
      const reply = await model.complete({
        feature: CLASSIFIER_FEATURE,
        model: modelName,
        messages: [
          { role: 'system', content: system.promptText },
          { role: 'user', content: fill(user.promptText, { title: leads[index]!.title, content: leads[index]!.body }) },
        ],
        schema: classifierReply,
        temperature: 0,
        maxTokens: REPLY_MAX_TOKENS,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      topics[index] = { topic: reply.value.topic, source: 'model' };
    } catch (error) {
      fallbacks++;
      if (!isLlmError(error) || error.providerDown) providerDown ??= error instanceof Error ? error.message : String(error);
    }
  });
  if (providerDown !== null && health) health.downUntil = Date.now() + MODEL_COOLDOWN_MS;
  if (fallbacks > 0) {
    const why = providerDown
      ? ` (the model is unavailable: ${providerDown}${health ? `; classifying offline for the next ${MODEL_COOLDOWN_MS / 60_000} minutes` : ''})`
      : '';
    await logEvent(
      ctx,
      LOG_COMPONENTS.model,
      'warning',
      `Topic classification: ${fallbacks} of ${articles.length} ${options.items ?? 'articles'} classified offline${why}`,
    );
  }
  return { topics, modelConfigured: true, fallbacks };
}

/**
 * The topic of each article, in input order. Never throws for a model failure. It awaits network
 * calls when a model is configured: call it outside any database transaction.
 */
export async function assignTopics(ctx: Ctx, articles: readonly ArticleForTopic[]): Promise<AssignedTopic[]> {
  return (await classifyArticles(ctx, articles)).topics;
}

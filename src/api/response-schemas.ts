// Answers whose shape is declared as a schema: fastify serialises them from it (fields the service
// keeps for itself, such as an audio asset's row id, never reach the wire), and their TypeScript
// types are inferred from the same declaration (src/api/audio.ts). Only the server imports this
// module at run time; the web app and the client import the inferred types, so zod stays out of
// the site's JavaScript.
import { z } from 'zod';
import { TOPICS } from '../shared/topics.js';
import { DOMAIN_STATUSES } from './domain-statuses.js';
import type { TopicEvidence } from '../shared/topic-evidence.js';

const topic = z.enum(TOPICS);

/** POST /api/generate-conversational-audio and /api/generate-interview-audio. */
export const generateAudioResponse = z.object({
  audioUrl: z.string(),
  segmentCount: z.number().int(),
  durationSeconds: z.number(),
});

/** POST /api/generate-latest-news-audio. */
export const generateLatestNewsAudioResponse = z.object({
  audioUrl: z.string(),
  generatedAt: z.string(),
  durationSeconds: z.number(),
  /** Stories the summary told. */
  stories: z.number().int(),
  writer: z.enum(['model', 'offline']),
});

/** A trend on the wire: GET /api/trends, /api/trends/by-topic/:topic, and inside a story topic's answer. */
export const trend = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  relevanceScore: z.number(),
  /** Articles of the topic the run analyzed. */
  articlesAnalyzed: z.number(),
  batchNumber: z.number(),
  topic,
  /** The same key as topic. */
  category: topic,
  identifiedAt: z.string(),
  htmlFilePath: z.string().nullable(),
  /** Source articles linked to the trend. */
  articleCount: z.number(),
  /** The story's public page (`/story/{id}-{words}`): every source, a timeline, our article. */
  pageUrl: z.string(),
  /** Why the story has its topic (null for trends stored before the analyzer kept it); its shape is src/shared's, written as it is. */
  topicEvidence: z.custom<TopicEvidence>().nullable(),
});

/** PUT and DELETE /api/trends/:id/topic. */
export const storyTopicResult = z.object({ message: z.string(), trend });

/** GET /api/generated-articles, one element. */
export const generatedArticle = z.object({
  id: z.number(),
  /** Plain title (no ** markers). */
  title: z.string(),
  /** Paragraphs separated by blank lines; **bold** lines are headings; ends with a Sources section. */
  content: z.string(),
  /** The lead sentence (Open Graph description, feeds, the image prompt's {ARTICLE_EXCERPT}). */
  excerpt: z.string(),
  /** The trend's topic; an article without a trend is placed by the keyword category rule. */
  category: topic.nullable(),
  imageUrl: z.string().nullable(),
  generatedAt: z.string(),
  wordCount: z.number(),
  /** Always with a scheme. */
  sourceUrls: z.array(z.string()),
  sources: z.array(
    z.object({
      url: z.string(),
      title: z.string(),
      /** The source site's host name. */
      domain: z.string(),
    }),
  ),
  /** The public page, e.g. /usa/port-linden-storm-12.html. */
  htmlFilePath: z.string().nullable(),
  trendId: z.number().nullable(),
  trendTitle: z.string().nullable(),
  /** Which writer produced it: the configured model, or the offline extractive writer. */
  writer: z.enum(['model', 'offline']),
  modelName: z.string().nullable(),
});

/** A domain as the console lists it (GET /api/domains). */
export const domainView = z.object({
  id: z.number(),
  url: z.string(),
  host: z.string(),
  /** The settable statuses, and the crawler's own paused and idle. */
  status: z.enum([...DOMAIN_STATUSES, 'paused', 'idle']),
  priority: z.number().nullable(),
  /** Seconds between two requests to the site (never under 1). */
  throttle: z.number(),
  startingUrl: z.string().nullable(),
  errorMessage: z.string().nullable(),
  lastScraped: z.string().nullable(),
  articlesCount: z.number(),
});

/** GET /api/avoid-domains, one element. */
export const avoidDomainView = z.object({ id: z.number(), url: z.string(), reason: z.string().nullable() });

/** A line of the system log (GET /api/logs, and the log_entry live message). */
export const logEntry = z.object({
  id: z.number(),
  timestamp: z.string(),
  component: z.string(),
  level: z.enum(['error', 'warning', 'info', 'debug']),
  message: z.string(),
});

/** The spider's part of the status object; also what the spider calls answer (/api/spider/...). */
export const spiderStatusFields = z.object({
  spiderStatus: z.enum(['idle', 'running', 'paused']),
  /** Sites processed ÷ sites of the run, 0–100. */
  spiderProgress: z.number(),
  /** The domain (as listed) most recently taken up by a daemon crawling the run. */
  spiderCurrentDomain: z.string().nullable(),
  /** Our addition: every domain being crawled now (as listed), the least advanced first. */
  spiderCrawlingDomains: z.array(z.string()),
  spiderSitesProcessed: z.number(),
  spiderTotalSites: z.number(),
  /**
   * Our addition: the run's work done, 0–100 to a tenth: the sites processed plus, for each site
   * being crawled, the share of its pages done (discovery and articles up to the per-run cap), over
   * the sites of the run. spiderProgress counts finished sites only, and sites crawled in parallel
   * mostly finish near the end of a run; the CLI's bar and ETA and the dashboard read this.
   */
  spiderWorkProgress: z.number(),
  /** The console's Active Threads: sites being crawled now, over every daemon sharing the crawl (their live claims). */
  spiderActiveThreads: z.number(),
  spiderPendingRequests: z.number(),
  spiderCurrentRunArticleCount: z.number(),
  /** "0m", "4m 12s". */
  spiderElapsedTime: z.string(),
  /** Newest first, each "[HH:MM:SS] message" in the product's time zone; at most 100. */
  spiderActivityLog: z.array(z.string()),
  /** ISO time. */
  spiderLastStartTime: z.string().nullable(),
});

/** The trends analyzer's part of the status object. */
export const trendsStatusFields = z.object({
  trendsAnalyzerStatus: z.enum(['running', 'analyzing', 'idle']),
  totalTrendsIdentified: z.number(),
  /** The count of AI-model calls (the field's name comes from the product's first provider). */
  mistralQueriesCount: z.number(),
  trendsAnalyzerLastRun: z.string().nullable(),
  trendsAnalyzerCurrentAction: z.string().nullable(),
});

/** The generator's part of the status object. */
export const generatorStatusFields = z.object({
  generatorStatus: z.enum(['running', 'generating', 'paused', 'idle']),
  totalArticlesGenerated: z.number(),
  generatorLastRun: z.string().nullable(),
});

/** GET /api/status, and the status_update live message's fields: the three parts in one object. */
export const statusResponse = z.object({ ...spiderStatusFields.shape, ...trendsStatusFields.shape, ...generatorStatusFields.shape });

/** GET /api/generated-music-tracks, one element. */
export const musicTrack = z.object({
  id: z.number(),
  status: z.enum(['pending', 'generating', 'complete', 'failed']),
  title: z.string().nullable(),
  audioUrl: z.string().nullable(),
  generatedAt: z.string(),
  completedAt: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  /** offline, or the music API's host. */
  provider: z.string(),
  style: z.string(),
  error: z.string().nullable(),
});

/** GET /api/generator/queue-status. */
export const queueStatus = z.object({
  queueLength: z.number(),
  isGenerating: z.boolean(),
  currentTrend: z.string().nullable(),
  items: z.array(z.object({ id: z.number(), trendTitle: z.string(), status: z.enum(['pending', 'generating']) })),
  /** A regenerate-articles run still has items in the queue (our addition: the console ends its progress on it if the live "complete" line was missed). */
  regenerating: z.boolean(),
});

/** GET /api/trends/statistics, one element per topic. */
export const trendTopicStatistics = z.object({
  topic,
  totalTrends: z.number(),
  /** Trends that have a generated article. */
  trendsWithArticles: z.number(),
});

/** Where a run is: queued (waiting for a daemon), running, paused, stopping, or ended. */
const jobRunStatus = z.enum(['queued', 'running', 'paused', 'stopping', 'completed', 'failed', 'stopped', 'skipped']);

/** A job as any daemon reports it (GET /api/jobs, one element; read from the database, so the same on every daemon). */
export const jobState = z.object({
  name: z.string(),
  label: z.string(),
  /** idle, or the live run's status. */
  status: z.enum(['idle', 'queued', 'running', 'paused', 'stopping']),
  /** The live run, else the last one. */
  run: z
    .object({
      id: z.string(),
      status: jobRunStatus,
      /** The daemon holding it (host:pid:tag), while held. */
      holder: z.string().nullable(),
      /** What the job reported, as it reported it. */
      progress: z.custom<Record<string, unknown>>(),
      error: z.string().nullable(),
      /** The schedule slot that started it, if one did. */
      slot: z.string().nullable(),
      attempts: z.number(),
      createdAt: z.string(),
      startedAt: z.string().nullable(),
      finishedAt: z.string().nullable(),
    })
    .nullable(),
  /** Live runs of a queue job (items queued or in work); 0 or 1 for the others. */
  liveRuns: z.number(),
});

/** GET /api/spider/refetch/status, and the refetch_status live message's fields. */
export const refetchStatus = z.object({
  isRunning: z.boolean(),
  progress: z.object({
    total: z.number(),
    processed: z.number(),
    updated: z.number(),
    failed: z.number(),
    currentTitle: z.string().nullable(),
    currentUrl: z.string().nullable(),
  }),
});

/** GET /api/food-recategorization/status, and the food_recategorization_status live message's fields. */
export const foodRecategorizationStatus = z.object({
  isRunning: z.boolean(),
  processed: z.number(),
  recategorized: z.number(),
  /**
   * Articles the configured model failed on (they were classified offline instead), plus articles
   * that could not be processed at all.
   */
  errors: z.number(),
  /** Articles this pass walks (the real figure; the console's bar uses the product's 16,256). */
  total: z.number(),
  /** processed ÷ total, 0–100. */
  progress: z.number(),
  lastArticleId: z.number(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});

/** GET /api/tokens: the API tokens, never the tokens themselves. */
export const apiTokens = z.object({
  tokens: z.array(z.object({ id: z.number(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() })),
});

/** The route option that makes fastify serialise a 200 answer from a schema. */
export function answerSchema(schema: z.ZodType): { 200: Record<string, unknown> } {
  // A field typed from elsewhere (z.custom) becomes an open schema, written as JSON.stringify would.
  const json = z.toJSONSchema(schema, { target: 'draft-7', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return { 200: json };
}

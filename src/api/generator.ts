// Wire types of the article generator, its pages' data and social posts.
import type { Topic } from '../shared/topics.js';

export interface GeneratedArticleSource {
  url: string;
  title: string;
  /** The source site's host name. */
  domain: string;
}

/** GET /api/generated-articles, one element. */
export interface GeneratedArticle {
  id: number;
  /** Plain title (no ** markers). */
  title: string;
  /** Paragraphs separated by blank lines; **bold** lines are headings; ends with a Sources section. */
  content: string;
  /** The lead sentence (Open Graph description, feeds, the image prompt's {ARTICLE_EXCERPT}). */
  excerpt: string;
  /** The trend's topic; an article without a trend is placed by the keyword category rule. */
  category: Topic | null;
  imageUrl: string | null;
  generatedAt: string;
  wordCount: number;
  /** Always with a scheme. */
  sourceUrls: string[];
  sources: GeneratedArticleSource[];
  /** The public page, e.g. /usa/port-linden-storm-12.html. */
  htmlFilePath: string | null;
  trendId: number | null;
  trendTitle: string | null;
  /** Which writer produced it: the configured model, or the offline extractive writer. */
  writer: 'model' | 'offline';
  modelName: string | null;
}

export type GeneratorStatusValue = 'running' | 'generating' | 'paused' | 'idle';

/** The generator's part of GET /api/status. */
export interface GeneratorStatusFields {
  generatorStatus: GeneratorStatusValue;
  totalArticlesGenerated: number;
  generatorLastRun: string | null;
}

export interface QueueStatusItem {
  id: number;
  trendTitle: string;
  status: 'pending' | 'generating';
}

/** GET /api/generator/queue-status, and the live queue_update message's fields. */
export interface QueueStatus {
  queueLength: number;
  isGenerating: boolean;
  currentTrend: string | null;
  items: QueueStatusItem[];
  /** A regenerate-articles run still has items in the queue (our addition: the console ends its progress on it if the live "complete" line was missed). */
  regenerating: boolean;
}

/** POST /api/generator/run, /stop, /generate-from-trend, /api/trends/regenerate-articles. */
export interface GeneratorActionResult {
  message: string;
  /** Items added to the queue by this call. */
  queued: number;
}

export interface GenerateFromTrendRequest {
  trendTitle: string;
}

export interface DeleteGeneratedArticlesResult {
  deleted: number;
}

export interface RegenerateImageResult {
  message: string;
  article: GeneratedArticle;
}

/** POST /api/generate-social-content */
export interface SocialContentRequest {
  /** A trend's title, or a part of exactly one title. */
  trendText?: string;
  /** One of our generated articles: the post links to its page. */
  generatedArticleId?: number;
  /** A crawled article (the console's recent stories). */
  articleId?: number;
  category?: string;
}

export interface SocialContentResult {
  content: string;
  /** Which writer produced it. */
  writer: 'model' | 'offline';
}

/** Live messages of the generator. */
export interface GeneratorActionMessage {
  action: string;
}

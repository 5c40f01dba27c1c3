// Wire types of the article generator, its pages' data and social posts.
import type { z } from 'zod';
import type { generatedArticle, generatorStatusFields, queueStatus } from './response-schemas.js';

export type GeneratedArticleSource = GeneratedArticle['sources'][number];

/** GET /api/generated-articles, one element. */
export type GeneratedArticle = z.infer<typeof generatedArticle>;

export type GeneratorStatusValue = GeneratorStatusFields['generatorStatus'];

/** The generator's part of GET /api/status. */
export type GeneratorStatusFields = z.infer<typeof generatorStatusFields>;

export type QueueStatusItem = QueueStatus['items'][number];

/** GET /api/generator/queue-status, and the live queue_update message's fields. */
export type QueueStatus = z.infer<typeof queueStatus>;

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

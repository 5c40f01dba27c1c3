// Wire types of the article generator, its pages' data and social posts.
import type { z } from 'zod';
import type * as schemas from './schemas/generator.js';
import type * as requests from './request-schemas.js';
import type { generatorStatusFields } from './schemas/status.js';

/** GET /api/generated-articles, one element. */
export type GeneratedArticle = z.infer<typeof schemas.generatedArticle>;

/** The generator's part of GET /api/status. */
export type GeneratorStatusFields = z.infer<typeof generatorStatusFields>;

/** GET /api/generator/queue-status, and the live queue_update message's fields. */
export type QueueStatus = z.infer<typeof schemas.queueStatus>;

/** POST /api/generator/run, /stop, /generate-from-trend, /api/trends/regenerate-articles. */
export type GeneratorActionResult = z.infer<typeof schemas.generatorActionResult>;

export type GenerateFromTrendRequest = z.input<typeof requests.generateFromTrendRequest>;

export type DeleteGeneratedArticlesResult = z.infer<typeof schemas.deleteGeneratedArticlesResult>;

export type RegenerateImageResult = z.infer<typeof schemas.regenerateImageResult>;

/** POST /api/generate-social-content */
export type SocialContentRequest = z.input<typeof requests.socialContentRequest>;

export type SocialContentResult = z.infer<typeof schemas.socialContentResult>;

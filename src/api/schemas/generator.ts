// Answers of the article generator and social posts.
import { z } from 'zod';
import { TOPICS } from '../../shared/topics.js';

const topic = z.enum(TOPICS);
const writer = z.enum(['model', 'offline']);

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

/** GET /api/generator/queue-status. */
export const queueStatus = z.object({
  queueLength: z.number(),
  isGenerating: z.boolean(),
  currentTrend: z.string().nullable(),
  items: z.array(
    z.object({ /** The generation's run (GET /api/jobs lists it too). */ id: z.string(), trendTitle: z.string(), status: z.enum(['pending', 'generating']) }),
  ),
  /** A regenerate-articles run still has items in the queue (our addition: the console ends its progress on it if the live "complete" line was missed). */
  regenerating: z.boolean(),
});

/** POST /api/generator/run, /stop, /generate-from-trend, /api/trends/regenerate-articles. */
export const generatorActionResult = z.object({
  message: z.string(),
  /** Items added to the queue by this call. */
  queued: z.number(),
});

/** DELETE /api/generated-articles/all and /api/generated-articles/:id. */
export const deleteGeneratedArticlesResult = z.object({ deleted: z.number() });

/** POST /api/articles/:id/regenerate-image. */
export const regenerateImageResult = z.object({ message: z.string(), article: generatedArticle });

/** POST /api/generate-social-content. */
export const socialContentResult = z.object({
  content: z.string(),
  /** Which writer produced it. */
  writer,
});

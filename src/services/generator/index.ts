// The article generator.
export {
  DEFAULT_GENERATED_ARTICLES_LIMIT,
  deleteAllGeneratedArticles,
  deleteGeneratedArticle,
  exportGeneratedArticle,
  getGeneratedArticle,
  listGeneratedArticles,
  regenerateArticleImage,
  toGeneratedArticle,
} from './articles.js';
export { exportFileName, type ExportFormat } from './export.js';
export { generateQueueItem, MAX_ITEM_ATTEMPTS, type GenerateItemResult } from './generate-item.js';
export { IMAGE_URL_PREFIX, imagesDir } from './images.js';
export { generateArticleJob, generatorJob, queueItem, resumeGenerator, RUN_MODE_POLL_MS } from './jobs.js';
export { generateFromTrend, regenerateArticles, startGenerator, stopGenerator } from './queueing.js';
export { queueTrendsWithoutArticle } from './jobs.js';
export { GENERATE_ARTICLE_JOB, GENERATOR_JOB, generatorStatusFields, queueStatus } from './status.js';

// The article generator (spec 001 §2 Articles, §3, §4, §7 "Article generator", §9).
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
export { generateQueueItem, type GenerateItemParams, type GenerateItemResult, type JobHandle } from './generate-item.js';
export { IMAGE_URL_PREFIX, imagesDir } from './images.js';
export { generateFromTrend, queueTrendsWithoutArticle, regenerateArticles, startGenerator, stopGenerator } from './queueing.js';
export { generatorStatusFields, queueStatus } from './status.js';
export { ensureGeneratorWorker, GENERATOR_WORKER_DEFAULTS, haltGeneratorWorker, resumeGenerator, runGeneratorQueue } from './worker.js';

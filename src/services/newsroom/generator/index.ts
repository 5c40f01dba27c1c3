// The article generator.
export {
  deleteAllGeneratedArticles,
  deleteGeneratedArticle,
  exportGeneratedArticle,
  listGeneratedArticles,
  regenerateArticleImage,
} from './articles.js';
export type { ExportFormat } from './export.js';
export { resumeGenerator } from './jobs.js';
export { generateFromTrend, regenerateArticles, startGenerator, stopGenerator } from './queueing.js';
export { queueStatus } from './status.js';

// The article generator.
import type { FastifyInstance } from 'fastify';
import {
  deleteAllGeneratedArticles,
  deleteGeneratedArticle,
  exportGeneratedArticle,
  generateFromTrend,
  listGeneratedArticles,
  queueStatus,
  regenerateArticleImage,
  regenerateArticles,
  startGenerator,
  stopGenerator,
  type ExportFormat,
} from '../../services/newsroom/generator/index.js';
import { endpoints } from '../../api/endpoints.js';

export default async function generatorRoutes(app: FastifyInstance): Promise<void> {
  app.post(endpoints.runGenerator.path, async () => startGenerator(app.ctx));
  app.post(endpoints.stopGenerator.path, async () => stopGenerator(app.ctx));
  app.get(endpoints.generatorQueue.path, async () => queueStatus(app.ctx));
  app.post<{ Body: { trendTitle: string } }>(endpoints.generateFromTrend.path, async (request) => generateFromTrend(app.ctx, request.body.trendTitle));
  app.post(endpoints.regenerateArticles.path, async () => regenerateArticles(app.ctx));

  app.get<{ Querystring: { limit: number } }>(endpoints.generatedArticles.path, async (request) =>
    listGeneratedArticles(app.ctx, { limit: request.query.limit }),
  );
  app.delete(endpoints.clearGeneratedArticles.path, async () => deleteAllGeneratedArticles(app.ctx));
  app.delete<{ Params: { id: number } }>(endpoints.removeGeneratedArticle.path, async (request) => deleteGeneratedArticle(app.ctx, request.params.id));
  app.get<{ Params: { id: number }; Querystring: { format: ExportFormat } }>(endpoints.exportGeneratedArticle.path, async (request, reply) => {
    const file = await exportGeneratedArticle(app.ctx, request.params.id, request.query.format);
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
  app.post<{ Params: { id: number } }>(endpoints.regenerateImage.path, async (request) => regenerateArticleImage(app.ctx, request.params.id));
}

// The article generator.
import type { FastifyInstance } from 'fastify';
import {
  DEFAULT_GENERATED_ARTICLES_LIMIT,
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
} from '../../services/generator/index.js';
import { endpoints } from '../../api/endpoints.js';

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
} as const;

export default async function generatorRoutes(app: FastifyInstance): Promise<void> {
  app.post(endpoints.runGenerator.path, async () => startGenerator(app.ctx));
  app.post(endpoints.stopGenerator.path, async () => stopGenerator(app.ctx));
  app.get(endpoints.generatorQueue.path, async () => queueStatus(app.ctx));
  app.post<{ Body: { trendTitle: string } }>(
    endpoints.generateFromTrend.path,
    {
      schema: {
        body: { type: 'object', required: ['trendTitle'], properties: { trendTitle: { type: 'string', minLength: 1, maxLength: 1000 } } },
      },
    },
    async (request) => generateFromTrend(app.ctx, request.body.trendTitle),
  );
  app.post(endpoints.regenerateArticles.path, async () => regenerateArticles(app.ctx));

  app.get<{ Querystring: { limit: number } }>(
    endpoints.generatedArticles.path,
    {
      schema: {
        querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 500, default: DEFAULT_GENERATED_ARTICLES_LIMIT } } },
      },
    },
    async (request) => listGeneratedArticles(app.ctx, { limit: request.query.limit }),
  );
  app.delete(endpoints.clearGeneratedArticles.path, async () => deleteAllGeneratedArticles(app.ctx));
  app.delete<{ Params: { id: number } }>(endpoints.removeGeneratedArticle.path, { schema: { params: idParams } }, async (request) =>
    deleteGeneratedArticle(app.ctx, request.params.id),
  );
  app.get<{ Params: { id: number }; Querystring: { format: ExportFormat } }>(
    endpoints.exportGeneratedArticle.path,
    {
      schema: {
        params: idParams,
        querystring: { type: 'object', properties: { format: { type: 'string', enum: ['txt', 'docx'], default: 'txt' } } },
      },
    },
    async (request, reply) => {
      const file = await exportGeneratedArticle(app.ctx, request.params.id, request.query.format);
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );
  app.post<{ Params: { id: number } }>(endpoints.regenerateImage.path, { schema: { params: idParams } }, async (request) =>
    regenerateArticleImage(app.ctx, request.params.id),
  );
}

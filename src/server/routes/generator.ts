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

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
} as const;

export default async function generatorRoutes(app: FastifyInstance): Promise<void> {
  app.post('/generator/run', async () => startGenerator(app.ctx));
  app.post('/generator/stop', async () => stopGenerator(app.ctx));
  app.get('/generator/queue-status', async () => queueStatus(app.ctx));
  app.post<{ Body: { trendTitle: string } }>(
    '/generator/generate-from-trend',
    {
      schema: {
        body: { type: 'object', required: ['trendTitle'], properties: { trendTitle: { type: 'string', minLength: 1, maxLength: 1000 } } },
      },
    },
    async (request) => generateFromTrend(app.ctx, request.body.trendTitle),
  );
  app.post('/trends/regenerate-articles', async () => regenerateArticles(app.ctx));

  app.get<{ Querystring: { limit: number } }>(
    '/generated-articles',
    {
      schema: {
        querystring: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 500, default: DEFAULT_GENERATED_ARTICLES_LIMIT } } },
      },
    },
    async (request) => listGeneratedArticles(app.ctx, { limit: request.query.limit }),
  );
  app.delete('/generated-articles/all', async () => deleteAllGeneratedArticles(app.ctx));
  app.delete<{ Params: { id: number } }>('/generated-articles/:id', { schema: { params: idParams } }, async (request) =>
    deleteGeneratedArticle(app.ctx, request.params.id),
  );
  app.get<{ Params: { id: number }; Querystring: { format: ExportFormat } }>(
    '/generated-articles/:id/export',
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
  app.post<{ Params: { id: number } }>('/articles/:id/regenerate-image', { schema: { params: idParams } }, async (request) =>
    regenerateArticleImage(app.ctx, request.params.id),
  );
}

// Trends and the trends analyzer.
import type { FastifyInstance } from 'fastify';
import {
  clearStoryTopic,
  clearTrends,
  DEFAULT_TRENDS_LIMIT,
  listTrends,
  listTrendsOfTopic,
  recategorizeTrends,
  setStoryTopic,
  startTrendsAnalyzer,
  stopTrendsAnalyzer,
  trendStatistics,
} from '../../services/trends/index.js';
import { endpoints } from '../../api/endpoints.js';

const limitQuery = {
  type: 'object',
  properties: { limit: { type: 'integer', minimum: 1, maximum: 500, default: DEFAULT_TRENDS_LIMIT } },
} as const;

export default async function trendsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { limit: number } }>(endpoints.trends.path, { schema: { querystring: limitQuery } }, async (request) =>
    listTrends(app.ctx, { limit: request.query.limit }),
  );

  app.get<{ Params: { topic: string }; Querystring: { limit: number } }>(
    endpoints.trendsByTopic.path,
    {
      schema: {
        params: { type: 'object', required: ['topic'], properties: { topic: { type: 'string', maxLength: 100 } } },
        querystring: limitQuery,
      },
    },
    async (request) => listTrendsOfTopic(app.ctx, request.params.topic, { limit: request.query.limit }),
  );

  app.get(endpoints.trendStatistics.path, async () => trendStatistics(app.ctx));

  app.post(endpoints.runAnalyzer.path, async () => startTrendsAnalyzer(app.ctx));
  app.post(endpoints.stopAnalyzer.path, async () => stopTrendsAnalyzer(app.ctx));

  const trendId = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } } } as const;
  // A story's topic as the administrator sets it (kept across analyses) or gives back to the analyzer.
  app.put<{ Params: { id: number }; Body: { topic: string } }>(
    endpoints.setStoryTopic.path,
    {
      schema: {
        params: trendId,
        body: { type: 'object', required: ['topic'], additionalProperties: false, properties: { topic: { type: 'string', maxLength: 100 } } },
      },
    },
    async (request) => setStoryTopic(app.ctx, request.params.id, request.body.topic),
  );
  app.delete<{ Params: { id: number } }>(endpoints.clearStoryTopic.path, { schema: { params: trendId } }, async (request) => clearStoryTopic(app.ctx, request.params.id));

  app.delete(endpoints.clearTrends.path, async () => clearTrends(app.ctx));
  app.post(endpoints.recategorizeTrends.path, async () => recategorizeTrends(app.ctx));
}

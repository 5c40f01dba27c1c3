// Trends and the trends analyzer.
import type { FastifyInstance } from 'fastify';
import {
  clearTrends,
  DEFAULT_TRENDS_LIMIT,
  listTrends,
  listTrendsOfTopic,
  recategorizeTrends,
  startTrendsAnalyzer,
  stopTrendsAnalyzer,
  trendStatistics,
} from '../../services/trends/index.js';

const limitQuery = {
  type: 'object',
  properties: { limit: { type: 'integer', minimum: 1, maximum: 500, default: DEFAULT_TRENDS_LIMIT } },
} as const;

export default async function trendsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { limit: number } }>('/trends', { schema: { querystring: limitQuery } }, async (request) =>
    listTrends(app.ctx, { limit: request.query.limit }),
  );

  app.get<{ Params: { topic: string }; Querystring: { limit: number } }>(
    '/trends/by-topic/:topic',
    {
      schema: {
        params: { type: 'object', required: ['topic'], properties: { topic: { type: 'string', maxLength: 100 } } },
        querystring: limitQuery,
      },
    },
    async (request) => listTrendsOfTopic(app.ctx, request.params.topic, { limit: request.query.limit }),
  );

  app.get('/trends/statistics', async () => trendStatistics(app.ctx));

  app.post('/trends-analyzer/run', async () => startTrendsAnalyzer(app.ctx));
  app.post('/trends-analyzer/stop', async () => stopTrendsAnalyzer(app.ctx));

  app.delete('/trends', async () => clearTrends(app.ctx));
  app.post('/trends/recategorize', async () => recategorizeTrends(app.ctx));
}

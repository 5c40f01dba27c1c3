// Trends and the trends analyzer.
import type { FastifyInstance } from 'fastify';
import {
  clearStoryTopic,
  clearTrends,
  listTrends,
  listTrendsOfTopic,
  recategorizeTrends,
  setStoryTopic,
  startTrendsAnalyzer,
  stopTrendsAnalyzer,
  trendStatistics,
} from '../../services/reader/trends/index.js';
import { endpoints } from '../../api/endpoints.js';

export default async function trendsRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { limit: number } }>(endpoints.trends.path, async (request) => listTrends(app.ctx, { limit: request.query.limit }));

  app.get<{ Params: { topic: string }; Querystring: { limit: number } }>(endpoints.trendsByTopic.path, async (request) =>
    listTrendsOfTopic(app.ctx, request.params.topic, { limit: request.query.limit }),
  );

  app.get(endpoints.trendStatistics.path, async () => trendStatistics(app.ctx));

  app.post(endpoints.runAnalyzer.path, async () => startTrendsAnalyzer(app.ctx));
  app.post(endpoints.stopAnalyzer.path, async () => stopTrendsAnalyzer(app.ctx));

  // A story's topic as the administrator sets it (kept across analyses) or gives back to the analyzer.
  app.put<{ Params: { id: number }; Body: { topic: string } }>(endpoints.setStoryTopic.path, async (request) =>
    setStoryTopic(app.ctx, request.params.id, request.body.topic),
  );
  app.delete<{ Params: { id: number } }>(endpoints.clearStoryTopic.path, async (request) => clearStoryTopic(app.ctx, request.params.id));

  app.delete(endpoints.clearTrends.path, async () => clearTrends(app.ctx));
  app.post(endpoints.recategorizeTrends.path, async () => recategorizeTrends(app.ctx));
}

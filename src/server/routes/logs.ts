import type { FastifyInstance } from 'fastify';
import { listLogs } from '../../services/platform/logs/index.js';
import { endpoints } from '../../api/endpoints.js';

export default async function logRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { limit: number; component?: string; level?: 'error' | 'warning' | 'info' | 'debug' } }>(endpoints.logs.path, async (request) =>
    listLogs(app.ctx, request.query),
  );
}

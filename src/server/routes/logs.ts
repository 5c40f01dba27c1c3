import type { FastifyInstance } from 'fastify';
import { listLogs } from '../../services/logs/index.js';
import { endpoints } from '../../api/endpoints.js';

export default async function logRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { limit: number; component?: string; level?: 'error' | 'warning' | 'info' | 'debug' } }>(
    endpoints.logs.path,
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: 1000, default: 100 },
            component: { type: 'string', maxLength: 50 },
            level: { type: 'string', enum: ['error', 'warning', 'info', 'debug'] },
          },
        },
      },
    },
    async (request) => listLogs(app.ctx, request.query),
  );
}

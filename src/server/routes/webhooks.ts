// Recent webhook deliveries (the endpoints are the `webhooks` setting, under the settings routes).
import type { FastifyInstance } from 'fastify';
import { listWebhookDeliveries } from '../../services/platform/webhooks/index.js';
import { endpoints } from '../../api/endpoints.js';

export default async function webhookRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { limit: number } }>(endpoints.webhookDeliveries.path, async (request) => listWebhookDeliveries(app.ctx, request.query.limit));
}

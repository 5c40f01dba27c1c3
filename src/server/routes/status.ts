import type { FastifyInstance } from 'fastify';
import { getStatus } from '../../status.js';
import { endpoints } from '../../api/endpoints.js';

export default async function statusRoutes(app: FastifyInstance): Promise<void> {
  // Polled by every open console: serialised from its schema, which StatusResponse is inferred from.
  app.get(endpoints.status.path, async () => getStatus(app.ctx));
}

import type { FastifyInstance } from 'fastify';
import { getStatus } from '../../services/status/index.js';

export default async function statusRoutes(app: FastifyInstance): Promise<void> {
  app.get('/status', async () => getStatus(app.ctx));
}

import type { FastifyInstance } from 'fastify';
import { createPoolRefresher } from '../../services/health/index.js';

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  const refresher = createPoolRefresher(app.ctx);

  app.post('/health/refresh-connection-pool', { config: { public: true } }, async () => refresher.refresh());

  app.get('/health', { config: { public: true } }, async () => ({
    ok: true,
    database: app.ctx.db.kind,
    databaseLatencyMs: await app.ctx.db.ping(),
    uptimeSeconds: Math.round(process.uptime()),
  }));
}

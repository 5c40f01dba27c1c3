import type { FastifyInstance } from 'fastify';
import { databaseMonitor } from '../../services/platform/health/database-monitor.js';
import { diskStatus } from '../../services/platform/health/disk-monitor.js';
import { createPoolRefresher } from '../../services/platform/health/index.js';
import { databaseUnavailable } from '../errors.js';
import { endpoints } from '../../api/endpoints.js';

export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  const refresher = createPoolRefresher(app.ctx);
  const database = databaseMonitor(app.ctx);
  // Both answer during an outage: the refresh is how the public error card asks for a reconnect.
  const available = { config: { public: true, withoutDatabase: true } } as const;

  app.post(endpoints.refreshConnectionPool.path, { config: { ...available.config, whileDiskFull: true } }, async () => refresher.refresh());

  // Answers while the disk is full: it is how the console learns why writes are refused.
  app.get(endpoints.diskStatus.path, { config: { withoutDatabase: true } }, async () => diskStatus(app.ctx));

  app.get(endpoints.health.path, available, async () => {
    if (!database.available && !(await database.probe())) throw databaseUnavailable();
    return {
      ok: true,
      database: app.ctx.db.kind,
      databaseLatencyMs: await app.ctx.db.ping(),
      uptimeSeconds: Math.round(process.uptime()),
    };
  });
}

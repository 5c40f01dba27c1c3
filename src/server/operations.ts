// What process managers, orchestrators and monitoring ask a daemon: GET /healthz (the process
// answers), GET /readyz (its database answers and holds every migration this version ships) and
// GET /metrics (Prometheus text; an administrator's session or an API token, unless
// NEWSCTL_METRICS_PUBLIC opens it to a scraper on a private network).
import type { FastifyInstance } from 'fastify';
import { migrationState } from '../services/platform/health/index.js';
import { gauge, HttpMetrics, renderMetrics } from '../services/platform/metrics/index.js';
import { requireAdmin, resolvePrincipal } from './access.js';
import { sendError } from './errors.js';
import type { WsHubStats } from './ws.js';

const READY_TIMEOUT_MS = 3_000;

export async function registerOperations(app: FastifyInstance, options: { localSecret: string; liveClients: () => WsHubStats | null }): Promise<void> {
  const http = new HttpMetrics();
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern, never the raw path: one series per route, whatever ids are asked for.
    const route = request.routeOptions.url ?? 'unmatched';
    http.observe(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ ok: true, uptimeSeconds: Math.round(process.uptime()) }));

  app.get('/readyz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      const { applied, missing } = await Promise.race([
        migrationState(app.ctx.sql),
        new Promise<never>((_resolve, reject) =>
          setTimeout(() => reject(new Error(`no answer within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS).unref(),
        ),
      ]);
      if (missing.length) return sendError(reply, 503, { message: `Migrations not applied yet: ${missing.join(', ')}` });
      return reply.send({ ready: true, database: app.ctx.db.kind, migrations: applied });
    } catch (error) {
      return sendError(reply, 503, { message: `The database is not reachable: ${error instanceof Error ? error.message : String(error)}` });
    }
  });

  app.get('/metrics', async (request, reply) => {
    if (!app.ctx.config.metricsPublic) {
      request.principal = await resolvePrincipal(app.ctx, options.localSecret, request);
      await requireAdmin(app.ctx, request, reply);
    }
    return reply
      .header('cache-control', 'no-store')
      .type('text/plain; version=0.0.4; charset=utf-8')
      .send(await renderMetrics(app.ctx, http, liveLines(options.liveClients())));
  });
}

/** This daemon's /ws clients: a count that only grows shows sockets kept past their readers. */
function liveLines(stats: WsHubStats | null): string[] {
  if (!stats) return [];
  return [
    ...gauge('newsctl_live_clients', 'Clients connected to /ws on this daemon.', stats.clients),
    ...gauge('newsctl_live_admin_clients', 'Of them, administrators.', stats.admins),
    ...gauge('newsctl_live_slow_disconnects_total', 'Clients disconnected for staying over their send buffer bound.', stats.slowDisconnected, 'counter'),
  ];
}

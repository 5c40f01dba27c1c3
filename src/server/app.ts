// Builds the fastify app: cookies, the one error handler, access control for /api, the routes,
// the /ws hub and the static site.
import { randomBytes } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppContext } from '../context.js';
import { packagePath } from '../paths.js';
import { answerStalledRequests } from './stalled-requests.js';
import { databaseMonitor } from '../services/platform/health/database-monitor.js';
import { diskFull, diskStatus } from '../services/platform/health/disk-monitor.js';
import { stopServices } from '../lifecycle.js';
import { createPublicSnapshot } from '../services/reader/snapshot/index.js';
import { assertSameOrigin, requireAdmin, resolvePrincipal } from './access.js';
import { databaseUnavailable, errorHandler, sendError } from './errors.js';
import { registerSecurityHeaders } from './security-headers.js';
import { apiRoutes } from './routes/index.js';
import { attachRouteSchemas } from './route-schemas.js';
import { compileSchemasOnFirstUse } from './schema-compilers.js';
import { registerStatic } from './static.js';
import type { WsHubOptions, WsHubStats } from './ws.js';
import './types.js';
import { serverLoggerOptions } from './logger.js';
import { registerOperations } from './operations.js';
import { setProblemSink } from '../diagnostics.js';
import { API_PREFIX } from '../api/endpoints.js';

export interface BuildAppOptions {
  /** Folder of the built web app (default web/dist in the package). */
  webRoot?: string;
  /** Secret that marks in-process and local-socket requests as the local operator. */
  localSecret?: string;
  logger?: FastifyServerOptions['logger'];
  /** The live channel's heartbeat and slow-client grace (tests shorten them). */
  live?: Omit<WsHubOptions, 'localSecret'>;
  /**
   * An app for one command in this process: /api and the files a command downloads (/audio,
   * /images). The readers' site — compression, the live channel (the command hears the bus itself),
   * pages, feeds, the Reader API and the web app — is neither registered nor loaded. Its public
   * pages' snapshot is built on its first read, not at start.
   */
  operator?: boolean;
}

export interface ApiRoute {
  method: string;
  url: string;
  public: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  localSecret: string;
  /** Every /api route with its access level (tests check each admin one refuses anonymous callers). */
  apiRoutes: ApiRoute[];
}

/** fastify's trustProxy for our setting: the proxies' addresses, or the first N hops (as proxy-addr counts them). */
function trustedProxies(setting: AppContext['config']['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (Array.isArray(setting)) return setting.join(',');
  return (_address, hop) => hop < setting;
}

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<BuiltApp> {
  const localSecret = options.localSecret ?? randomBytes(32).toString('base64url');
  const app = Fastify({
    logger: options.logger ?? serverLoggerOptions(ctx.config),
    // A hop count or the proxies' addresses (proxy-addr), never `true`: trusting every hop would let
    // any client forge its address (and defeat the login throttle) with X-Forwarded-For.
    trustProxy: trustedProxies(ctx.config.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
    return503OnClosing: true,
    // Per-request lines drown what operators need to see; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // Addresses the router refuses before any route runs (a bad %-escape, an over-long path
    // parameter) get the same error body as everything else, not fastify's own shape.
    frameworkErrors: (error, _request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
      sendError(reply, status, { message: `Invalid address: ${error.message}` });
    },
  });
  compileSchemasOnFirstUse(app);
  app.decorate('ctx', ctx);
  const database = databaseMonitor(ctx);
  const stalled = answerStalledRequests(database);
  app.addHook('onClose', async () => stalled.close());
  const snapshot = createPublicSnapshot(ctx, { warm: !options.operator });
  app.decorate('snapshot', snapshot);
  app.addHook('onClose', async () => snapshot.close());
  // Runs this process holds must not outlive the database: they are handed to another daemon (or
  // resumed by this one after a restart), never lost; then the crawler's connections close.
  app.addHook('onClose', async () => stopServices(ctx));
  // Problems the services report (a listener that threw, a save that failed) go to this daemon's
  // server log while it runs; an app built without a logger (tests) leaves them on standard error.
  if (options.logger !== false) {
    const restoreProblems = setProblemSink((message) => app.log.error(message));
    app.addHook('onClose', async () => restoreProblems());
  }
  app.decorateRequest('principal', null);
  app.setErrorHandler(errorHandler);
  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  // JSON answers such as the home page data are large and repetitive; the static site comes precompressed.
  if (!options.operator) {
    await app.register((await import('@fastify/compress')).default, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    });
  }

  // Before the routes: its response hook times every one of them.
  let liveClients: (() => WsHubStats) | null = null;
  await registerOperations(app, { localSecret, liveClients: () => liveClients?.() ?? null });

  const routes: ApiRoute[] = [];
  await app.register(
    async (api) => {
      api.addHook('onRoute', (route) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (method !== 'HEAD') routes.push({ method, url: route.url, public: Boolean(route.config?.public) });
        }
      });
      // Every /api route is admin-only unless its config says public; unknown paths stay 404 for all.
      // onRequest: an anonymous caller gets 401 before its body is even parsed or validated.
      api.addHook('onRequest', async (request, reply) => {
        const config = request.routeOptions.config;
        // Snapshot reads are the same for everyone: no session lookup, nothing to wait for.
        if (config.snapshot) return;
        // Database down: answer now rather than let the request find out slowly.
        if (!database.available && !config.withoutDatabase) throw databaseUnavailable();
        if (!config.withoutDatabase) stalled.track(request, reply);
        try {
          // Known to be away: a public call that works without it serves an anonymous caller at
          // once, instead of waiting on a session lookup that cannot answer (on a busy machine that
          // wait ran to seconds).
          request.principal = !database.available && config.public ? null : await resolvePrincipal(ctx, localSecret, request);
        } catch (error) {
          if (!database.report(error)) throw error;
          // A public call that works without the database serves an anonymous caller meanwhile.
          if (!config.public || !config.withoutDatabase) throw databaseUnavailable();
          request.principal = null;
        }
        assertSameOrigin(request);
        if (!config.public) await requireAdmin(ctx, request, reply);
        // The disk below its floor: nothing new is written; deleting, stopping and settings still are.
        if (writesData(request.method, request.url, config)) {
          const disk = diskStatus(ctx);
          if (disk.full) throw diskFull(disk);
        }
      });
      attachRouteSchemas(api, ctx.config.siteName);
      for (const routes of apiRoutes) await api.register(routes);
    },
    { prefix: API_PREFIX },
  );

  if (!options.operator) liveClients = await (await import('./readers-site.js')).registerReadersSite(app, { ...options.live, localSecret });
  await registerStatic(app, { webRoot: options.operator ? null : (options.webRoot ?? packagePath('web', 'dist')) });
  return { app, localSecret, apiRoutes: routes };
}

/** A request that would write new data: any POST, PUT or PATCH but those a full disk allows (stopping and pausing work included). */
function writesData(method: string, url: string, config: { whileDiskFull?: boolean }): boolean {
  if (method !== 'POST' && method !== 'PUT' && method !== 'PATCH') return false;
  const path = url.split('?', 1)[0]!;
  return !config.whileDiskFull && !/\/(stop|pause)\/?$/.test(path);
}

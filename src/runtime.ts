// Opening and closing the product: database (migrated), event bus, and — for the daemon — the HTTP
// server, the private operator socket and the scheduler.
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { preparePrivateDir, setPrivateFileModes } from './data-dir.js';
import { openDatabase, type OpenDatabaseOptions } from './db/client.js';
import { migrate } from './db/migrate.js';
import { operatorSocketPath } from './operator-socket.js';
import { buildApp, type BuildAppOptions } from './server/app.js';
import { LOCAL_OPERATOR_HEADER } from './server/access.js';
import { ensureAdminAccount, type AdminBootstrap } from './services/platform/auth/index.js';
import { bridgeEvents } from './services/platform/event-bridge.js';
import { startJobs } from './services/platform/jobs/index.js';
import { stopServices } from './lifecycle.js';
import { clearInterruptedFiles } from './services/platform/media.js';
import { loadTopicModel } from './services/reader/classify/index.js';
import type { FastifyInstance } from 'fastify';
import { createAppContext } from './app-context.js';

export interface Runtime {
  ctx: AppContext;
  migrationsApplied: string[];
  /** Things the operator should fix (a data folder others can read), for the start-up message. */
  warnings?: string[];
  close(): Promise<void>;
}

export async function openRuntime(config: Config, extra: Partial<OpenDatabaseOptions> = {}): Promise<Runtime> {
  // Before the embedded database writes its first file.
  setPrivateFileModes();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, ...extra });
  try {
    const migrationsApplied = await migrate(db.sql);
    const ctx = createAppContext({ config, db });
    // Several daemons (and commands run without one) may share this PostgreSQL: live messages reach
    // all of them, so a stop given here reaches the daemon running the job at once.
    const bridge = db.kind === 'postgres' ? await bridgeEvents(ctx) : null;
    return {
      ctx,
      migrationsApplied,
      async close() {
        // Runs held here are handed over (to another daemon, or to this one after a restart).
        await stopServices(ctx);
        await bridge?.close().catch(() => {});
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}

export interface Daemon {
  runtime: Runtime;
  app: FastifyInstance;
  url: string;
  admin: AdminBootstrap;
  operatorSocket: string | null;
  close(): Promise<void>;
}

export interface StartDaemonOptions extends BuildAppOptions {
  database?: Partial<OpenDatabaseOptions>;
  /** Listen on the operator socket (default true). */
  operatorSocket?: boolean;
  /** Extra work to start once serving (the scheduler); returns its stop function. */
  onStarted?: (ctx: AppContext) => Promise<() => Promise<void>> | (() => Promise<void>);
}

/** The upgraded (/ws) connections of each operator socket server. */
const liveChannelsByServer = new WeakMap<Server, Set<Duplex>>();
const liveChannelsOf = (server: Server): Duplex[] => [...(liveChannelsByServer.get(server) ?? [])];

function listenOperatorSocket(app: FastifyInstance, path: string, localSecret: string, port: number): Promise<Server> {
  if (existsSync(path)) rmSync(path, { force: true });
  // Requests on this socket come from whoever can reach the data folder, i.e. the operator: they are
  // marked as such here, and the header cannot be forged over TCP without the in-memory secret.
  const server = createServer((req, res) => {
    req.headers[LOCAL_OPERATOR_HEADER] = localSecret;
    // A socket has no host: absolute links made for the CLI (a social post's) point at this
    // daemon's own port (http://localhost:PORT), not at port 80.
    req.headers.host = `localhost:${port}`;
    app.routing(req, res);
  });
  const liveChannels = new Set<Duplex>();
  liveChannelsByServer.set(server, liveChannels);
  server.on('upgrade', (req, socket, head) => {
    req.headers[LOCAL_OPERATOR_HEADER] = localSecret;
    // Live channels (newsctl dash, logs --follow) stay open for hours: startDaemon's close ends
    // them, else closing this server would wait for them forever.
    liveChannels.add(socket);
    socket.once('close', () => liveChannels.delete(socket));
    app.server.emit('upgrade', req, socket, head);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // The socket file is created by listen() itself: 0600 from its first moment, not after a chmod.
    const previous = process.umask(0o177);
    try {
      server.listen(path, () => {
        chmodSync(path, 0o600);
        resolve(server);
      });
    } finally {
      process.umask(previous);
    }
  });
}

export async function startDaemon(config: Config, options: StartDaemonOptions = {}): Promise<Daemon> {
  const warnings = [preparePrivateDir(config.dataDir)].filter((warning): warning is string => warning !== null);
  const runtime = await openRuntime(config, options.database);
  runtime.warnings = warnings;
  // What a killed render, download or backup left behind (dot files, scratch folders) goes.
  clearInterruptedFiles(config);
  let app: FastifyInstance | null = null;
  let socketServer: Server | null = null;
  let stopExtra: (() => Promise<void>) | null = null;
  const socketPath = options.operatorSocket === false ? null : operatorSocketPath(config);
  try {
    const admin = await ensureAdminAccount(runtime.ctx);
    const built = await buildApp(runtime.ctx, options);
    app = built.app;
    // The crawl classifies each article it stores, and an analysis explains its trends, on this
    // thread: read at the first, the model would hold the event loop while requests wait. A model
    // that cannot be read fails those uses as before, not the daemon's start.
    try {
      loadTopicModel();
    } catch (error) {
      warnings.push(`the topic model could not be read (${error instanceof Error ? error.message : String(error)}); classifying articles will fail`);
    }
    const address = await app.listen({ host: config.host, port: config.port });
    if (socketPath) socketServer = await listenOperatorSocket(app, socketPath, built.localSecret, (app.server.address() as { port: number }).port);
    // Queued runs, runs a dead daemon left, shared runs to join: this daemon takes its part.
    await startJobs(runtime.ctx);
    stopExtra = options.onStarted ? await options.onStarted(runtime.ctx) : null;
    const port = (app.server.address() as { port: number }).port;
    const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
    const openedApp = app;
    let closing: Promise<void> | null = null;
    return {
      runtime,
      app,
      url: address.startsWith('http') ? `http://${shownHost}:${port}` : address,
      admin,
      operatorSocket: socketPath,
      close() {
        closing ??= (async () => {
          await stopExtra?.().catch(() => {});
          if (socketServer) {
            const closed = new Promise<void>((resolve) => socketServer!.close(() => resolve()));
            // close() stops new connections and lets requests under way finish; the live channels
            // never finish by themselves (their clients reconnect, and find no daemon).
            for (const channel of liveChannelsOf(socketServer)) channel.destroy();
            await closed;
          }
          if (socketPath) rmSync(socketPath, { force: true });
          // fastify waits for in-flight requests before resolving.
          await openedApp.close();
          await runtime.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await stopExtra?.().catch(() => {});
    socketServer?.close();
    if (socketPath) rmSync(socketPath, { force: true });
    await app?.close().catch(() => {});
    await runtime.close();
    throw error;
  }
}

// The /ws hub: fans bus events out to browser and dashboard clients. Anonymous clients get only the
// public messages; a slow client loses messages instead of holding up the others; a dead one is
// dropped by the heartbeat; garbage from a client is ignored.
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { PUBLIC_EVENT_TYPES, type LiveMessage } from '../services/events.js';
import { databaseMonitor, DATABASE_DOWN_MESSAGE } from '../services/health/database-monitor.js';
import { resolvePrincipal } from './access.js';
import { sendError } from './errors.js';

// Above this much unsent data a client is too slow: it skips messages until it drains.
const MAX_BUFFERED_BYTES = 1024 * 1024;
const HEARTBEAT_MS = 30_000;
const MAX_CLIENT_MESSAGE_BYTES = 64 * 1024;

interface Client {
  socket: WebSocket;
  isAdmin: boolean;
  alive: boolean;
  dropped: number;
  /** A malformed message from it has been logged already. */
  warned?: boolean;
}

export interface WsHubStats {
  clients: number;
  admins: number;
}

export async function registerWsHub(app: FastifyInstance, options: { localSecret: string }): Promise<() => WsHubStats> {
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });
  const clients = new Set<Client>();

  const unsubscribe = app.ctx.events.onAny((message: LiveMessage) => {
    if (clients.size === 0) return;
    const isPublic = PUBLIC_EVENT_TYPES.has(message.type);
    const text = JSON.stringify(message);
    for (const client of clients) {
      if (!client.isAdmin && !isPublic) continue;
      if (client.socket.readyState !== client.socket.OPEN) continue;
      if (client.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
        client.dropped++;
        continue;
      }
      client.socket.send(text, (error) => {
        if (error) app.log.debug({ err: error }, 'ws send failed');
      });
    }
  });

  const heartbeat = setInterval(() => {
    for (const client of clients) {
      if (!client.alive) {
        client.socket.terminate();
        clients.delete(client);
        continue;
      }
      client.alive = false;
      client.socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    unsubscribe();
    for (const client of clients) client.socket.close(1001, 'server shutting down');
    clients.clear();
  });

  app.route({
    method: 'GET',
    url: '/ws',
    config: { public: true },
    // A plain HTTP request (a browser tab, curl) gets a clear error in the product's format rather
    // than an empty 404.
    handler: async (_request, reply) => {
      void reply.header('upgrade', 'websocket');
      sendError(reply, 426, { message: '/ws is the live channel: connect with a WebSocket client (Upgrade: websocket)' });
      return reply;
    },
    wsHandler: async (socket, request) => {
      // Register before any await so that no message arriving meanwhile is lost.
      const client: Client = { socket, isAdmin: false, alive: true, dropped: 0 };
      socket.on('pong', () => {
        client.alive = true;
      });
      socket.on('close', () => clients.delete(client));
      socket.on('error', (error) => app.log.debug({ err: error }, 'ws client error'));
      socket.on('message', (raw, isBinary) => {
        client.alive = true;
        let parsed: unknown;
        try {
          parsed = isBinary ? undefined : JSON.parse(raw.toString());
        } catch {
          parsed = undefined;
        }
        if (!parsed || typeof parsed !== 'object') {
          // Once per connection: a client sending junk in a loop must not flood the log.
          if (!client.warned) app.log.info({ ip: request.ip }, 'ignored a malformed /ws message (further ones from this client are ignored silently)');
          client.warned = true;
          return;
        }
        if ((parsed as { type?: unknown }).type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
      });
      try {
        client.isAdmin = (await resolvePrincipal(app.ctx, options.localSecret, request)) !== null;
      } catch (error) {
        app.log.warn({ err: error }, 'ws authentication failed; treating the client as anonymous');
      }
      if (socket.readyState === socket.OPEN) {
        clients.add(client);
        socket.send(JSON.stringify({ type: 'welcome', isAdmin: client.isAdmin }));
        // A client arriving during an outage learns of it now, not only at the next change.
        if (!databaseMonitor(app.ctx).available) socket.send(JSON.stringify({ type: 'database_status', available: false, message: DATABASE_DOWN_MESSAGE }));
      }
    },
  });

  return () => ({ clients: clients.size, admins: [...clients].filter((c) => c.isAdmin).length });
}

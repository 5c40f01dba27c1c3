// The /ws hub: fans bus events out to browser and dashboard clients. Anonymous clients get only the
// public messages; a slow client loses messages instead of holding up the others, and one that stays
// over its buffer bound is disconnected, so no client grows the server's memory; a dead one is
// dropped by the heartbeat; garbage from a client is ignored. A socket's rights follow its
// credential: a logout, a password reset, a revoked token or an expired session takes its
// administrator messages away at once (or at the next heartbeat's check, whichever comes first).
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { principalStillValid, type Principal } from '../services/platform/auth/index.js';
import { INTERNAL_EVENT_TYPES, PUBLIC_EVENT_TYPES } from '../services/platform/events.js';
import type { EventMap, LiveMessage } from '../api/live.js';
import { databaseMonitor, DATABASE_DOWN_MESSAGE } from '../services/platform/health/database-monitor.js';
import { diskStatus } from '../services/platform/health/disk-monitor.js';
import { crossSiteOrigin, resolvePrincipal } from './access.js';
import { sendError } from './errors.js';

// Above this much unsent data a client is too slow: it skips messages until it drains, and one still
// over it after SLOW_CLIENT_GRACE_MS (a reader that stopped reading) is disconnected: its unsent
// data would otherwise stay in the server's memory for as long as its socket lives.
const MAX_BUFFERED_BYTES = 1024 * 1024;
const SLOW_CLIENT_GRACE_MS = 10_000;
const HEARTBEAT_MS = 30_000;
const MAX_CLIENT_MESSAGE_BYTES = 64 * 1024;

interface Client {
  socket: WebSocket;
  isAdmin: boolean;
  principal: Principal | null;
  alive: boolean;
  dropped: number;
  /** Since when its unsent data has been over MAX_BUFFERED_BYTES, or null. */
  overSince: number | null;
  /** A malformed message from it has been logged already. */
  warned?: boolean;
}

export interface WsHubStats {
  clients: number;
  admins: number;
  /** Clients disconnected because they stayed over their buffer bound. */
  slowDisconnected: number;
}

export interface WsHubOptions {
  localSecret: string;
  /** Between two pings (a client that answered none since the last is dropped); tests shorten it. */
  heartbeatMs?: number;
  /** How long a client may stay over its buffer bound before it is disconnected. */
  slowClientGraceMs?: number;
}

export async function registerWsHub(app: FastifyInstance, options: WsHubOptions): Promise<() => WsHubStats> {
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES } });
  const clients = new Set<Client>();
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const graceMs = options.slowClientGraceMs ?? SLOW_CLIENT_GRACE_MS;
  let slowDisconnected = 0;

  const drop = (client: Client) => {
    client.socket.terminate();
    clients.delete(client);
  };
  /** Whether the client is over its bound; disconnects one that has been for longer than the grace. */
  const tooSlow = (client: Client, now: number): boolean => {
    if (client.socket.bufferedAmount <= MAX_BUFFERED_BYTES) {
      client.overSince = null;
      return false;
    }
    client.overSince ??= now;
    if (now - client.overSince >= graceMs) {
      slowDisconnected++;
      app.log.info({ dropped: client.dropped }, 'disconnected a /ws client that stopped reading');
      drop(client);
    }
    return true;
  };
  /** Sends unless the client is over its bound (then the message is dropped for it). */
  const send = (client: Client, text: string) => {
    if (client.socket.readyState !== client.socket.OPEN) return;
    if (tooSlow(client, Date.now())) {
      client.dropped++;
      return;
    }
    client.socket.send(text, (error) => {
      if (error) app.log.debug({ err: error }, 'ws send failed');
    });
  };

  /** The client loses its administrator rights; it stays connected for the public messages. */
  const demote = (client: Client, reason: string) => {
    if (!client.isAdmin) return;
    client.isAdmin = false;
    client.principal = null;
    send(client, JSON.stringify({ type: 'welcome', isAdmin: false, reason }));
  };
  const revoked = (ended: EventMap['access_revoked']) => {
    const sessions = new Set(ended.sessionIds ?? []);
    const tokens = new Set(ended.tokenIds ?? []);
    const users = new Set(ended.userIds ?? []);
    for (const client of clients) {
      const p = client.principal;
      if (!p || p.kind === 'local') continue;
      if (
        (p.sessionId && sessions.has(p.sessionId)) ||
        (p.tokenId !== undefined && tokens.has(p.tokenId)) ||
        (p.kind === 'session' && p.userId !== null && users.has(p.userId))
      ) {
        demote(client, p.kind === 'token' ? 'The API token was revoked' : 'The session ended: log in again');
      }
    }
  };
  const stopRevocations = app.ctx.events.on('access_revoked', revoked);

  const unsubscribe = app.ctx.events.onAny((message: LiveMessage) => {
    if (clients.size === 0 || INTERNAL_EVENT_TYPES.has(message.type)) return;
    const isPublic = PUBLIC_EVENT_TYPES.has(message.type);
    const text = JSON.stringify(message);
    for (const client of clients) {
      if (client.isAdmin || isPublic) send(client, text);
    }
  });

  const heartbeat = setInterval(() => {
    // With no write to notice it, the disk filling or freeing is read here for the consoles watching.
    if ([...clients].some((client) => client.isAdmin)) diskStatus(app.ctx);
    const now = Date.now();
    for (const client of clients) {
      // A quiet channel sends nothing to notice a reader that stopped reading: looked at here too
      // (first: such a reader answers no ping either, and is counted as what it is).
      tooSlow(client, now);
      if (!clients.has(client)) continue;
      if (!client.alive) {
        drop(client);
        continue;
      }
      client.alive = false;
      client.socket.ping();
      // An expired session, or an end no message announced (a daemon that missed it), is found here.
      const principal = client.principal;
      if (client.isAdmin && principal && principal.kind !== 'local') {
        principalStillValid(app.ctx, principal).then(
          (valid) => {
            if (!valid && client.principal === principal)
              demote(client, principal.kind === 'token' ? 'The API token is no longer valid' : 'The session ended: log in again');
          },
          () => {},
        );
      }
    }
  }, heartbeatMs);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    stopRevocations();
    unsubscribe();
    for (const client of clients) client.socket.close(1001, 'server shutting down');
    clients.clear();
  });

  app.route({
    method: 'GET',
    url: '/ws',
    config: { public: true },
    // A page of another site must not open a live channel on a visitor's session (cross-site
    // WebSocket hijacking): the same origin rule as the POST routes, before the upgrade.
    preValidation: async (request, reply) => {
      if (crossSiteOrigin(request)) {
        sendError(reply, 403, { message: 'Cross-site request refused' });
        return reply;
      }
    },
    // A plain HTTP request (a browser tab, curl) gets a clear error in the product's format rather
    // than an empty 404.
    handler: async (_request, reply) => {
      void reply.header('upgrade', 'websocket');
      sendError(reply, 426, { message: '/ws is the live channel: connect with a WebSocket client (Upgrade: websocket)' });
      return reply;
    },
    wsHandler: async (socket, request) => {
      // Register before any await so that no message arriving meanwhile is lost.
      const client: Client = { socket, isAdmin: false, principal: null, alive: true, dropped: 0, overSince: null };
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
        // Through the bound too: a client sending pings without reading the answers must not grow them.
        if ((parsed as { type?: unknown }).type === 'ping') send(client, JSON.stringify({ type: 'pong' }));
      });
      try {
        client.principal = await resolvePrincipal(app.ctx, options.localSecret, request);
        client.isAdmin = client.principal !== null;
      } catch (error) {
        app.log.warn({ err: error }, 'ws authentication failed; treating the client as anonymous');
      }
      if (socket.readyState === socket.OPEN) {
        clients.add(client);
        send(client, JSON.stringify({ type: 'welcome', isAdmin: client.isAdmin }));
        // A client arriving during an outage learns of it now, not only at the next change.
        if (!databaseMonitor(app.ctx).available) send(client, JSON.stringify({ type: 'database_status', available: false, message: DATABASE_DOWN_MESSAGE }));
        const disk = client.isAdmin ? diskStatus(app.ctx) : null;
        if (disk?.full) send(client, JSON.stringify({ type: 'disk_status', ...disk }));
      }
    },
  });

  return () => ({ clients: clients.size, admins: [...clients].filter((c) => c.isAdmin).length, slowDisconnected });
}

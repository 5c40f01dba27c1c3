// The three ways a client reaches the product, behind one interface:
//   remote:     a daemon's /api over HTTP with an API token (--url / NEWSCTL_URL, NEWSCTL_TOKEN);
//   daemon:     the private operator socket of the daemon serving this data folder;
//   in-process: the database opened here and the same app called through inject().
// Each carries requests (JSON or binary bodies) and the /ws live channel.
import type { IncomingMessage } from 'node:http';
import { createRequire } from 'node:module';
import { Readable } from 'node:stream';
import type WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import type { LiveMessage } from '../api/live.js';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import { AppError, errorCodeOfStatus, isErrorCode, type ErrorCode } from '../errors.js';
import { apiPath, endpoints } from '../api/endpoints.js';

// Loaded on first use: most commands never open a socket, and importing ws and node:http (whose
// module facade builds undici) was a sixth of every command's start.
const requireOnUse = createRequire(import.meta.url);
const WebSocketClass = () => requireOnUse('ws') as typeof WebSocket;
const http = () => requireOnUse('node:http') as typeof import('node:http');

// Same value as LOCAL_OPERATOR_HEADER in server/access.ts; not imported so clients never load the server.
const LOCAL_OPERATOR_HEADER = 'x-newsctl-local';

export type TransportMode = 'remote' | 'daemon' | 'in-process';

export interface RawRequest {
  method: string;
  path: string;
  body?: unknown;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** An answer whose body is read as it arrives (a dump can be larger than memory). */
export interface StreamedResponse {
  status: number;
  headers: Record<string, string>;
  body: Readable;
}

export type ConnectionState = 'connecting' | 'open' | 'closed';

export interface LiveHandlers {
  message(message: LiveMessage): void;
  /** Connection changes; `closed` is followed by a reconnect attempt until close() is called. */
  state?(state: ConnectionState, detail?: string): void;
}

export interface Subscription {
  close(): void;
}

export interface Transport {
  mode: TransportMode;
  /** Where it talks to, for humans ("http://host:8080", "socket data/newsctl.sock", "in-process"). */
  describe: string;
  send(request: RawRequest): Promise<RawResponse>;
  /** A GET whose body streams (in-process: the whole body, as inject() has it). */
  stream(path: string): Promise<StreamedResponse>;
  subscribe(handlers: LiveHandlers): Subscription;
  close(): Promise<void>;
}

/** The server's error body ({message, ...details}) as the AppError the service threw: same message, same code. */
export function errorOfResponse(response: RawResponse): AppError {
  const text = response.body.toString('utf8');
  let message = text.trim() || `HTTP ${response.status}`;
  let details: Record<string, unknown> | undefined;
  let code: ErrorCode = errorCodeOfStatus(response.status);
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    if (parsed && typeof parsed === 'object') {
      const { message: m, error, code: sent, ...rest } = parsed;
      message = String(m ?? error ?? message);
      if (isErrorCode(sent)) code = sent;
      details = Object.keys(rest).length ? rest : undefined;
    }
  } catch {
    // not JSON: the raw text is the message
  }
  return new AppError(code, message, details);
}

function unreachable(where: string, error: unknown): AppError {
  const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code ?? (error as Error).message;
  return new AppError('unavailable', `Cannot reach ${where}: ${cause}`);
}

const RECONNECT_MS = [500, 1000, 2000, 5000];

/** A /ws subscription that reconnects until closed (a daemon restart must not end a dashboard). */
function liveSocket(open: () => WebSocket, handlers: LiveHandlers): Subscription {
  let closed = false;
  let attempt = 0;
  let socket: WebSocket | null = null;
  let timer: NodeJS.Timeout | null = null;
  const connect = () => {
    handlers.state?.('connecting');
    const ws = open();
    socket = ws;
    ws.on('open', () => {
      attempt = 0;
      handlers.state?.('open');
    });
    ws.on('message', (raw) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw.toString());
      } catch {
        return;
      }
      if (parsed && typeof parsed === 'object' && typeof (parsed as { type?: unknown }).type === 'string') {
        handlers.message(parsed as LiveMessage);
      }
    });
    ws.on('error', () => {
      // 'close' follows and reconnects
    });
    ws.on('close', (_code, reason) => {
      if (closed) return;
      handlers.state?.('closed', reason.toString() || undefined);
      const delay = RECONNECT_MS[Math.min(attempt++, RECONNECT_MS.length - 1)]!;
      timer = setTimeout(connect, delay);
    });
  };
  connect();
  return {
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      socket?.removeAllListeners('close');
      socket?.on('error', () => {});
      socket?.close();
      handlers.state?.('closed');
    },
  };
}

export function remoteTransport(baseUrl: string, token: string | null): Transport {
  const base = baseUrl.replace(/\/+$/, '');
  const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  return {
    mode: 'remote',
    describe: base,
    async send({ method, path, body }) {
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method,
          headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (error) {
        throw unreachable(base, error);
      }
      return { status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) };
    },
    async stream(path) {
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, { headers: auth });
      } catch (error) {
        throw unreachable(base, error);
      }
      const body = response.body ? Readable.fromWeb(response.body as import('node:stream/web').ReadableStream) : Readable.from([]);
      return { status: response.status, headers: Object.fromEntries(response.headers), body };
    },
    subscribe(handlers) {
      const url = `${base.replace(/^http/, 'ws')}/ws`;
      return liveSocket(() => new (WebSocketClass())(url, { headers: auth }), handlers);
    },
    async close() {},
  };
}

function headersOf(res: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) if (value !== undefined) headers[name] = String(value);
  return headers;
}

// One connection per request on the operator socket (agent: false), never a kept-alive one: a CLI
// starved of CPU between two polls (a loaded machine, `music generate -o` waiting for a song) sent
// its next poll on a connection the daemon had closed meanwhile (EPIPE / ECONNRESET, exit 7).
// Connecting to a local socket costs next to nothing.
function socketStream(socketPath: string, path: string): Promise<StreamedResponse> {
  return new Promise((resolve, reject) => {
    const req = http().request({ socketPath, method: 'GET', path, agent: false }, (res) =>
      resolve({ status: res.statusCode ?? 0, headers: headersOf(res), body: res }),
    );
    req.on('error', (error) => reject(unreachable(`the daemon at ${socketPath}`, error)));
    req.end();
  });
}

function socketSend(socketPath: string, { method, path, body }: RawRequest): Promise<RawResponse> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http().request(
      {
        socketPath,
        method,
        path,
        agent: false,
        headers: payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: headersOf(res), body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', (error) => reject(unreachable(`the daemon at ${socketPath}`, error)));
    req.end(payload);
  });
}

/** The daemon on this socket, or null (no daemon, or the stale socket file of one that was killed). */
export async function daemonTransport(socketPath: string): Promise<Transport | null> {
  try {
    const probe = await socketSend(socketPath, { method: 'GET', path: apiPath(endpoints.health) });
    if (probe.status !== 200) return null;
  } catch {
    return null;
  }
  return {
    mode: 'daemon',
    describe: `socket ${socketPath}`,
    send: (request) => socketSend(socketPath, request),
    stream: (path) => socketStream(socketPath, path),
    subscribe: (handlers) => liveSocket(() => new (WebSocketClass())(`ws+unix://${socketPath}:/ws`), handlers),
    async close() {},
  };
}

/** An app built over an open context (the CLI's own runtime, or a test's). */
export function appTransport(app: FastifyInstance, ctx: AppContext, localSecret: string, onClose: () => Promise<void> = async () => {}): Transport {
  const transport: Transport = {
    mode: 'in-process',
    describe: 'in-process',
    async send({ method, path, body }) {
      const response = await app.inject({
        method: method as 'GET',
        url: path,
        // Absolute links made for the CLI point at the configured port (http://localhost:PORT).
        headers: { [LOCAL_OPERATOR_HEADER]: localSecret, host: `localhost:${ctx.config.port}` },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) if (value !== undefined) headers[name] = String(value);
      return { status: response.statusCode, headers, body: response.rawPayload };
    },
    async stream(path) {
      const response = await transport.send({ method: 'GET', path });
      return { ...response, body: Readable.from([response.body]) };
    },
    // The operator sees every message, as an admin /ws client does; the bus is this process's own.
    subscribe(handlers) {
      handlers.state?.('open');
      const off = ctx.events.onAny((message) => handlers.message(message));
      return {
        close() {
          off();
          handlers.state?.('closed');
        },
      };
    },
    close: onClose,
  };
  return transport;
}

export async function inProcessTransport(config: Config): Promise<Transport> {
  // Loaded only here: remote and daemon modes never pay for opening a database.
  const [{ openRuntime }, { buildApp }] = await Promise.all([import('../runtime.js'), import('../server/app.js')]);
  const runtime = await openRuntime(config, { shortLived: true });
  try {
    const { app, localSecret } = await buildApp(runtime.ctx, { logger: false, operator: true });
    await app.ready();
    return appTransport(app, runtime.ctx, localSecret, async () => {
      await app.close();
      await runtime.close();
    });
  } catch (error) {
    await runtime.close();
    throw error;
  }
}

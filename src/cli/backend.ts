// How a CLI command reaches the product, decided once for all commands (decisions.md "CLI"):
//   1. --url / NEWSCTL_URL: a remote daemon's /api with an API token (NEWSCTL_TOKEN);
//   2. a daemon serving this data folder: its private operator socket;
//   3. otherwise the database is opened in-process and the same API is called through inject().
// Every command is an API call, so the CLI runs exactly the logic the web console runs.
import { existsSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { AppError, type ErrorCode } from '../errors.js';
import { operatorSocketPath } from '../operator-socket.js';

// Same value as LOCAL_OPERATOR_HEADER in server/access.ts; not imported so the CLI never loads the server.
const LOCAL_OPERATOR_HEADER = 'x-newsctl-local';

export interface Backend {
  mode: 'remote' | 'daemon' | 'in-process';
  request<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export interface BackendOptions {
  url?: string | null;
  token?: string | null;
}

const codeOfStatus: Record<number, ErrorCode> = {
  400: 'invalid',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'too_many_requests',
  503: 'unavailable',
};

function failure(status: number, text: string): AppError {
  let message = text || `HTTP ${status}`;
  try {
    const parsed = JSON.parse(text) as { message?: unknown; error?: unknown };
    message = String(parsed.message ?? parsed.error ?? text);
  } catch {
    // not JSON: the raw text is the message
  }
  return new AppError(codeOfStatus[status] ?? 'upstream', message);
}

function parseBody<T>(status: number, text: string): T {
  if (status < 200 || status >= 300) throw failure(status, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

function remoteBackend(baseUrl: string, token: string | null): Backend {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    mode: 'remote',
    async request<T>(method: string, path: string, body?: unknown) {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return parseBody<T>(response.status, await response.text());
    },
    async close() {},
  };
}

function socketRequest(socketPath: string, method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        socketPath,
        method,
        path,
        headers: payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function daemonBackend(socketPath: string): Promise<Backend | null> {
  try {
    const probe = await socketRequest(socketPath, 'GET', '/api/health');
    if (probe.status !== 200) return null;
  } catch {
    return null; // stale socket file of a daemon that was killed
  }
  return {
    mode: 'daemon',
    async request<T>(method: string, path: string, body?: unknown) {
      const { status, text } = await socketRequest(socketPath, method, path, body);
      return parseBody<T>(status, text);
    },
    async close() {},
  };
}

async function inProcessBackend(config: Config): Promise<Backend> {
  // Loaded only here: remote and daemon modes never pay for opening a database.
  const [{ openRuntime }, { buildApp }] = await Promise.all([import('../runtime.js'), import('../server/app.js')]);
  const runtime = await openRuntime(config);
  let app: FastifyInstance;
  let localSecret: string;
  try {
    ({ app, localSecret } = await buildApp(runtime.ctx, { logger: false }));
    await app.ready();
  } catch (error) {
    await runtime.close();
    throw error;
  }
  return {
    mode: 'in-process',
    async request<T>(method: string, path: string, body?: unknown) {
      const response = await app.inject({
        method: method as 'GET',
        url: path,
        headers: { [LOCAL_OPERATOR_HEADER]: localSecret },
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return parseBody<T>(response.statusCode, response.body);
    },
    async close() {
      await app.close();
      await runtime.close();
    },
  };
}

export async function connectBackend(config: Config, options: BackendOptions = {}): Promise<Backend> {
  if (options.url) return remoteBackend(options.url, options.token ?? null);
  const socketPath = operatorSocketPath(config);
  if (socketPath && existsSync(socketPath)) {
    const daemon = await daemonBackend(socketPath);
    if (daemon) return daemon;
  }
  return inProcessBackend(config);
}

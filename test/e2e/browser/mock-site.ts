// A stand-in for the daemon while it is being written: the public API contract served from
// fixtures, /ws, audio with Range support, favicons, and the built web app with its SPA fallback.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { IMPLICATIONS_PROMPT, SAMPLE_SEARCH_RESULTS, emptyHomePage, type Article, type HomePageData, type SearchResult, type Topic } from './fixtures.js';
import { WEB_DIST } from './web-build.js';

export type LatestAudio = { exists: false } | { exists: true; audioUrl: string; generatedAt: string };

export interface MockState {
  siteInfo: { siteName: string; assistantUrl: string; timeZone: string };
  home: HomePageData;
  /** Recent articles per topic; defaults to the home page's recentArticlesByCategory. */
  recentArticles: Partial<Record<Topic, Article[]>> | null;
  audio: LatestAudio;
  /** Files served under /audio/, by path without the query string. */
  audioFiles: Map<string, { body: Buffer; type: string }>;
  searchResults: SearchResult[];
  /** Fixed server clock (ISO); null means the real time. */
  currentTime: string | null;
  promptText: string;
  admin: { username: string; password: string };
  /** Failed logins before the server answers 429. */
  loginAttemptsBeforeLockout: number;
  /** 'GET /api/…' → forced failure. */
  failures: Map<string, { status: number; body: string }>;
  /** 'GET /api/…' or 'GET /audio/…' → milliseconds to wait before answering. */
  delays: Map<string, number>;
}

export interface RecordedRequest {
  method: string;
  path: string;
  search: string;
}

export interface MockSite {
  baseUrl: string;
  state: MockState;
  requests: RecordedRequest[];
  requestsTo: (method: string, path: string) => RecordedRequest[];
  sendLive: (message: unknown) => void;
  /** Sends text as it is, JSON or not. */
  sendRawLive: (text: string) => void;
  /** Closes every /ws connection from the server side (as a daemon restart would). */
  dropLiveClients: () => void;
  /** Refuse (true) or accept (false) new /ws connections. */
  refuseLive: (refuse: boolean) => void;
  liveClientCount: () => number;
  close: () => Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

const FAVICON = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#f59e0b"/></svg>',
);

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function sendRange(request: IncomingMessage, response: ServerResponse, file: { body: Buffer; type: string }): void {
  const size = file.body.length;
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
  if (!range) {
    response.writeHead(200, { 'Content-Type': file.type, 'Content-Length': size, 'Accept-Ranges': 'bytes' });
    response.end(file.body);
    return;
  }
  const start = range[1] ? Number(range[1]) : size - Number(range[2]);
  const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
  if (start >= size || start > end) {
    response.writeHead(416, { 'Content-Range': `bytes */${size}` });
    response.end();
    return;
  }
  response.writeHead(206, {
    'Content-Type': file.type,
    'Content-Length': end - start + 1,
    'Content-Range': `bytes ${start}-${end}/${size}`,
    'Accept-Ranges': 'bytes',
  });
  response.end(file.body.subarray(start, end + 1));
}

export function defaultMockState(): MockState {
  return {
    siteInfo: { siteName: 'newsctl', assistantUrl: 'https://assistant.invalid/', timeZone: 'America/Chicago' },
    home: emptyHomePage(),
    recentArticles: null,
    audio: { exists: false },
    audioFiles: new Map(),
    searchResults: SAMPLE_SEARCH_RESULTS,
    currentTime: null,
    promptText: IMPLICATIONS_PROMPT,
    admin: { username: 'admin', password: 'correct horse' },
    loginAttemptsBeforeLockout: 5,
    failures: new Map(),
    delays: new Map(),
  };
}

export async function startMockSite(configure?: (state: MockState) => void): Promise<MockSite> {
  const state = defaultMockState();
  const requests: RecordedRequest[] = [];
  const sessions = new Set<string>();
  let failedLogins = 0;
  let refusing = false;

  const sessionOf = (request: IncomingMessage): string | undefined =>
    /(?:^|;\s*)session=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];

  async function api(request: IncomingMessage, response: ServerResponse, method: string, path: string, query: URLSearchParams) {
    const route = `${method} ${path}`;
    const delay = state.delays.get(route);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    const failure = state.failures.get(route);
    if (failure) {
      response.writeHead(failure.status, { 'Content-Type': 'application/json' });
      response.end(failure.body);
      return;
    }
    switch (route) {
      case 'GET /api/site-info':
        return sendJson(response, 200, state.siteInfo);
      case 'GET /api/home-page-data':
        return sendJson(response, 200, state.home);
      case 'GET /api/articles/recent-by-topic':
        return sendJson(response, 200, state.recentArticles ?? state.home.recentArticlesByCategory);
      case 'GET /api/analyze-implications-prompt':
        return sendJson(response, 200, { promptText: state.promptText });
      case 'POST /api/health/refresh-connection-pool':
        await readBody(request);
        return sendJson(response, 200, { ok: true, latencyMs: 3 });
      case 'GET /api/latest-news-audio':
        return sendJson(response, 200, state.audio);
      case 'GET /api/current-time':
        return sendJson(response, 200, { utcTime: state.currentTime ?? new Date().toISOString() });
      case 'GET /api/auth/check': {
        const session = sessionOf(request);
        return sendJson(response, 200, { isAdmin: session !== undefined && sessions.has(session) });
      }
      case 'GET /api/search': {
        const q = (query.get('q') ?? '').toLowerCase();
        const results = state.searchResults.filter((result) => result.title.toLowerCase().includes(q));
        return sendJson(response, 200, { count: results.length, results });
      }
      case 'POST /api/auth/login': {
        const body = JSON.parse((await readBody(request)) || '{}') as { username?: string; password?: string };
        if (failedLogins >= state.loginAttemptsBeforeLockout) {
          const error = 'Too many failed login attempts. Try again in 15 minutes.';
          return sendJson(response, 429, { error, message: error });
        }
        if (body.username !== state.admin.username || body.password !== state.admin.password) {
          failedLogins += 1;
          return sendJson(response, 401, { error: 'Wrong username or password', message: 'Wrong username or password' });
        }
        failedLogins = 0;
        const session = randomUUID();
        sessions.add(session);
        return sendJson(response, 200, { ok: true }, { 'Set-Cookie': `session=${session}; HttpOnly; Path=/; SameSite=Strict` });
      }
      case 'POST /api/auth/logout': {
        const session = sessionOf(request);
        if (session) sessions.delete(session);
        return sendJson(response, 200, { ok: true }, { 'Set-Cookie': 'session=; HttpOnly; Path=/; Max-Age=0' });
      }
      default:
        return sendJson(response, 404, { error: 'Not Found', message: `Route ${route} not found` });
    }
  }

  async function serveApp(response: ServerResponse, path: string): Promise<void> {
    const file = normalize(join(WEB_DIST, path));
    if (file.startsWith(WEB_DIST) && path !== '/') {
      const info = await stat(file).catch(() => null);
      if (info?.isFile()) {
        const immutable = path.startsWith('/assets/');
        response.writeHead(200, {
          'Content-Type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
          'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        });
        response.end(await readFile(file));
        return;
      }
    }
    response.writeHead(200, { 'Content-Type': CONTENT_TYPES['.html']!, 'Cache-Control': 'no-cache' });
    response.end(await readFile(join(WEB_DIST, 'index.html')));
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mock');
    const method = request.method ?? 'GET';
    requests.push({ method, path: url.pathname, search: url.search });
    const handle = async () => {
      if (url.pathname.startsWith('/api/')) return api(request, response, method, url.pathname, url.searchParams);
      if (url.pathname.startsWith('/favicons/')) {
        // Only some sources have an icon, so the page's hide-on-error path is exercised too.
        if (decodeURIComponent(url.pathname).includes('lowpriority')) {
          response.writeHead(404);
          response.end();
          return;
        }
        response.writeHead(200, { 'Content-Type': 'image/svg+xml' });
        response.end(FAVICON);
        return;
      }
      if (url.pathname.startsWith('/audio/')) {
        const delay = state.delays.get(`GET ${url.pathname}`);
        if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
        const file = state.audioFiles.get(url.pathname);
        if (!file) {
          response.writeHead(404);
          response.end();
          return;
        }
        return sendRange(request, response, file);
      }
      if (url.pathname.startsWith('/assistant/')) {
        response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        response.end('<!doctype html><title>Assistant</title><p>Assistant received the question.</p>');
        return;
      }
      return serveApp(response, url.pathname);
    };
    handle().catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ message: String(error) }));
    });
  });

  const live = new WebSocketServer({ noServer: true });
  server.on('upgrade', (request, socket, head) => {
    if (request.url !== '/ws' || refusing) {
      socket.destroy();
      return;
    }
    live.handleUpgrade(request, socket, head, (client) => live.emit('connection', client, request));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.siteInfo.assistantUrl = `${baseUrl}/assistant/`;
  configure?.(state);

  return {
    baseUrl,
    state,
    requests,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    sendLive: (message) => {
      for (const client of live.clients) client.send(JSON.stringify(message));
    },
    sendRawLive: (text) => {
      for (const client of live.clients) client.send(text);
    },
    dropLiveClients: () => {
      for (const client of live.clients) client.terminate();
    },
    refuseLive: (refuse) => {
      refusing = refuse;
    },
    liveClientCount: () => live.clients.size,
    close: async () => {
      for (const client of live.clients as Set<WebSocket>) client.terminate();
      live.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

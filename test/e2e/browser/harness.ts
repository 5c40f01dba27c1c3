// Shared set-up of the browser test files: the real daemon (test/helpers/server.ts) with the built
// web app and one headless Chromium per file; a fresh browser context and emptied content per test.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { launchChromium, openContext } from './browser.js';
import { resetContent } from './seed.js';
import { ensureWebBuild } from './web-build.js';

export interface RecordedRequest {
  method: string;
  path: string;
  search: string;
}

export interface Visit {
  context: BrowserContext;
  page: Page;
  /** Messages the page logged with console.error. */
  consoleErrors: string[];
  /** Every request the page made, in order. */
  requests: RecordedRequest[];
  requestsTo: (method: string, path: string) => RecordedRequest[];
}

export interface BrowserSuite {
  server: () => TestServer;
  visit: (options?: BrowserContextOptions & { width?: number }) => Promise<Visit>;
}

export function browserSuite(options: { env?: Record<string, string>; reset?: (sql: TestServer['sql']) => Promise<void> } = {}): BrowserSuite {
  let browser: Browser | undefined;
  let server: TestServer | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    // The daemon registers web/dist only if it exists when it starts.
    await ensureWebBuild();
    [server, browser] = await Promise.all([startTestServer({ env: options.env }), launchChromium()]);
  }, 120_000);

  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    if (server) await (options.reset ? options.reset(server.sql) : resetContent(server));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  return {
    server: () => {
      if (!server) throw new Error('server not started');
      return server;
    },
    async visit(contextOptions = {}) {
      if (!browser || !server) throw new Error('suite not started');
      // Tests seed (and reset) straight into the database, which announces nothing: without this the
      // public snapshot (home data, top trends, the implications prompt) could hold the previous test's content.
      server.app.snapshot.invalidate();
      const context = await openContext(browser, { baseURL: server.baseUrl, ...contextOptions });
      contexts.push(context);
      const page = await context.newPage();
      // Under the test's own 30 s: a wait that hangs fails naming what it waited for.
      page.setDefaultTimeout(20_000);
      const consoleErrors: string[] = [];
      const requests: RecordedRequest[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      context.on('request', (request) => {
        const url = new URL(request.url());
        requests.push({ method: request.method(), path: url.pathname, search: url.search });
      });
      return {
        context,
        page,
        consoleErrors,
        requests,
        requestsTo: (method, path) => requests.filter((r) => r.method === method && r.path === path),
      };
    },
  };
}

/** Polls a condition on the test's side until it holds. */
export async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Answers every call to `path` with a fixed response (failures and fallbacks the daemon will not
 * produce on demand). Returns the function that lets calls through to the daemon again.
 */
export async function answer(
  page: Page,
  path: string,
  response: { status: number; body?: string; contentType?: string; delayMs?: number },
): Promise<() => Promise<void>> {
  const matches = (url: URL) => url.pathname === path;
  await page.route(matches, async (route) => {
    if (response.delayMs) await new Promise((resolve) => setTimeout(resolve, response.delayMs));
    await route.fulfill({ status: response.status, body: response.body ?? '', contentType: response.contentType ?? 'application/json' });
  });
  return () => page.unroute(matches);
}

/** Lets calls to `path` through to the daemon after a pause, to catch the loading states. */
export async function delay(page: Page, path: string, ms: number): Promise<void> {
  await page.route(
    (url) => url.pathname === path,
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    },
  );
}

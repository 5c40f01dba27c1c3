// Shared set-up of the browser test files: one Chromium per file, one mock site and one fresh
// browser context per test.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium, openContext } from './browser.js';
import { startMockSite, type MockSite, type MockState } from './mock-site.js';
import { ensureWebBuild } from './web-build.js';

export interface Visit {
  site: MockSite;
  context: BrowserContext;
  page: Page;
  /** Messages the page logged with console.error. */
  consoleErrors: string[];
}

export function browserSuite(): { visit: (configure?: (state: MockState) => void, options?: BrowserContextOptions & { width?: number }) => Promise<Visit> } {
  let browser: Browser | undefined;
  const open: Visit[] = [];

  beforeAll(async () => {
    await ensureWebBuild();
    browser = await launchChromium();
  }, 120_000);

  afterEach(async () => {
    for (const visit of open.splice(0)) {
      await visit.context.close();
      await visit.site.close();
    }
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    async visit(configure, options = {}) {
      if (!browser) throw new Error('browser not started');
      const site = await startMockSite(configure);
      const context = await openContext(browser, { baseURL: site.baseUrl, ...options });
      const page = await context.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
      const visit = { site, context, page, consoleErrors };
      open.push(visit);
      return visit;
    },
  };
}

/** Polls a condition on the test's side (mock server state) until it holds. */
export async function until(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

// Headless Chromium for the browser tests, the screenshots and the web benchmark.
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * A fresh context (own cookies and storage) at phone or desktop width. The site's service worker is
 * blocked unless asked for (`serviceWorkers: 'allow'`): requests it answers would pass by the tests'
 * routes (page.route), which stand in for a failing or slow daemon.
 */
export function openContext(browser: Browser, options: BrowserContextOptions & { width?: number } = {}): Promise<BrowserContext> {
  const { width = 1280, ...rest } = options;
  return browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: 'block', ...rest });
}

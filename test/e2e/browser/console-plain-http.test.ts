// The console as a self-hosted daemon is often opened: by a LAN name over plain http, which is not a
// secure context, so the browser offers no navigator.clipboard. The Copy buttons must still copy
// (spec 001 §2 Social "a Copy button"; §8 "Failed to copy to clipboard" is for a real refusal).
// Chromium maps the name to the test daemon; a second page on 127.0.0.1 (a secure context) reads the
// browser's clipboard back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_PATH } from './browser.js';
import { expectToast, openConsoleTab } from './console.js';
import { resetConsole, seedStories } from './console-seed.js';
import { browserSuite } from './harness.js';

const suite = browserSuite({ reset: resetConsole, env: { NEWSCTL_SCHEDULER: 'false' } });
const LAN_NAME = 'newsroom.lan';
let lanBrowser: Browser | undefined;

beforeAll(async () => {
  lanBrowser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', `--host-resolver-rules=MAP ${LAN_NAME} 127.0.0.1`],
  });
}, 60_000);

afterAll(async () => {
  await lanBrowser?.close();
});

describe('the console over plain http on a LAN name', () => {
  it('copies a social post although the page has no navigator.clipboard', async () => {
    await seedStories(suite.server().sql);
    const origin = `http://${LAN_NAME}:${new URL(suite.server().baseUrl).port}`;
    suite.server().app.snapshot.invalidate();
    const context = await lanBrowser!.newContext({ baseURL: origin, viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await openConsoleTab(page, 'Social');
      expect(await page.evaluate(() => [window.isSecureContext, typeof navigator.clipboard])).toEqual([false, 'undefined']);

      const sources = page.getByRole('region', { name: 'Social Posts', exact: true });
      await sources.getByRole('button', { name: /^Social post for / }).first().click();
      const content = page.getByRole('region', { name: 'Generated Content', exact: true });
      const copy = content.getByRole('button', { name: 'Copy' });
      await copy.waitFor();
      const post = (await content.locator('p.whitespace-pre-wrap').textContent())!;
      expect(post.length).toBeGreaterThan(20);

      await copy.click();
      await content.getByRole('button', { name: 'Copied!' }).waitFor();
      // Focus goes back to the button, not to the hidden text area the copy used (which is gone).
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Copied!');
      expect(await page.locator('textarea[aria-hidden="true"]').count()).toBe(0);
      await expectToast(page, 'Copied!', 'Social post copied to clipboard');

      await context.grantPermissions(['clipboard-read'], { origin: suite.server().baseUrl });
      const reader = await context.newPage();
      await reader.goto(`${suite.server().baseUrl}/login`);
      expect(await reader.evaluate(() => navigator.clipboard.readText())).toBe(post);
    } finally {
      await context.close();
    }
  }, 60_000);
});

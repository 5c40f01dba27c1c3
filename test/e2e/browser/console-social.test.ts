// The Social tab (spec 001 §2 Social) beyond console-articles-social.test.ts: a post being written
// when the tab is left and opened again, and Copy on a console opened as a self-hosted daemon often
// is — by a LAN name over plain http, which is not a secure context, so the browser offers no
// navigator.clipboard (§8 "Failed to copy to clipboard" is for a real refusal). Chromium maps the
// name to the test daemon; a second page on 127.0.0.1 (a secure context) reads the clipboard back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_PATH } from './browser.js';
import { expectToast, openConsoleTab, selectTab } from './console.js';
import { resetConsole, seedStories } from './console-seed.js';
import { answer, browserSuite, delay } from './harness.js';

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
      await sources
        .getByRole('button', { name: /^Social post for / })
        .first()
        .click();
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

describe('a post written while another tab is open', () => {
  it('still shows the post under way when the tab is opened again, then the post; a failure is still told', async () => {
    await seedStories(suite.server().sql);
    const { page, requestsTo } = await suite.visit();
    await openConsoleTab(page, 'Social');
    const sources = page.getByRole('region', { name: 'Social Posts', exact: true });
    const first = sources.getByRole('button', { name: /^Social post for / }).first();
    const about = /^Social post for "(.*)"$/.exec((await first.getAttribute('aria-label'))!)![1]!;
    // A model takes a while: the call is held back here.
    await delay(page, '/api/generate-social-content', 3_000);
    await first.click();
    await selectTab(page, 'Podcast');
    await selectTab(page, 'Social');
    const again = page
      .getByRole('region', { name: 'Social Posts', exact: true })
      .getByRole('button', { name: `Social post for "${about}"` })
      .first();
    await again.locator('svg').waitFor();
    expect(await again.isDisabled()).toBe(true);
    const content = page.getByRole('region', { name: 'Generated Content', exact: true });
    await content.getByText(`For "${about}"`, { exact: true }).waitFor({ timeout: 10_000 });
    expect((await content.locator('p.whitespace-pre-wrap').textContent())!.length).toBeGreaterThan(20);
    expect(await again.isEnabled()).toBe(true);
    // The post stays through another tab switch.
    await selectTab(page, 'Music');
    await selectTab(page, 'Social');
    await content.getByText(`For "${about}"`, { exact: true }).waitFor();
    expect(requestsTo('POST', '/api/generate-social-content')).toHaveLength(1);

    await page.unroute((url) => url.pathname === '/api/generate-social-content');
    await answer(page, '/api/generate-social-content', { status: 500, body: '{}', delayMs: 1_500 });
    await page
      .getByRole('region', { name: 'Social Posts', exact: true })
      .getByRole('button', { name: `Social post for "${about}"` })
      .first()
      .click();
    await selectTab(page, 'Podcast');
    await expectToast(page, 'Error', 'Failed to generate social content');
  }, 60_000);
});

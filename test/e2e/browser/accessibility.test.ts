// WCAG 2.2 AA by axe-core on every public page and every console tab, at phone and desktop width,
// with content in them; keyboard-only reading of the home page and a story (the list keys j, k, o
// and ?, visible focus); and no motion for a reader who asked their system for less.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { harborStorm, storeStoryTrend } from '../../fixtures/stories/index.js';
import { logInThroughLoginPage, selectTab } from './console.js';
import { seedConsole, seedStories } from './console-seed.js';
import { sampleHomePage } from './fixtures.js';
import { browserSuite } from './harness.js';
import { seedHome } from './seed.js';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const WIDTHS = [390, 1280] as const;
const TABS = ['Spider', 'Domains', 'Trends', 'Articles', 'Ads', 'API', 'Settings', 'Social', 'Podcast', 'Interviews', 'Music'];
const STORY = 'Storm floods Port Linden harbor, 1,200 evacuated';

// Content stays between the tests of this file: each page is checked with something in it.
const suite = browserSuite({ reset: async () => {} });
let seeded: Promise<number> | null = null;

function seed(): Promise<number> {
  seeded ??= (async () => {
    const server = suite.server();
    await seedHome(server, sampleHomePage(Date.now()));
    await seedConsole(server.sql);
    await seedStories(server.sql);
    const { trendId } = await storeStoryTrend(server.sql, { title: STORY, topic: 'usa', relevance: 9, sources: harborStorm(4) });
    server.app.snapshot.invalidate();
    return trendId;
  })();
  return seeded;
}

/** What axe-core finds against WCAG 2.0, 2.1 and 2.2 A and AA, each as "rule: element". */
async function violations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: Document, options: object): Promise<{ violations: { id: string; nodes: { target: string[]; html: string }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } });
    return result.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.html.slice(0, 120)}`));
  });
  return found;
}

describe('accessibility', { timeout: 180_000 }, () => {
  for (const width of WIDTHS) {
    it(`public pages have no WCAG 2.2 AA violation at ${width} px`, async () => {
      const trendId = await seed();
      const { page } = await suite.visit({ width, bypassCSP: true });
      const pages: [string, () => Promise<unknown>][] = [
        ['/', () => page.getByTestId('domain-grid').waitFor()],
        ['/search?q=report', () => page.getByText(/^Found \d+ result/).waitFor()],
        ['/login', () => page.getByRole('button', { name: 'Login' }).waitFor()],
        ['/no-such-page', () => page.getByText('404 Page Not Found').waitFor()],
        [`/story/${trendId}`, () => page.getByRole('heading', { level: 1 }).waitFor()],
        ['/usa.html', () => page.getByRole('heading', { level: 1 }).waitFor()],
      ];
      const found: string[] = [];
      for (const [path, ready] of pages) {
        await page.goto(path);
        await ready();
        found.push(...(await violations(page)).map((violation) => `${path} ${violation}`));
      }
      expect(found).toEqual([]);
    });

    it(`every console tab has no WCAG 2.2 AA violation at ${width} px`, async () => {
      await seed();
      const { page } = await suite.visit({ width, bypassCSP: true });
      await logInThroughLoginPage(page);
      const found: string[] = [];
      for (const tab of TABS) {
        await selectTab(page, tab);
        await page.getByText('Loading...').first().waitFor({ state: 'detached' });
        found.push(...(await violations(page)).map((violation) => `${tab} ${violation}`));
      }
      expect(found).toEqual([]);
    });
  }

  it('reads the home page and a story by keyboard alone: j/k move with visible focus, o opens, ? lists the keys', async () => {
    await seed();
    const { page } = await suite.visit();
    await page.goto('/');
    await page.getByRole('tab', { name: 'USA' }).click();
    await page.getByTestId('trends-list').getByRole('link').first().waitFor();
    const first = (await page.getByTestId('trends-list').getByRole('link').first().textContent()) ?? '';
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    await page.keyboard.press('j');
    const focused = () =>
      page.evaluate(() => ({ text: document.activeElement?.textContent ?? '', outline: getComputedStyle(document.activeElement!).outlineStyle }));
    expect((await focused()).text).toBe(first);
    expect((await focused()).outline).not.toBe('none');
    await page.keyboard.press('j');
    expect((await focused()).text).not.toBe(first);
    await page.keyboard.press('k');
    expect((await focused()).text).toBe(first);
    await page.keyboard.press('?');
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    // Focus came back to the story's link (the dialog gives it back a moment after it closes, so
    // this waits for it): o opens it, and the story page reads by Tab alone.
    await expect.poll(async () => (await focused()).text, { timeout: 5_000 }).toBe(first);
    await page.keyboard.press('o');
    await page.waitForURL((url) => url.pathname.startsWith('/story/'));
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('A');
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).not.toBe('none');
  });

  it('leaves motion out when the reader asked for less', async () => {
    const { page } = await suite.visit({ reducedMotion: 'reduce' });
    await page.goto('/');
    await page.getByRole('search').waitFor();
    const durations = await page.evaluate(
      () =>
        [...document.querySelectorAll('*')]
          .map((element) => getComputedStyle(element))
          .filter((style) => parseFloat(style.transitionDuration) > 0.001 || parseFloat(style.animationDuration) > 0.001).length,
    );
    expect(durations).toBe(0);
  });
});

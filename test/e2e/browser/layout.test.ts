// Quality bars of the web issue that a browser can check: readable at 360 px without horizontal
// scrolling, no layout shift while the home page loads, dark mode following the system, and the
// basics of accessibility (one h1, labelled controls, keyboard focus reaching the controls).
import { describe, expect, it } from 'vitest';
import { sampleHomePage } from './fixtures.js';
import { browserSuite, delay } from './harness.js';
import { seedHome, seedLatestAudio } from './seed.js';

const suite = browserSuite();

async function seedEverything(): Promise<void> {
  const server = suite.server();
  await seedHome(server, sampleHomePage(Date.now()));
  await seedLatestAudio(server, { fileName: 'latest-news.mp3', seconds: 20, generatedAt: new Date().toISOString() });
}

describe('layout', () => {
  it('fits every page into 360 px, and 320 px, without horizontal scrolling', async () => {
    await seedEverything();
    const pages: [string, string][] = [
      ['/', '[data-testid="topic-articles"]'],
      ['/search?q=harbour', 'text=Found'],
      ['/login', 'text=Security question'],
      ['/nowhere', 'text=404 Page Not Found'],
    ];
    for (const width of [360, 320]) {
      const { page } = await suite.visit({ width });
      for (const [path, ready] of pages) {
        await page.goto(path);
        await page.locator(ready).first().waitFor();
        if (path === '/') await page.getByTestId('player-duration').filter({ hasText: '0:20' }).waitFor();
        await page
          .getByText(/Loading/)
          .first()
          .waitFor({ state: 'hidden' });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} at ${width} px`).toBe(0);
      }
    }
  });

  it('keeps every topic tab label on one line, inside its tab, down to 320 px', async () => {
    await seedEverything();
    for (const width of [320, 360, 390]) {
      const { page } = await suite.visit({ width });
      await page.goto('/');
      await page.getByTestId('topic-articles').waitFor();
      const broken = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[role="tab"]')]
          .filter((tab) => {
            const range = document.createRange();
            range.selectNodeContents(tab);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            return lines.size > 1 || tab.scrollWidth > tab.clientWidth;
          })
          .map((tab) => tab.textContent),
      );
      expect(broken, `${width} px`).toEqual([]);
    }
  });

  it('does not shift the layout while the home page loads', async () => {
    await seedEverything();
    const { page } = await suite.visit({ width: 390 });
    // The slowest answers arrive last, after the first paint: the reserved space must hold.
    await delay(page, '/api/articles/recent-by-topic', 400);
    await delay(page, '/api/home-page-data', 300);
    await page.addInitScript(`
      window.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    `);
    await page.goto('/');
    await page.getByTestId('domain-grid').waitFor();
    await page.getByTestId('topic-articles').waitFor();
    await page.getByTestId('player-duration').filter({ hasText: '0:20' }).waitFor();
    const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
    // Google's "good" cumulative layout shift is below 0.1.
    expect(shift).toBeLessThan(0.1);
  });

  it('follows the system colour scheme', async () => {
    const { page: light } = await suite.visit({ colorScheme: 'light' });
    await light.goto('/');
    const { page: dark } = await suite.visit({ colorScheme: 'dark' });
    await dark.goto('/');
    // Computed colours are oklch(); a canvas turns the painted body colour into RGB.
    const luminance = (page: typeof light) =>
      page.evaluate(() => {
        const canvas = document.createElement('canvas');
        canvas.width = canvas.height = 1;
        const context = canvas.getContext('2d')!;
        context.fillStyle = getComputedStyle(document.body).backgroundColor;
        context.fillRect(0, 0, 1, 1);
        const [r, g, b] = context.getImageData(0, 0, 1, 1).data;
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      });
    expect(await luminance(light)).toBeGreaterThan(200);
    expect(await luminance(dark)).toBeLessThan(50);
  });
});

describe('accessibility basics', () => {
  it('has one h1 per page, labelled controls, and reaches them with Tab', async () => {
    await seedEverything();
    const { page } = await suite.visit();
    for (const path of ['/', '/search?q=harbour', '/login', '/nowhere']) {
      await page.goto(path);
      await page.locator('main').waitFor();
      expect(await page.locator('h1').count(), path).toBe(1);
      const unlabelled = await page.evaluate(() =>
        [...document.querySelectorAll('input, button, [role="slider"], [role="tab"]')]
          .filter((element) => {
            const labelled = element.getAttribute('aria-label') || element.getAttribute('aria-labelledby');
            const byLabel = element.id && document.querySelector(`label[for="${CSS.escape(element.id)}"]`);
            return !labelled && !byLabel && !(element.textContent ?? '').trim();
          })
          .map((element) => element.outerHTML.slice(0, 80)),
      );
      expect(unlabelled, path).toEqual([]);
    }
    await page.goto('/');
    await page.getByTestId('player-duration').filter({ hasText: '0:20' }).waitFor();
    const reached: string[] = [];
    for (let i = 0; i < 7; i++) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() => {
          const element = document.activeElement!;
          return element.getAttribute('aria-label') ?? (element.textContent?.trim() || element.getAttribute('type')) ?? element.tagName;
        }),
      );
    }
    // The reading order of the page: search, the player and its transcript, then the selected topic tab.
    expect(reached.map((name) => name.replace(/\d{4}-\d{2}-\d{2}/, 'DATE'))).toEqual([
      'search',
      'Search',
      'Play',
      'Seek',
      'Download latest-news-DATE.mp3',
      'Show transcript',
      'Health',
    ]);
  });
});

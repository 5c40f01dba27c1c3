// The story page in Chromium, as a reader on a phone and on a laptop sees it: reached from the home
// page's trends, every source readable, nothing wider than the screen.
// NEWSCTL_SCREENSHOTS=1 also writes docs/screenshots/story-{390,1280}.png.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { harborStorm, storeStoryTrend } from '../../fixtures/stories/index.js';
import { browserSuite } from './harness.js';

const suite = browserSuite();
const shots = process.env.NEWSCTL_SCREENSHOTS === '1' ? join(import.meta.dirname, '../../../docs/screenshots') : null;
const TITLE = 'Storm floods Port Linden harbor, 1,200 evacuated';

describe('the story page', () => {
  for (const width of [390, 1280]) {
    it(`opens from the home page's trends and shows every source (${width} px)`, async () => {
      await storeStoryTrend(suite.server().sql, {
        title: TITLE,
        description: 'A powerful storm flooded the harbor district of Port Linden.',
        topic: 'usa',
        relevance: 9,
        sources: harborStorm(6),
      });
      const { page } = await suite.visit({ viewport: { width, height: 900 } });
      await page.goto('/');
      await page.getByRole('tab', { name: 'USA' }).click();
      await page.getByTestId('trends-list').getByRole('link', { name: TITLE }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/story/'));
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(TITLE);
      expect(await page.locator('p.meta').textContent()).toBe('USA · 6 articles from 6 sites');
      expect(await page.locator('#coverage ~ article').count()).toBe(6);
      expect(await page.locator('#timeline ~ ol li').count()).toBe(6);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (shots) await page.screenshot({ path: join(shots, `story-${width}.png`), fullPage: width !== 390 });
    });
  }
});

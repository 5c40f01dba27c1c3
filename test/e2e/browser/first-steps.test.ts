// A fresh install guides its administrator: the console opens on a First steps checklist whose
// steps tick themselves off from what the product holds, and the public home page, while nothing
// has been crawled, says how to begin instead of showing an empty grid.
// NEWSCTL_SCREENSHOTS=1 also writes docs/screenshots/empty-home-{390,1280}.png and first-steps-1280.png.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDomain } from '../../../src/services/reader/domains/index.js';
import { logInThroughLoginPage } from './console.js';
import { resetConsole } from './console-seed.js';
import { browserSuite } from './harness.js';

const suite = browserSuite({ reset: resetConsole });
const shots = process.env.NEWSCTL_SCREENSHOTS === '1' ? join(import.meta.dirname, '../../../docs/screenshots') : null;

describe('a fresh install', () => {
  it('opens the console on the First steps, ticked off from real state, and hidden for good on request', async () => {
    const { page } = await suite.visit({ viewport: { width: 1280, height: 900 } });
    await logInThroughLoginPage(page);
    const steps = page.getByTestId('first-steps');
    await steps.waitFor();
    expect(await steps.getByRole('listitem').locator('p.font-medium').allTextContents()).toEqual([
      'Add a news source (to do)',
      'Run the first crawl (to do)',
      'Find the first trends (to do)',
      'Write the first article (to do)',
      'Make the first bulletin (to do)',
    ]);
    await steps.getByText('0 of 5 done.', { exact: false }).waitFor();
    if (shots) await page.screenshot({ path: join(shots, 'first-steps-1280.png') });

    // A source added anywhere (here by the service the CLI and API use) ticks the first step.
    await addDomain(suite.server().ctx, { url: 'apnews.com' });
    await steps.getByText('1 of 5 done.', { exact: false }).waitFor();
    expect(await steps.getByRole('listitem').first().getAttribute('data-done')).toBe('true');

    // Each open step says where to do it: its link opens that tab.
    await steps.getByRole('listitem').nth(1).getByRole('link', { name: 'Open the tab' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'spider' || url.search === '');
    await steps.getByRole('button', { name: 'Hide' }).click();
    await steps.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('heading', { name: 'Admin Console' }).waitFor();
    expect(await page.getByTestId('first-steps').count()).toBe(0);
  });

  for (const width of [390, 1280]) {
    it(`tells the visitor of an empty home page how to begin (${width} px)`, async () => {
      const { page } = await suite.visit({ viewport: { width, height: 900 } });
      await page.goto('/');
      await page.getByText('No articles available').waitFor();
      const help = page.getByTestId('empty-home-help');
      await help.waitFor();
      expect(await help.textContent()).toContain('Nothing has been crawled here yet.');
      expect(await help.getByRole('link', { name: 'console' }).getAttribute('href')).toBe('/admin');
      expect(await help.locator('pre').textContent()).toBe('npx newsctl domains add apnews.com\nnpx newsctl crawl --once');
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      if (shots) await page.screenshot({ path: join(shots, `empty-home-${width}.png`), fullPage: true });
    });
  }
});

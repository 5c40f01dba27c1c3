// The site passes its own content security policy: every page a visitor or the administrator
// opens, in Chromium, reports no violation (no inline script, no foreign resource).
import { describe, expect, it } from 'vitest';
import { logInThroughLoginPage, selectTab } from './console.js';
import { sampleHomePage } from './fixtures.js';
import { browserSuite } from './harness.js';
import { seedHome } from './seed.js';

const suite = browserSuite();

describe('content security policy', () => {
  it('is sent with every page and no page breaks it', async () => {
    await seedHome(suite.server(), sampleHomePage(Date.now()));
    const { page, context, consoleErrors } = await suite.visit();
    // Violations are reported to the page as events: collected before any page script runs.
    await context.addInitScript(() => {
      (window as unknown as { __violations: string[] }).__violations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { __violations: string[] }).__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    const violations: string[] = [];
    const visit = async (path: string, ready: string) => {
      const response = await page.goto(path);
      expect(response!.headers()['content-security-policy'], path).toMatch(/frame-ancestors 'none'/);
      await page.locator(ready).first().waitFor();
      violations.push(...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).map((v) => `${path}: ${v}`));
    };
    await visit('/', '[data-testid="topic-articles"]');
    await visit('/search?q=harbour', 'text=Found');
    await visit('/usa.html', 'h1');
    await visit('/nowhere', 'text=404 Page Not Found');
    await logInThroughLoginPage(page);
    violations.push(...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).map((v) => `/admin: ${v}`));
    for (const tab of ['Trends', 'Settings', 'Podcast']) {
      await selectTab(page, tab);
      violations.push(...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).map((v) => `/admin ${tab}: ${v}`));
    }
    expect(violations).toEqual([]);
    expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  });
});

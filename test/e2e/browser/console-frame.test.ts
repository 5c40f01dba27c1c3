// The console frame (spec 001 §2, §6, §9): login through the login page, the tabs in order with
// Spider first, the tab kept in the address, the polling intervals of §9 measured on the page's
// own clock, live messages refreshing at once, and every control labelled at 390 px and in dark mode.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { gapsOf, logInThroughLoginPage, pauseClock, recordFetchTimes, runClock, selectTab } from './console.js';
import { resetConsole, seedConsole } from './console-seed.js';
import { answer, browserSuite } from './harness.js';

const suite = browserSuite({ reset: resetConsole });

const TAB_ORDER = ['Spider', 'Domains', 'Trends', 'Articles', 'Ads', 'API', 'Settings', 'Social', 'Podcast', 'Interviews', 'Music'];
/** A heading each tab shows once loaded. */
const TAB_HEADINGS: Record<string, string> = {
  Spider: 'Spider Status',
  Domains: 'Domain Management',
  Trends: 'Trends Analysis',
  Articles: 'Automatic Article Generator From Trends',
  Ads: 'Audio Ads',
  API: 'JSON Configuration',
  Settings: 'Import / Export Domains',
  Social: 'Social Posts',
  Podcast: 'Podcast Script',
  Interviews: 'Interview Script',
  Music: 'Song',
};

/** Each poll's gaps equal its interval (± one clock step). */
function expectInterval(fetches: Map<string, number[]>, path: string, intervalMs: number, stepMs: number): void {
  const gaps = gapsOf(fetches.get(path));
  expect(gaps.length, `${path}: polls measured`).toBeGreaterThanOrEqual(1);
  for (const gap of gaps) {
    expect(gap, `${path} gap`).toBeGreaterThanOrEqual(intervalMs - stepMs);
    expect(gap, `${path} gap`).toBeLessThanOrEqual(intervalMs + stepMs);
  }
}

/** Controls a person reaches without a name: inputs, selects and text areas without a label, buttons without text. */
async function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const named = (element: Element) =>
      Boolean(element.getAttribute('aria-label')?.trim()) ||
      Boolean(element.getAttribute('aria-labelledby')) ||
      (element.id !== '' && document.querySelector(`label[for="${CSS.escape(element.id)}"]`) !== null) ||
      element.closest('label') !== null;
    for (const element of Array.from(document.querySelectorAll('main input, main select, main textarea'))) {
      if (!named(element)) problems.push(element.outerHTML.slice(0, 120));
    }
    for (const element of Array.from(document.querySelectorAll('main button, main [role="tab"]'))) {
      if (!element.textContent?.trim() && !named(element)) problems.push(element.outerHTML.slice(0, 120));
    }
    return problems;
  });
}

describe('console frame', () => {
  it('logs in through the login page, opens on Spider, keeps the tab in the address and moves between tabs with the keyboard', async () => {
    await seedConsole(suite.server().sql);
    const { page } = await suite.visit();
    await logInThroughLoginPage(page);
    const tablist = page.getByRole('tablist', { name: 'Console sections' });
    expect(await tablist.getByRole('tab').allTextContents()).toEqual(TAB_ORDER);
    expect(await tablist.getByRole('tab', { name: 'Spider' }).getAttribute('aria-selected')).toBe('true');
    await page.getByRole('tabpanel', { name: 'Spider' }).getByRole('heading', { name: 'Spider Status' }).waitFor();
    expect(new URL(page.url()).search).toBe('');

    await selectTab(page, 'Trends');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('trends');
    await page.reload();
    await page.getByRole('tabpanel', { name: 'Trends' }).getByRole('heading', { name: 'Trends Analysis' }).waitFor();
    expect(await tablist.getByRole('tab', { name: 'Trends' }).getAttribute('aria-selected')).toBe('true');

    // Arrow keys move along the tablist (Radix roving focus); Enter or focus selects.
    await tablist.getByRole('tab', { name: 'Trends' }).click();
    await page.keyboard.press('ArrowRight');
    // Radix moves the focus on its next tick.
    await page.waitForFunction(() => document.activeElement?.textContent === 'Articles');
    await page.keyboard.press('Enter');
    await page.getByRole('tabpanel', { name: 'Articles' }).waitFor();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('articles');

    // An unknown tab in the address falls back to the default.
    await page.goto('/admin?tab=nope');
    await page.getByRole('tabpanel', { name: 'Spider' }).waitFor();
    expect(await page.getByRole('link', { name: '← Home' }).getAttribute('href')).toBe('/');
  });

  it('re-checks the session every 60 s and sends the visitor to /login once it has ended', async () => {
    const { page } = await suite.visit();
    await page.clock.install();
    await recordFetchTimes(page);
    await logInThroughLoginPage(page);
    await pauseClock(page);
    const fetches = await runClock(page, 125_000, 1_000);
    expectInterval(fetches, '/api/auth/check', 60_000, 1_000);

    await suite.server().sql`delete from sessions`;
    await page.clock.runFor(60_000);
    // React Query hands results to the page on a zero-delay timer: let the clock run again.
    await page.clock.resume();
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('keeps the administrator in the console when a re-check cannot reach the daemon (a restart), not on /login', async () => {
    const { page } = await suite.visit();
    await page.clock.install();
    await logInThroughLoginPage(page);
    await pauseClock(page);
    // The daemon is restarting: the re-check gets no answer at all, then a 503 from a proxy.
    const check = (url: URL) => url.pathname === '/api/auth/check';
    await page.route(check, (route) => route.abort('connectionrefused'));
    await page.clock.runFor(61_000);
    await page.unroute(check);
    await page.route(check, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Service Unavailable' }) }),
    );
    await page.clock.runFor(60_000);
    await page.clock.resume();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/admin');
    await page.getByRole('heading', { name: 'Spider Status' }).waitFor();

    // Back up: the session is still valid, and the console carries on; once the server says the
    // visitor is no administrator, the console gives way to /login.
    await page.unroute(check);
    await suite.server().sql`delete from sessions`;
    await pauseClock(page);
    await page.clock.runFor(60_000);
    await page.clock.resume();
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('keeps what a tab loaded when a later poll fails, and says the database is down while it is', async () => {
    const { page } = await suite.visit();
    await page.clock.install();
    await logInThroughLoginPage(page);
    await page.getByRole('button', { name: 'Start', exact: true }).waitFor();
    // The database goes away: the live channel says so, and the next status poll gets a 503.
    const restore = await answer(page, '/api/status', { status: 503, body: JSON.stringify({ message: 'The database is unavailable' }) });
    const server = suite.server();
    server.ctx.events.emit('database_status', { available: false, message: 'The database is unavailable right now.' });
    await page.getByRole('alert').filter({ hasText: 'The database is unavailable right now.' }).waitFor();
    await pauseClock(page);
    await page.clock.runFor(31_000);
    await page.clock.resume();
    await page.waitForTimeout(500);
    // The last status is still shown, with its controls, not "Failed to load the spider status."
    expect(await page.getByText('Failed to load the spider status.').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Start', exact: true }).count()).toBe(1);
    await restore();
    server.ctx.events.emit('database_status', { available: true, message: 'The database is available again.' });
    await page.getByRole('alert').filter({ hasText: 'The database is unavailable right now.' }).waitFor({ state: 'detached' });
  });

  it('polls the Spider tab as spec 001 §9 says: re-fetcher 2 s, status and logs 30 s', async () => {
    const { page } = await suite.visit();
    await page.clock.install();
    await recordFetchTimes(page);
    await logInThroughLoginPage(page);
    await page.getByRole('heading', { name: 'Spider Status' }).waitFor();
    await pauseClock(page);
    const fetches = await runClock(page, 62_000, 250);
    expectInterval(fetches, '/api/spider/refetch/status', 2_000, 250);
    expectInterval(fetches, '/api/status', 30_000, 250);
    expectInterval(fetches, '/api/logs', 30_000, 250);
  });

  it('polls the Domains tab every 60 s and the Trends tab every 30 s (food status 3 s)', async () => {
    const { page } = await suite.visit();
    await page.clock.install();
    await recordFetchTimes(page);
    await logInThroughLoginPage(page);
    await selectTab(page, 'Domains');
    await pauseClock(page);
    let fetches = await runClock(page, 125_000, 1_000);
    for (const path of ['/api/domains', '/api/domain-stats', '/api/avoid-domains']) expectInterval(fetches, path, 60_000, 1_000);

    await page.clock.resume();
    await selectTab(page, 'Trends');
    await page.getByText('No trends identified yet').waitFor();
    await pauseClock(page);
    fetches = await runClock(page, 62_000, 250);
    for (const path of ['/api/trends', '/api/trends/statistics', '/api/status']) expectInterval(fetches, path, 30_000, 250);
    expectInterval(fetches, '/api/food-recategorization/status', 3_000, 250);
  });

  it('polls the Articles tab: generated articles every 10 s, queue, status and logs every 30 s', async () => {
    const { page } = await suite.visit();
    await page.clock.install();
    await recordFetchTimes(page);
    await logInThroughLoginPage(page);
    await selectTab(page, 'Articles');
    await page.getByText('No Articles in This Category').waitFor();
    await pauseClock(page);
    const fetches = await runClock(page, 62_000, 250);
    expectInterval(fetches, '/api/generated-articles', 10_000, 250);
    for (const path of ['/api/generator/queue-status', '/api/status', '/api/logs']) expectInterval(fetches, path, 30_000, 250);
  });

  it("refreshes the Social tab's home data every 10 minutes", async () => {
    const { page } = await suite.visit();
    await page.clock.install();
    await recordFetchTimes(page);
    await logInThroughLoginPage(page);
    await selectTab(page, 'Social');
    await page.getByRole('tablist', { name: 'Social topics' }).waitFor();
    await pauseClock(page);
    const fetches = await runClock(page, 21 * 60_000, 10_000);
    expectInterval(fetches, '/api/home-page-data', 10 * 60_000, 10_000);
  });

  it("refreshes the Music tab's tracks every 5 s", async () => {
    const { page } = await suite.visit();
    await page.clock.install();
    await recordFetchTimes(page);
    await logInThroughLoginPage(page);
    await selectTab(page, 'Music');
    await page.getByText('No completed tracks yet.').waitFor();
    await pauseClock(page);
    const fetches = await runClock(page, 21_000, 250);
    expectInterval(fetches, '/api/generated-music-tracks', 5_000, 250);
  });

  it('refreshes what a finished job wrote on its job_updated message, and everything on live_resync', async () => {
    const { page } = await suite.visit();
    await logInThroughLoginPage(page);
    await selectTab(page, 'Podcast');
    const script = page.getByRole('region', { name: 'Podcast Script', exact: true });
    await script.getByText('No script generated yet.').waitFor();
    const server = suite.server();
    // The podcast script has no poll at all: only the message can bring a script written elsewhere.
    await server.sql`insert into scripts (kind, script_text, meta) values ('conversational', 'Alex: Written by another daemon.', '{}')`;
    server.ctx.events.emit('job_updated', { job: 'podcast-audio', runId: 'r1', status: 'completed' });
    await expect.poll(() => script.getByLabel('Script', { exact: true }).inputValue(), { timeout: 5_000 }).toBe('Alex: Written by another daemon.');
    await server.sql`insert into scripts (kind, script_text, meta) values ('conversational', 'Jordan: Missed while the channel was down.', '{}')`;
    server.ctx.events.emit('live_resync', {});
    await expect.poll(() => script.getByLabel('Script', { exact: true }).inputValue(), { timeout: 5_000 }).toBe('Jordan: Missed while the channel was down.');
    await server.sql`truncate scripts restart identity`;
  });

  it('shows what live messages name at once, without waiting for a poll', async () => {
    const { page } = await suite.visit();
    await logInThroughLoginPage(page);
    const server = suite.server();
    const cookie = await server.loginCookie();
    const api = (method: string, path: string, body?: unknown) =>
      fetch(`${server.baseUrl}${path}`, {
        method,
        headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });

    // log_entry: a domain added elsewhere (the CLI, another admin) shows in the system log...
    // The login itself is logged: the log has loaded once it shows.
    await page.getByTestId('log-entry').first().waitFor();
    const started = Date.now();
    expect((await api('POST', '/api/domains', { url: 'livewire.example' })).status).toBe(201);
    await page.getByTestId('system-log').getByText('Domain added: livewire.example').waitFor({ timeout: 5_000 });
    // ...and domains_updated refreshes the domain list, both long before the 30 s and 60 s polls.
    await selectTab(page, 'Domains');
    await page.getByText('livewire.example', { exact: true }).waitFor();
    expect((await api('POST', '/api/domains', { url: 'second.example' })).status).toBe(201);
    await page.getByText('second.example', { exact: true }).waitFor({ timeout: 5_000 });
    expect(Date.now() - started).toBeLessThan(15_000);

    // avoid_domains_updated: the avoid list follows at once.
    expect((await api('POST', '/api/avoid-domains', { url: 'elsewhere.example', reason: 'added by the CLI' })).status).toBe(201);
    await page.getByTestId('avoid-entries').getByText('elsewhere.example').waitFor({ timeout: 5_000 });
  });

  it('labels every control and fits a 390 px screen on every tab, in dark mode too', async () => {
    await seedConsole(suite.server().sql);
    const { page } = await suite.visit({ width: 390, colorScheme: 'dark' });
    await logInThroughLoginPage(page);
    for (const tab of TAB_ORDER) {
      await selectTab(page, tab);
      await page.getByRole('heading', { name: TAB_HEADINGS[tab], exact: true }).waitFor();
      await page.getByText('Loading...').first().waitFor({ state: 'detached' });
      expect(await unlabelledControls(page), `${tab}: unlabelled controls`).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${tab}: page wider than the screen`).toBeLessThanOrEqual(0);
      if (tab === 'Domains') {
        // A domain's controls stay on one line: its remove button beside its status, not below.
        const row = page.getByTestId('domain-row').first();
        const [status, remove] = await Promise.all([row.getByRole('combobox').boundingBox(), row.getByRole('button', { name: /^Remove / }).boundingBox()]);
        expect(Math.abs(remove!.y + remove!.height / 2 - (status!.y + status!.height / 2)), 'remove button on the status line').toBeLessThan(8);
      }
    }
    const panel = page.locator('main section.card').first();
    // The card's colour (Tailwind writes oklch) as sRGB, through a canvas.
    const channels = await panel.evaluate((element) => {
      const context = document.createElement('canvas').getContext('2d')!;
      context.fillStyle = getComputedStyle(element).backgroundColor;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data.slice(0, 3));
    });
    expect(Math.max(...channels), 'a dark card').toBeLessThan(80);
  });
});

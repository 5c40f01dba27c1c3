// Shared steps of the console's browser tests: logging in through the real login page, opening a
// tab, reading the toast, and counting a poll's requests under Playwright's fake clock.
import type { Locator, Page } from 'playwright-core';
import { TEST_ADMIN } from '../../helpers/server.js';

/** Logs in on /login (username, password, the math question) and waits for the console. */
export async function logInThroughLoginPage(page: Page, credentials = TEST_ADMIN): Promise<void> {
  // A step that cannot happen should fail with its own name, well inside the test's time limit.
  page.setDefaultTimeout(8_000);
  await page.goto('/login');
  const text = (await page.getByTestId('math-question').textContent()) ?? '';
  const [, a, operator, b] = /What is (\d+) (\S) (\d+)\?/.exec(text) ?? [];
  const x = Number(a);
  const y = Number(b);
  const answer = operator === '+' ? x + y : operator === '×' ? x * y : x - y;
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByLabel(/Security question/).fill(String(answer));
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL((url) => url.pathname === '/admin');
  await page.getByRole('heading', { name: 'Admin Console' }).waitFor();
}

/** Logs in, then opens the console on `tab` (by clicking it, as a person would). */
export async function openConsoleTab(page: Page, tab: string): Promise<void> {
  await logInThroughLoginPage(page);
  await selectTab(page, tab);
}

export async function selectTab(page: Page, tab: string): Promise<void> {
  const trigger = page.getByRole('tablist', { name: 'Console sections' }).getByRole('tab', { name: tab, exact: true });
  await trigger.click();
  await page.getByRole('tabpanel', { name: tab, exact: true }).waitFor();
}

/** The toast on screen (at most one at a time). */
export function toast(page: Page): Locator {
  return page.getByRole('region', { name: /Notification/ }).locator('li');
}

/**
 * Waits for the toast with this title and description (exact texts), then closes it, so a later
 * step waiting for the same words sees a new toast, not this one.
 */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  let shown = toast(page).filter({ has: page.getByText(title, { exact: true }) });
  if (description !== undefined) shown = shown.filter({ has: page.getByText(description, { exact: true }) });
  try {
    await shown.waitFor();
  } catch (error) {
    const showing = await toast(page).allInnerTexts();
    if (process.env.CONSOLE_TEST_SHOTS) await page.screenshot({ path: `/tmp/toast-fail-${Date.now()}.png` });
    throw new Error(`no toast "${title}"${description === undefined ? '' : ` / "${description}"`}; showing: ${JSON.stringify(showing)}`, { cause: error });
  }
  await shown.getByRole('button', { name: 'Close' }).click();
  await shown.waitFor({ state: 'detached' });
}

/**
 * Records every fetch the page makes with the time of the page's clock, and how many are still
 * under way, so a test under Playwright's fake clock can tell exactly when each poll fired.
 * Call before the page loads.
 */
export async function recordFetchTimes(page: Page): Promise<void> {
  // A string, not a function: tsx would wrap a function's inner names in helpers the page lacks.
  await page.addInitScript(`
    window.__fetches = [];
    window.__inflight = 0;
    const original = window.fetch;
    window.fetch = function (input, init) {
      const url = new URL(typeof input === 'string' ? input : input.url, location.href);
      window.__fetches.push({ path: url.pathname, at: Date.now() });
      window.__inflight += 1;
      return original.call(this, input, init).then(
        async (response) => { try { await response.clone().text(); } finally { window.__inflight -= 1; } return response; },
        (error) => { window.__inflight -= 1; throw error; },
      );
    };
  `);
}

/**
 * Runs the page's (installed, paused) clock for `durationMs` in steps of `stepMs`, letting each
 * step's requests finish in real time before the next, and returns the clock times at which each
 * path was fetched during the run.
 */
export async function runClock(page: Page, durationMs: number, stepMs: number): Promise<Map<string, number[]>> {
  const start = await page.evaluate(() => (window as unknown as { __fetches: unknown[] }).__fetches.length);
  for (let elapsed = 0; elapsed < durationMs; elapsed += stepMs) {
    await page.clock.runFor(stepMs);
    await page.waitForFunction(() => (window as unknown as { __inflight: number }).__inflight === 0, undefined, { timeout: 10_000 });
  }
  const fetches = await page.evaluate((from) => (window as unknown as { __fetches: { path: string; at: number }[] }).__fetches.slice(from), start);
  const byPath = new Map<string, number[]>();
  for (const fetch of fetches) byPath.set(fetch.path, [...(byPath.get(fetch.path) ?? []), fetch.at]);
  return byPath;
}

/** The gaps between consecutive fetches of one path. */
export function gapsOf(times: readonly number[] | undefined): number[] {
  const gaps: number[] = [];
  for (let i = 1; i < (times?.length ?? 0); i++) gaps.push(times![i]! - times![i - 1]!);
  return gaps;
}

/** Pauses the page's clock a moment from its own now (which runs ahead once a test has run it). */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 500);
}

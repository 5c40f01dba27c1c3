// Login (spec 000 §2.5, §5, §8), the /admin console frame (spec 001 §2), toasts and the 404 page.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TEST_ADMIN } from '../../helpers/server.js';
import { answer, browserSuite, delay } from './harness.js';

const suite = browserSuite();

/** The page's math question, answered correctly (or deliberately wrong). */
async function solveQuestion(page: Page, wrong = false): Promise<string> {
  const text = (await page.getByTestId('math-question').textContent()) ?? '';
  const [, a, operator, b] = /What is (\d+) (\S) (\d+)\?/.exec(text) ?? [];
  const x = Number(a);
  const y = Number(b);
  const result = operator === '+' ? x + y : operator === '×' ? x * y : x - y;
  return String(wrong ? result + 1 : result);
}

async function fillLogin(page: Page, credentials: { username: string; password: string }, wrongAnswer = false): Promise<void> {
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByLabel(/Security question/).fill(await solveQuestion(page, wrongAnswer));
}

const toast = (page: Page) => page.getByRole('region', { name: /Notification/ }).locator('li');

describe('login page', () => {
  it('rejects a wrong math answer without calling the server, with a new question', async () => {
    const { page, requestsTo } = await suite.visit();
    await page.goto('/login');
    const question = page.getByTestId('math-question');
    const before = await question.textContent();
    await fillLogin(page, TEST_ADMIN, true);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByRole('alert').filter({ hasText: 'Incorrect answer to the math question. Please try again.' }).waitFor();
    expect(await page.getByLabel(/Security question/).inputValue()).toBe('');
    expect(requestsTo('POST', '/api/auth/login')).toHaveLength(0);
    // A fresh question (equal only by the 1-in-1200 chance of drawing the same one).
    const questions = new Set([before]);
    for (let i = 0; i < 3; i++) {
      questions.add(await question.textContent());
      await page.getByRole('button', { name: 'New question' }).click();
    }
    expect(questions.size).toBeGreaterThan(1);
  });

  it('requires the username and password', async () => {
    const { page, requestsTo } = await suite.visit();
    await page.goto('/login');
    await page.getByLabel(/Security question/).fill(await solveQuestion(page));
    await page.getByRole('button', { name: 'Login' }).click();
    expect(await page.getByLabel('Username').evaluate((input) => (input as HTMLInputElement).validity.valueMissing)).toBe(true);
    expect(requestsTo('POST', '/api/auth/login')).toHaveLength(0);

    // Spaces alone are no username: stopped in the browser, not sent as '' for the server to refuse.
    await fillLogin(page, { username: '   ', password: TEST_ADMIN.password });
    await page.getByRole('button', { name: 'Login' }).click();
    expect(await page.getByLabel('Username').evaluate((input) => (input as HTMLInputElement).validity.valid)).toBe(false);
    expect(requestsTo('POST', '/api/auth/login')).toHaveLength(0);
  });

  it("shows the server's error for a wrong password and draws a new question", async () => {
    const { page } = await suite.visit();
    await page.goto('/login');
    await fillLogin(page, { username: TEST_ADMIN.username, password: 'wrong password' });
    await page.getByRole('button', { name: 'Login' }).click();
    await toast(page).filter({ hasText: 'Error' }).filter({ hasText: 'Invalid username or password' }).waitFor();
    expect(await page.getByLabel(/Security question/).inputValue()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it("shows 'Too Many Failed Attempts' with the server's error after the failure limit", async () => {
    const { page } = await suite.visit();
    const sql = suite.server().sql;
    for (let i = 0; i < 5; i++) await sql`insert into login_failures (username, ip) values ('admin', '127.0.0.1')`;
    await page.goto('/login');
    await fillLogin(page, TEST_ADMIN);
    await page.getByRole('button', { name: 'Login' }).click();
    const shown = toast(page).filter({ hasText: 'Too Many Failed Attempts' });
    await shown.waitFor();
    expect(await shown.textContent()).toContain('Too many failed login attempts. Try again in 15 minutes.');
  });

  it('falls back to its own texts when the server gives none', async () => {
    const { page } = await suite.visit();
    await page.goto('/login');
    const login = () => page.getByRole('button', { name: 'Login' }).click();

    let restore = await answer(page, '/api/auth/login', { status: 429 });
    await fillLogin(page, TEST_ADMIN);
    await login();
    await toast(page).filter({ hasText: 'Too Many Failed Attempts' }).filter({ hasText: 'Please wait before trying again' }).waitFor();
    await restore();

    restore = await answer(page, '/api/auth/login', { status: 401, body: '{}' });
    await fillLogin(page, TEST_ADMIN);
    await login();
    await toast(page).filter({ hasText: 'Invalid credentials' }).waitFor();
    await restore();

    await page.route(
      (url) => url.pathname === '/api/auth/login',
      (route) => route.abort('connectionrefused'),
    );
    await fillLogin(page, TEST_ADMIN);
    await login();
    await toast(page).filter({ hasText: 'Failed to login' }).waitFor();
    // At most one toast at a time.
    expect(await toast(page).count()).toBe(1);
  });

  it('dismisses a toast by swiping it right, and F8 focuses the notifications', async () => {
    const { page } = await suite.visit();
    await page.goto('/login');
    await fillLogin(page, { username: TEST_ADMIN.username, password: 'wrong password' });
    await page.getByRole('button', { name: 'Login' }).click();
    const shown = toast(page).first();
    await shown.waitFor();
    await page.keyboard.press('F8');
    expect(await page.evaluate(() => document.activeElement?.closest('[role="region"]')?.getAttribute('aria-label'))).toMatch(/Notification/);
    const box = (await shown.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let dx = 10; dx <= 80; dx += 10) await page.mouse.move(box.x + 20 + dx, box.y + box.height / 2);
    await page.mouse.up();
    await shown.waitFor({ state: 'detached' });
  });
});

describe('admin console frame', () => {
  it('logs in, shows the console with the live indicator, and logs out', async () => {
    const { page } = await suite.visit();
    await page.goto('/login');
    await fillLogin(page, TEST_ADMIN);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByText('Login successful. Opening the console...').waitFor();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Admin Console' }).waitFor();
    await page.getByText('System Online').waitFor();
    await page.getByRole('tablist', { name: 'Console sections' }).waitFor();
    expect(await page.getByRole('link', { name: '← Home' }).getAttribute('href')).toBe('/');

    await page.getByRole('button', { name: 'Logout' }).click();
    await toast(page).filter({ hasText: 'Logged out successfully' }).waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it("shows 'Connection Lost' while the live channel is down and reconnects", async () => {
    const { page, context } = await suite.visit();
    await context.addCookies([{ name: 'newsctl_session', value: (await suite.server().loginCookie()).split('=')[1]!, url: suite.server().baseUrl }]);
    let dropLive: (() => Promise<void>) | undefined;
    let connections = 0;
    await page.routeWebSocket(
      (url) => url.pathname === '/ws',
      (socket) => {
        connections += 1;
        socket.connectToServer();
        dropLive = () => socket.close({ code: 1012, reason: 'restarting' });
      },
    );
    await page.goto('/admin');
    await page.getByText('System Online').waitFor();
    await dropLive!();
    await page.getByText('Connection Lost').waitFor();
    // The first retry comes 1 s later.
    await page.getByText('System Online').waitFor();
    expect(connections).toBe(2);
  });

  it('tells the visitor when logout fails', async () => {
    const { page, context } = await suite.visit();
    await context.addCookies([{ name: 'newsctl_session', value: (await suite.server().loginCookie()).split('=')[1]!, url: suite.server().baseUrl }]);
    await answer(page, '/api/auth/logout', { status: 500 });
    await page.goto('/admin');
    await page.getByRole('button', { name: 'Logout' }).click();
    await toast(page).filter({ hasText: 'Failed to logout' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin');
  });

  it("shows 'Loading...' during the admin check and sends a visitor to /login", async () => {
    const { page } = await suite.visit();
    await delay(page, '/api/auth/check', 1000);
    await page.goto('/admin');
    await page.getByText('Loading...').waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Administrator login' }).waitFor();

    // Logging in there opens the console: the "not an administrator" of the first check is not
    // taken for the answer after the login (it sent the visitor straight back to /login).
    await fillLogin(page, TEST_ADMIN);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Admin Console' }).waitFor({ timeout: 10_000 });
    await page.waitForTimeout(1_500);
    expect(new URL(page.url()).pathname).toBe('/admin');
  });

  it('loads the console code only on /admin', async () => {
    const { page, requests } = await suite.visit();
    await page.goto('/');
    await page.getByText('No articles available').waitFor();
    const adminChunk = () => requests.filter((r) => /\/assets\/AdminPage-[\w-]+\.js$/.test(r.path));
    expect(adminChunk()).toHaveLength(0);
    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(adminChunk()).toHaveLength(1);
  });
});

describe('a page whose code is gone (the daemon was upgraded while the tab was open)', () => {
  const searchChunk = (url: URL) => /\/assets\/SearchPage-[\w-]+\.js$/.test(url.pathname);
  const gone = { status: 404, contentType: 'text/html', body: '<!doctype html><title>gone</title>' };

  it('loads the address afresh instead of showing a blank page', async () => {
    const { page, requestsTo } = await suite.visit();
    await page.goto('/');
    await page.getByText('No articles available').waitFor();
    let missing = 1;
    await page.route(searchChunk, (route) => (missing-- > 0 ? route.fulfill(gone) : route.continue()));
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('harbour');
    await page.getByRole('searchbox', { name: 'Search articles' }).press('Enter');
    await page.getByText('Found 0 result(s)').waitFor();
    expect(requestsTo('GET', '/search')).toHaveLength(1);
  });

  it('says so, with a way to reload, when a fresh load does not help', async () => {
    const { page } = await suite.visit();
    await page.goto('/');
    await page.getByText('No articles available').waitFor();
    await page.route(searchChunk, (route) => route.fulfill(gone));
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('harbour');
    await page.getByRole('searchbox', { name: 'Search articles' }).press('Enter');
    await page.getByRole('alert').filter({ hasText: 'This page could not be loaded.' }).waitFor();
    expect(await page.getByRole('link', { name: 'Reload' }).getAttribute('href')).toMatch(/\/search\?q=harbour$/);
  });
});

describe('not-found page', () => {
  it('answers every unknown path with 404 Page Not Found and the router hint', async () => {
    const { page } = await suite.visit();
    for (const path of ['/nope', '/deeply/nested/page', '/search/extra']) {
      await page.goto(path);
      await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
      await page.getByText('Did you forget to add the page to the router?').waitFor();
    }
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});

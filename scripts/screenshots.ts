// Screenshots of every public page at phone and desktop width, of every console tab at 1280 px and of some at 390 px,
// into docs/screenshots/, from the real daemon with sample content. Run: node --import tsx scripts/screenshots.ts
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, openContext } from '../test/e2e/browser/browser.js';
import { sampleHomePage, searchHome } from '../test/e2e/browser/fixtures.js';
import { seedConsole, seedStories } from '../test/e2e/browser/console-seed.js';
import { seedHome, seedLatestAudio } from '../test/e2e/browser/seed.js';
import { STANDALONE_ADMIN, startStandaloneDaemon, type StandaloneDaemon } from '../test/e2e/browser/standalone-daemon.js';
import { REPO_ROOT, ensureWebBuild } from '../test/e2e/browser/web-build.js';
import { smtpSetting, startSmtpServer } from '../test/helpers/smtp.js';

const OUT = join(REPO_ROOT, 'docs', 'screenshots');
const WIDTHS = [390, 1280] as const;

async function fillLogin(page: Page, password: string): Promise<void> {
  const question = (await page.getByTestId('math-question').textContent()) ?? '';
  const [, a, operator, b] = /What is (\d+) (\S) (\d+)\?/.exec(question) ?? [];
  const x = Number(a);
  const y = Number(b);
  const answer = operator === '+' ? x + y : operator === '×' ? x * y : x - y;
  await page.getByLabel('Username').fill(STANDALONE_ADMIN.username);
  await page.getByLabel('Password').fill(password);
  await page.getByLabel(/Security question/).fill(String(answer));
  await page.getByRole('button', { name: 'Login' }).click();
}

async function shootWidth(browser: Browser, daemon: StandaloneDaemon, width: number, shoot: (name: string, page: Page, fullPage?: boolean) => Promise<void>) {
  const context = await openContext(browser, { width, baseURL: daemon.baseUrl });
  const page = await context.newPage();

  await page.goto('/');
  await page.getByTestId('domain-grid').waitFor();
  await page.getByTestId('topic-articles').waitFor();
  await page.getByTestId('player-duration').filter({ hasText: '1:35' }).waitFor();
  await shoot(`home-${width}`, page);

  await page.goto('/search?q=harbour');
  await page.getByTestId('search-results').waitFor();
  await shoot(`search-${width}`, page);

  await page.goto('/login');
  await fillLogin(page, 'not the password');
  await page.getByText('Invalid username or password', { exact: true }).waitFor();
  await shoot(`login-${width}`, page);

  await page.goto('/no-such-page');
  await page.getByText('404 Page Not Found').waitFor();
  await shoot(`not-found-${width}`, page);

  await context.close();

  // The trends card's error state, after its three retries.
  const failing = await openContext(browser, { width, baseURL: daemon.baseUrl });
  const errorPage = await failing.newPage();
  await errorPage.route(
    (url) => url.pathname === '/api/articles/recent-by-topic',
    (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Database connection timed out' }) }),
  );
  await errorPage.goto('/');
  await errorPage.getByText('Unable to Load Articles').waitFor({ timeout: 20_000 });
  await shoot(`home-articles-error-${width}`, errorPage, false);
  await failing.close();

  const dark = await openContext(browser, { width, colorScheme: 'dark', baseURL: daemon.baseUrl });
  const darkPage = await dark.newPage();
  await darkPage.goto('/');
  await darkPage.getByTestId('domain-grid').waitFor();
  await darkPage.getByTestId('player-duration').filter({ hasText: '1:35' }).waitFor();
  await shoot(`home-dark-${width}`, darkPage, false);
  await dark.close();
}

/** Console tabs, in order, with a heading each shows once loaded. */
const CONSOLE_TABS = [
  ['spider', 'Spider Status'],
  ['domains', 'Domain Management'],
  ['trends', 'Trends Analysis'],
  ['articles', 'Automatic Article Generator From Trends'],
  ['ads', 'Audio Ads'],
  ['api', 'JSON Configuration'],
  ['settings', 'Import / Export Domains'],
  ['social', 'Social Posts'],
  ['podcast', 'Podcast Script'],
  ['interviews', 'Interview Script'],
  ['music', 'Song'],
] as const;

/** The tabs also taken at 390 px (in dark mode): the widest tables and the script panels. */
const PHONE_TABS: ReadonlySet<string> = new Set(['domains', 'trends', 'podcast', 'interviews', 'music']);

/** The audio tabs' content, made through the API the tabs call (offline writer, speech and music). */
async function makeAudio(page: Page): Promise<void> {
  // page.request carries the page's session cookie.
  const call = async (path: string, body?: unknown) => {
    const response = await page.request.post(path, { ...(body === undefined ? {} : { data: body }), timeout: 300_000 });
    if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
    return response.json();
  };
  const { script } = await call('/api/generate-conversational-script');
  const { enhancedScript } = await call('/api/enhance-conversational-script', { script });
  await call('/api/generate-conversational-audio', { script: enhancedScript });
  await call('/api/interview-topic', { topic: 'Central bank interest rates' });
  await call('/api/generate-interview-script');
  const refined = await call('/api/refine-interview-script', {});
  await call('/api/generate-interview-audio', { script: refined.script });
  const { lyrics } = await call('/api/generate-lyrics');
  await call('/api/generate-music', { lyrics });
}

async function shootConsole(browser: Browser, shoot: (name: string, page: Page, fullPage?: boolean) => Promise<void>) {
  const daemon = await startStandaloneDaemon({ NEWSCTL_RELATED_SITES: 'https://relatednews.example/', NEWSCTL_SCHEDULER: 'false' });
  try {
    await seedConsole(daemon.sql);
    await seedStories(daemon.sql);
    let generated = false;
    for (const [width, colorScheme] of [
      [1280, 'light'],
      [390, 'dark'],
    ] as const) {
      const context = await openContext(browser, { width, colorScheme, baseURL: daemon.baseUrl });
      const page = await context.newPage();
      await page.goto('/login');
      await fillLogin(page, STANDALONE_ADMIN.password);
      await page.getByText('System Online').waitFor();
      if (!generated) {
        // The Articles tab shows articles the offline writer really wrote from the seeded stories.
        await page.goto('/admin?tab=articles');
        await page.getByRole('button', { name: 'Start', exact: true }).click();
        await page.getByTestId('generated-article').nth(2).waitFor({ timeout: 60_000 });
        await page.getByRole('button', { name: 'Stop', exact: true }).click();
        await page.getByText('Idle', { exact: true }).first().waitFor();
        await makeAudio(page);
        generated = true;
      }
      for (const [tab, heading] of CONSOLE_TABS) {
        if (width === 390 && !PHONE_TABS.has(tab)) continue;
        await page.goto(`/admin?tab=${tab}`);
        await page.getByRole('heading', { name: heading, exact: true }).waitFor();
        await page.getByText('System Online').waitFor();
        // Every panel's data in (no "Loading..." left), and the tooltips and toasts gone.
        await page.getByText('Loading...').first().waitFor({ state: 'detached' });
        if (tab === 'articles') await page.getByTestId('generated-article').first().locator('h4 button').click();
        if (tab === 'music') await page.getByTestId('completed-track').first().waitFor({ timeout: 120_000 });
        if (tab === 'interviews') await page.getByTestId('interview-audio').waitFor();
        if (tab === 'podcast') await page.getByTestId('podcast-audio').waitFor();
        if (tab === 'social') {
          await page
            .getByRole('button', { name: /^Social post for/ })
            .first()
            .click();
          await page.getByTestId('social-content').locator('p.whitespace-pre-wrap').waitFor();
        }
        await page.waitForTimeout(300);
        await shoot(width === 1280 ? `console-${tab}-1280` : `console-${tab}-dark-390`, page);
      }
      await context.close();
    }
  } finally {
    await daemon.close();
  }
}

/** The home page's subscribe form at both widths, and the digest a confirmed reader gets (its HTML part, at a mail app's width). */
async function shootDigest(browser: Browser, shoot: (name: string, page: Page, fullPage?: boolean) => Promise<void>) {
  const smtp = await startSmtpServer();
  const daemon = await startStandaloneDaemon({ NEWSCTL_PUBLIC_URL: 'https://news.example.org', NEWSCTL_SCHEDULER: 'false' });
  try {
    await seedConsole(daemon.sql);
    await seedStories(daemon.sql);
    const admin = await openContext(browser, { width: 1280, baseURL: daemon.baseUrl });
    const console = await admin.newPage();
    await console.goto('/login');
    await fillLogin(console, STANDALONE_ADMIN.password);
    await console.getByText('System Online').waitFor();
    const call = async (path: string, body: unknown) => {
      const response = await console.request.post(path, { data: body, timeout: 120_000 });
      if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
      return response.json();
    };
    await call('/api/email', smtpSetting(smtp));
    for (const width of WIDTHS) {
      const context = await openContext(browser, { width, baseURL: daemon.baseUrl });
      const page = await context.newPage();
      await page.goto('/');
      const form = page.getByTestId('digest-signup');
      await form.waitFor();
      await form.getByLabel('Health').check();
      await form.getByLabel('Tech').check();
      await form.getByLabel('E-mail address').fill('reader@example.org');
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await shoot(`digest-signup-${width}`, page, false);
      if (width === 1280) {
        await form.getByRole('button', { name: 'Subscribe' }).click();
        await form.getByRole('status').waitFor();
      }
      await context.close();
    }
    const [confirmation] = await smtp.mailTo('reader@example.org');
    const confirmPath = /https:\/\/news\.example\.org(\/subscriptions\/confirm\?token=\S+)/.exec(confirmation!.text ?? '')![1]!;
    await console.goto(confirmPath);
    await call('/api/digests/send', { frequency: 'daily' });
    const [, digest] = await smtp.mailTo('reader@example.org', 2);
    const mailView = await browser.newContext({ viewport: { width: 640, height: 300 } });
    const mailPage = await mailView.newPage();
    await mailPage.setContent(String(digest!.html));
    await shoot('digest-email', mailPage);
    await mailView.close();
    await admin.close();
  } finally {
    await daemon.close();
    await smtp.close();
  }
}

async function main(): Promise<void> {
  await ensureWebBuild();
  await mkdir(OUT, { recursive: true });
  const daemon = await startStandaloneDaemon();
  const now = Date.now();
  await seedHome(daemon, sampleHomePage(now));
  await seedHome(daemon, { ...searchHome(now), articlesByDomain: searchHome(now).articlesByDomain.slice(2) });
  await seedLatestAudio(daemon, { fileName: 'latest-news.mp3', seconds: 95, generatedAt: new Date(now - 3600_000).toISOString() });
  const browser = await launchChromium();
  const written: string[] = [];
  try {
    const shoot = async (name: string, page: Page, fullPage = true) => {
      const file = join(OUT, `${name}.png`);
      await page.screenshot({ path: file, fullPage });
      written.push(file);
    };
    // SCREENSHOTS=console, public or digest takes that part only.
    const only = process.env.SCREENSHOTS;
    if (!only || only === 'public') for (const width of WIDTHS) await shootWidth(browser, daemon, width, shoot);
    if (!only || only === 'console') await shootConsole(browser, shoot);
    if (!only || only === 'digest') await shootDigest(browser, shoot);
  } finally {
    await browser.close();
    await daemon.close();
  }
  for (const file of written) console.log(file);
}

await main();

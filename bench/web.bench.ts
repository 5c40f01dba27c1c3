// The web app's weight and first paint (web issue "Must show"):
// 1. gzipped JavaScript the browser fetches for `/`, beside the whole build's JavaScript and the
//    console's own JavaScript (what /admin loads beyond `/`'s, which `/` must not load);
// 2. first contentful paint of `/` in headless Chromium with 200 domains × 10 articles seeded in
//    the real daemon, beside the FCP of the 404 page of the same app in the same run (`/` paints its
//    prerendered first screen, the 404 page only once the script ran); and the time until all 200
//    domain cards are on screen, beside an empty home's 'No articles available'.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { launchChromium, openContext } from '../test/e2e/browser/browser.js';
import { largeHomePage } from '../test/e2e/browser/fixtures.js';
import { seedHome } from '../test/e2e/browser/seed.js';
import { STANDALONE_ADMIN, startStandaloneDaemon } from '../test/e2e/browser/standalone-daemon.js';
import { WEB_DIST, ensureWebBuild } from '../test/e2e/browser/web-build.js';

const DOMAINS = 200;
const ARTICLES_PER_DOMAIN = 10;
const RUNS = 7;
const TARGET_KB = 150;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (body: Buffer) => gzipSync(body, { level: 9 }).length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface PageLoad {
  fcp: number;
  /** When the home data had fully arrived (resource timing), if the page asked for it. */
  homeDataAt: number | null;
  /** ms from navigation start until `ready` held (the awaited content was in the DOM). */
  readyAt: number;
  scripts: { url: string; body: Buffer }[];
}

/** One cold visit in a fresh context: FCP and the moment `readySelector` matched `readyCount` times. */
async function visit(browser: Browser, url: string, readySelector: string, readyCount: number): Promise<PageLoad> {
  const context = await openContext(browser, { width: 1280 });
  const page = await context.newPage();
  const scripts: PageLoad['scripts'] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: await response.body() });
  });
  // A string, not a function: tsx would wrap a function's inner names in helpers the page lacks.
  await page.addInitScript(`
    new MutationObserver(() => {
      if (window.readyAt === undefined && document.querySelectorAll(${JSON.stringify(readySelector)}).length >= ${readyCount}) {
        window.readyAt = performance.now();
      }
    }).observe(document, { childList: true, subtree: true });
  `);
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => (window as unknown as { readyAt?: number }).readyAt !== undefined, undefined, { timeout: 60_000 });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const [fcp, readyAt, homeDataAt] = await page.evaluate(() => [
    performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    (window as unknown as { readyAt: number }).readyAt,
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) => entry.name.endsWith('/api/home-page-data'))?.responseEnd ?? null,
  ]);
  await context.close();
  return { fcp, readyAt, homeDataAt, scripts };
}

/** The scripts a logged-in administrator's browser fetches to open /admin on its default tab. */
async function consoleScripts(browser: Browser, baseUrl: string): Promise<PageLoad['scripts']> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(STANDALONE_ADMIN),
  });
  const [name, value] = (login.headers.get('set-cookie') ?? '').split(';')[0]!.split('=');
  const context = await openContext(browser, { width: 1280 });
  await context.addCookies([{ name: name!, value: value!, url: baseUrl }]);
  const page = await context.newPage();
  const scripts: PageLoad['scripts'] = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: await response.body() });
  });
  await page.goto(`${baseUrl}/admin`);
  await page.getByRole('heading', { name: 'Spider Status' }).waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  return scripts;
}

async function main(): Promise<void> {
  await ensureWebBuild();
  const [full, empty] = await Promise.all([startStandaloneDaemon(), startStandaloneDaemon()]);
  const browser = await launchChromium();
  try {
    await seedHome(full, largeHomePage(Date.now(), DOMAINS, ARTICLES_PER_DOMAIN));
    const grid = '[data-testid="domain-grid"] article';
    const home: PageLoad[] = [];
    const notFound: PageLoad[] = [];
    const emptyHome: PageLoad[] = [];
    // A warm-up visit of each kind, then alternating runs so drift hits both sides alike.
    await visit(browser, `${full.baseUrl}/`, grid, DOMAINS);
    await visit(browser, `${full.baseUrl}/no-such-page`, 'h1', 1);
    for (let run = 0; run < RUNS; run++) {
      home.push(await visit(browser, `${full.baseUrl}/`, grid, DOMAINS));
      notFound.push(await visit(browser, `${full.baseUrl}/no-such-page`, 'h1', 1));
      // The empty state's help, not any paragraph: the prerendered first screen has those at once.
      emptyHome.push(await visit(browser, `${empty.baseUrl}/`, '[data-testid="empty-home-help"]', 1));
    }

    const sentForHome = home[0]!.scripts;
    const homeGzip = sentForHome.reduce((sum, script) => sum + gzipSize(script.body), 0);
    const homeRaw = sentForHome.reduce((sum, script) => sum + script.body.length, 0);
    const assets = readdirSync(join(WEB_DIST, 'assets')).filter((file) => file.endsWith('.js'));
    const buildGzip = assets.reduce((sum, file) => sum + gzipSize(readFileSync(join(WEB_DIST, 'assets', file))), 0);
    const homeUrls = new Set(sentForHome.map((script) => script.url));
    const consoleOnly = (await consoleScripts(browser, full.baseUrl)).filter((script) => !homeUrls.has(script.url));
    const consoleGzip = consoleOnly.reduce((sum, script) => sum + gzipSize(script.body), 0);
    const adminLoaded = sentForHome.some((script) => script.url.includes('AdminPage-'));

    console.log(
      `JavaScript for / (gzip -9): ${kb(homeGzip)} in ${sentForHome.length} file(s), ${kb(homeRaw)} uncompressed; target ≤ ${TARGET_KB} KB: ${homeGzip <= TARGET_KB * 1024 ? 'met' : 'NOT met'}`,
    );
    console.log(`  baseline, whole build's JavaScript (gzip -9): ${kb(buildGzip)}; ratio / ÷ build = ${(homeGzip / buildGzip).toFixed(3)}`);
    console.log(
      `  console's own JavaScript, loaded by /admin beyond /'s (gzip -9): ${kb(consoleGzip)} in ${consoleOnly.length} file(s); console chunk loaded by /: ${adminLoaded ? 'yes' : 'no'}`,
    );

    const fcpHome = median(home.map((load) => load.fcp));
    const fcp404 = median(notFound.map((load) => load.fcp));
    console.log(`FCP of / with ${DOMAINS} domains × ${ARTICLES_PER_DOMAIN} articles: median ${fcpHome.toFixed(0)} ms over ${RUNS} cold visits`);
    console.log(`  baseline FCP of the 404 page, same run: median ${fcp404.toFixed(0)} ms; ratio ${(fcpHome / fcp404).toFixed(2)}`);
    console.log(
      `  FCP of an empty home, same run: median ${median(emptyHome.map((load) => load.fcp)).toFixed(0)} ms; home data fully received at median ${median(home.map((load) => load.homeDataAt ?? 0)).toFixed(0)} ms (${median(emptyHome.map((load) => load.homeDataAt ?? 0)).toFixed(0)} ms empty)`,
    );
    const gridReady = median(home.map((load) => load.readyAt));
    const emptyReady = median(emptyHome.map((load) => load.readyAt));
    console.log(`All ${DOMAINS} domain cards in the DOM: median ${gridReady.toFixed(0)} ms after navigation start`);
    console.log(
      `  baseline, empty home's grid state ('No articles available'): median ${emptyReady.toFixed(0)} ms; ratio ${(gridReady / emptyReady).toFixed(2)}`,
    );
  } finally {
    await browser.close();
    await Promise.all([full.close(), empty.close()]);
  }
}

await main();

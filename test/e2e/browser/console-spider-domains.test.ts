// The Spider and Domains tabs (spec 001 §2, §4, §5, §8) against a daemon with seeded data and a
// local news web: the schedule, status panel, activity log and re-fetcher; a real crawl driven by
// Start, Pause, Resume and Stop; the domain list, its controls and counts, the related-site scrape
// and the avoid list — each with its exact texts and toasts.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { startNewsWeb } from '../../fixtures/news-web/index.js';
import { expectToast, openConsoleTab, selectTab, toast } from './console.js';
import { CONSOLE_DOMAINS, resetConsole, seedConsole, SPIDER_ACTIVITY } from './console-seed.js';
import { answer, browserSuite } from './harness.js';
import { jobStates } from '../../../src/services/platform/jobs/index.js';

const web = await startNewsWeb({ sites: 1, articlesPerSite: 3, hostile: true });
afterAll(() => web.close());
const site = web.sites[0]!;
// With its port, as the crawler keys the articles of a site it has crawled (domain_name).
const relatedHost = new URL(web.hostile!.urls.hostileLinks).host;

const suite = browserSuite({
  env: {
    NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(','),
    NEWSCTL_RELATED_SITES: web.hostile!.urls.hostileLinks,
    NEWSCTL_SCHEDULER: 'false',
  },
  reset: resetConsole,
});

const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('Spider tab', () => {
  it('shows the schedule, the last run, its activity with NEW: lines highlighted, the re-fetcher result and the system log', async () => {
    await seedConsole(suite.server().sql);
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Spider');

    const schedule = panel(page, 'Spider Schedule');
    expect(await schedule.getByRole('row').allInnerTexts()).toEqual([
      'DAYS\tHOURS\tCADENCE\tRUNS',
      'Weekdays\t06:00–18:00\tEvery hour at :01\t12',
      'Weekdays\t18:00–06:00\tEvery 2 hours at :01\t6',
      'Weekends\t06:00–18:00\tEvery 2 hours at :01\t6',
      'Weekends\t18:00–06:00\tEvery 4 hours at :01\t3',
      'Per day\t\tWeekdays 18, weekends 9\t',
    ]);
    // The schedule's next crawl, from the spider's row of the schedule (GET /api/jobs), in the product's zone.
    const nextAt = (await jobStates(suite.server().ctx)).find((job) => job.name === 'spider')!.schedule!.nextAt!;
    expect(new Date(nextAt).getUTCMinutes()).toBe(1);
    expect(await schedule.getByTestId('next-spider').textContent()).toMatch(/^Next crawl: (Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2}:01 (AM|PM) C[SD]T$/);
    for (const label of ['Spider minute A', 'Spider minute B']) {
      const field = schedule.getByLabel(label);
      expect(await field.isDisabled()).toBe(true);
      expect(await field.inputValue()).toBe('1');
    }
    expect(await schedule.getByRole('button', { name: /Save/ }).count()).toBe(0);
    // Shown disabled (spec 001 §2): they looked exactly like editable fields.
    const looks = await schedule.getByLabel('Spider minute A').evaluate((input) => {
      const enabled = input.cloneNode() as HTMLInputElement;
      enabled.disabled = false;
      input.after(enabled);
      const look = (element: Element) => ({ background: getComputedStyle(element).backgroundColor, cursor: getComputedStyle(element).cursor });
      const result = { disabled: look(input), enabled: look(enabled) };
      enabled.remove();
      return result;
    });
    expect(looks.disabled.background).not.toBe(looks.enabled.background);
    expect(looks.disabled.cursor).toBe('not-allowed');

    const status = panel(page, 'Spider Status');
    await status.getByText('Rate-limited web scraping (1 req/sec)').waitFor();
    await status.getByText('Idle', { exact: true }).first().waitFor();
    expect(await status.getByTestId('spider-progress-text').textContent()).toBe('Idle');
    expect(await status.getByTestId('sites-processed').textContent()).toBe('5 / 5');
    expect(await status.getByTestId('articles-found').textContent()).toBe('23');
    await status.getByText('6m 12s', { exact: true }).waitFor();
    expect(await status.getByRole('button', { name: 'Start', exact: true }).isEnabled()).toBe(true);
    expect(await status.getByRole('button', { name: 'Pause' }).isDisabled()).toBe(true);
    expect(await status.getByRole('button', { name: 'Stop', exact: true }).isDisabled()).toBe(true);

    const lines = status.getByTestId('spider-activity').locator('li');
    expect(await lines.allTextContents()).toEqual(SPIDER_ACTIVITY);
    const highlighted = await lines.evaluateAll((items) => items.map((item) => getComputedStyle(item).backgroundColor !== 'rgba(0, 0, 0, 0)'));
    expect(highlighted).toEqual(SPIDER_ACTIVITY.map((line) => line.includes('NEW:')));
    // The activity box is the spec's 16rem scroll area.
    expect(await status.getByLabel('Recent spider activity').evaluate((box) => getComputedStyle(box).height)).toBe('256px');

    const refetcher = status.getByTestId('refetcher');
    await refetcher
      .getByText('One-time tool to re-spider articles with short or missing content (≤500 words). Runs slowly with 2-second pauses between requests.')
      .waitFor();
    await refetcher.getByText('✓ Re-fetch completed: 31 articles updated, 9 failed').waitFor();

    const log = page.getByTestId('system-log');
    await log.getByText('Model call failed after 3 attempts: 429 Too Many Requests').waitFor();
    const components = await log.getByTestId('log-entry').evaluateAll((entries) => entries.map((entry) => entry.querySelector('span')?.textContent ?? ''));
    expect(components).toEqual(expect.arrayContaining(['SPIDER', 'GENERATOR', 'AI_MODEL', 'DOMAIN_MANAGER', 'TRENDS']));
    // Times in 24-hour form.
    for (const time of await log.locator('time').allTextContents()) expect(time).toMatch(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
  });

  it('fits the schedule on a 390 px screen and gives each log message room to read', async () => {
    await seedConsole(suite.server().sql);
    const { page } = await suite.visit({ width: 390 });
    await openConsoleTab(page, 'Spider');

    // The schedule's Runs column was cut at the card's edge ("1" of 12), the table scrolling sideways.
    const table = panel(page, 'Spider Schedule').getByRole('table', { name: 'Spider schedule' });
    await table.waitFor();
    const overflow = await table.evaluate((element) => element.parentElement!.scrollWidth - element.parentElement!.clientWidth);
    expect(overflow).toBe(0);

    // A message beside the DOMAIN_MANAGER badge had ~70 px, its words broken mid-way; now it
    // takes a line of its own when the space beside the badge is short.
    const log = page.getByTestId('system-log');
    await log.getByText('Domain added: coastalcourier.example').waitFor();
    const widths = await log
      .getByTestId('log-entry')
      .evaluateAll((entries) => entries.map((entry) => entry.lastElementChild!.getBoundingClientRect().width / entry.getBoundingClientRect().width));
    for (const share of widths) expect(share).toBeGreaterThan(0.6);
  });

  it('keeps a long system log inside its scroll box, the page ending with the console', async () => {
    const sql = suite.server().sql;
    await seedConsole(sql);
    // 90 older entries, warnings and errors among them, far below the box's visible part.
    for (let n = 0; n < 90; n++) {
      await sql`insert into logs (timestamp, component, level, message)
                values (${new Date(Date.now() - (200 + n) * 60_000).toISOString()}, 'SPIDER', ${n % 3 === 0 ? 'error' : n % 3 === 1 ? 'warning' : 'info'}, ${`Old entry ${n}`})`;
    }
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Spider');
    await page.getByTestId('system-log').getByText('Old entry 89', { exact: true }).waitFor({ state: 'attached' });
    // The hidden "error:"/"warning:" words of the entries below the fold escaped the box and
    // stretched the page by some 1,500 px of blank space.
    const below = await page.evaluate(
      () => document.documentElement.scrollHeight - (document.querySelector('main')!.getBoundingClientRect().bottom + window.scrollY),
    );
    expect(below).toBeLessThanOrEqual(1);
  });

  it('shows the empty states before any run', async () => {
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Spider');
    const status = panel(page, 'Spider Status');
    await status.getByText('No recent spider activity').waitFor();
    expect(await status.getByTestId('sites-processed').textContent()).toBe('0 / 0');
    await status.getByText('0m', { exact: true }).waitFor();
    expect(await status.getByText(/Re-fetch completed/).count()).toBe(0);
  });

  it('crawls a site through Start, Pause, Resume and Stop, with the live progress and the spec toasts', async () => {
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Domains');
    await page.getByPlaceholder(`Add new domain (e.g., ${relatedHost})`).fill(site.origin);
    await page.getByPlaceholder(`Add new domain (e.g., ${relatedHost})`).press('Enter');
    await expectToast(page, 'Domain added successfully');

    await selectTab(page, 'Spider');
    const status = panel(page, 'Spider Status');
    await status.getByRole('button', { name: 'Start', exact: true }).click();
    await expectToast(page, 'Spider started successfully');
    await status.getByText('Running', { exact: true }).waitFor();
    expect(await status.getByRole('button', { name: 'Start', exact: true }).isDisabled()).toBe(true);
    expect(await status.getByRole('button', { name: 'Start Re-fetcher' }).isDisabled()).toBe(true);
    await status
      .getByTestId('spider-progress-text')
      .filter({ hasText: `Processing ${site.origin.replace('http://', '')}` })
      .or(status.getByTestId('spider-progress-text').filter({ hasText: /^Processing / }))
      .waitFor();

    await status.getByRole('button', { name: 'Pause' }).click();
    await expectToast(page, 'Spider paused successfully');
    await status.getByRole('button', { name: 'Resume' }).waitFor();
    expect(await status.getByRole('button', { name: 'Pause' }).isDisabled()).toBe(true);
    await status.getByRole('button', { name: 'Resume' }).click();
    await expectToast(page, 'Spider resumed successfully');

    // New articles arrive as live activity lines, highlighted.
    const firstNew = status.getByTestId('spider-activity').locator('li').filter({ hasText: 'NEW:' }).first();
    await firstNew.waitFor({ timeout: 20_000 });
    expect(await firstNew.evaluate((item) => getComputedStyle(item).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');

    await status.getByRole('button', { name: 'Stop', exact: true }).click();
    await expectToast(page, 'Spider stopped successfully');
    await status.getByText('Idle', { exact: true }).first().waitFor();
    expect(await status.getByTestId('spider-progress-text').textContent()).toBe('Idle');
    expect(Number(await status.getByTestId('articles-found').textContent())).toBeGreaterThanOrEqual(1);
    // The run's summary is logged once the crawl share has wound down: seconds on a loaded machine.
    await page
      .getByTestId('system-log')
      .getByText(/^Spider stopped/)
      .first()
      .waitFor({ timeout: 30_000 });
    // A real crawl with pauses: minutes on a busy 2-core machine, not the suite's 30 s default.
  }, 120_000);

  it('runs the re-fetcher over short articles with its progress, Stop and completion line', async () => {
    const sql = suite.server().sql;
    const [domain] = await sql<{ id: number }[]>`insert into domains (url, host) values (${site.origin}, ${site.origin.replace('http://', '')}) returning id`;
    for (const article of site.articles.filter((a) => !a.disallowed)) {
      await sql`insert into articles (domain_id, domain_name, source_url, canonical_url, title, content, word_count)
                values (${domain!.id}, ${site.host}, ${article.url}, ${article.url}, ${article.title}, 'Too short.', 2)`;
    }
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Spider');
    const refetcher = page.getByTestId('refetcher');
    await refetcher.getByRole('button', { name: 'Start Re-fetcher' }).click();
    await expectToast(page, 'Article re-fetcher started successfully');
    expect(await refetcher.getByRole('button', { name: 'Start Re-fetcher' }).isDisabled()).toBe(true);
    await refetcher.getByRole('progressbar', { name: 'Re-fetch progress' }).waitFor();
    await refetcher.getByText('Processed').waitFor();
    await refetcher.getByText('Remaining').waitFor();
    await refetcher.getByText(/^1 \/ 3$|^2 \/ 3$/).waitFor({ timeout: 15_000 });
    await refetcher.getByRole('button', { name: 'Stop re-fetcher' }).click();
    await expectToast(page, 'Article re-fetcher stopped successfully');
    await refetcher.getByText(/^✓ Re-fetch completed: \d+ articles updated, \d+ failed$/).waitFor();
    expect(await refetcher.getByRole('button', { name: 'Start Re-fetcher' }).isEnabled()).toBe(true);
  });

  it("shows the server's message or the spec's fallback when a control fails", async () => {
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Spider');
    const restore = await answer(page, '/api/spider/start', { status: 503, body: JSON.stringify({ message: 'Database unavailable' }) });
    await panel(page, 'Spider Status').getByRole('button', { name: 'Start', exact: true }).click();
    await expectToast(page, 'Error', 'Database unavailable');
    await answer(page, '/api/spider/refetch/start', { status: 500, body: '{}' });
    await page.getByRole('button', { name: 'Start Re-fetcher' }).click();
    await expectToast(page, 'Error', 'Failed to control article re-fetcher');
    await restore();
    await answer(page, '/api/spider/start', { status: 500, body: '' });
    await panel(page, 'Spider Status').getByRole('button', { name: 'Start', exact: true }).click();
    await expectToast(page, 'Error', 'Failed to control spider');
  });
});

describe('Domains tab', () => {
  it('lists domains by priority with their notes, controls and counts, and the related sites', async () => {
    const sql = suite.server().sql;
    await seedConsole(sql);
    await sql`insert into articles (domain_name, source_url, canonical_url, title)
              values (${relatedHost}, 'http://x/1', 'http://x/1', 'a'), (${relatedHost}, 'http://x/2', 'http://x/2', 'b')`;
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Domains');
    const management = panel(page, 'Domain Management');
    await management.getByText('Currently spidering 5 domain(s)').waitFor();
    const rows = management.getByTestId('domain-row');
    await rows.first().waitFor();
    const texts = await rows.evaluateAll((items) => items.map((item) => item.querySelector('div')?.textContent ?? ''));
    // Each name with its notes, then its extraction rules' button (none set: no ✓).
    expect(texts).toEqual([
      'harbourgazette.example(Success)Rules',
      'metroledger.example(Custom URL)Rules',
      'coastalcourier.exampleRules',
      'valleytribune.example(Error: No articles found on the start page, in its feeds …)Rules',
      'summitpost.example(Success)Rules',
      'clickfarm.exampleRules',
    ]);
    expect(await management.getByLabel('Priority of valleytribune.example').inputValue()).toBe('4');
    expect(await management.getByLabel('Status of clickfarm.example').inputValue()).toBe('avoided');
    expect(await management.getByLabel('Status of harbourgazette.example').locator('option').allTextContents()).toEqual([
      'Active',
      'Success',
      'Error',
      'Avoided',
    ]);
    await management.getByText('2s', { exact: true }).first().waitFor();
    expect(await management.getByTestId('domain-counts').textContent()).toBe('Total: 6 | Active: 2 | Success: 2 | Errors: 1');
    // The column headings sit on one line, each over its column ("Throttle" wrapped to THROT/TLE).
    const headings = await management.getByText('Throttle', { exact: true }).evaluate((throttle) => {
      const boxes = Array.from(throttle.parentElement!.children).map((span) => span.getBoundingClientRect());
      const lineHeight = parseFloat(getComputedStyle(throttle).lineHeight);
      return { heights: boxes.map((box) => box.height).filter((height) => height > 0), lineHeight, overflow: throttle.scrollWidth > throttle.clientWidth };
    });
    for (const height of headings.heights) expect(height).toBeLessThanOrEqual(headings.lineHeight);
    expect(headings.overflow).toBe(false);
    const throttleHeading = await management.getByText('Throttle', { exact: true }).boundingBox();
    const throttleCell = await management.getByLabel('Throttle 2 seconds').first().boundingBox();
    expect(Math.abs(throttleHeading!.x + throttleHeading!.width / 2 - (throttleCell!.x + throttleCell!.width / 2))).toBeLessThanOrEqual(1);
    // The list is the spec's 24rem scroll area at most.
    expect(await management.getByRole('list', { name: 'Domains' }).evaluate((list) => getComputedStyle(list).maxHeight)).toBe('384px');

    const related = panel(page, 'Related Source Domains');
    await related.getByText('These domains are used to discover related sources for generated articles').waitFor();
    await related.getByText(relatedHost, { exact: true }).waitFor();
    await related.getByText('2 articles spidered').waitFor();
    await management.getByRole('button', { name: `Scrape Domains from ${relatedHost}` }).waitFor();
    expect(CONSOLE_DOMAINS.length).toBe(6);
  });

  it('adds, re-prioritises, changes the status of and removes domains, with the spec toasts', async () => {
    await seedConsole(suite.server().sql);
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Domains');
    const management = panel(page, 'Domain Management');
    const input = management.getByPlaceholder(`Add new domain (e.g., ${relatedHost})`);

    await input.fill('   ');
    await management.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, 'Error', 'Please enter a domain');

    await input.fill('freshnews.example');
    await management.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, 'Domain added successfully');
    await management.getByText('freshnews.example', { exact: true }).waitFor();
    expect(await input.inputValue()).toBe('');
    await input.fill('freshnews.example');
    await input.press('Enter');
    await expectToast(page, 'Error', 'Domain freshnews.example is already in the list');

    // Priority 10 moves it to the top; text that is no number is ignored.
    const priority = management.getByLabel('Priority of freshnews.example');
    await priority.fill('10');
    await priority.press('Enter');
    await management.getByTestId('domain-row').first().getByText('freshnews.example').waitFor();
    const stored = async () =>
      (await suite.server().sql<{ priority: number | null }[]>`select priority from domains where url = 'freshnews.example'`)[0]!.priority;
    expect(await stored()).toBe(10);
    await priority.fill('');
    await priority.blur();
    expect(await priority.inputValue()).toBe('10');
    expect(await stored()).toBe(10);

    await management.getByLabel('Status of freshnews.example').selectOption('error');
    await expectToast(page, 'Domain status updated successfully');
    await management.getByTestId('domain-counts').getByText('Errors: 2').waitFor();
    await management.getByLabel('Status of freshnews.example').selectOption('avoided');
    await expectToast(page, 'Domain status updated successfully');
    await page.getByTestId('avoid-entries').getByText('freshnews.example').waitFor();
    await management.getByText('Currently spidering 5 domain(s)').waitFor();

    await management.getByRole('button', { name: 'Remove freshnews.example' }).click();
    await expectToast(page, 'Domain removed successfully');
    await management.getByText('freshnews.example', { exact: true }).waitFor({ state: 'detached' });

    // An internationalised name is stored encoded and shown in Unicode (the stored form as a tooltip);
    // a lookalike of another script keeps its encoded form.
    await input.fill('bücher.example');
    await input.press('Enter');
    await expectToast(page, 'Domain added successfully');
    const idn = management.getByText('bücher.example', { exact: true });
    await idn.waitFor();
    expect(await idn.getAttribute('title')).toBe('xn--bcher-kva.example');
    expect(await management.getByLabel('Priority of bücher.example').inputValue()).toBe('4');
    expect((await suite.server().sql<{ url: string }[]>`select url from domains where host = 'xn--bcher-kva.example'`)[0]!.url).toBe('xn--bcher-kva.example');
    await input.fill('аpple.example');
    await input.press('Enter');
    await management.getByText('xn--pple-43d.example', { exact: true }).waitFor();
    await management.getByRole('button', { name: 'Remove bücher.example' }).click();
    await expectToast(page, 'Domain removed successfully');

    await answer(page, '/api/domains/1', { status: 500, body: '{}' });
    await management.getByLabel('Status of harbourgazette.example').selectOption('active');
    await expectToast(page, 'Error', 'Failed to update status');
    await management.getByLabel('Priority of harbourgazette.example').fill('2');
    await management.getByLabel('Priority of harbourgazette.example').press('Enter');
    await expectToast(page, 'Error', 'Failed to update priority');
    await management.getByRole('button', { name: 'Remove harbourgazette.example' }).click();
    await expectToast(page, 'Error', 'Failed to remove domain');
  });

  it('shows the empty list and scrapes the related site, with "Scraping..." while it works', async () => {
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Domains');
    const management = panel(page, 'Domain Management');
    await management.getByText('No domains configured. Add some domains to start scraping.').waitFor();
    await management.getByText('Currently spidering 0 domain(s)').waitFor();

    const slow = async (route: Route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    };
    await page.route('**/api/domains/scrape-related', slow);
    await management.getByRole('button', { name: `Scrape Domains from ${relatedHost}` }).click();
    await management.getByRole('button', { name: 'Scraping...' }).waitFor();
    await expectToast(page, 'Scrape Complete', `Found 1 linked domain on ${relatedHost}: 1 added, 0 already known or avoided`);
    await management.getByText('elsewhere.invalid', { exact: true }).waitFor();

    await page.unroute('**/api/domains/scrape-related', slow);
    await answer(page, '/api/domains/scrape-related', { status: 502, body: '{}' });
    await management.getByRole('button', { name: `Scrape Domains from ${relatedHost}` }).click();
    await expectToast(page, 'Error', `Failed to scrape domains from ${relatedHost}`);
  });

  it('adds to and removes from the avoid list, the reason optional and Enter submitting', async () => {
    await seedConsole(suite.server().sql);
    const { page, requestsTo } = await suite.visit();
    await openConsoleTab(page, 'Domains');
    const avoid = panel(page, 'Domain Avoid List');
    const entries = avoid.getByTestId('avoid-entries');
    await entries.getByText('Copies other sites word for word').waitFor();

    await avoid.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, 'Error', 'Please enter a domain to avoid');

    await avoid.getByLabel('Reason (optional)').fill('  Paywalled everywhere  ');
    await avoid.getByLabel('Domain to avoid').fill('  paywall.example ');
    // Spec 001 §5: Enter without Shift submits; Shift+Enter does not (the form's own implicit
    // submission used to send it anyway).
    const posts = () => requestsTo('POST', '/api/avoid-domains').length;
    await avoid.getByLabel('Domain to avoid').press('Shift+Enter');
    await page.waitForTimeout(300);
    expect(posts()).toBe(0);
    expect(await toast(page).count()).toBe(0);
    await avoid.getByLabel('Domain to avoid').press('Enter');
    await expectToast(page, 'Avoid domain added successfully');
    await entries.getByText('Paywalled everywhere', { exact: true }).waitFor();
    expect(await suite.server().sql`select url, reason from avoid_domains where url = 'paywall.example'`).toEqual([
      { url: 'paywall.example', reason: 'Paywalled everywhere' },
    ]);
    expect(await avoid.getByLabel('Domain to avoid').inputValue()).toBe('');

    await avoid.getByLabel('Domain to avoid').fill('nothing-said.example');
    await avoid.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, 'Avoid domain added successfully');
    expect(await suite.server().sql`select reason from avoid_domains where url = 'nothing-said.example'`).toEqual([{ reason: null }]);

    await avoid.getByLabel('Domain to avoid').fill('nothing-said.example');
    await avoid.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, 'Error', 'nothing-said.example is already on the avoid list');

    await avoid.getByRole('button', { name: 'Remove paywall.example from the avoid list' }).click();
    await expectToast(page, 'Avoid domain removed successfully');
    await entries.getByText('paywall.example').waitFor({ state: 'detached' });
  });

  it("falls back to the spec's texts when a write fails without a message (spec 001 §8)", async () => {
    await seedConsole(suite.server().sql);
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Domains');
    const management = panel(page, 'Domain Management');
    await management.getByTestId('domain-row').first().waitFor();
    const avoid = panel(page, 'Domain Avoid List');
    await avoid.getByTestId('avoid-entries').getByText('Copies other sites word for word').waitFor();
    // Every write of the tab answered 500 with an empty body; the lists keep what they loaded.
    const writes = (url: URL) => url.pathname === '/api/domains' || url.pathname.startsWith('/api/avoid-domains');
    await page.route(writes, (route) =>
      route.request().method() === 'GET' ? route.continue() : route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );

    await management.getByPlaceholder(/^Add new domain/).fill('refused.example');
    await management.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, 'Error', 'Failed to add domain');

    await avoid.getByLabel('Domain to avoid').fill('refused.example');
    await avoid.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, 'Error', 'Failed to add avoid domain');
    await avoid
      .getByRole('button', { name: /from the avoid list$/ })
      .first()
      .click();
    await expectToast(page, 'Error', 'Failed to remove avoid domain');
    expect(await suite.server().sql`select url from avoid_domains where url = 'refused.example'`).toEqual([]);
  });
});

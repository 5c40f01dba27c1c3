// The home page in Chromium against the real daemon: masthead, search box, trends card with its
// tabs and links, domain grid, and the live channel.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { LONG_TITLE, sampleHomePage } from './fixtures.js';
import { answer, browserSuite, delay, until } from './harness.js';
import { liveWelcome } from './live.js';
import { audioAddress, seedHome, seedLatestAudio } from './seed.js';

const ASSISTANT = 'http://assistant.test/';
const suite = browserSuite({ env: { NEWSCTL_ASSISTANT_URL: ASSISTANT } });
const NOW = Date.parse('2025-03-10T15:00:00Z');
const TAB_LABELS = ['Health', 'Food', 'Finance', 'USA', 'Intl.', 'Tech', 'Energy', 'Science'];

/** Sample content, with the server clock pinned to NOW so that ages are exact. */
async function openSampleHome(page: Page): Promise<void> {
  await seedHome(suite.server(), sampleHomePage(NOW));
  await answer(page, '/api/current-time', { status: 200, body: JSON.stringify({ utcTime: new Date(NOW).toISOString() }) });
  await page.goto('/');
}

describe('home page with data', () => {
  it('shows the masthead, the run times in the product time zone, and the current time', async () => {
    const { page } = await suite.visit();
    await openSampleHome(page);
    await page.getByRole('img', { name: 'newsctl: the latest news' }).waitFor();
    // January is CST, July is CDT (decisions.md "Time").
    await page.getByText('Last crawl at 3:05 PM CST | Last trends analysis at 12:30 PM CDT').waitFor();
    // The server clock (15:00 UTC in March, after the DST switch) in the product zone.
    await page.getByTestId('current-time').waitFor();
    expect(await page.getByTestId('current-time').textContent()).toBe('10:00 AM CDT');
    expect(await page.title()).toBe('newsctl');
  });

  it('orders domain cards by priority with capitalised names, favicons, cut titles and ages', async () => {
    const { page } = await suite.visit();
    // Icons for two sources; the third has none of its own and shows the initial the daemon draws.
    await page.route(
      (url) => url.pathname.startsWith('/favicons/') && !url.pathname.includes('lowpriority'),
      (route) =>
        route.fulfill({
          contentType: 'image/svg+xml',
          body: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" fill="#f59e0b"/></svg>',
        }),
    );
    await openSampleHome(page);
    const grid = page.getByTestId('domain-grid');
    await grid.waitFor();
    const cards = grid.locator('article');
    expect(await cards.locator('h3').allTextContents()).toEqual(['Headline.example', 'Citydesk.example', 'Lowpriority.example']);
    expect(
      await cards
        .first()
        .locator('header')
        .evaluate((el) => getComputedStyle(el).backgroundColor),
    ).toBe('rgb(0, 0, 0)');
    await page.waitForFunction(() => {
      const icon = document.querySelectorAll<HTMLImageElement>('[data-testid="domain-grid"] article img')[2];
      return icon?.complete && icon.naturalWidth > 0;
    });
    expect(await cards.nth(2).locator('img').getAttribute('src')).toBe('/favicons/lowpriority.example');
    expect(await cards.nth(0).locator('img').getAttribute('src')).toBe('/favicons/headline.example');
    await page.waitForFunction(() => (document.querySelector('[data-testid="domain-grid"] img') as HTMLImageElement | null)?.complete);
    expect(await cards.nth(0).locator('img').isVisible()).toBe(true);
    const citydesk = cards.nth(1);
    const first = citydesk.locator('a').first();
    expect(await first.textContent()).toBe(`${LONG_TITLE.slice(0, 120)}…`);
    expect(await first.getAttribute('title')).toBe(LONG_TITLE);
    expect(await first.getAttribute('target')).toBe('_blank');
    expect(await first.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await first.getAttribute('href')).toMatch(/^https:\/\/citydesk\.example\/story\//);
    expect(await citydesk.locator('li > span').allTextContents()).toEqual(['1 minute ago', '1 minute ago', '5 minutes ago']);
    expect(await cards.nth(0).locator('li > span').allTextContents()).toEqual(['1 hour ago', '2 hours ago', '49 hours ago']);
    expect(await cards.nth(2).locator('li > span').allTextContents()).toEqual(['45 minutes ago']);
  });

  it('offers eight topic tabs, health first, and shows each topic', async () => {
    const { page } = await suite.visit();
    await openSampleHome(page);
    const tabs = page.getByRole('tab');
    await page.getByTestId('topic-articles').waitFor();
    expect(await tabs.allTextContents()).toEqual(TAB_LABELS);
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Health');
    const topics = ['health', 'food', 'finance', 'usa', 'international', 'tech', 'energy'];
    for (const [index, topic] of topics.entries()) {
      await tabs.nth(index).click();
      expect(await page.getByRole('tab', { selected: true }).textContent()).toBe(TAB_LABELS[index]);
      const panel = page.getByRole('tabpanel');
      await panel.getByText(`(${topic} trend)`).first().waitFor();
      await panel.getByText('Trends:').waitFor();
      await panel.getByText('Articles:').waitFor();
      const articles = panel.getByTestId('topic-articles').locator('li');
      expect(await articles.first().locator('span').textContent()).toBe(`3 minutes ago · ${topic}news.example`);
      expect(await articles.first().locator('a').getAttribute('target')).toBe('_blank');
    }
    await page.getByRole('tab', { name: 'Science' }).click();
    await page.getByText('No recent articles found for Science').waitFor();
  });

  it('moves between tabs with the arrow keys', async () => {
    const { page } = await suite.visit();
    await openSampleHome(page);
    await page.getByRole('tab', { name: 'Health' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Food');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Science');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Science');
  });

  it('links trends to their story page, and to the assistant for implications', async () => {
    const { page } = await suite.visit();
    await openSampleHome(page);
    const { promptText } = (await (await fetch(`${suite.server().baseUrl}/api/analyze-implications-prompt`)).json()) as { promptText: string };
    expect(promptText).toContain('{trend}');
    const trends = page.getByTestId('trends-list').locator('li');
    await trends.first().waitFor();
    // The assistant's links come with its settings, after the list: counted once they are there.
    await page.waitForFunction(() => document.querySelector('[data-testid="trends-list"] a[target]') !== null);
    const title = 'New study links daily walks to better sleep (health trend)';
    // Every trend links to its story page (which links our article when there is one).
    expect(await trends.nth(0).getByRole('link', { name: title }).getAttribute('href')).toMatch(
      /^\/story\/\d+-new-study-links-daily-walks-to-better-sleep-health-trend$/,
    );
    const second = trends.nth(1).getByRole('link');
    expect(await second.count()).toBe(2);
    expect(await second.first().getAttribute('href')).toMatch(/^\/story\/\d+-/);
    const implications = trends.nth(0).getByRole('link', { name: 'analyze implications' });
    const href = new URL((await implications.getAttribute('href')) ?? '');
    expect(href.origin + href.pathname).toBe(`${ASSISTANT}received`);
    expect(href.searchParams.get('query')).toBe(promptText.replaceAll('{trend}', title));
    expect(href.searchParams.has('url')).toBe(false);
    expect(await implications.getAttribute('target')).toBe('_blank');
    expect(await implications.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('asks the AI in a new tab with the question and the topic page, ignoring an empty question', async () => {
    const { page, context, requestsTo } = await suite.visit();
    await context.route(`${ASSISTANT}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Assistant</title>' }));
    await openSampleHome(page);
    await page.getByRole('tab', { name: 'Finance' }).click();
    const box = page.getByRole('textbox', { name: /Ask the AI/ });
    await page.getByText('NEW', { exact: true }).waitFor();
    await box.fill('   ');
    await page.getByRole('button', { name: 'Submit' }).click();
    await box.fill('  Will rates fall?  ');
    const popupOpened = context.waitForEvent('page');
    await box.press('Enter');
    const popup = await popupOpened;
    await popup.waitForLoadState();
    const opened = new URL(popup.url());
    expect(opened.origin + opened.pathname).toBe(`${ASSISTANT}received`);
    expect(opened.searchParams.get('query')).toBe('Will rates fall?');
    expect(opened.searchParams.get('url')).toBe(`${suite.server().baseUrl}/finance.html`);
    // Without opener or referrer.
    expect(await popup.evaluate(() => window.opener === null && document.referrer === '')).toBe(true);
    // The blank question opened nothing: the only visit is the real one.
    expect(requestsTo('GET', '/received')).toHaveLength(1);
  });

  it('searches for the trimmed, URL-encoded text and ignores an empty search', async () => {
    const { page } = await suite.visit();
    await openSampleHome(page);
    const search = page.getByRole('searchbox', { name: 'Search articles' });
    await search.fill('   ');
    await search.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/');
    await search.fill('  flu & cold  ');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.search === '?q=flu%20%26%20cold');
    await page.getByRole('heading', { name: 'Search results for flu & cold' }).waitFor();
  });
});

describe('site settings', () => {
  it('loads them again when the first request fails, so the times, player and assistant links work', async () => {
    const { page, requestsTo } = await suite.visit();
    await seedHome(suite.server(), sampleHomePage(NOW));
    await seedLatestAudio(suite.server(), { fileName: 'latest-news.mp3', seconds: 3, generatedAt: new Date(NOW).toISOString() });
    let failures = 1;
    await page.route(
      (url) => url.pathname === '/api/site-info',
      async (route) => {
        if (failures-- > 0) await route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' });
        else await route.continue();
      },
    );
    await page.goto('/');
    await page.getByText('Last crawl at 3:05 PM CST | Last trends analysis at 12:30 PM CDT').waitFor();
    await page.getByTestId('current-time').waitFor();
    await page.getByRole('heading', { name: 'newsctl News Podcast' }).waitFor();
    await page.getByTestId('trends-list').getByRole('link', { name: 'analyze implications' }).first().waitFor();
    expect(requestsTo('GET', '/api/site-info')).toHaveLength(2);
  });
});

describe('expanded topics', () => {
  it('remembers an opened trend list in localStorage across visits', async () => {
    const { page } = await suite.visit();
    await seedHome(suite.server(), sampleHomePage(NOW));
    await page.goto('/');
    const trends = page.getByTestId('trends-list').locator('li');
    await trends.first().waitFor();
    expect(await trends.count()).toBe(3);
    expect(await page.evaluate(() => localStorage.getItem('expandedTopics'))).toBe('[]');
    // Six health trends are seeded; the daemon sends the top five.
    await page.getByRole('button', { name: 'Show all 5 trends' }).click();
    expect(await trends.count()).toBe(5);
    expect(await page.evaluate(() => localStorage.getItem('expandedTopics'))).toBe('["health"]');
    await page.reload();
    await page.getByRole('button', { name: 'Show fewer trends' }).click();
    expect(await trends.count()).toBe(3);
    expect(await page.evaluate(() => localStorage.getItem('expandedTopics'))).toBe('[]');
  });
});

describe('home page without data', () => {
  it("shows 'Never', the empty states and no podcast player", async () => {
    const { page, requestsTo } = await suite.visit();
    await page.goto('/');
    await page.getByText('No articles available').waitFor();
    await page.getByText('Last crawl at Never | Last trends analysis at Never').waitFor();
    await page.getByText('No recent articles found for Health').waitFor();
    await page.getByText('No trends for Health yet.').waitFor();
    await page.getByRole('tab', { name: 'Intl.' }).click();
    await page.getByText('No recent articles found for Intl.').waitFor();
    expect(requestsTo('GET', '/api/latest-news-audio')).toHaveLength(1);
    expect(await page.getByRole('heading', { name: /News Podcast/ }).count()).toBe(0);
    // No trends, so the implications prompt is never needed.
    expect(requestsTo('GET', '/api/analyze-implications-prompt')).toHaveLength(0);
  });

  it("shows 'Loading articles...' while the home data loads", async () => {
    const { page } = await suite.visit();
    await delay(page, '/api/home-page-data', 1500);
    await page.goto('/');
    await page.getByText('Loading articles...').waitFor();
    await page.getByText('No articles available').waitFor();
  });
});

describe("the home page's first screen", () => {
  it('is drawn from the HTML before the script arrives, and the app takes its place without a second copy', async () => {
    const { page } = await suite.visit();
    await seedHome(suite.server(), sampleHomePage(NOW));
    let releaseScript: () => void = () => {};
    const scriptHeld = new Promise<void>((resolve) => (releaseScript = resolve));
    await page.route(
      (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
      async (route) => {
        await scriptHeld;
        await route.continue();
      },
    );
    // 'commit': a module script holds DOMContentLoaded back until it ran.
    await page.goto('/', { waitUntil: 'commit' });
    // No script has run: what shows is index.html's own markup.
    await page.getByRole('img', { name: 'The latest news' }).waitFor();
    await page.getByText('Loading articles...').waitFor();
    expect(await page.getByRole('tab').count()).toBe(TAB_LABELS.length);
    releaseScript();
    await page.getByRole('img', { name: 'newsctl: the latest news' }).waitFor();
    await page.locator('[data-testid="domain-grid"] article').first().waitFor();
    expect(await page.locator('main#main').count()).toBe(1);
    expect(await page.getByRole('img', { name: /the latest news/ }).count()).toBe(1);
    expect(await page.getByText('Loading articles...').count()).toBe(0);
  });
});

describe('live channel on the home page', () => {
  it('reloads home data on home_data_updated and shows new audio on latest_news_audio', async () => {
    const { page } = await suite.visit();
    const connected = liveWelcome(page);
    await page.goto('/');
    await page.getByText('No articles available').waitFor();
    await connected;

    const server = suite.server();
    await seedHome(server, sampleHomePage(Date.now()));
    server.ctx.events.emit('home_data_updated', {});
    await page.getByTestId('domain-grid').waitFor();

    await page.evaluate(() => {
      window.addEventListener('audio-generated', (event) => {
        (window as unknown as { heard: unknown }).heard = (event as CustomEvent).detail;
      });
    });
    const generatedAt = '2025-03-10T12:00:00.000Z';
    await seedLatestAudio(server, { fileName: 'latest-news.mp3', seconds: 3, generatedAt });
    const audio = { audioUrl: audioAddress('latest-news.mp3', generatedAt), generatedAt };
    server.ctx.events.emit('latest_news_audio', audio);
    await page.getByRole('heading', { name: 'newsctl News Podcast' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { heard: unknown }).heard)).toEqual(audio);
  });

  it('only logs a live message that is not JSON', async () => {
    const { page, consoleErrors } = await suite.visit();
    let sendToPage: ((text: string) => void) | undefined;
    await page.routeWebSocket(
      (url) => url.pathname === '/ws',
      (socket) => {
        socket.connectToServer();
        sendToPage = (text) => socket.send(text);
      },
    );
    await seedHome(suite.server(), sampleHomePage(Date.now()));
    await page.goto('/');
    await page.getByTestId('domain-grid').waitFor();
    await until(() => sendToPage !== undefined, 'the page to open /ws');
    sendToPage!('not json at all');
    await until(() => consoleErrors.some((text) => text.includes('unreadable message')), 'the parse error to be logged');
    await page.getByTestId('domain-grid').waitFor();
  });
});

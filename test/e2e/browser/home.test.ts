// The home page in Chromium against the mock API: masthead, search box, trends card with its
// tabs and links, domain grid, and the live channel.
import { describe, expect, it } from 'vitest';
import { IMPLICATIONS_PROMPT, LONG_TITLE, sampleHomePage, toneWav } from './fixtures.js';
import { browserSuite, until } from './harness.js';
import type { MockState } from './mock-site.js';

const suite = browserSuite();
const NOW = Date.parse('2025-03-10T15:00:00Z');
const TAB_LABELS = ['Health', 'Food', 'Finance', 'USA', 'Intl.', 'Tech', 'Energy', 'Science'];

/** Sample home data with the server clock fixed, so ages are exact. */
function withSample(state: MockState): void {
  state.home = sampleHomePage(NOW);
  state.currentTime = new Date(NOW).toISOString();
}

describe('home page with data', () => {
  it('shows the masthead, the run times in the product time zone, and the search box', async () => {
    const { page } = await suite.visit(withSample);
    await page.goto('/');
    await page.getByRole('img', { name: 'newsctl: the latest news' }).waitFor();
    // January is CST, July is CDT (decisions.md "Time").
    await page.getByText('Last crawl at 3:05 PM CST | Last trends analysis at 12:30 PM CDT').waitFor();
    // The server clock (15:00 UTC in March, after the DST switch) in the product zone.
    expect(await page.getByTestId('current-time').textContent()).toBe('10:00 AM CDT');
    expect(await page.title()).toBe('newsctl');
  });

  it('orders domain cards by priority with capitalised names, favicons, cut titles and ages', async () => {
    const { page } = await suite.visit(withSample);
    await page.goto('/');
    const grid = page.getByTestId('domain-grid');
    await grid.waitFor();
    const cards = grid.locator('article');
    expect(await cards.locator('h3').allTextContents()).toEqual(['Headline.example', 'Citydesk.example', 'Lowpriority.example']);
    // Headers are black.
    expect(await cards.first().locator('header').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(0, 0, 0)');
    // The favicon that fails to load is hidden; the others stay.
    await cards.nth(2).locator('img').waitFor({ state: 'detached' });
    expect(await cards.nth(0).locator('img').getAttribute('src')).toBe('/favicons/headline.example');
    const citydesk = cards.nth(1);
    const links = citydesk.locator('a');
    expect(await links.first().textContent()).toBe(`${LONG_TITLE.slice(0, 120)}…`);
    expect(await links.first().getAttribute('target')).toBe('_blank');
    expect(await links.first().getAttribute('rel')).toBe('noopener noreferrer');
    expect(await links.first().getAttribute('href')).toMatch(/^https:\/\/citydesk\.example\/story\//);
    expect(await citydesk.locator('li > span').allTextContents()).toEqual(['1 minute ago', '1 minute ago', '5 minutes ago']);
    expect(await cards.nth(0).locator('li > span').allTextContents()).toEqual(['1 hour ago', '2 hours ago', '49 hours ago']);
    expect(await cards.nth(2).locator('li > span').allTextContents()).toEqual(['45 minutes ago']);
  });

  it('offers eight topic tabs, health first, and shows each topic', async () => {
    const { page } = await suite.visit(withSample);
    await page.goto('/');
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
      expect(await panel.getByTestId('topic-articles').locator('li').count()).toBeGreaterThan(0);
      expect(await panel.getByTestId('topic-articles').locator('li span').first().textContent()).toBe(`3 minutes ago · ${topic}news.example`);
    }
    await page.getByRole('tab', { name: 'Science' }).click();
    await page.getByText('No recent articles found for Science').waitFor();
  });

  it('moves between tabs with the arrow keys', async () => {
    const { page } = await suite.visit(withSample);
    await page.goto('/');
    await page.getByRole('tab', { name: 'Health' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Food');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('Science');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Science');
  });

  it('links trends to their page when they have one, and to the assistant for implications', async () => {
    const { page, site } = await suite.visit(withSample);
    await page.goto('/');
    const trends = page.getByTestId('trends-list').locator('li');
    await trends.first().waitFor();
    const first = trends.nth(0);
    const title = 'New study links daily walks to better sleep (health trend)';
    expect(await first.getByRole('link', { name: title }).getAttribute('href')).toBe('/health/trend-1.html');
    // The second trend has no page: plain text.
    expect(await trends.nth(1).getByRole('link').allTextContents()).toEqual(['analyze implications']);
    const implications = first.getByRole('link', { name: 'analyze implications' });
    await page.waitForFunction(() => document.querySelector('[data-testid="trends-list"] a[target]') !== null);
    const href = new URL((await implications.getAttribute('href')) ?? '');
    expect(href.origin + href.pathname).toBe(`${site.baseUrl}/assistant/received`);
    expect(href.searchParams.get('query')).toBe(IMPLICATIONS_PROMPT.replaceAll('{trend}', title));
    expect(href.searchParams.has('url')).toBe(false);
    expect(await implications.getAttribute('target')).toBe('_blank');
    expect(await implications.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('asks the AI in a new tab with the question and the topic page, ignoring an empty question', async () => {
    const { page, site, context } = await suite.visit(withSample);
    await page.goto('/');
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
    expect(opened.origin + opened.pathname).toBe(`${site.baseUrl}/assistant/received`);
    expect(opened.searchParams.get('query')).toBe('Will rates fall?');
    expect(opened.searchParams.get('url')).toBe(`${site.baseUrl}/finance.html`);
    // Without opener or referrer.
    expect(await popup.evaluate(() => window.opener === null && document.referrer === '')).toBe(true);
    // The blank question opened nothing: the only visit is the real one.
    expect(site.requestsTo('GET', '/assistant/received')).toHaveLength(1);
  });

  it('keeps the topics whose trend list was opened in localStorage', async () => {
    const { page } = await suite.visit(withSample);
    await page.goto('/');
    const trends = page.getByTestId('trends-list').locator('li');
    await trends.first().waitFor();
    expect(await trends.count()).toBe(5);
    await page.getByRole('button', { name: 'Show all 6 trends' }).click();
    expect(await trends.count()).toBe(6);
    expect(await page.evaluate(() => localStorage.getItem('expandedTopics'))).toBe('["health"]');
    await page.reload();
    await page.getByRole('button', { name: 'Show fewer trends' }).click();
    expect(await page.evaluate(() => localStorage.getItem('expandedTopics'))).toBe('[]');
  });

  it('searches for the trimmed, URL-encoded text and ignores an empty search', async () => {
    const { page } = await suite.visit(withSample);
    await page.goto('/');
    const search = page.getByRole('searchbox', { name: 'Search articles' });
    await search.fill('   ');
    await search.press('Enter');
    expect(new URL(page.url()).pathname).toBe('/');
    await search.fill('  flu & cold  ');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.search === '?q=flu%20%26%20cold');
    await page.getByRole('heading', { name: 'Search results for “flu & cold”' }).waitFor();
  });
});

describe('home page without data', () => {
  it("shows 'Never', the empty states and no podcast player", async () => {
    const { page, site } = await suite.visit();
    await page.goto('/');
    await page.getByText('No articles available').waitFor();
    await page.getByText('Last crawl at Never | Last trends analysis at Never').waitFor();
    await page.getByText('No recent articles found for Health').waitFor();
    await page.getByRole('tab', { name: 'Intl.' }).click();
    await page.getByText('No recent articles found for Intl.').waitFor();
    expect(site.requestsTo('GET', '/api/latest-news-audio')).toHaveLength(1);
    expect(await page.getByRole('heading', { name: /News Podcast/ }).count()).toBe(0);
    // No trends, so the implications prompt is never needed.
    expect(site.requestsTo('GET', '/api/analyze-implications-prompt')).toHaveLength(0);
  });

  it("shows 'Loading articles...' while the home data loads", async () => {
    const { page } = await suite.visit((state) => {
      state.delays.set('GET /api/home-page-data', 1500);
    });
    await page.goto('/');
    await page.getByText('Loading articles...').waitFor();
    await page.getByText('No articles available').waitFor();
  });
});

describe('live channel on the home page', () => {
  it('reloads home data on home_data_updated and shows new audio on latest_news_audio', async () => {
    const { page, site } = await suite.visit();
    await page.goto('/');
    await page.getByText('No articles available').waitFor();
    await until(() => site.liveClientCount() === 1, 'the page to connect to /ws');

    site.state.home = sampleHomePage(Date.now());
    site.sendLive({ type: 'home_data_updated' });
    await page.getByTestId('domain-grid').waitFor();

    await page.evaluate(() => {
      window.addEventListener('audio-generated', (event) => {
        (window as unknown as { heard: unknown }).heard = (event as CustomEvent).detail;
      });
    });
    site.state.audioFiles.set('/audio/latest-news-2025-03-10.mp3', { body: toneWav(12), type: 'audio/wav' });
    const audio = { audioUrl: '/audio/latest-news-2025-03-10.mp3?v=7', generatedAt: '2025-03-10T12:00:00.000Z' };
    site.state.audio = { exists: true, ...audio };
    site.sendLive({ type: 'latest_news_audio', ...audio });
    await page.getByRole('heading', { name: 'newsctl News Podcast' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { heard: unknown }).heard)).toEqual(audio);
  });

  it('only logs a live message that is not JSON', async () => {
    const { page, site, consoleErrors } = await suite.visit(withSample);
    await page.goto('/');
    await page.getByTestId('domain-grid').waitFor();
    await until(() => site.liveClientCount() === 1, 'the page to connect to /ws');
    site.sendRawLive('not json at all');
    await until(() => consoleErrors.some((text) => text.includes('unreadable message')), 'the parse error to be logged');
    await page.getByTestId('domain-grid').waitFor();
  });
});

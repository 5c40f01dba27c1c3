// The trends card's error state (spec 000 §2.2): after the recent articles fail 1 + 3 times, its
// texts, the retry count, 'Try Again' and 'Refresh & Reconnect'.
import { describe, expect, it } from 'vitest';
import { sampleHomePage } from './fixtures.js';
import { answer, browserSuite } from './harness.js';
import { seedHome } from './seed.js';

const suite = browserSuite();
const RECENT = '/api/articles/recent-by-topic';
const WAIT_FOR_RETRIES = { timeout: 20_000 };

describe('Unable to Load Articles', () => {
  it('shows the error message and retry count, and recovers with Try Again', async () => {
    const { page, requestsTo } = await suite.visit();
    await seedHome(suite.server(), sampleHomePage(Date.now()));
    const recover = await answer(page, RECENT, { status: 503, body: JSON.stringify({ error: 'Unavailable', message: 'Database connection timed out' }) });
    await page.goto('/');
    const card = page.getByRole('alert');
    await card.getByRole('heading', { name: 'Unable to Load Articles' }).waitFor(WAIT_FOR_RETRIES);
    await card.getByText("We're having trouble loading the latest articles. This may be due to a temporary connection issue.").waitFor();
    expect(await card.getByTestId('articles-error-message').textContent()).toBe('Database connection timed out');
    await card.getByText('Retry attempts: 3').waitFor();
    await card.getByText('If the problem persists, the site will automatically retry in a few minutes.').waitFor();
    // The first attempt and three retries, then nothing more until the visitor or the 10-minute poll asks.
    expect(requestsTo('GET', RECENT)).toHaveLength(4);
    expect(await page.getByRole('tab').count()).toBe(0);

    await recover();
    await card.getByRole('button', { name: 'Try Again' }).click();
    await page.getByTestId('topic-articles').waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(requestsTo('GET', RECENT)).toHaveLength(5);
  });

  it('says the trends could not be loaded (not "No trends yet") while the home data fails, and shows them once it answers', async () => {
    const { page } = await suite.visit();
    await seedHome(suite.server(), sampleHomePage(Date.now()));
    const recover = await answer(page, '/api/home-page-data', { status: 503, body: JSON.stringify({ message: 'The database is unavailable' }) });
    await page.goto('/');
    await page.getByText('The trends could not be loaded just now; the page tries again every minute.').waitFor(WAIT_FOR_RETRIES);
    expect(await page.getByText(/^No trends for/).count()).toBe(0);
    // The articles come from their own call and are still listed.
    await page.getByTestId('topic-articles').waitFor();
    await recover();
    await page.reload();
    await page.getByTestId('trends-list').waitFor();
  });

  it('shows a plain-text error as it is, and Refresh & Reconnect recycles the pool then reloads', async () => {
    const { page, requests } = await suite.visit();
    await seedHome(suite.server(), sampleHomePage(Date.now()));
    const recover = await answer(page, RECENT, { status: 502, body: 'upstream exploded', contentType: 'text/plain' });
    await page.goto('/');
    const card = page.getByRole('alert');
    await card.getByRole('heading', { name: 'Unable to Load Articles' }).waitFor(WAIT_FOR_RETRIES);
    expect(await card.getByTestId('articles-error-message').textContent()).toBe('upstream exploded');

    await recover();
    await card.getByRole('button', { name: 'Refresh & Reconnect' }).click();
    await card.getByRole('button', { name: 'Refreshing...' }).waitFor();
    expect(await card.getByRole('button', { name: 'Refreshing...' }).isDisabled()).toBe(true);
    await page.getByTestId('topic-articles').waitFor();
    const calls = requests.filter((r) => r.path === '/api/health/refresh-connection-pool' || r.path === RECENT).map((r) => `${r.method} ${r.path}`);
    // Four failed loads, the refresh, then the reload that succeeded.
    expect(calls).toEqual([...Array(4).fill(`GET ${RECENT}`), 'POST /api/health/refresh-connection-pool', `GET ${RECENT}`]);
  });
});

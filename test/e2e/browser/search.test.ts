// The search page (spec 000 §2.4) against the daemon's full-text search.
import { describe, expect, it } from 'vitest';
import { LONG_TITLE, searchHome } from './fixtures.js';
import { answer, browserSuite, delay } from './harness.js';
import { seedHome } from './seed.js';

const suite = browserSuite();

describe('search page', () => {
  it('lists results with their source and crawl age, opening each in a new tab', async () => {
    const { page } = await suite.visit();
    await seedHome(suite.server(), searchHome(Date.now()));
    await page.goto('/search?q=harbour');
    await page.getByRole('heading', { name: 'Search results for harbour' }).waitFor();
    await page.getByText('Found 3 result(s)').waitFor();
    const results = page.getByTestId('search-results').getByRole('link');
    const shown = new Map<string, string>();
    for (const link of await results.all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      const spans = await link.locator('span').allTextContents();
      shown.set(spans[0]!, `${spans[2]} | ${spans[3]} | ${await link.getAttribute('href')}`);
    }
    expect(Object.fromEntries(shown)).toEqual({
      'Harbour bridge repairs finish early': 'headline.example | Crawled today | https://headline.example/story/1',
      'Harbour festival returns this summer': 'citydesk.example | Crawled yesterday | https://citydesk.example/story/2',
      'Old harbour maps go on display': 'archive.example | Crawled 6 days ago | https://archive.example/story/3',
    });
    // The search box holds the term, and the back button goes home.
    expect(await page.getByRole('searchbox', { name: 'Search articles' }).inputValue()).toBe('harbour');
    await page.getByRole('link', { name: '← Back to home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it("says 'Found 1 result(s)' and 'Unknown source' for a result without a domain", async () => {
    const { page } = await suite.visit();
    await seedHome(suite.server(), searchHome(Date.now()));
    await page.route(
      (url) => url.pathname === '/api/search',
      async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { results: { domainUrl: string | null }[] };
        for (const result of body.results) result.domainUrl = null;
        await route.fulfill({ response, json: body });
      },
    );
    await page.goto('/search?q=festival');
    await page.getByText('Found 1 result(s)', { exact: true }).waitFor();
    await page.getByText('Unknown source').waitFor();
  });

  it('cuts long titles to 120 characters, like every article title (spec 000 §5)', async () => {
    const { page } = await suite.visit();
    const home = searchHome(Date.now());
    home.articlesByDomain[0]!.articles[0]!.title = LONG_TITLE;
    await seedHome(suite.server(), home);
    await page.goto('/search?q=hospitals');
    await page.getByText('Found 1 result(s)', { exact: true }).waitFor();
    const title = page.getByTestId('search-results').getByRole('link').locator('span').first();
    expect(await title.textContent()).toBe(`${LONG_TITLE.slice(0, 120)}…`);
    expect(await title.getAttribute('title')).toBe(LONG_TITLE);
  });

  it('says when nothing matched', async () => {
    const { page } = await suite.visit();
    await seedHome(suite.server(), searchHome(Date.now()));
    await page.goto('/search?q=volcano');
    await page.getByText('Found 0 result(s)').waitFor();
    await page.getByText('No articles found matching your search query.').waitFor();
  });

  it('asks for a query when there is none, without calling the search', async () => {
    const { page, requestsTo } = await suite.visit();
    await page.goto('/search');
    await page.getByText('No search query provided...').waitFor();
    await page.goto('/search?q=%20%20');
    await page.getByText('No search query provided...').waitFor();
    expect(requestsTo('GET', '/api/search')).toHaveLength(0);
  });

  it('shows a loading state, then the error box when the search fails', async () => {
    const { page } = await suite.visit();
    await delay(page, '/api/search', 1000);
    await page.goto('/search?q=harbour');
    await page.getByText('Searching...').waitFor();
    await page.getByText('Found 0 result(s)').waitFor();

    await answer(page, '/api/search', { status: 500, body: JSON.stringify({ message: 'boom' }) });
    await page.goto('/search?q=bridge');
    await page.getByRole('alert').filter({ hasText: 'Failed to search articles. Please try again.' }).waitFor();
  });

  it('narrows by an operator, and keeps a saved search in the browser with its feed across visits', async () => {
    const { page } = await suite.visit();
    await seedHome(suite.server(), searchHome(Date.now()));
    const query = 'harbour site:headline.example';
    await page.goto(`/search?q=${encodeURIComponent(query)}`);
    await page.getByText('Found 1 result(s)', { exact: true }).waitFor();
    await page.getByText('Search tips').click();
    await page.getByText('only this site and its sub-domains; -site: leaves it out').waitFor();
    await page.getByRole('button', { name: 'Save this search' }).click();
    await page.getByRole('button', { name: 'Saved in this browser' }).waitFor();
    const saved = page.getByTestId('saved-searches');
    await saved.getByRole('link', { name: query, exact: true }).waitFor();
    expect(await saved.getByRole('link', { name: `Atom feed of ${query}` }).getAttribute('href')).toBe(`/feeds/search.xml?q=${encodeURIComponent(query)}`);

    await page.goto('/search?q=festival');
    await page.getByText('Found 1 result(s)', { exact: true }).waitFor();
    await saved.getByRole('link', { name: query, exact: true }).click();
    await page.getByRole('heading', { name: `Search results for ${query}` }).waitFor();
    await saved.getByRole('button', { name: `Forget ${query}` }).click();
    await saved.waitFor({ state: 'detached' });
  });
});

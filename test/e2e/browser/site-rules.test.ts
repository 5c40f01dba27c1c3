// The Domains tab's extraction rules: a site's rules are tried on one of its real pages (served by a
// local news site) before they are saved — the page read with them and without, side by side — a
// selector the extractor cannot run is refused with its name, in the dialog, and the saved rules
// show on the row.
import { afterAll, describe, expect, it } from 'vitest';
import { startNewsWeb } from '../../fixtures/news-web/index.js';
import { addDomain } from '../../../src/services/reader/domains/index.js';
import { readableAddress } from '../../../src/services/reader/domains/host-names.js';
import { openConsoleTab } from './console.js';
import { browserSuite } from './harness.js';
import { PIER_LEAD, PIER_STORY, PIER_TITLE } from '../../fixtures/stories/harbor-pier.js';

const web = await startNewsWeb({
  sites: 1,
  articlesPerSite: 1,
  hostile: false,
  extraArticles: () => [{ title: PIER_TITLE, paragraphs: PIER_STORY }],
});
afterAll(() => web.close());
const site = web.sites[0]!;
const storyUrl = site.articles.find((article) => article.title === PIER_TITLE)!.url;
const suite = browserSuite({ env: { NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(','), NEWSCTL_SCHEDULER: 'false' } });

describe('extraction rules in the Domains tab', () => {
  it('previews rules on a page of the site, refuses a bad selector by name, and saves them', async () => {
    const domain = await addDomain(suite.server().ctx, { url: site.origin, throttle: 1 });
    const name = readableAddress(domain.url);
    const { page } = await suite.visit();
    // The stored rules come late, as on a loaded machine (one CI run): what is typed meanwhile must
    // not be overwritten by them, so the fields wait for them.
    await page.route(/\/api\/domains\/\d+\/rules$/, async (route) => {
      if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await openConsoleTab(page, 'Domains');
    await page.getByRole('button', { name: `Extraction rules of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Extraction rules: ${name}` });
    await dialog.getByLabel('Parts to drop (one CSS selector a line)').fill('p:first-of-type');
    await dialog.getByLabel('Page to try them on').fill(storyUrl);
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const preview = dialog.getByTestId('rules-preview');
    await preview.waitFor();
    expect(await preview.getByTestId('preview-counts').textContent()).toMatch(/^With the rules: \d+ words; without: \d+ words$/);
    expect(await dialog.getByTestId('preview-without-rules').textContent()).toContain(PIER_LEAD);
    const withRules = await dialog.getByTestId('preview-with-rules').textContent();
    expect(withRules).not.toContain(PIER_LEAD);
    expect(withRules).toContain(PIER_STORY[1]);
    // Nothing saved by a preview.
    expect((await suite.server().sql<{ rules: unknown }[]>`select rules from domains where id = ${domain.id}`)[0]!.rules).toBeNull();

    await dialog.getByLabel('Article body (CSS selector)').fill('div[');
    await dialog.getByRole('button', { name: 'Save rules' }).click();
    const refused = await refusal(domain.id, { body: 'div[' });
    expect(refused).toMatch(/^Invalid CSS selector "div\[": ./);
    // Told in the dialog (the console's toasts would sit under its overlay).
    expect(await dialog.getByRole('alert').textContent()).toBe(refused);

    await dialog.getByLabel('Article body (CSS selector)').fill('');
    await dialog.getByRole('button', { name: 'Save rules' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Rules saved' }).waitFor();
    expect((await suite.server().sql<{ rules: unknown }[]>`select rules from domains where id = ${domain.id}`)[0]!.rules).toEqual({
      body: null,
      remove: ['p:first-of-type'],
    });
    await page.keyboard.press('Escape');
    await page
      .getByRole('button', { name: `Extraction rules of ${name}` })
      .filter({ hasText: 'Rules ✓' })
      .waitFor();
  });

  it('keeps the fields and Save closed when the stored rules cannot be read, so none are overwritten unseen', async () => {
    const domain = await addDomain(suite.server().ctx, { url: site.origin, throttle: 1 });
    await suite.server().sql`update domains set rules = ${suite.server().sql.json({ body: 'article', remove: [] })} where id = ${domain.id}`;
    const name = readableAddress(domain.url);
    const { page } = await suite.visit();
    await page.route(/\/api\/domains\/\d+\/rules$/, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'Service Unavailable', message: 'Database unavailable' }),
          })
        : route.continue(),
    );
    await openConsoleTab(page, 'Domains');
    await page.getByRole('button', { name: `Extraction rules of ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Extraction rules: ${name}` });
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByLabel('Article body (CSS selector)').isDisabled()).toBe(true);
    expect(await dialog.getByLabel('Parts to drop (one CSS selector a line)').isDisabled()).toBe(true);
    // Empty fields would read "Clear rules": neither may be pressed.
    expect(await dialog.getByRole('button', { name: /^(Save|Clear) rules$/ }).isDisabled()).toBe(true);
    expect((await suite.server().sql<{ rules: unknown }[]>`select rules from domains where id = ${domain.id}`)[0]!.rules).toEqual({
      body: 'article',
      remove: [],
    });
  });
});

/** The API's 400 message for these rules (the selector engine's own words), which the toast shows. */
async function refusal(id: number, rules: object): Promise<string> {
  const response = await fetch(`${suite.server().baseUrl}/api/domains/${id}/rules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: await suite.server().loginCookie() },
    body: JSON.stringify(rules),
  });
  expect(response.status).toBe(400);
  return ((await response.json()) as { message: string }).message;
}

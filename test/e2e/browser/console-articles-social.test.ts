// The Articles and Social tabs (spec 001 §2, §4, §5, §8) against a daemon with seeded stories and
// the offline writer: the generator's controls, live action and queue, the generated articles with
// their category tabs, thumbnails, expand/collapse, copy, downloads and image regeneration, Clear
// Articles, the two configurations with one Save All, Generate Article from a trend, the trend
// regeneration above the tabs, and the social posts with their Copy confirmation.
import { readFileSync } from 'node:fs';
import { exportFileName } from '../../../src/services/newsroom/generator/export.js';
import { describe, expect, it } from 'vitest';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from './browser.js';
import { expectToast, openConsoleTab, selectTab } from './console.js';
import { resetConsole, seedStories } from './console-seed.js';
import { answer, browserSuite } from './harness.js';

const suite = browserSuite({ reset: resetConsole, env: { NEWSCTL_SCHEDULER: 'false' } });

const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const STORY_TITLES = [
  'Measles cases climb in three states as vaccination rates dip',
  'Central bank signals a pause in rate increases',
  'Open-source browser engine ships a faster renderer',
];

/** Seeds the stories and writes their articles through the Articles tab's Start. */
async function generateAll(page: Page): Promise<void> {
  const generator = panel(page, 'Automatic Article Generator From Trends');
  await generator.getByRole('button', { name: 'Start', exact: true }).click();
  await page
    .getByTestId('generated-article')
    .nth(STORY_TITLES.length - 1)
    .waitFor({ timeout: 20_000 });
}

describe('Articles tab', () => {
  it('starts empty, generates from trends with the live action, and counts each category', async () => {
    await seedStories(suite.server().sql);
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Articles');
    const generator = panel(page, 'Automatic Article Generator From Trends');
    const list = panel(page, 'Generated Articles');
    await generator.getByText('Idle', { exact: true }).waitFor();
    await list.getByText('No Articles in This Category').waitFor();
    await list.getByText('Articles will appear here once the generator analyzes trending topics').waitFor();
    expect(await generator.getByRole('button', { name: 'Clear Articles' }).isDisabled()).toBe(true);
    expect(await generator.getByRole('button', { name: 'Stop', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByTestId('generation-queue').count()).toBe(0);
    const tabs = list.getByRole('tablist', { name: 'Article categories' }).getByRole('tab');
    expect(await tabs.allTextContents()).toEqual([
      'All (0)',
      'Health (0)',
      'Finance (0)',
      'USA (0)',
      "Int'l (0)",
      'Tech/AI (0)',
      'Energy (0)',
      'Science (0)',
      'Food (0)',
    ]);
    await tabs.filter({ hasText: 'Science' }).click();
    await list.getByText('No articles found in the Science category').waitFor();
    await tabs.filter({ hasText: 'All' }).click();

    await generateAll(page);
    await generator.getByText('Running', { exact: true }).waitFor();
    expect(await generator.getByRole('button', { name: 'Start', exact: true }).isDisabled()).toBe(true);
    await generator.getByTestId('generator-action').waitFor();
    expect(await tabs.allTextContents()).toEqual([
      'All (3)',
      'Health (1)',
      'Finance (1)',
      'USA (0)',
      "Int'l (0)",
      'Tech/AI (1)',
      'Energy (0)',
      'Science (0)',
      'Food (0)',
    ]);
    expect(new Set(await list.getByTestId('generated-article').locator('h4').allTextContents())).toEqual(new Set(STORY_TITLES));
    await generator.getByTestId('articles-generated').filter({ hasText: '3' }).waitFor();

    await generator.getByRole('button', { name: 'Stop', exact: true }).click();
    await generator.getByText('Idle', { exact: true }).waitFor();
    await generator.getByTestId('generator-action').waitFor({ state: 'detached' });
  });

  it('opens several articles at once, enlarges the thumbnail, and regenerates the image with its toasts', async () => {
    await seedStories(suite.server().sql);
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Articles');
    await generateAll(page);
    const cards = page.getByTestId('generated-article');
    const first = cards.first();
    const second = cards.nth(1);
    await expect.poll(() => first.getByText(/^Generated (just now|1 minute ago)/).count()).toBe(1);
    await first.getByText(/ · 3 sources · \d+ words$/).waitFor();

    const firstTitle = first.locator('h4 button');
    const secondTitle = second.locator('h4 button');
    expect(await firstTitle.getAttribute('aria-expanded')).toBe('false');
    await firstTitle.click();
    await secondTitle.click();
    expect(await firstTitle.getAttribute('aria-expanded')).toBe('true');
    expect(await secondTitle.getAttribute('aria-expanded')).toBe('true');
    const text = first.getByTestId('article-text');
    await text.getByRole('heading', { name: 'Sources' }).waitFor();
    expect(await text.getByRole('listitem').count()).toBe(3);
    for (const href of await text
      .getByRole('listitem')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))) {
      expect(href).toMatch(/^https:\/\//);
    }
    await firstTitle.click();
    await first.getByTestId('article-text').waitFor({ state: 'detached' });
    expect(await secondTitle.getAttribute('aria-expanded')).toBe('true');

    const title = (await firstTitle.textContent())!;
    await first.getByRole('button', { name: `Enlarge the image of "${title}"` }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByRole('img', { name: `Illustration for "${title}"` }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const regenerate = first.getByRole('button', { name: `Regenerate the image of "${title}"` });
    await regenerate.click();
    await expectToast(page, 'Image Generated', 'Feature image has been regenerated successfully.');
    const restore = await answer(page, `/api/articles/${await idOf(page, title)}/regenerate-image`, {
      status: 502,
      body: JSON.stringify({ message: 'The image service is down' }),
      delayMs: 400,
    });
    await regenerate.click();
    await first.getByText('Regenerating...').waitFor();
    expect(await regenerate.isDisabled()).toBe(true);
    await expectToast(page, 'Generation Failed', 'The image service is down');
    await restore();
    await answer(page, `/api/articles/${await idOf(page, title)}/regenerate-image`, { status: 500, body: '{}' });
    await regenerate.click();
    await expectToast(page, 'Generation Failed', 'Failed to generate image. Please try again.');
  });

  it('copies an article and downloads it as text and Word, with the spec toasts and file names', async () => {
    await seedStories(suite.server().sql);
    const { page, context } = await suite.visit({ acceptDownloads: true });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openConsoleTab(page, 'Articles');
    await generateAll(page);
    const card = page.getByTestId('generated-article').first();
    const title = (await card.locator('h4 button').textContent())!;

    await card.getByRole('button', { name: `Copy "${title}"` }).click();
    await card.getByText('Copied!', { exact: true }).waitFor();
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    expect(clipboard.startsWith(`${title}\n\n`)).toBe(true);
    expect(clipboard).toContain('This article was compiled from 3 sources');
    expect(clipboard).not.toContain('**');
    await expectToast(page, 'Copied!', 'Article copied to clipboard');
    // The confirmation lasts 2 s.
    await card
      .getByRole('button', { name: `Copy "${title}"` })
      .filter({ hasText: /^Copy$/ })
      .waitFor({ timeout: 4_000 });

    const stored = (await suite.server().sql<{ id: number; category: string }[]>`select id, category from generated_articles where title = ${title}`)[0]!;
    const expectedName = (format: 'txt' | 'docx') => exportFileName({ title, category: stored.category as never }, format);
    let download = page.waitForEvent('download');
    await card.getByRole('button', { name: `Download "${title}" as text` }).click();
    let file = await download;
    expect(file.suggestedFilename()).toMatch(/^Article-[a-z]+-[A-Za-z0-9_]+\.txt$/);
    expect(file.suggestedFilename()).toBe(expectedName('txt'));
    expect(readFileSync(await file.path(), 'utf8')).toContain(title);
    await expectToast(page, 'Downloaded!', `Article saved as ${expectedName('txt')}`);

    download = page.waitForEvent('download');
    await card.getByRole('button', { name: `Download "${title}" as Word` }).click();
    file = await download;
    expect(file.suggestedFilename()).toBe(expectedName('docx'));
    expect(
      readFileSync(await file.path())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    await expectToast(page, 'Downloaded!', `Article saved as ${expectedName('docx')}`);

    await answer(page, `/api/generated-articles/${stored.id}/export`, { status: 500, body: '{}' });
    await card.getByRole('button', { name: `Download "${title}" as text` }).click();
    await expectToast(page, 'Error', 'Failed to download article');
    await card.getByRole('button', { name: `Download "${title}" as Word` }).click();
    await expectToast(page, 'Error', 'Failed to download Word document');

    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('denied'));
    });
    await card.getByRole('button', { name: `Copy "${title}"` }).click();
    await expectToast(page, 'Error', 'Failed to copy to clipboard');
  });

  it('copies on a plain-http address too, where the browser offers no clipboard API', async () => {
    await seedStories(suite.server().sql);
    // A self-hosted console is often reached as http://host.lan:port: not a secure context, so
    // navigator.clipboard does not exist there (only on https and localhost). Copy used to fail.
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--host-resolver-rules=MAP newsctl.test 127.0.0.1'],
    });
    try {
      const context = await browser.newContext({
        baseURL: `http://newsctl.test:${new URL(suite.server().baseUrl).port}`,
        viewport: { width: 1280, height: 900 },
      });
      const page = await context.newPage();
      await page.addInitScript(`
        document.addEventListener('copy', (event) => {
          const box = event.target;
          window.__copied = box && 'value' in box ? box.value.slice(box.selectionStart, box.selectionEnd) : String(document.getSelection());
        });
      `);
      await openConsoleTab(page, 'Articles');
      expect(await page.evaluate(() => [window.isSecureContext, typeof navigator.clipboard])).toEqual([false, 'undefined']);
      await generateAll(page);
      const card = page.getByTestId('generated-article').first();
      const title = (await card.locator('h4 button').textContent())!;
      await card.getByRole('button', { name: `Copy "${title}"` }).click();
      await card.getByText('Copied!', { exact: true }).waitFor();
      // The copy left nothing behind and gave the focus back to the button.
      expect(await page.locator('body > textarea').count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Copy "${title}"`);
      await expectToast(page, 'Copied!', 'Article copied to clipboard');
      const copied = await page.evaluate(() => (window as unknown as { __copied?: string }).__copied ?? '');
      expect(copied.startsWith(`${title}\n\n`)).toBe(true);
      expect(copied).toContain('This article was compiled from 3 sources');
    } finally {
      await browser.close();
    }
  });

  it('asks before clearing every article, with the count, Cancel and YES', async () => {
    await seedStories(suite.server().sql);
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Articles');
    await generateAll(page);
    const generator = panel(page, 'Automatic Article Generator From Trends');
    await generator.getByRole('button', { name: 'Stop', exact: true }).click();
    await generator.getByRole('button', { name: 'Clear Articles' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await dialog.getByText('This will permanently delete all 3 generated articles. This action cannot be undone.', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('generated-article').count()).toBe(3);
    await generator.getByRole('button', { name: 'Clear Articles' }).click();
    await dialog.getByRole('button', { name: 'YES' }).click();
    await panel(page, 'Generated Articles').getByText('No Articles in This Category').waitFor();
    expect((await suite.server().sql`select count(*)::int as n from generated_articles`)[0]!.n).toBe(0);
  });

  it('shows the queue only while it holds items, replaced by each queue_update message', async () => {
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Articles');
    await panel(page, 'Automatic Article Generator From Trends').waitFor();
    const events = suite.server().ctx.events;
    events.emit('queue_update', {
      queueLength: 2,
      isGenerating: true,
      currentTrend: 'Storm floods the harbor',
      items: [
        { id: 'a1b2c3d4-0000-4000-8000-000000000001', trendTitle: 'Storm floods the harbor', status: 'generating' },
        { id: 'a1b2c3d4-0000-4000-8000-000000000002', trendTitle: 'Ferries suspended', status: 'pending' },
      ],
      regenerating: false,
    });
    const queue = panel(page, 'Article Generation Queue');
    await queue.getByText('2 in the queue · now: Storm floods the harbor').waitFor();
    expect(await queue.getByRole('listitem').allInnerTexts()).toEqual(['Storm floods the harbor\ngenerating', 'Ferries suspended\npending']);
    expect(await queue.getByRole('list').evaluate((list) => getComputedStyle(list).maxHeight)).toBe('512px');
    events.emit('queue_update', { queueLength: 0, isGenerating: false, currentTrend: null, items: [], regenerating: false });
    await queue.waitFor({ state: 'detached' });
  });

  it('saves both generation configurations with one Save All and no success message', async () => {
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Articles');
    const config = panel(page, 'Article Generation AI Configuration');
    const saveAll = config.getByRole('button', { name: 'Save All' });
    await config.getByRole('group', { name: 'With Source Articles' }).getByLabel('User prompt').waitFor();
    expect(await saveAll.isDisabled()).toBe(true);
    await config.getByRole('group', { name: 'With Source Articles' }).getByLabel('User prompt').fill('Write about %ArticleText%');
    await config.getByRole('group', { name: 'Without Source Articles' }).getByLabel('Model name').fill('mistral-small-latest');
    await config.getByText('You have unsaved changes').waitFor();
    await saveAll.click();
    await config.getByText('You have unsaved changes').waitFor({ state: 'detached' });
    expect(await saveAll.isDisabled()).toBe(true);
    const stored = async (key: string) =>
      (await suite.server().sql<{ value: Record<string, string> }[]>`select value from settings where key = ${key}`)[0]?.value ?? {};
    expect((await stored('article-gen-with-sources-config')).userPrompt).toBe('Write about %ArticleText%');
    expect((await stored('article-gen-no-sources-config')).modelName).toBe('mistral-small-latest');
    await page.waitForTimeout(300);
    expect(
      await page
        .getByRole('region', { name: /Notification/ })
        .locator('li')
        .count(),
    ).toBe(0);
  });
});

describe('generation from the Trends tab and above the tabs', () => {
  it('queues an article from a trend for real, and refuses a trend with too few sources', async () => {
    const sql = suite.server().sql;
    await seedStories(sql);
    await sql`insert into trends (title, topic, relevance_score) values ('A lone report', 'usa', 3)`;
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Trends');
    const title = STORY_TITLES[1]!;
    await page.getByRole('button', { name: `Generate Article: ${title}` }).click();
    await expectToast(page, 'Article Generation Started', `Successfully queued article generation for: "${title}"`);
    await page.getByRole('button', { name: 'Generate Article: A lone report' }).click();
    await expectToast(
      page,
      'Article Generation Failed',
      'Cannot generate article for "A lone report": Not enough related source articles found. Try running the spider to collect more articles first.',
    );
    await selectTab(page, 'Articles');
    await page.getByTestId('generated-article').filter({ hasText: title }).waitFor({ timeout: 20_000 });
  });

  it('regenerates the articles of the current trends, following [n/total] to "complete"', async () => {
    await seedStories(suite.server().sql);
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Articles');
    await generateAll(page);
    await panel(page, 'Automatic Article Generator From Trends').getByRole('button', { name: 'Stop', exact: true }).click();
    const actions = page.getByTestId('console-actions');
    await actions.getByRole('button', { name: 'Regenerate Articles for Trends' }).click();
    const progress = actions.getByTestId('regeneration-progress');
    await progress.getByText(/^\[0\/3\] Regenerating the articles of 3 current trends$/).waitFor();
    await progress.getByText('Regeneration finished (3/3)').waitFor({ timeout: 20_000 });
    await progress.getByRole('progressbar', { name: 'Article regeneration progress' }).waitFor();
    expect(await actions.getByRole('button', { name: 'Regenerate Articles for Trends' }).isEnabled()).toBe(true);
  });

  it('ends the regeneration when the queue holds none of its items, even if the "complete" line never arrived', async () => {
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Articles');
    // Accepted, but its live lines are lost (the live channel was down while it ran).
    await answer(page, '/api/trends/regenerate-articles', {
      status: 200,
      body: JSON.stringify({ message: 'Regenerating the articles of 2 current trends', queued: 2 }),
    });
    const queued = { queueLength: 2, isGenerating: true, currentTrend: 'Harbor storm', items: [], regenerating: true };
    const unqueue = await answer(page, '/api/generator/queue-status', { status: 200, body: JSON.stringify(queued) });
    const actions = page.getByTestId('console-actions');
    await actions.getByRole('button', { name: 'Regenerate Articles for Trends' }).click();
    await actions.getByTestId('regeneration-progress').getByText('Regenerating articles').waitFor();
    await page.waitForTimeout(300);
    expect(await actions.getByRole('button', { name: 'Regenerating Articles...' }).isDisabled()).toBe(true);
    await unqueue();
    suite.server().ctx.events.emit('queue_update', { queueLength: 0, isGenerating: false, currentTrend: null, items: [], regenerating: false });
    // No line of it arrived, so there is no progress to show: the button is simply usable again.
    await actions.getByRole('button', { name: 'Regenerate Articles for Trends' }).waitFor();
    expect(await actions.getByRole('button', { name: 'Regenerate Articles for Trends' }).isEnabled()).toBe(true);
  });

  it("says when the regeneration cannot start, with the spec's fallback, and gives the button back", async () => {
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Articles');
    await answer(page, '/api/trends/regenerate-articles', { status: 500, body: '{}' });
    const actions = page.getByTestId('console-actions');
    await actions.getByRole('button', { name: 'Regenerate Articles for Trends' }).click();
    await expectToast(page, 'Error', 'Failed to regenerate trends and articles');
    expect(await actions.getByRole('button', { name: 'Regenerate Articles for Trends' }).isEnabled()).toBe(true);
  });

  it('says "No system logs available" when the log is empty', async () => {
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Articles');
    // The login itself is logged, so an empty log is one the server answers empty.
    await answer(page, '/api/logs', { status: 200, body: '[]' });
    suite.server().ctx.events.emit('live_resync', {});
    await page.getByTestId('system-log').getByText('No system logs available', { exact: true }).waitFor();
  });
});

describe('Social tab', () => {
  it('writes a post about a trend or a story, and copies it with its 2 s confirmation', async () => {
    await seedStories(suite.server().sql);
    const { page, context, requests } = await suite.visit();
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await openConsoleTab(page, 'Social');
    const sources = panel(page, 'Social Posts');
    const topics = sources.getByRole('tablist', { name: 'Social topics' }).getByRole('tab');
    await topics.first().waitFor();
    expect(await topics.count()).toBe(8);
    await topics.filter({ hasText: 'Finance' }).click();
    const trends = sources.getByRole('region', { name: 'Recent Trends' });
    await trends.getByText(STORY_TITLES[1]!).waitFor();
    await trends.getByRole('button', { name: `Social post for "${STORY_TITLES[1]}"` }).click();
    const content = panel(page, 'Generated Content');
    await content.getByText(`For "${STORY_TITLES[1]}"`).waitFor();
    const post = (await content.locator('p.whitespace-pre-wrap').textContent())!;
    expect(post.length).toBeGreaterThan(20);
    expect(post.length).toBeLessThanOrEqual(280);

    await content.getByRole('button', { name: 'Copy' }).click();
    await content.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(post);
    await expectToast(page, 'Copied!', 'Social post copied to clipboard');
    await content.getByRole('button', { name: 'Copy' }).waitFor({ timeout: 4_000 });

    const stories = sources.getByRole('region', { name: 'Recent Stories' });
    expect(await stories.getByRole('listitem').count()).toBeLessThanOrEqual(5);
    const story = (await stories.getByRole('listitem').last().locator('span').first().textContent())!;
    await stories
      .getByRole('button', { name: `Social post for "${story}"` })
      .last()
      .click();
    await content.getByText(`For "${story}"`, { exact: true }).waitFor();
    expect(requests.filter((request) => request.path === '/api/generate-social-content')).toHaveLength(2);

    await answer(page, '/api/generate-social-content', { status: 500, body: '{}' });
    await trends.getByRole('button', { name: `Social post for "${STORY_TITLES[1]}"` }).click();
    await expectToast(page, 'Error', 'Failed to generate social content');

    const editor = panel(page, 'Social Prompts and Model');
    await editor.getByLabel('Social system prompt', { exact: true }).fill('Write calmly.');
    await editor.getByRole('button', { name: 'Save social system prompt' }).click();
    await expectToast(page, 'Social system prompt saved successfully');
  });
});

async function idOf(page: Page, title: string): Promise<number> {
  void page;
  return (await suite.server().sql<{ id: number }[]>`select id from generated_articles where title = ${title}`)[0]!.id;
}

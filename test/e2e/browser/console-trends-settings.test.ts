// The Trends, Ads, API and Settings tabs (spec 001 §2, §4, §5, §8) against a daemon with seeded
// data and the offline providers: trend lists and their states, the confirmations, the analyzer's
// controls and live action, the settings editor's clean/dirty/saved cycle on every kind of setting,
// the schedule minutes, domain import and export, the word count and the image API key rules.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { expectToast, openConsoleTab } from './console.js';
import { CONSOLE_TRENDS, resetConsole, seedConsole } from './console-seed.js';
import { answer, browserSuite, delay } from './harness.js';

const suite = browserSuite({ reset: resetConsole, env: { NEWSCTL_SCHEDULER: 'false' } });

const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function trendId(title: string): Promise<number> {
  const [row] = await suite.server().sql<{ id: number }[]>`select id from trends where title = ${title}`;
  return row!.id;
}

async function storedSetting(key: string): Promise<unknown> {
  const [row] = await suite.server().sql<{ value: unknown }[]>`select value from settings where key = ${key}`;
  return row?.value;
}

/** Drops a file on an element the way a browser does (a drop event carrying a DataTransfer). */
async function dropFile(page: Page, testId: string, name: string, content: string): Promise<void> {
  const transfer = await page.evaluateHandle(
    ([fileName, text]) => {
      const data = new DataTransfer();
      data.items.add(new File([text], fileName, { type: fileName.endsWith('.txt') ? 'text/plain' : 'application/octet-stream' }));
      return data;
    },
    [name, content] as const,
  );
  await page.getByTestId(testId).dispatchEvent('drop', { dataTransfer: transfer });
}

describe('Trends tab', () => {
  it('shows the analysis with its counts, the summary by topic and the trend cards of each topic', async () => {
    await seedConsole(suite.server().sql);
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Trends');
    const analysis = panel(page, 'Trends Analysis');
    await analysis.getByText('Idle', { exact: true }).waitFor();
    // The status may still be on its way: the count is waited for, not read at once.
    await analysis.getByTestId('trends-identified').filter({ hasText: /^10$/ }).waitFor();
    await analysis.getByText('API Calls').waitFor();
    await analysis.getByText('12', { exact: true }).waitFor();
    await analysis.getByText('35 minutes ago', { exact: true }).first().waitFor();

    const summary = analysis.getByRole('table', { name: 'Trends by topic' });
    expect(await summary.getByRole('row').first().innerText()).toBe('TOPIC\tTOTAL TRENDS\tARTICLES GENERATED');
    expect(await summary.getByRole('row').filter({ hasText: 'Health' }).innerText()).toBe('Health\t2\t0');
    expect(await summary.getByRole('row').last().innerText()).toBe('Total\t10\t0');

    const topics = analysis.getByRole('tablist', { name: 'Trend topics' }).getByRole('tab');
    expect(await topics.allTextContents()).toEqual(['All', 'Health', 'Finance', 'USA', 'International', 'Tech', 'Energy', 'Science', 'Food']);
    await analysis.getByText('Showing 10 trends').waitFor();
    const first = analysis.getByTestId('trend-card').first();
    expect(await first.getByRole('heading').textContent()).toBe(CONSOLE_TRENDS[0].title);
    for (const text of [
      '9.2/10',
      `Several sources report that ${CONSOLE_TRENDS[0].title.toLowerCase()}.`,
      '148 articles analyzed',
      'Batch 4',
      'Health',
      '35 minutes ago',
    ]) {
      await first.getByText(text, { exact: true }).waitFor();
    }
    // The trend's own sources, apart from what the run analyzed (148): none linked to this seeded trend.
    expect(await first.getByTestId('trend-article-count').textContent()).toBe('0 articles in this trend');
    expect(await analysis.getByRole('list', { name: 'Trends' }).evaluate((list) => getComputedStyle(list).height)).toBe('400px');

    await topics.filter({ hasText: 'Finance' }).click();
    await analysis.getByText('Showing 2 trends').waitFor();
    expect(await analysis.getByTestId('trend-card').getByRole('heading').allTextContents()).toEqual([
      'Central bank signals a pause in rate increases',
      'Regional lenders report fewer loan defaults',
    ]);
    await topics.filter({ hasText: 'Food' }).click();
    await analysis.getByText('Showing 1 trends').waitFor();
  });

  it('shows the empty states, three skeleton rows while loading and the load error', async () => {
    const { page } = await suite.visit();
    await delay(page, '/api/trends', 1_500);
    await openConsoleTab(page, 'Trends');
    const analysis = panel(page, 'Trends Analysis');
    expect(await analysis.getByTestId('trend-skeleton').count()).toBe(3);
    await analysis.getByText('No trends identified yet').waitFor();
    await analysis.getByText('Click "Start" to manually analyze recent articles and identify trends').waitFor();
    expect(await analysis.getByRole('table', { name: 'Trends by topic' }).count()).toBe(0);
    await analysis.getByRole('tab', { name: 'USA' }).click();
    await analysis.getByText('No USA trends identified yet').waitFor();

    await answer(page, '/api/trends/by-topic/science', { status: 500, body: JSON.stringify({ message: 'boom' }) });
    await analysis.getByRole('tab', { name: 'Science' }).click();
    await analysis.getByText('Failed to load trends', { exact: true }).waitFor();
  });

  it('asks before clearing and re-categorizing, traps focus in the dialog, and reports the result', async () => {
    await seedConsole(suite.server().sql);
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Trends');
    const analysis = panel(page, 'Trends Analysis');
    await analysis.getByText('Showing 10 trends').waitFor();

    await analysis.getByRole('button', { name: 'Clear Trends' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Are you sure you want to clear all trends? This cannot be undone.', { exact: true }).waitFor();
    // Focus starts on Cancel and stays inside the dialog.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[role="alertdialog"]')))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await suite.server().sql`select count(*)::int as n from trends`)[0]!.n).toBe(10);

    await analysis.getByRole('button', { name: 'Re-categorize' }).click();
    await dialog
      .getByText('This will re-analyze all existing trends and update their categories based on comprehensive keyword matching. Continue?', { exact: true })
      .waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Re-categorization Complete', { exact: true }).waitFor();
    const description = await page.getByText(/^Successfully re-categorized \d+ trends\. \d+ trends unchanged\.$/).textContent();
    const [, moved, unchanged] = /(\d+) trends\. (\d+)/.exec(description!)!;
    expect(Number(moved) + Number(unchanged)).toBe(10);

    await answer(page, '/api/trends/recategorize', { status: 500, body: '{}' });
    await analysis.getByRole('button', { name: 'Re-categorize' }).click();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expectToast(page, 'Re-categorization Failed', 'Failed to re-categorize trends');

    await analysis.getByRole('button', { name: 'Clear Trends' }).click();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await analysis.getByText('No trends identified yet').waitFor();
    expect((await suite.server().sql`select count(*)::int as n from trends`)[0]!.n).toBe(0);
  });

  it('while the analyzer works: Stop instead of Start, the tools disabled with their reasons, the live current action', async () => {
    await seedConsole(suite.server().sql);
    const { page } = await suite.visit();
    // The analyzer finishes offline in moments; hold its status at "analyzing" to look at it.
    await page.route(
      (url) => url.pathname === '/api/status',
      async (route) => {
        const response = await route.fetch();
        const status = { ...(await response.json()), trendsAnalyzerStatus: 'analyzing', trendsAnalyzerCurrentAction: 'Reading health articles' };
        await route.fulfill({ response, json: status });
      },
    );
    await openConsoleTab(page, 'Trends');
    const analysis = panel(page, 'Trends Analysis');
    await analysis.getByText('Analyzing', { exact: true }).waitFor();
    await analysis.getByText('Reading health articles').waitFor();
    await analysis.getByRole('button', { name: 'Stop', exact: true }).waitFor();
    expect(await analysis.getByRole('button', { name: 'Start', exact: true }).count()).toBe(0);
    expect(await analysis.getByRole('button', { name: 'Re-categorize' }).isDisabled()).toBe(true);
    expect(await analysis.getByRole('button', { name: 'Clear Trends' }).isDisabled()).toBe(true);
    await analysis.getByLabel('Stop the analyzer before clearing trends').focus();
    await page.getByRole('tooltip').getByText('Stop the analyzer before clearing trends').first().waitFor();
    await analysis.getByLabel('Stop the analyzer before re-categorizing').hover();
    await page.getByRole('tooltip').getByText('Stop the analyzer before re-categorizing').first().waitFor();

    // A trendsAnalyzerAction message replaces the action at once.
    suite.server().ctx.events.emit('trendsAnalyzerAction', { action: 'Grouping finance stories (3 of 8)' });
    await analysis.getByText('Grouping finance stories (3 of 8)').waitFor();
  });

  it('runs the analyzer from Start and shows its last run', async () => {
    await seedConsole(suite.server().sql);
    await suite.server().sql`delete from job_runs where job = 'trends-analyzer'`;
    const { page, requestsTo } = await suite.visit();
    await openConsoleTab(page, 'Trends');
    const analysis = panel(page, 'Trends Analysis');
    // The counter, not a trend card's age (cards of the new analysis read "1 minute ago" too).
    const lastRun = analysis.getByTestId('trends-last-run');
    await lastRun.filter({ hasText: /^Never$/ }).waitFor();
    await analysis.getByRole('button', { name: 'Start', exact: true }).click();
    await lastRun.filter({ hasText: /^1 minute ago$/ }).waitFor({ timeout: 20_000 });
    await analysis.getByText('Idle', { exact: true }).waitFor();
    expect(requestsTo('POST', '/api/trends-analyzer/run')).toHaveLength(1);
  });

  it("explains a trend's topic and files the story under another topic, then gives it back", async () => {
    await seedConsole(suite.server().sql);
    const title = CONSOLE_TRENDS[0].title;
    const evidence = {
      source: 'offline',
      confidence: 0.62,
      runnerUp: 'usa',
      runnerUpConfidence: 0.21,
      words: ['vaccine', 'clinics', 'measles'],
      sentence: 'Clinics ran out of vaccine doses on Monday.',
    };
    await suite.server().sql`update trends set topic_evidence = ${suite.server().sql.json(evidence)} where title = ${title}`;
    const { page, requestsTo } = await suite.visit();
    await openConsoleTab(page, 'Trends');
    const card = panel(page, 'Trends Analysis').getByTestId('trend-card').first();
    const why = card.getByTestId('trend-topic-explanation');
    await why.getByText('Why Health?', { exact: true }).click();
    await why.getByText('evidence: vaccine, clinics, measles; runner-up usa (21 %)', { exact: true }).waitFor();
    await why.getByText('Clinics ran out of vaccine doses on Monday.', { exact: true }).waitFor();

    await why.getByLabel('File this story under').selectOption('science');
    await why.getByRole('button', { name: 'Set topic' }).click();
    await expectToast(page, 'Topic Set', `"${title}" is filed under science; later analyses keep it there`);
    expect(requestsTo('PUT', `/api/trends/${await trendId(title)}/topic`)).toHaveLength(1);
    // The card now says who chose, and what the analyzer had read.
    const moved = panel(page, 'Trends Analysis').getByTestId('trend-card').filter({ hasText: title });
    await moved.getByText('Why Science? (set by you)', { exact: true }).waitFor();
    await moved.getByText('set by the administrator; the analyzer read health (62 %): vaccine, clinics, measles', { exact: true }).waitFor();
    await moved.getByRole('button', { name: 'Let the analyzer decide' }).click();
    await expectToast(page, 'Topic Given Back', `"${title}" stays under science until the next analysis decides its topic`);
  });

  it('generates an article from a trend with the spec texts for success and both failures', async () => {
    await seedConsole(suite.server().sql);
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Trends');
    const card = panel(page, 'Trends Analysis').getByTestId('trend-card').first();
    const title = CONSOLE_TRENDS[0].title;

    const queued = async (route: Route) => {
      expect(route.request().postDataJSON()).toEqual({ trendTitle: title });
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.fulfill({ status: 200, json: { message: 'queued' } });
    };
    await page.route('**/api/generator/generate-from-trend', queued);
    await card.getByRole('button', { name: `Generate Article: ${title}` }).click();
    await card.getByText('Generating...').waitFor();
    await expectToast(page, 'Article Generation Started', `Successfully queued article generation for: "${title}"`);
    await card.getByText('Generate Article', { exact: true }).waitFor();
    await page.unroute('**/api/generator/generate-from-trend', queued);

    const restore = await answer(page, '/api/generator/generate-from-trend', {
      status: 422,
      body: JSON.stringify({ message: 'Insufficient matching articles (1 of 3)' }),
    });
    await card.getByRole('button', { name: `Generate Article: ${title}` }).click();
    await expectToast(
      page,
      'Article Generation Failed',
      `Cannot generate article for "${title}": Not enough related source articles found. Try running the spider to collect more articles first.`,
    );
    await restore();
    await answer(page, '/api/generator/generate-from-trend', { status: 502, body: JSON.stringify({ message: 'The model did not answer' }) });
    await card.getByRole('button', { name: `Generate Article: ${title}` }).click();
    await expectToast(page, 'Article Generation Failed', `Failed to generate article for "${title}": The model did not answer`);
  });

  it('edits the analyzer prompts and model: unsaved changes, Save only when dirty, the spec toasts, clean after save or reload', async () => {
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Trends');
    const config = panel(page, 'Trends Analyzer Configuration');
    const systemPrompt = config.getByLabel('Trends analyzer system prompt');
    const save = config.getByRole('button', { name: 'Save system prompt' });
    await systemPrompt.waitFor();
    expect(await save.isDisabled()).toBe(true);
    expect(await config.getByText('You have unsaved changes').count()).toBe(0);

    await systemPrompt.fill('Find the three biggest stories.');
    await config.getByText('You have unsaved changes').waitFor();
    expect(await save.isEnabled()).toBe(true);
    await save.click();
    await expectToast(page, 'System prompt saved successfully');
    expect(await config.getByText('You have unsaved changes').count()).toBe(0);
    expect(await save.isDisabled()).toBe(true);
    expect(await storedSetting('trends-analyzer-system-prompt')).toEqual({ promptText: 'Find the three biggest stories.' });

    // Typing the saved text back makes it clean again.
    await systemPrompt.fill('Find the three biggest stories!');
    await config.getByText('You have unsaved changes').waitFor();
    await systemPrompt.fill('Find the three biggest stories.');
    expect(await config.getByText('You have unsaved changes').count()).toBe(0);

    const model = config.getByLabel('Model name', { exact: true });
    expect(await model.getAttribute('placeholder')).toBe(suite.server().config.llm.model);
    await model.fill('mistral-large-latest');
    await config.getByRole('button', { name: 'Save model name' }).click();
    await expectToast(page, 'Model name saved successfully');
    expect(await storedSetting('trends-analyzer-model-name')).toEqual({ modelName: 'mistral-large-latest' });

    const restore = await answer(page, '/api/trends-analyzer-user-prompt', { status: 500, body: '{}' });
    await config.getByLabel('Trends analyzer user prompt').fill('Changed');
    await config.getByRole('button', { name: 'Save user prompt' }).click();
    await expectToast(page, 'Error', 'Failed to save user prompt');
    await config.getByText('You have unsaved changes').waitFor();
    await restore();

    // A new server value (saved elsewhere) is reloaded and the editor is clean again.
    const cookie = await suite.server().loginCookie();
    await fetch(`${suite.server().baseUrl}/api/trends-analyzer-user-prompt`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ promptText: 'Saved by the CLI' }),
    });
    await page.waitForFunction(() => Array.from(document.querySelectorAll('textarea')).some((area) => area.value === 'Saved by the CLI'));
    expect(await config.getByText('You have unsaved changes').count()).toBe(0);
  });

  it('saves the trends schedule minutes (0–59) and runs the food re-categorization', async () => {
    await seedConsole(suite.server().sql);
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Trends');
    const schedule = panel(page, 'Trends Schedule');
    const minuteA = schedule.getByLabel('Trends minute A');
    expect(await minuteA.inputValue()).toBe('31');
    await minuteA.fill('60');
    await schedule.getByText('Enter a whole number from 0 to 59').waitFor();
    expect(await schedule.getByRole('button', { name: 'Save schedule settings' }).isDisabled()).toBe(true);
    await minuteA.fill('45');
    await schedule.getByRole('button', { name: 'Save schedule settings' }).click();
    await expectToast(page, 'Schedule settings saved successfully');
    expect(await storedSetting('schedule-settings')).toEqual({ spiderMinuteA: 1, spiderMinuteB: 1, trendsMinuteA: 45, trendsMinuteB: 0 });
    // The next analysis follows the saved minute (the settings message refreshes the schedule).
    await schedule
      .getByTestId('next-trends-analyzer')
      .filter({ hasText: /^Next analysis: (Sun|Mon|Tue|Wed|Thu|Fri|Sat) \d{1,2}:45 (AM|PM) C[SD]T$/ })
      .waitFor();
    await answer(page, '/api/schedule-settings', { status: 500, body: '{}' });
    await schedule.getByLabel('Trends minute B').fill('15');
    await schedule.getByRole('button', { name: 'Save schedule settings' }).click();
    await expectToast(page, 'Error', 'Failed to update schedule settings');

    const food = panel(page, 'Food Re-categorization');
    await food.getByRole('button', { name: 'Start' }).click();
    await food.getByTestId('food-last-run').waitFor({ timeout: 20_000 });
    const articles = (await suite.server().sql`select count(*)::int as n from articles`)[0]!.n as number;
    expect(await food.getByTestId('food-last-run').textContent()).toMatch(new RegExp(`^Last run: ${articles} articles processed, \\d+ re-categorized\\.$`));
    await answer(page, '/api/food-recategorization/start', { status: 409, body: '{}' });
    await food.getByRole('button', { name: 'Start' }).click();
    await expectToast(page, 'Error', 'Failed to start food re-categorization');
  });
});

describe('Ads and API tabs', () => {
  it('saves both audio plugs together and the three JSON blocks', async () => {
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Ads');
    const ads = panel(page, 'Audio Ads');
    await ads.getByLabel('Pre-plug (read before the summary)').fill('This bulletin is brought to you by the Harbour Library.');
    await ads.getByLabel('Ending plug (read at the end)').fill('Visit the library this weekend.');
    await ads.getByText('You have unsaved changes').waitFor();
    await ads.getByRole('button', { name: 'Save audio ads' }).click();
    await expectToast(page, 'Audio ads saved successfully');
    expect(await storedSetting('audio-ads')).toEqual({
      prePlug: 'This bulletin is brought to you by the Harbour Library.',
      endingPlug: 'Visit the library this weekend.',
    });

    await page.getByRole('tab', { name: 'API', exact: true }).click();
    // The tab says what the block is for and how another program reads it, at this site's address.
    const help = page.getByTestId('api-help');
    expect(await help.textContent()).toContain('newsctl does not read it itself');
    expect(await help.locator('pre').textContent()).toContain(`curl -H "Authorization: Bearer <token>" ${new URL(page.url()).origin}/api/get-json-config`);
    const json = panel(page, 'JSON Configuration');
    await json.getByLabel('JSON text (top)').fill('{"items": [');
    await json.getByLabel('JSON text', { exact: true }).fill('{"title": "x"}');
    await json.getByLabel('JSON text (bottom)').fill(']}');
    await json.getByRole('button', { name: 'Save JSON configuration' }).click();
    await expectToast(page, 'JSON configuration saved successfully');
    expect(await storedSetting('get-json-config')).toEqual({ jsonTextTop: '{"items": [', jsonText: '{"title": "x"}', jsonTextBottom: ']}' });
  });
});

describe('Settings tab', () => {
  it('imports domains from a dropped or chosen .txt file and exports domains-{date}.txt', async () => {
    const { page } = await suite.visit({ acceptDownloads: true });
    await openConsoleTab(page, 'Settings');
    await page.getByTestId('domain-drop-zone').waitFor();

    await dropFile(page, 'domain-drop-zone', 'domains.csv', 'a.example,5');
    await expectToast(page, 'Error', 'Please upload a .txt file');
    await dropFile(page, 'domain-drop-zone', 'empty.txt', '\n   \n\n');
    await expectToast(page, 'Error', 'No domains found in the file');

    await dropFile(page, 'domain-drop-zone', 'domains.txt', '  alpha.example,7 \nbeta.example\n\n#AVOID\nspam.example\n');
    await expectToast(page, 'Domains Imported', '3 added, 0 skipped');
    expect(await suite.server().sql`select url, priority from domains order by url`).toEqual([
      { url: 'alpha.example', priority: 7 },
      { url: 'beta.example', priority: null },
    ]);
    await page.getByText('2 domains in the list now').waitFor();

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a file' }).click();
    await (await chooser).setFiles({ name: 'more.txt', mimeType: 'text/plain', buffer: Buffer.from('gamma.example,2\nalpha.example,7\n') });
    await expectToast(page, 'Domains Imported', '1 added, 1 skipped');

    await answer(page, '/api/domains/import', { status: 500, body: '{}' });
    await dropFile(page, 'domain-drop-zone', 'domains.txt', 'delta.example');
    await expectToast(page, 'Error', 'Failed to import domains');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export Domains' }).click();
    const file = await download;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: suite.server().config.timeZone }).format(new Date());
    expect(file.suggestedFilename()).toBe(`domains-${today}.txt`);
    expect(readFileSync(await file.path(), 'utf8')).toBe('alpha.example,7\nbeta.example,4\ngamma.example,2\n#AVOID\nspam.example\n');
  });

  it('checks the word count (a whole number ≥ 1, empty counts as 0) and keeps the image API key out of the field', async () => {
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Settings');
    const words = panel(page, 'Targeted Word Count');
    const count = words.getByLabel('Target word count');
    expect(await count.inputValue()).toBe('600');
    await count.fill('');
    await words.getByText('Enter a whole number from 1 to 20000').waitFor();
    expect(await words.getByRole('button', { name: 'Save word count settings' }).isDisabled()).toBe(true);
    await count.fill('0');
    expect(await words.getByRole('button', { name: 'Save word count settings' }).isDisabled()).toBe(true);
    await count.fill('850');
    await words.getByRole('button', { name: 'Save word count settings' }).click();
    await expectToast(page, 'Word count settings saved successfully');
    expect(await storedSetting('word-count-settings')).toEqual({ targetWordCount: 850 });

    const image = panel(page, 'Image Generation API');
    await image.getByText('No key is saved yet.').waitFor();
    await image.getByLabel('Image prompt').fill('A calm photo about {ARTICLE_TITLE}');
    await image.getByRole('button', { name: 'Save image generation API configuration' }).click();
    await expectToast(page, 'Invalid Configuration', 'Please enter an API key.');
    expect(await storedSetting('google-api-config')).toBeUndefined();

    await image.getByLabel('API key').fill('AIza-test-key-0123456789');
    await image.getByRole('button', { name: 'Save image generation API configuration' }).click();
    await expectToast(page, 'Image generation API configuration saved successfully');
    await image.getByText('A key is saved (********6789); leave the field empty to keep it.').waitFor();
    expect(await image.getByLabel('API key').inputValue()).toBe('');

    // Saving the prompt alone keeps the stored key.
    await image.getByLabel('Image prompt').fill('A calm photo about {ARTICLE_TITLE}: {ARTICLE_EXCERPT}');
    await image.getByRole('button', { name: 'Save image generation API configuration' }).click();
    await expectToast(page, 'Image generation API configuration saved successfully');
    expect(await storedSetting('google-api-config')).toEqual({
      apiKey: 'AIza-test-key-0123456789',
      imagePrompt: 'A calm photo about {ARTICLE_TITLE}: {ARTICLE_EXCERPT}',
    });
    expect(await image.getByLabel('API key').inputValue()).toBe('');
  });

  it('saves the article and classifier prompts, and fails with "Save Failed" and the spec text', async () => {
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Settings');
    for (const [title, label, key] of [
      ['User Prompt', 'User prompt', 'user-prompt'],
      ['Latest News Prompt', 'Latest news prompt', 'latest-news-prompt'],
      ['Article Classifier System Prompt', 'Article classifier system prompt', 'article-classifier-system-prompt'],
      ['Article Classifier User Prompt', 'Article classifier user prompt', 'article-classifier-user-prompt'],
    ] as const) {
      const editor = panel(page, title);
      await editor.getByLabel(label, { exact: true }).fill(`My ${label}`);
      await editor.getByRole('button', { name: `Save ${label.toLowerCase()}` }).click();
      await expectToast(page, `${label} saved successfully`);
      expect(await storedSetting(key)).toEqual({ promptText: `My ${label}` });
    }
    await panel(page, 'User Prompt').getByText('Placeholder: %ArticleText%, replaced by the source articles.').waitFor();

    await answer(page, '/api/system-prompt', { status: 500, body: '{}' });
    await panel(page, 'System Prompt').getByLabel('System prompt', { exact: true }).fill('Something new');
    await panel(page, 'System Prompt').getByRole('button', { name: 'Save system prompt' }).click();
    await expectToast(page, 'Save Failed', 'Failed to save the system prompt.');
  });
});

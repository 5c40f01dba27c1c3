// The Podcast, Interviews and Music tabs (spec 001 §2, §4, §5, §8) against a daemon with seeded
// stories and the offline writer, speech (espeak-ng) and music: scripts, enhancement and
// refinement (stopped, then finished) with live token progress, edits saved on the server (a
// reload shows them, the render speaks them), audio with its player and mp3 download, the speaker
// tables, lyrics, tracks moving from in progress to completed, open and delete. Scripts are cut to a few lines before their audio is made, and the audio tests get
// minutes, not the default 30 s: rendering is slow on a busy 2-core machine.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectToast, openConsoleTab, selectTab } from './console.js';
import { resetConsole, seedConsole, seedStories } from './console-seed.js';
import { answer, browserSuite, delay } from './harness.js';

const suite = browserSuite({
  reset: async (sql) => {
    await resetConsole(sql);
    await sql`truncate scripts, music_tracks, audio_assets restart identity cascade`;
  },
  env: { NEWSCTL_SCHEDULER: 'false' },
});

const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const NO_SCRIPT = 'No script available. Generate a script first.';

async function seed(): Promise<void> {
  await seedConsole(suite.server().sql);
  await seedStories(suite.server().sql);
}

/** Downloads through the button and returns the file's name and first bytes. */
async function download(page: Page, button: ReturnType<Page['getByRole']>): Promise<{ name: string; head: Buffer }> {
  const started = page.waitForEvent('download');
  await button.click();
  const file = await started;
  return { name: file.suggestedFilename(), head: readFileSync(await file.path()).subarray(0, 3) };
}

/** An MP3 starts with an ID3 tag or a frame sync. */
const isMp3 = (head: Buffer) => head.toString('latin1') === 'ID3' || (head[0] === 0xff && (head[1]! & 0xe0) === 0xe0);

describe('Podcast tab', () => {
  it('generates, enhances and speaks a script, plays and downloads it as mp3, and clears both on a new script', async () => {
    await seed();
    const { page } = await suite.visit({ acceptDownloads: true });
    await openConsoleTab(page, 'Podcast');
    const script = panel(page, 'Podcast Script');
    await script.getByText('No script generated yet.').waitFor();

    await script.getByRole('button', { name: 'Generate Audio' }).click();
    // Screen readers hear the toast: Radix reads it out through an assertive live region.
    await page.locator('[role="status"][aria-live="assertive"]').filter({ hasText: NO_SCRIPT }).waitFor({ state: 'attached' });
    await expectToast(page, 'Error', NO_SCRIPT);
    await script.getByRole('button', { name: 'Enhance Script' }).click();
    await expectToast(page, 'Error', NO_SCRIPT);

    await script.getByRole('button', { name: 'Generate Script' }).click();
    await script.getByText(/^Script generated about \d+ stories \(offline writer\)\.$/).waitFor({ timeout: 15_000 });
    await script.getByText(/^Last generated script · Generated \d{4}-\d\d-\d\d, \d{1,2}:\d\d [AP]M C[SD]T$/).waitFor();
    const original = await script.getByLabel('Script', { exact: true }).inputValue();
    expect(original).toMatch(/^Alex: /);
    expect(original).toContain('Jordan: ');

    await script.getByRole('button', { name: 'Enhance Script' }).click();
    await script.getByText(/^Script enhanced from \d+ sources?\.$/).waitFor({ timeout: 15_000 });
    const enhanced = script.getByTestId('podcast-enhanced');
    expect((await enhanced.inputValue()).length).toBeGreaterThan(original.length);
    await script.getByText('Used for the audio').waitFor();

    // The enhanced script is the one spoken: cut it to two lines to keep the render short (Generate
    // Audio saves the edit first).
    const cut = 'Alex: Welcome to the podcast.\nJordan: Thanks, Alex. Here is the news.';
    await enhanced.fill(cut);
    // The segment progress comes from the live messages (held back a moment to catch it).
    await delay(page, '/api/generate-conversational-audio', 2_000);
    await script.getByRole('button', { name: 'Generate Audio' }).click();
    await script.getByRole('button', { name: 'Generating Audio...' }).waitFor();
    await script.getByText('Preparing the voices...').waitFor();
    suite.server().ctx.events.emit('conversational-audio-progress', { current: 1, total: 4 });
    await script.getByText('Segment 1 of 4').waitFor();
    expect(await script.getByRole('progressbar', { name: 'Podcast audio progress' }).getAttribute('aria-valuenow')).toBe('25');
    // The last line spoken, the mixing still takes a while: it says so rather than sit on "4 of 4".
    suite.server().ctx.events.emit('conversational-audio-progress', { current: 4, total: 4 });
    await script.getByText('All 4 segments spoken; mixing and levelling the audio...').waitFor();
    await script.getByText('Audio generated: 2 segments.').waitFor({ timeout: 60_000 });
    await page.unroute((url) => url.pathname === '/api/generate-conversational-audio');
    const player = script.getByTestId('podcast-audio');
    const audio = player.locator('audio');
    expect(await audio.getAttribute('src')).toMatch(/^\/audio\/[^/]+\.mp3\?v=\d+$/);
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration), { timeout: 10_000 }).toBeGreaterThan(1);

    const file = await download(page, player.getByRole('button', { name: 'Download Podcast audio as MP3' }));
    expect(file.name).toMatch(/\.mp3$/);
    expect(isMp3(file.head)).toBe(true);
    const src = new URL((await audio.getAttribute('src'))!, 'http://x').pathname;
    const restore = await answer(page, src, { status: 404, body: '{"message":"gone"}' });
    await player.getByRole('button', { name: 'Download Podcast audio as MP3' }).click();
    await expectToast(page, 'Error', 'Failed to download the audio file.');
    await restore();

    // A reload shows the last script, its enhancement as edited (the edit was stored) and its audio.
    const enhancedByServer = await page.evaluate(() => fetch('/api/last-conversational-audio-script').then((r) => r.json()));
    expect(enhancedByServer.scriptText).toBe(cut);
    await page.reload();
    await panel(page, 'Podcast Script').getByTestId('podcast-audio').waitFor();
    expect(await panel(page, 'Podcast Script').getByTestId('podcast-enhanced').inputValue()).toBe(cut);
    expect(await panel(page, 'Podcast Script').getByLabel('Script', { exact: true }).inputValue()).toBe(original);

    // A new script clears the enhanced one and the audio (spec 001 §4).
    await script.getByRole('button', { name: 'Generate Script' }).click();
    await script.getByText(/^Script generated about \d+ stories \(offline writer\)\.$/).waitFor({ timeout: 15_000 });
    expect(await script.getByTestId('podcast-enhanced').count()).toBe(0);
    expect(await script.getByTestId('podcast-audio').count()).toBe(0);

    await answer(page, '/api/generate-conversational-audio', { status: 500, body: '{}' });
    await script.getByRole('button', { name: 'Generate Audio' }).click();
    await expectToast(page, 'Error', 'Failed to generate audio narration');
  }, 120_000);

  it('saves an edited script on the server: a reload shows it, and Generate Audio speaks it', async () => {
    await seed();
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Podcast');
    const script = panel(page, 'Podcast Script');
    await script.getByRole('button', { name: 'Generate Script' }).click();
    await script.getByText(/^Script generated about \d+ stories \(offline writer\)\.$/).waitFor({ timeout: 15_000 });
    const box = script.getByLabel('Script', { exact: true });
    const save = script.getByRole('button', { name: 'Save podcast script' });
    expect(await save.isDisabled()).toBe(true);

    await box.fill('Alex: An **edited** opening about climate change.\nJordan: And a second line of our own.');
    await script.getByText('You have unsaved changes').waitFor();
    await save.click();
    await expectToast(page, 'Podcast script saved successfully');
    // Stored as it will be spoken: the §5 rules applied to the edit.
    const edited = 'Alex: An edited opening about climate engineering.\nJordan: And a second line of our own.';
    await expect.poll(() => box.inputValue()).toBe(edited);
    expect(await script.getByText('You have unsaved changes').count()).toBe(0);
    await script.getByText(/^Last generated script · Generated .+ · edited \d{4}-\d\d-\d\d, \d{1,2}:\d\d [AP]M C[SD]T$/).waitFor();

    await page.reload();
    const reloaded = panel(page, 'Podcast Script');
    await expect.poll(() => reloaded.getByLabel('Script', { exact: true }).inputValue()).toBe(edited);

    // Discarding an unsaved edit brings the stored one back.
    await reloaded.getByLabel('Script', { exact: true }).fill('Alex: Not kept.');
    await reloaded.getByRole('button', { name: 'Discard changes' }).click();
    expect(await reloaded.getByLabel('Script', { exact: true }).inputValue()).toBe(edited);

    await reloaded.getByRole('button', { name: 'Generate Audio' }).click();
    await reloaded.getByText('Audio generated: 2 segments.').waitFor({ timeout: 60_000 });
    // The episode's description is its first lines without the speaker labels: the edited ones.
    const [asset] = await suite.server().sql<{ meta: { description: string; speakers: string[] } }[]>`
      select meta from audio_assets where kind = 'podcast' order by generated_at desc limit 1`;
    expect(asset!.meta).toMatchObject({
      description: 'An edited opening about climate engineering. And a second line of our own.',
      speakers: ['Alex', 'Jordan'],
    });
    await reloaded.getByTestId('podcast-audio').waitFor();
  }, 120_000);

  it("edits the speaker table with the voice table's voices and the replacement table", async () => {
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Podcast');
    const tables = panel(page, 'Speakers and Replacements');
    const voice = tables.getByLabel('Voice, row 2');
    expect(await voice.inputValue()).toBe('Aoede');
    expect(await voice.locator('option').allTextContents()).toEqual(expect.arrayContaining(['Achird', 'Aoede', 'Orus', 'Kore']));
    await voice.selectOption('Kore');
    await tables.getByText('You have unsaved changes').waitFor();
    await tables.getByRole('button', { name: 'Save podcast speaker table' }).click();
    await expectToast(page, 'Podcast speaker table saved successfully');
    const [row] = await suite.server().sql<
      { value: { speakers: { name: string; voice: string }[] } }[]
    >`select value from settings where key = 'conversational-audio-speakers'`;
    expect(row!.value.speakers).toEqual([
      { name: 'Alex', voice: 'Achird' },
      { name: 'Jordan', voice: 'Kore' },
    ]);

    expect(await tables.getByLabel('Find, row 1').inputValue()).toBe('climate change');
    expect(await tables.getByLabel('Replace, row 1').inputValue()).toBe('climate engineering');
  });
});

describe('Interviews tab', () => {
  it('needs a topic, writes the script with live token progress, stops a refinement, refines, and plays the audio', async () => {
    await seed();
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Interviews');
    const script = panel(page, 'Interview Script');
    await script.getByText('No script generated yet.').waitFor();

    await script.getByRole('button', { name: 'Refine Script' }).click();
    await expectToast(page, 'Error', NO_SCRIPT);
    await script.getByRole('button', { name: 'Generate Script' }).click();
    await expectToast(page, 'Error', 'No interview topic set. Enter an interview topic first.');

    await script.getByLabel('Topic', { exact: true }).fill('Central bank interest rates');
    await script.getByRole('button', { name: 'Save interview topic' }).click();
    await expectToast(page, 'Interview topic saved successfully');
    await script.getByRole('button', { name: 'Generate Script' }).click();
    const tokens = script.getByTestId('token-progress');
    await tokens.getByText(/^Script written: [\d,]+ tokens$/).waitFor({ timeout: 15_000 });
    await script.getByText('Script generated by the offline writer.').waitFor();
    // The count is told once, on the token line.
    expect(await script.getByText(/[\d,]+ tokens/).count()).toBe(1);
    const written = await script.getByTestId('interview-text').inputValue();
    expect(written).toMatch(/^Sam: Welcome to newsctl Interviews\. I'm Sam, and today's topic is central bank interest rates\./);
    expect(Number((await tokens.textContent())!.replace(/\D/g, ''))).toBeGreaterThan(50);

    // Stop: the request is aborted and the server told; the script stays as it was.
    await delay(page, '/api/refine-interview-script', 3_000);
    await script.getByRole('button', { name: 'Refine Script' }).click();
    await tokens.getByText('Refining the script: 0 tokens').waitFor();
    await script.getByRole('button', { name: 'Stop Refinement' }).click();
    await expectToast(page, 'Refinement Stopped');
    expect(await script.getByTestId('interview-text').inputValue()).toBe(written);
    await page.unroute((url) => url.pathname === '/api/refine-interview-script');

    await script.getByRole('button', { name: 'Refine Script' }).click();
    await tokens.getByText(/^Script refined: [\d,]+ tokens$/).waitFor({ timeout: 15_000 });
    await script.getByText('Refined', { exact: true }).waitFor();

    await script.getByTestId('interview-text').fill('Sam: Welcome back.\nDr. Morgan: Glad to be here.');
    await delay(page, '/api/generate-interview-audio', 2_000);
    await script.getByRole('button', { name: 'Generate Audio' }).click();
    await script.getByText('Preparing the voices...').waitFor();
    suite.server().ctx.events.emit('interview-audio-progress', { current: 2, total: 5 });
    await script.getByText('Segment 2 of 5').waitFor();
    expect(await script.getByRole('progressbar', { name: 'Interview audio progress' }).getAttribute('aria-valuenow')).toBe('40');
    // Leaving the tab and coming back: the render is still shown under way, and its audio arrives.
    await selectTab(page, 'Music');
    await selectTab(page, 'Interviews');
    await script.getByRole('button', { name: 'Generating Audio...' }).waitFor();
    expect(await script.getByRole('button', { name: 'Generate Script' }).isDisabled()).toBe(true);
    const player = script.getByTestId('interview-audio');
    await player.waitFor({ timeout: 60_000 });
    const audio = player.locator('audio');
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.duration), { timeout: 10_000 }).toBeGreaterThan(1);
    await player.getByRole('button', { name: 'Play Interview audio' }).click();
    await player.getByRole('button', { name: 'Pause Interview audio' }).waitFor();
    expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(false);
    // Said to a screen reader too: the button's new name is not read out (Orca, docs/accessibility.md).
    await player
      .getByRole('status')
      .filter({ hasText: /^Playing Interview audio$/ })
      .waitFor();
    await player.getByRole('button', { name: 'Pause Interview audio' }).click();
    await player.getByRole('button', { name: 'Play Interview audio' }).waitFor();
    expect(await audio.evaluate((element: HTMLAudioElement) => element.paused)).toBe(true);
    await player
      .getByRole('status')
      .filter({ hasText: /^Paused Interview audio$/ })
      .waitFor();

    // The edit the audio was made from was stored before the render: a reload shows it.
    await page.reload();
    await expect
      .poll(() => panel(page, 'Interview Script').getByTestId('interview-text').inputValue())
      .toBe('Sam: Welcome back.\nDr. Morgan: Glad to be here.');
    await panel(page, 'Interview Script').getByText('Refined', { exact: true }).waitFor();
  }, 120_000);
});

describe('Music tab', () => {
  it('writes lyrics, makes a track that moves from in progress to completed, opens, downloads and deletes it', async () => {
    await seed();
    const { page } = await suite.visit({ acceptDownloads: true });
    await openConsoleTab(page, 'Music');
    const song = panel(page, 'Song');
    const tracks = panel(page, 'Generated Tracks');
    await tracks.getByText('No tracks in progress.').waitFor();
    await tracks.getByText('No completed tracks yet.').waitFor();

    await song.getByRole('button', { name: 'Generate Music' }).click();
    await expectToast(page, 'Error', 'Please generate lyrics first');

    await song.getByRole('button', { name: 'Generate Lyrics' }).click();
    await expectToast(page, 'Lyrics generated successfully');
    const box = song.getByTestId('lyrics-text');
    expect((await box.inputValue()).split('\n').filter(Boolean).length).toBeGreaterThan(4);
    // Edited lyrics are saved and sung (two lines keep the render short).
    const lyrics = '[Verse 1]\nEdited lines for the harbor\nThe tide goes out again';
    await box.fill(lyrics);
    await song.getByText('You have unsaved changes').waitFor();
    await song.getByRole('button', { name: 'Save lyrics' }).click();
    await expectToast(page, 'Lyrics saved successfully');
    await song.getByTestId('edited-at').waitFor();
    await page.reload();
    expect(await panel(page, 'Song').getByTestId('lyrics-text').inputValue()).toBe(lyrics);

    await song.getByRole('button', { name: 'Generate Music' }).click();
    await expectToast(page, 'Music generation started');
    const inProgress = tracks.getByTestId('tracks-in-progress');
    const completed = tracks.getByTestId('tracks-completed');
    await inProgress.getByRole('heading', { name: 'In Progress (1)' }).waitFor();
    await inProgress.getByText('Generating', { exact: true }).waitFor();
    // The list refreshes every 5 s: the finished track moves without a reload.
    await completed.getByRole('heading', { name: 'Completed (1)' }).waitFor({ timeout: 150_000 });
    await inProgress.getByText('No tracks in progress.').waitFor();
    const track = completed.getByTestId('completed-track');
    const title = (await track.getByRole('heading').textContent())!;
    expect(title).toContain(
      lyrics
        .split('\n')
        .find((line) => line.trim() && !/^[[(]/.test(line.trim()))!
        .trim()
        .slice(0, 20),
    );
    const src = (await track.locator('audio').getAttribute('src'))!;
    expect(await track.getByRole('link', { name: `Open "${title}" in a new tab` }).getAttribute('href')).toBe(src);
    const file = await download(page, track.getByRole('button', { name: `Download ${title} as MP3` }));
    expect(file.name).toMatch(/\.mp3$/);
    expect(isMp3(file.head)).toBe(true);

    await track.getByRole('button', { name: `Delete "${title}"` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this track?' });
    await dialog.getByText(`"${title}" and its audio file will be deleted. This cannot be undone.`).waitFor();
    // The dialog starts on Cancel and keeps the focus inside it (a stray Enter deletes nothing).
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? '');
    await expect.poll(focused).toBe('Cancel');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Delete');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('Cancel');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await completed.getByTestId('completed-track').count()).toBe(1);
    await track.getByRole('button', { name: `Delete "${title}"` }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await completed.getByTestId('completed-track').count()).toBe(1);
    await track.getByRole('button', { name: `Delete "${title}"` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Track deleted successfully');
    await completed.getByText('No completed tracks yet.').waitFor();
    expect((await fetch(new URL(src, suite.server().baseUrl))).status).toBe(404);

    // A track being made shows its render's live progress (job_progress messages name the track).
    const [row] = await suite.server().sql<
      { id: number }[]
    >`insert into music_tracks (status, title, lyrics) values ('generating', 'Song in the making', 'La la') returning id`;
    const id = row!.id;
    const making = inProgress.getByTestId('pending-track').filter({ hasText: 'Song in the making' });
    await making.waitFor({ timeout: 10_000 });
    suite.server().ctx.events.emit('job_progress', { job: 'music-track', runId: 'r1', progress: { trackId: id, current: 2, total: 8 } });
    await making.getByTestId('track-progress').getByText('Line 2 of 8').waitFor();
    expect(await making.getByRole('progressbar', { name: 'Progress of "Song in the making"' }).getAttribute('aria-valuenow')).toBe('25');
  }, 180_000);

  it('still shows lyrics under way when the tab is left and opened again, and then the lyrics', async () => {
    await seed();
    const { page, requestsTo } = await suite.visit();
    await openConsoleTab(page, 'Music');
    const song = panel(page, 'Song');
    await song.getByText('Lyrics first, then the music.').waitFor();
    // Lyrics from a model take a while: held back here.
    await delay(page, '/api/generate-lyrics', 3_000);
    await song.getByRole('button', { name: 'Generate Lyrics' }).click();
    await song.getByRole('button', { name: 'Generating Lyrics...' }).waitFor();
    await selectTab(page, 'Podcast');
    await selectTab(page, 'Music');
    const again = panel(page, 'Song');
    await again.getByRole('button', { name: 'Generating Lyrics...' }).waitFor();
    expect(await again.getByRole('button', { name: 'Generating Lyrics...' }).isDisabled()).toBe(true);
    expect(await again.getByRole('button', { name: 'Generate Music' }).isDisabled()).toBe(true);
    await expect.poll(() => again.getByTestId('lyrics-text').inputValue(), { timeout: 10_000 }).toMatch(/^\[Verse 1\]\n/);
    await again.getByRole('button', { name: 'Generate Lyrics' }).waitFor();
    expect(await again.getByRole('button', { name: 'Generate Music' }).isEnabled()).toBe(true);
    expect(requestsTo('POST', '/api/generate-lyrics')).toHaveLength(1);
  }, 60_000);
});

describe('a step that ends after its tab was left', () => {
  it('still tells its failure (podcast audio, interview refinement, lyrics)', async () => {
    await seed();
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Podcast');
    const podcast = panel(page, 'Podcast Script');
    await podcast.getByRole('button', { name: 'Generate Script' }).click();
    await podcast.getByText(/^Script generated about \d+ stories \(offline writer\)\.$/).waitFor({ timeout: 15_000 });
    await answer(page, '/api/generate-conversational-audio', { status: 502, body: '{"message":"The speech service did not answer"}', delayMs: 1_500 });
    await podcast.getByRole('button', { name: 'Generate Audio' }).click();
    await podcast.getByRole('button', { name: 'Generating Audio...' }).waitFor();
    await selectTab(page, 'Music');
    await expectToast(page, 'Error', 'The speech service did not answer');

    await selectTab(page, 'Interviews');
    const interview = panel(page, 'Interview Script');
    await interview.getByTestId('interview-text').fill('Sam: Welcome.\nDr. Morgan: Thank you.');
    await answer(page, '/api/refine-interview-script', { status: 500, body: '{}', delayMs: 1_500 });
    await interview.getByRole('button', { name: 'Refine Script' }).click();
    await interview.getByRole('button', { name: 'Stop Refinement' }).waitFor();
    await selectTab(page, 'Podcast');
    await expectToast(page, 'Error', 'Failed to refine interview script');

    await selectTab(page, 'Music');
    await answer(page, '/api/generate-lyrics', { status: 500, body: '{}', delayMs: 1_500 });
    await panel(page, 'Song').getByRole('button', { name: 'Generate Lyrics' }).click();
    await selectTab(page, 'Interviews');
    await expectToast(page, 'Error', 'Failed to generate lyrics');
  }, 60_000);
});

describe('Latest-news audio above the tabs', () => {
  it('shows the staged progress with the live status, 100 % on success, resets after 2 s, and links the bulletin', async () => {
    await seed();
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Music');
    const actions = page.getByTestId('console-actions');
    const progress = actions.getByTestId('audio-progress-text');
    await actions.getByRole('button', { name: 'Generate Latest News Audio' }).click();
    await actions.getByRole('button', { name: 'Generating Audio...' }).waitFor();
    await progress.getByText(/^0%/).waitFor();
    // The spec's steps (0, 15, 35, …) are staged on a timer, whatever the real progress.
    await progress.getByText(/^15%/).waitFor({ timeout: 5_000 });
    // audioGenerationStatus messages from the daemon show beside the figure.
    await progress
      .getByText(/^\d+% · (Gathering today's top stories|Recording \d+ stories|Mixing and normalising the audio)\.\.\.$/)
      .waitFor({ timeout: 30_000 });
    await progress.getByText(/^100%/).waitFor({ timeout: 120_000 });
    expect(await actions.getByRole('progressbar', { name: 'Latest news audio progress' }).getAttribute('aria-valuenow')).toBe('100');
    await progress.waitFor({ state: 'detached', timeout: 4_000 });
    expect(await actions.getByRole('link', { name: 'Open the new bulletin' }).getAttribute('href')).toMatch(/^\/audio\/[^/]+\.mp3\?v=\d+$/);

    await answer(page, '/api/generate-latest-news-audio', { status: 500, body: '{}' });
    await actions.getByRole('button', { name: 'Generate Latest News Audio' }).click();
    await expectToast(page, 'Error', 'Failed to generate audio narration');
    expect(await actions.getByTestId('audio-progress-text').count()).toBe(0);
  }, 180_000);
});

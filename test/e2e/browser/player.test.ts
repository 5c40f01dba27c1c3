// The podcast player (spec 000 §2.3, §4, §5) with a real MP3 served by the daemon: keys, seeking
// by click, hover and touch-drag, clamping, download name, states and reset on a new address.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserSuite } from './harness.js';
import { liveWelcome } from './live.js';
import { audioAddress, seedLatestAudio } from './seed.js';

const suite = browserSuite({ env: { NEWSCTL_SITE_NAME: 'Riverside Gazette' } });
// 03:00 UTC on 5 July is still 4 July in Chicago: the download is named by the product's day.
const GENERATED_AT = '2025-07-05T03:00:00.000Z';
// Stored as the daemon names it ({kind}-{local date}-{random}.mp3); the server's download name and the
// player's both drop the random part.
const FILE = 'latest-news-2025-07-04-t3st01.mp3';

async function openPlayer(page: Page, options: { waitUntilReady?: boolean } = {}): Promise<void> {
  await seedLatestAudio(suite.server(), { fileName: FILE, seconds: 30, generatedAt: GENERATED_AT });
  await page.goto('/');
  await page.getByRole('heading', { name: 'Riverside Gazette News Podcast' }).waitFor();
  if (options.waitUntilReady !== false) {
    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 2);
    await page.getByTestId('player-duration').filter({ hasText: '0:30' }).waitFor();
  }
}

/** Presses a key, then waits until the seek it made has landed (spec: no seeking below readyState 2). */
async function seekKey(page: Page, key: 'ArrowLeft' | 'ArrowRight'): Promise<void> {
  await page.keyboard.press(key);
  await page.waitForFunction(() => {
    const audio = document.querySelector('audio')!;
    return !audio.seeking && audio.readyState >= 2;
  });
}

const audioTime = (page: Page) => page.evaluate(() => document.querySelector('audio')!.currentTime);
const playerState = (page: Page) => page.locator('[data-player-state]').getAttribute('data-player-state');

describe('podcast player', () => {
  it("is titled with the site name and shows the bulletin's duration", async () => {
    const { page } = await suite.visit();
    await openPlayer(page);
    expect(await page.getByTestId('player-current-time').textContent()).toBe('0:00');
    expect(await page.locator('audio').getAttribute('src')).toBe(audioAddress(FILE, GENERATED_AT));
    expect(await playerState(page)).toBe('idle');
  });

  it('seeks 5 s with the arrow keys, clamped to the file, but not while typing', async () => {
    const { page } = await suite.visit();
    await openPlayer(page);
    await seekKey(page, 'ArrowRight');
    await seekKey(page, 'ArrowRight');
    expect(await audioTime(page)).toBe(10);
    expect(await page.getByTestId('player-current-time').textContent()).toBe('0:10');
    await seekKey(page, 'ArrowLeft');
    expect(await audioTime(page)).toBe(5);
    await seekKey(page, 'ArrowLeft');
    await seekKey(page, 'ArrowLeft');
    expect(await audioTime(page)).toBe(0);
    for (let i = 0; i < 8; i++) await seekKey(page, 'ArrowRight');
    const duration = await page.evaluate(() => document.querySelector('audio')!.duration);
    expect(await audioTime(page)).toBe(duration);

    await page.keyboard.press('Home');
    await page.getByRole('searchbox', { name: 'Search articles' }).fill('energy');
    const before = await audioTime(page);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Space');
    expect(await audioTime(page)).toBe(before);
    expect(await page.evaluate(() => document.querySelector('audio')!.paused)).toBe(true);
    // The keys went to the field: the caret moved left and the space was typed.
    expect(await page.getByRole('searchbox', { name: 'Search articles' }).inputValue()).toBe('energ y');
  });

  it('toggles playback with Space and the play button', async () => {
    const { page } = await suite.visit();
    await openPlayer(page);
    await page.keyboard.press('Space');
    await page.waitForFunction(() => !document.querySelector('audio')!.paused);
    await page.locator('[data-player-state="playing"]').waitFor();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    await page.keyboard.press('Space');
    expect(await page.evaluate(() => document.querySelector('audio')!.paused)).toBe(true);
    expect(await playerState(page)).toBe('paused');
    await page.getByRole('button', { name: 'Play' }).click();
    await page.waitForFunction(() => !document.querySelector('audio')!.paused);
    await page.getByRole('button', { name: 'Pause' }).click();
    expect(await playerState(page)).toBe('paused');
  });

  it('toggles playback with Space while a link has the focus (Space does not follow links)', async () => {
    const { page } = await suite.visit();
    await openPlayer(page);
    // A link keeps the focus after it opened a new tab (an article, 'analyze implications').
    await page.getByRole('link', { name: /^Download latest-news-/ }).focus();
    const downloads: unknown[] = [];
    page.on('download', (download) => downloads.push(download));
    await page.keyboard.press('Space');
    await page.locator('[data-player-state="playing"]').waitFor();
    await page.keyboard.press('Space');
    expect(await playerState(page)).toBe('paused');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(downloads).toEqual([]);
  });

  it('gives the progress bar the width of the player on phones', async () => {
    for (const [index, width] of [320, 390].entries()) {
      const { page } = await suite.visit({ width, hasTouch: true });
      if (index === 0) await openPlayer(page);
      else {
        await page.goto('/');
        await page.getByTestId('player-duration').filter({ hasText: '0:30' }).waitFor();
      }
      const bar = (await page.getByTestId('player-progress').boundingBox())!;
      const card = (await page.locator('[data-player-state]').boundingBox())!;
      // The card's padding is 16 px a side: the bar spans what is left.
      expect(bar.width, `${width} px`).toBeGreaterThanOrEqual(card.width - 34);
      await page.close();
    }
  });

  it('seeks where the progress bar is clicked and previews the time under the pointer', async () => {
    const { page } = await suite.visit();
    await openPlayer(page);
    const bar = page.getByTestId('player-progress');
    const box = (await bar.boundingBox())!;
    const duration = await page.evaluate(() => document.querySelector('audio')!.duration);
    await page.mouse.move(box.x + box.width * 0.51, box.y + box.height / 2);
    expect(await page.getByTestId('player-hover-time').textContent()).toBe(`0:${String(Math.floor(duration * 0.51)).padStart(2, '0')}`);
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
    expect(Math.abs((await audioTime(page)) - duration / 2)).toBeLessThan(0.5);
    await page.mouse.move(box.x + box.width * 0.5, box.y - 40);
    expect(await page.getByTestId('player-hover-time').count()).toBe(0);
  });

  it('seeks by touch-dragging along the progress bar', async () => {
    const { page } = await suite.visit({ hasTouch: true });
    await openPlayer(page);
    const box = (await page.getByTestId('player-progress').boundingBox())!;
    const y = box.y + box.height / 2;
    const at = (fraction: number) => [{ x: box.x + box.width * fraction, y }];
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0.1) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(0.5) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(0.8) });
    // While dragging, the shown time follows the finger and the audio has not moved yet.
    await page.getByTestId('player-hover-time').waitFor();
    expect(await audioTime(page)).toBe(0);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const duration = await page.evaluate(() => document.querySelector('audio')!.duration);
    await page.waitForFunction((target) => Math.abs(document.querySelector('audio')!.currentTime - target) < 0.5, duration * 0.8);
  });

  it('ignores seeking until the audio is loaded', async () => {
    const { page } = await suite.visit();
    // The file never arrives: no duration, readyState 0.
    await page.route(
      (url) => url.pathname.startsWith('/audio/'),
      () => {},
    );
    await openPlayer(page, { waitUntilReady: false });
    await page.keyboard.press('ArrowRight');
    expect(await audioTime(page)).toBe(0);
    const box = (await page.getByTestId('player-progress').boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height / 2);
    expect(await audioTime(page)).toBe(0);
    expect(await page.getByTestId('player-current-time').textContent()).toBe('0:00');
  });

  it('downloads the bulletin as latest-news-{date}.mp3', async () => {
    const { page } = await suite.visit();
    await openPlayer(page);
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download latest-news-2025-07-04.mp3' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('latest-news-2025-07-04.mp3');
    expect(await download.failure()).toBeNull();
  });

  it('reaches the ended state at the end of the file', async () => {
    const { page } = await suite.visit();
    await openPlayer(page);
    await page.evaluate(() => {
      const audio = document.querySelector('audio')!;
      audio.currentTime = audio.duration - 0.3;
    });
    await page.getByRole('button', { name: 'Play' }).click();
    await page.locator('[data-player-state="ended"]').waitFor();
    // Shown under the title, and said once by the player's status line.
    await page
      .getByTestId('player-announcement')
      .filter({ hasText: /^Finished$/ })
      .waitFor();
    expect(await page.getByText('Finished', { exact: true }).count()).toBe(2);
    await page.getByRole('button', { name: 'Play' }).waitFor();
  });

  it('says so when the browser refuses to play, and shows Play again', async () => {
    const { page, consoleErrors } = await suite.visit();
    await page.addInitScript(() => {
      HTMLMediaElement.prototype.play = () => Promise.reject(new DOMException('Autoplay is not allowed', 'NotAllowedError'));
    });
    await openPlayer(page);
    await page.getByRole('button', { name: 'Play' }).click();
    await page
      .getByTestId('player-announcement')
      .filter({ hasText: /^Playback failed$/ })
      .waitFor();
    await page.locator('[data-player-state="paused"]').waitFor();
    expect(await page.getByRole('button', { name: 'Play' }).count()).toBe(1);
    expect(consoleErrors.some((text) => text.includes('Podcast playback failed'))).toBe(true);
  });

  it('resets on a new audio address and after a playback error', async () => {
    const { page, consoleErrors } = await suite.visit();
    const welcomed = liveWelcome(page);
    await openPlayer(page);
    await welcomed;
    await seekKey(page, 'ArrowRight');
    await page.keyboard.press('Space');
    await page.locator('[data-player-state="playing"]').waitFor();

    // The seed announces the new file on /ws as a generation does: the player takes the address from
    // the message and the page refetches the latest bulletin. That answer must be in before the
    // missing address below, or it would load this file again (and clear the error awaited there).
    const refetched = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/latest-news-audio');
    await seedLatestAudio(suite.server(), { fileName: 'latest-news-next.mp3', seconds: 12, generatedAt: '2025-07-06T03:00:00.000Z' });
    const next = audioAddress('latest-news-next.mp3', '2025-07-06T03:00:00.000Z');
    await page.locator('[data-player-state="idle"]').waitFor();
    await refetched;
    expect(await page.locator('audio').getAttribute('src')).toBe(next);
    expect(await page.evaluate(() => document.querySelector('audio')!.paused)).toBe(true);
    await page.getByTestId('player-duration').filter({ hasText: '0:12' }).waitFor();
    expect(await page.getByTestId('player-current-time').textContent()).toBe('0:00');

    // A missing file: the error is logged and the player is back to its first state.
    await page.keyboard.press('Space');
    await page.locator('[data-player-state="playing"]').waitFor();
    await page.evaluate(() => window.dispatchEvent(new CustomEvent('audio-generated', { detail: { audioUrl: '/audio/missing.mp3?v=1' } })));
    await page.waitForFunction(() => document.querySelector('audio')!.error !== null);
    await page.locator('[data-player-state="idle"]').waitFor();
    expect(await page.getByTestId('player-duration').textContent()).toBe('0:00');
    expect(consoleErrors.some((text) => text.includes('Podcast audio failed'))).toBe(true);
  });

  it('shows the transcript on request, marks the line being spoken, and plays from a line clicked', async () => {
    const { page } = await suite.visit();
    const segments = [
      { start: 0.5, end: 9, speaker: 'Narrator', text: 'Good evening, this is the Riverside Gazette latest news.' },
      { start: 10, end: 19, speaker: 'Narrator', text: 'A storm flooded the harbor district of Port Linden.' },
      { start: 20, end: 29, speaker: 'Narrator', text: 'That was the news for today.' },
    ];
    await seedLatestAudio(suite.server(), { fileName: 'latest-news-2025-07-04-tr4ns1.mp3', seconds: 30, generatedAt: GENERATED_AT, segments });
    await page.goto('/');
    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 2);
    expect(await page.getByTestId('podcast-transcript').count()).toBe(0);
    await page.getByRole('button', { name: 'Show transcript' }).click();
    const transcript = page.getByTestId('podcast-transcript');
    await transcript.getByText('A storm flooded the harbor district of Port Linden.').waitFor();
    expect(await transcript.locator('li').allTextContents()).toEqual(
      segments.map((segment) => `${segment.start < 10 ? '0:00' : segment.start < 20 ? '0:10' : '0:20'}${segment.text}`),
    );
    // The player is paused: a line's "Play from 0:10" plays from there, and says so.
    await transcript.getByRole('button', { name: /A storm flooded/ }).click();
    await page.waitForFunction(() => {
      const audio = document.querySelector('audio')!;
      return !audio.paused && audio.currentTime >= 10 && audio.currentTime < 12;
    });
    expect(await page.getByTestId('player-announcement').textContent()).toBe('Playing from 0:10');
    await transcript.locator('[aria-current="true"]').filter({ hasText: 'A storm flooded' }).waitFor();
    await page.getByRole('button', { name: 'Hide transcript' }).click();
    expect(await page.getByTestId('podcast-transcript').count()).toBe(0);
  });

  it('reads, as a screen reader walks it, in order: title, edition, Play, the seek slider with its time, download, its status, transcript', async () => {
    const { page } = await suite.visit();
    const segments = [{ start: 0.5, end: 9, speaker: 'Narrator', text: 'Good evening, this is the Riverside Gazette latest news.' }];
    await seedLatestAudio(suite.server(), { fileName: FILE, seconds: 30, generatedAt: GENERATED_AT, segments });
    await page.goto('/');
    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 2);
    const player = page.getByRole('region', { name: 'Riverside Gazette News Podcast' });
    // The accessibility tree Chromium hands to screen readers (links' addresses left out).
    const outline = async () => (await player.ariaSnapshot()).split('\n').filter((line) => !line.trim().startsWith('- /url:'));
    expect(await outline()).toEqual([
      '- region "Riverside Gazette News Podcast":',
      '  - heading "Riverside Gazette News Podcast" [level=2]',
      '  - paragraph: Edition of 2025-07-04',
      '  - button "Play"',
      '  - slider "Seek"',
      '  - link "Download latest-news-2025-07-04.mp3":',
      // Empty until the reader plays or pauses: then "Playing", "Paused".
      '  - status',
      '  - button "Show transcript"',
    ]);
    // What the slider says of itself, and the polite announcement of the player's state.
    const slider = player.getByRole('slider', { name: 'Seek' });
    expect(await slider.getAttribute('aria-valuetext')).toBe('0:00 of 0:30');
    // Nothing is announced until the reader acts; then the change of state is (a focused button's
    // new name is not read out by every screen reader: Orca says nothing).
    const announcement = player.getByRole('status');
    expect(await announcement.textContent()).toBe('');
    await page.getByRole('button', { name: 'Play' }).click();
    await page.getByRole('button', { name: 'Pause' }).waitFor();
    expect(await announcement.textContent()).toBe('Playing');
    // It follows the playback (each timeupdate).
    await page.waitForFunction(() => /^0:0[1-9] of 0:30$/.test(document.querySelector('[role="slider"]')?.getAttribute('aria-valuetext') ?? ''));
    await page.getByRole('button', { name: 'Pause' }).click();
    expect(await announcement.textContent()).toBe('Paused');
    await page.getByRole('button', { name: 'Show transcript' }).click();
    await player.getByRole('button', { name: /^Play from 0:00: / }).waitFor();
    const opened = (await outline()).slice(7);
    expect(opened.slice(0, 3)).toEqual(['  - button "Hide transcript" [expanded]', '  - list:', '    - listitem:']);
    // Each line is a button named by what it does (its visible text follows in the snapshot).
    expect(opened[3]).toContain('button "Play from 0:00: Good evening, this is the Riverside Gazette latest news."');
    expect(opened).toHaveLength(4);
    // The one live line is the status: the edition line under the title changes for the eye only.
    expect(await player.locator('[aria-live]').count()).toBe(0);
    expect(await announcement.textContent()).toBe('Paused');
  });
});

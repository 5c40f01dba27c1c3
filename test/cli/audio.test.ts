// The audio and music commands against a daemon, offline: each waits for its job and saves the MP3
// with -o. Embedded pass only, like the other audio suites (decisions.md "CI").
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';
import { runCli, spawnDaemon, useDaemonStorage, type DaemonProcess } from '../helpers/daemon.js';

const storage = useDaemonStorage('newsctl-cli-audio-');
const args = () => ['--data-dir', storage.dataDir];
const json = <T = Record<string, unknown>>(text: string): T => JSON.parse(text) as T;
/** An MP3 file: an ID3 tag or an MPEG frame sync at the start. */
const isMp3 = (bytes: Buffer) => bytes.subarray(0, 3).toString() === 'ID3' || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0);

describe.skipIf(Boolean(process.env.DATABASE_URL))('audio and music commands', { timeout: 600_000 }, () => {
  let daemon: DaemonProcess;
  beforeAll(async () => {
    const db = await openDatabase({ databaseUrl: null, dataDir: storage.dataDir });
    await migrate(db.sql);
    await storeStoryTrend(db.sql, { title: 'Storm floods Port Linden harbor, 1,200 evacuated', topic: 'usa', relevance: 9, sources: harborStorm(6) });
    await db.close();
    daemon = await spawnDaemon(args());
  }, 240_000);
  afterAll(async () => {
    daemon?.child.kill('SIGTERM');
    await daemon?.exited;
  });

  it('records the latest-news bulletin and saves it', async () => {
    const file = join(storage.dataDir, 'bulletin.mp3');
    const run = await runCli(['audio', 'latest-news', '-o', file, '--json', ...args()]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const made = json<{ audioUrl: string; savedTo: string; bytes: number; stories: number }>(run.stdout);
    expect(made.stories).toBeGreaterThan(0);
    expect(made.savedTo).toBe(file);
    const bytes = readFileSync(file);
    expect(bytes.length).toBe(made.bytes);
    expect(isMp3(bytes)).toBe(true);
  });

  it('sets the interview topic, writes lyrics, makes a song, saves, lists and removes it', async () => {
    expect((await runCli(['audio', 'interview', 'topic', 'Heat', 'pumps', 'in', 'winter', ...args()])).stdout.trim()).toBe('Heat pumps in winter');
    expect(json((await runCli(['audio', 'interview', 'topic', '--json', ...args()])).stdout)).toEqual({ topic: 'Heat pumps in winter' });

    const lyrics = json<{ lyrics: string }>((await runCli(['music', 'lyrics', '--json', ...args()])).stdout).lyrics;
    expect(lyrics.split('\n').length).toBeGreaterThan(4);
    const lyricsFile = join(storage.dataDir, 'song.txt');
    writeFileSync(lyricsFile, '[Verse]\nThe harbor lights are low tonight\nThe water rises slow\n[Chorus]\nHold on, Port Linden\n');
    const song = join(storage.dataDir, 'song.mp3');
    const made = await runCli(['music', 'generate', '--lyrics-file', lyricsFile, '-o', song, '--json', ...args()]);
    expect(made.code).toBe(0);
    const track = json<{ id: number; status: string; savedTo: string }>(made.stdout);
    expect(track).toMatchObject({ status: 'complete', savedTo: song });
    expect(isMp3(readFileSync(song))).toBe(true);

    const tracks = json<{ id: number }[]>((await runCli(['music', 'tracks', '--json', ...args()])).stdout);
    expect(tracks.map((t) => t.id)).toContain(track.id);
    expect((await runCli(['music', 'rm', String(track.id), ...args()])).code).toBe(0);
    const gone = await runCli(['music', 'rm', String(track.id), ...args()]);
    expect(gone.code).toBe(4);
  });
});

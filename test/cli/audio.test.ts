// The audio and music commands against a daemon, offline: each waits for its job and saves the MP3
// with -o. Renders speak the shortest script the command takes (one line): offline speech is slow.
// Embedded pass only, like the other audio suites (decisions.md "CI").
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { migrate } from '../../src/db/migrate.js';
import { writeSettingValue } from '../../src/db/settings.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';
import { runCli, spawnDaemon, daemonStorage, type DaemonProcess } from '../helpers/daemon.js';

const storage = daemonStorage('newsctl-cli-audio-');
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
    // No daily bulletin of its own: started within half an hour after the daily time (06:45 in the
    // product's time zone), the daemon would record one and the count below would depend on the hour.
    await writeSettingValue(db.sql, 'latest-news-audio-settings', { dailyEnabled: false });
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

  it('writes, enhances and records the podcast, saving the MP3', async () => {
    const written = await runCli(['audio', 'podcast', 'script', '--json', ...args()]);
    expect(written.code).toBe(0);
    const script = json<{ script: string; writer: string; stories: number }>(written.stdout);
    expect(script).toMatchObject({ writer: 'offline' });
    expect(script.stories).toBeGreaterThan(0);
    expect(script.script).toMatch(/^Alex: .*Port Linden/m);
    expect(script.script).toMatch(/^Jordan: /m);

    // From standard input; plain output is the enhanced script itself.
    const enhanced = await runCli(['audio', 'podcast', 'enhance', '--file', '-', ...args()], { stdin: script.script });
    expect(enhanced.code).toBe(0);
    expect(enhanced.stdout).toMatch(/^(Alex|Jordan): /m);
    expect(enhanced.stdout.trim()).not.toBe(script.script.trim());
    const empty = await runCli(['audio', 'podcast', 'enhance', '--file', '-', ...args()], { stdin: ' \n' });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('Standard input is empty');

    const scriptFile = join(storage.dataDir, 'podcast.txt');
    writeFileSync(scriptFile, 'Alex: Port Linden is drying out.\n');
    const file = join(storage.dataDir, 'podcast.mp3');
    const run = await runCli(['audio', 'podcast', 'render', '--file', scriptFile, '-o', file, '--json', ...args()]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const made = json<{ audioUrl: string; segmentCount: number; durationSeconds: number; savedTo: string; bytes: number }>(run.stdout);
    expect(made).toMatchObject({ segmentCount: 1, savedTo: file });
    expect(made.durationSeconds).toBeGreaterThan(0.5);
    expect(isMp3(readFileSync(file))).toBe(true);
    expect(readFileSync(file).length).toBe(made.bytes);
    // The daemon serves what was saved.
    const served = await fetch(`${daemon.baseUrl}${made.audioUrl}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(readFileSync(file))).toBe(true);
  });

  it('sets the topic, writes, refines and records the interview', async () => {
    expect((await runCli(['audio', 'interview', 'topic', 'Port', 'Linden', 'storm', ...args()])).stdout.trim()).toBe('Port Linden storm');
    const written = await runCli(['audio', 'interview', 'script', '--json', ...args()]);
    expect(written.code).toBe(0);
    const script = json<{ script: string; writer: string }>(written.stdout);
    expect(script.writer).toBe('offline');
    expect(script.script).toMatch(/^Sam: /m);
    expect(script.script).toMatch(/^Dr\. Morgan: /m);

    // Without --file: the last script written.
    const refined = await runCli(['audio', 'interview', 'refine', ...args()]);
    expect(refined.code).toBe(0);
    expect(refined.stdout).toMatch(/^Sam: /m);

    const scriptFile = join(storage.dataDir, 'interview.txt');
    writeFileSync(scriptFile, 'Dr. Morgan: The harbor will recover.\n');
    const file = join(storage.dataDir, 'interview.mp3');
    const run = await runCli(['audio', 'interview', 'render', '--file', scriptFile, '-o', file, ...args()]);
    expect(run.code).toBe(0);
    const [line, saved] = run.stdout.trim().split('\n');
    expect(line).toMatch(/^Interview: 1 segment, (\d+(\.\d)? s|\d+ min( \d+ s)?) at \/audio\/interview-\S+\.mp3(\?v=\d+)?$/);
    expect(saved).toBe(`Saved ${readFileSync(file).length} bytes to ${file}`);
    expect(isMp3(readFileSync(file))).toBe(true);

    const missing = await runCli(['audio', 'interview', 'render', '--file', join(storage.dataDir, 'no-such-file.txt'), ...args()]);
    // A file the operator named and that is not there is their input error (exit 2), said plainly.
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`error: Cannot read ${join(storage.dataDir, 'no-such-file.txt')}: ENOENT`);
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

  it('recorded the scripts and the audio in the database (read once the daemon stopped)', async () => {
    daemon.child.kill('SIGTERM');
    await daemon.exited;
    const db = await openDatabase({ databaseUrl: null, dataDir: storage.dataDir });
    try {
      const scripts = await db.sql<{ kind: string }[]>`select distinct kind from scripts order by kind`;
      expect(scripts.map((row) => row.kind)).toEqual(['conversational', 'conversational-enhanced', 'interview', 'interview-refined', 'latest-news', 'lyrics']);
      const audio = await db.sql<{ kind: string; count: number }[]>`select kind, count(*)::int as count from audio_assets group by kind order by kind`;
      expect(audio).toEqual([
        { kind: 'interview', count: 1 },
        { kind: 'latest-news', count: 1 },
        { kind: 'podcast', count: 1 },
      ]);
    } finally {
      await db.close();
    }
  });
});

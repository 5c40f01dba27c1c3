// The latest-news bulletin end to end, offline: POST /api/generate-latest-news-audio speaks today's
// top stories with espeak-ng, and the MP3 is measured (ffprobe, ebur128); GET /api/latest-news-audio,
// the public live message, and serving with Range. Runs on both databases (it touches storage).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { GenerateLatestNewsAudioResponse, LatestNewsAudio } from '../../src/api/audio.js';
import { latestScript } from '../../src/db/scripts.js';
import { audioFilePath } from '../../src/services/newsroom/audio/files.js';
import type { LiveMessage } from '../../src/api/live.js';
import { storeNewsDay } from '../fixtures/stories/news-day.js';
import { measureLoudness, probeAudio } from '../helpers/audio.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let cookie: string;
const messages: LiveMessage[] = [];
let generated: GenerateLatestNewsAudioResponse;
let file: string;

async function call(method: string, path: string, options: { anonymous?: boolean; body?: unknown; headers?: Record<string, string> } = {}) {
  const headers: Record<string, string> = { ...(options.anonymous ? {} : { cookie }), ...options.headers };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const raw = Buffer.from(await response.arrayBuffer());
  const json = (response.headers.get('content-type') ?? '').includes('json') && raw.length ? JSON.parse(raw.toString()) : null;
  return { status: response.status, headers: response.headers, raw, body: json };
}

beforeAll(async () => {
  server = await startTestServer({ env: { NEWSCTL_SITE_NAME: 'Morning Ledger', NEWSCTL_TIMEZONE: 'America/Chicago' } });
  cookie = await server.loginCookie();
  server.ctx.events.onAny((message) => messages.push(message));
}, 120_000);
afterAll(async () => server?.close());

describe('latest-news audio', { timeout: 240_000 }, () => {
  it('is admin-only to generate, public to read, and says clearly when there is no news yet', async () => {
    expect((await call('POST', '/api/generate-latest-news-audio', { anonymous: true })).status).toBe(401);
    expect((await call('GET', '/api/latest-news-audio', { anonymous: true })).body).toEqual({ exists: false });
    const empty = await call('POST', '/api/generate-latest-news-audio');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/no news to summarise/i);
  });

  it("speaks the greeting, the plugs and today's top stories into a valid MP3", async () => {
    await storeNewsDay(server.sql);
    await call('POST', '/api/audio-ads', {
      body: { prePlug: 'This bulletin is brought to you by the Riverton Library.', endingPlug: 'Visit the library this weekend.' },
    });
    const visitor = await new Promise<{ socket: WebSocket; received: Record<string, unknown>[] }>((resolve, reject) => {
      const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/ws`);
      const received: Record<string, unknown>[] = [];
      socket.on('message', (raw) => {
        received.push(JSON.parse(raw.toString()) as Record<string, unknown>);
        if (received.length === 1) resolve({ socket, received });
      });
      socket.on('error', reject);
    });

    const response = await call('POST', '/api/generate-latest-news-audio');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    generated = response.body;
    // Exactly the declared answer: the audio asset's row id the service keeps stays off the wire.
    expect(Object.keys(generated).sort()).toEqual(['audioUrl', 'durationSeconds', 'generatedAt', 'stories', 'writer']);
    expect(generated.audioUrl).toMatch(/^\/audio\/latest-news-\d{4}-\d{2}-\d{2}-[0-9a-f]{6}\.mp3\?v=\d+$/);
    expect(generated.stories).toBe(4);
    expect(generated.writer).toBe('offline');

    const script = (await latestScript(server.sql, 'latest-news'))!.scriptText;
    const paragraphs = script.split('\n').map((line) => line.replace(/^Narrator: /, ''));
    // Spec 001 §9: greeting, pre-plug, summary, ending plug.
    expect(paragraphs[0]).toMatch(/^Hello, and welcome to the Morning Ledger News Podcast\. Here is the latest news for \w+day, \w+ \d+\.$/);
    expect(paragraphs[1]).toBe('This bulletin is brought to you by the Riverton Library.');
    expect(paragraphs.at(-1)).toBe('Visit the library this weekend.');
    // The stories' own sentences with spoken transitions, most relevant first.
    expect(script).toContain('First, in U.S. news.');
    expect(script).toMatch(/Port Linden/);
    expect(script).toMatch(/Maria Okafor said/);
    expect(script).toMatch(/4\.25 percent/);
    expect(script).toMatch(/And finally, in technology\./);
    // Sites named as people say them (their domains read as words), at most three, the rest counted.
    expect(script).toMatch(/reported by [A-Z][\w ]+, [A-Z][\w ]+, [A-Z][\w ]+ and (one other site|[a-z]+ other sites)\./);
    expect(script).not.toMatch(/\b[a-z0-9-]+\.test\b|\d+\.\d+\.\d+\.\d+/);

    file = audioFilePath(server.config, generated.audioUrl.replace(/^\/audio\//, '').replace(/\?.*$/, ''));
    const probed = probeAudio(file);
    expect(probed).toMatchObject({ formatName: 'mp3', codecName: 'mp3', sampleRate: 44100, channels: 1 });
    expect(probed.tags).toMatchObject({ artist: 'Morning Ledger', album: 'Morning Ledger News Podcast' });
    expect(probed.tags.title).toMatch(/^Latest news — /);
    expect(probed.tags.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // Duration: the words at 150 a minute, within 25 %.
    const words = paragraphs
      .join(' ')
      .replace(/\[pause[^\]]*\]/g, ' ')
      .split(/\s+/)
      .filter(Boolean).length;
    const predicted = (words / 150) * 60;
    console.log(`bulletin: ${words} words, predicted ${predicted.toFixed(1)} s, measured ${probed.durationSeconds.toFixed(1)} s`);
    expect(Math.abs(probed.durationSeconds - predicted) / predicted).toBeLessThanOrEqual(0.25);
    expect(generated.durationSeconds).toBeCloseTo(probed.durationSeconds, 0);

    const loudness = measureLoudness(file);
    console.log(`bulletin loudness: ${loudness.integrated} LUFS, true peak ${loudness.truePeak} dBTP`);
    expect(Math.abs(loudness.integrated - -16)).toBeLessThanOrEqual(1);
    expect(loudness.truePeak).toBeLessThanOrEqual(-1);

    // Live: staged status messages for the console, and the public message for the site.
    const statuses = messages.filter((m) => m.type === 'audioGenerationStatus').map((m) => (m as { message: string }).message);
    expect(statuses[0]).toMatch(/Gathering today's top stories/);
    expect(statuses.at(-1)).toBe('Latest news audio generated successfully');
    for (let i = 0; i < 100 && !visitor.received.some((m) => m.type === 'latest_news_audio'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(visitor.received).toContainEqual({ type: 'latest_news_audio', audioUrl: generated.audioUrl, generatedAt: generated.generatedAt });
    visitor.socket.close();
  });

  it('is what GET /api/latest-news-audio returns to anyone', async () => {
    const read = await call('GET', '/api/latest-news-audio', { anonymous: true });
    expect(read.body as LatestNewsAudio).toEqual({ exists: true, audioUrl: generated.audioUrl, generatedAt: generated.generatedAt });
  });

  it('serves the MP3 to anyone with its length, type, download name and byte ranges', async () => {
    const bytes = readFileSync(file);
    const whole = await call('GET', generated.audioUrl, { anonymous: true });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    expect(Number(whole.headers.get('content-length'))).toBe(bytes.length);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('content-disposition')).toMatch(/^inline; filename="latest-news-\d{4}-\d{2}-\d{2}\.mp3"$/);
    expect(whole.raw.equals(bytes)).toBe(true);

    const middle = await call('GET', generated.audioUrl, { anonymous: true, headers: { range: 'bytes=1000-1999' } });
    expect(middle.status).toBe(206);
    expect(middle.headers.get('content-range')).toBe(`bytes 1000-1999/${bytes.length}`);
    expect(Number(middle.headers.get('content-length'))).toBe(1000);
    expect(middle.raw.equals(bytes.subarray(1000, 2000))).toBe(true);

    const tail = await call('GET', generated.audioUrl, { anonymous: true, headers: { range: 'bytes=-500' } });
    expect(tail.status).toBe(206);
    expect(tail.raw.equals(bytes.subarray(bytes.length - 500))).toBe(true);

    const beyond = await call('GET', generated.audioUrl, { anonymous: true, headers: { range: `bytes=${bytes.length + 10}-` } });
    expect(beyond.status).toBe(416);
    expect([403, 404]).toContain((await call('GET', '/audio/..%2f..%2fetc%2fpasswd', { anonymous: true })).status);
  });
});

describe('podcast feed', { timeout: 240_000 }, () => {
  it('is RSS 2.0 with iTunes tags, channel artwork and author, and enclosures that resolve', async () => {
    const { parseFeed } = await import('@rowanmanning/feed-parser');
    const feedResponse = await fetch(`${server.baseUrl}/podcast.xml`);
    expect(feedResponse.status).toBe(200);
    expect(feedResponse.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    const text = await feedResponse.text();
    const feed = parseFeed(text);
    expect(feed.meta.type).toBe('rss');
    expect(feed.title).toBe('Morning Ledger News Podcast');
    expect(text).toContain('xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"');
    expect(text).toContain('<itunes:author>Morning Ledger</itunes:author>');
    expect(text).toMatch(/<itunes:category text="News">/);
    const artwork = /<itunes:image href="([^"]+)"\/>/.exec(text)![1]!;
    expect(artwork).toBe(`${server.baseUrl}/podcast-artwork.png`);
    const png = await fetch(artwork);
    expect(png.headers.get('content-type')).toBe('image/png');
    const image = Buffer.from(await png.arrayBuffer());
    expect(image.readUInt32BE(16)).toBe(1400);
    expect(image.readUInt32BE(20)).toBe(1400);

    expect(feed.items).toHaveLength(1);
    const [episode] = feed.items;
    expect(episode!.title).toMatch(/^Latest news — /);
    const enclosure = episode!.media[0]!;
    expect(enclosure.url).toBe(`${server.baseUrl}${generated.audioUrl.replace(/\?.*$/, '')}`);
    expect(enclosure.mimeType).toBe('audio/mpeg');
    const mp3 = await fetch(enclosure.url!);
    expect(mp3.status).toBe(200);
    expect(Number(mp3.headers.get('content-length'))).toBe(enclosure.length);
    // Read to the end: a body left unread keeps the connection busy, and the server's close waits for it.
    expect((await mp3.arrayBuffer()).byteLength).toBe(enclosure.length);
    expect(text).toMatch(/<itunes:duration>00:0\d:\d\d<\/itunes:duration>/);
  });

  it("offers the episode's transcript (WebVTT, SRT) and its chapters, one per story linking to its page", async () => {
    const text = await (await fetch(`${server.baseUrl}/podcast.xml`)).text();
    expect(text).toContain('xmlns:podcast="https://podcastindex.org/namespace/1.0"');
    const vttUrl = /<podcast:transcript url="([^"]+)" type="text\/vtt" language="en"\/>/.exec(text)![1]!;
    const srtUrl = /<podcast:transcript url="([^"]+)" type="application\/x-subrip" language="en"\/>/.exec(text)![1]!;
    const chaptersUrl = /<podcast:chapters url="([^"]+)" type="application\/json\+chapters"\/>/.exec(text)![1]!;
    const stem = generated.audioUrl.replace(/^\/audio\//, '').replace(/\.mp3.*$/, '');
    expect(vttUrl).toBe(`${server.baseUrl}/transcripts/${stem}.vtt`);

    const vtt = await (await fetch(vttUrl)).text();
    expect(vtt.startsWith('WEBVTT\n\n00:00:0')).toBe(true);
    const cues = vtt.split('\n\n').slice(1).filter(Boolean);
    const script = (await latestScript(server.sql, 'latest-news'))!.scriptText.split('\n').filter(Boolean);
    expect(cues).toHaveLength(script.length);
    expect(cues[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} --> \d\d:\d\d:\d\d\.\d{3}\n<v Narrator>\S/);
    // The cues follow the audio: each starts after the last ends, and the last ends inside the file.
    const times = cues.map((cue) =>
      cue
        .split('\n')[0]!
        .split(' --> ')
        .map((t) => t.split(':').reduce((sum, part) => sum * 60 + Number(part), 0)),
    );
    for (let i = 1; i < times.length; i++) expect(times[i]![0]!).toBeGreaterThanOrEqual(times[i - 1]![1]!);
    expect(times.at(-1)![1]!).toBeLessThanOrEqual(generated.durationSeconds);
    const srt = await (await fetch(srtUrl)).text();
    expect(srt).toMatch(/^1\n\d\d:\d\d:\d\d,\d{3} --> \d\d:\d\d:\d\d,\d{3}\nNarrator: \S/);
    const json = (await (await fetch(`${server.baseUrl}/transcripts/${stem}.json`)).json()) as { cues: { start: number; text: string }[] };
    expect(json.cues).toHaveLength(cues.length);

    const chapters = (await (await fetch(chaptersUrl)).json()) as { version: string; chapters: { startTime: number; title: string; url?: string }[] };
    expect(chapters.version).toBe('1.2.0');
    const stories = chapters.chapters.filter((chapter) => chapter.url);
    expect(stories.length).toBeGreaterThanOrEqual(3);
    for (const chapter of stories) expect(chapter.url).toMatch(new RegExp(`^${server.baseUrl}/story/\\d+-`));
    const starts = chapters.chapters.map((chapter) => chapter.startTime);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    // The story's page offers the bulletin from where it tells the story.
    const storyPage = await (await fetch(stories[0]!.url!)).text();
    expect(storyPage).toContain(`<audio controls preload="none" src="/audio/${stem}.mp3#t=${stories[0]!.startTime.toFixed(1)}"></audio>`);
    expect((await fetch(`${server.baseUrl}/transcripts/no-such-episode.vtt`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/transcripts/${stem}.exe`)).status).toBe(404);
  });

  it('builds every link on the origin it is given (NEWSCTL_PUBLIC_URL when set) and escapes hostile titles', async () => {
    const { renderPodcastFeed } = await import('../../src/services/newsroom/audio/feed.js');
    const { insertAudioAsset } = await import('../../src/db/audio.js');
    const { copyFileSync } = await import('node:fs');
    copyFileSync(file, audioFilePath(server.config, 'podcast-2020-01-01-abcdef.mp3'));
    await insertAudioAsset(server.sql, {
      kind: 'podcast',
      fileName: 'podcast-2020-01-01-abcdef.mp3',
      sizeBytes: 10,
      meta: { title: '<script>alert(1)</script> & "quotes"', description: 'x' },
    });
    const text = await renderPodcastFeed(server.ctx, 'https://news.example.org');
    expect(text).toContain('<enclosure url="https://news.example.org/audio/podcast-2020-01-01-abcdef.mp3"');
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot;');
    expect(text).not.toContain('<script>');
  });
});

describe('audio retention', { timeout: 240_000 }, () => {
  it('removes audio older than the retention setting but keeps the newest of each kind', async () => {
    const { pruneAudio } = await import('../../src/services/newsroom/audio/maintenance.js');
    const { existsSync, writeFileSync } = await import('node:fs');
    await server.sql`update audio_assets set generated_at = now() - interval '40 days' where file_name = 'podcast-2020-01-01-abcdef.mp3'`;
    // A second, older bulletin and an orphan file.
    const old = audioFilePath(server.config, 'latest-news-2020-01-01-000000.mp3');
    writeFileSync(old, 'old');
    const { insertAudioAsset } = await import('../../src/db/audio.js');
    await insertAudioAsset(server.sql, { kind: 'latest-news', fileName: 'latest-news-2020-01-01-000000.mp3', sizeBytes: 3 });
    await server.sql`update audio_assets set generated_at = now() - interval '40 days' where file_name = 'latest-news-2020-01-01-000000.mp3'`;
    await call('POST', '/api/audio-retention', { body: { retentionDays: 30 } });

    const result = await pruneAudio(server.ctx);
    expect(result.removedAssets).toBe(1);
    expect(existsSync(old)).toBe(false);
    // The only podcast is the newest of its kind: kept however old.
    expect(existsSync(audioFilePath(server.config, 'podcast-2020-01-01-abcdef.mp3'))).toBe(true);
    expect(existsSync(file)).toBe(true);
    expect((await call('GET', '/api/latest-news-audio', { anonymous: true })).body.audioUrl).toBe(generated.audioUrl);
  });
});

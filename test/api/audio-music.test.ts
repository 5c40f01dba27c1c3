// Songs end to end: lyrics from today's headlines, the offline track (a synthesised backing under
// the spoken lyrics) measured, a music API described by the JSON configuration called once, the
// track list the console polls, and deletion. Runs on both databases (it touches storage).
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GenerateLyricsResponse, MusicTrack } from '../../src/api/audio.js';
import { audioFilePath } from '../../src/services/newsroom/audio/files.js';
import { fakeSpeechWav } from '../fixtures/fake-openai/server.js';
import { storeNewsDay } from '../fixtures/stories/news-day.js';
import { decodeStretch, measureLoudness, medianPitch, probeAudio } from '../helpers/audio.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let cookie: string;
let musicApi: Server;
let musicApiUrl: string;
const apiCalls: { method: string; path: string; headers: Record<string, unknown>; body: unknown }[] = [];
// A service on 127.0.0.1 (where the daemon and PostgreSQL live): the music configuration must never reach it.
let loopbackService: Server;
let loopbackUrl: string;
const loopbackCalls: string[] = [];

async function call(method: string, path: string, body?: unknown, options: { anonymous?: boolean } = {}) {
  const headers: Record<string, string> = options.anonymous ? {} : { cookie };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function untilDone(id: number): Promise<MusicTrack> {
  for (let i = 0; i < 1200; i++) {
    const track = ((await call('GET', '/api/generated-music-tracks')).body as MusicTrack[]).find((t) => t.id === id)!;
    if (track.status === 'complete' || track.status === 'failed') return track;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`track ${id} did not finish`);
}

function fileOf(url: string): string {
  return audioFilePath(server.config, decodeURIComponent(url.replace(/^\/audio\//, '').replace(/\?.*$/, '')));
}

beforeAll(async () => {
  // The music API lives on 127.0.0.3, opened as an intranet address would be; 127.0.0.1 stays closed.
  server = await startTestServer({ env: { NEWSCTL_SITE_NAME: 'Morning Ledger', NEWSCTL_ALLOW_PRIVATE_NETWORKS: '127.0.0.3/32' } });
  cookie = await server.loginCookie();
  // A music API of the shape the configuration describes: JSON in, a URL of the audio out.
  musicApi = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      apiCalls.push({ method: req.method!, path: req.url!, headers: req.headers, body: raw ? JSON.parse(raw) : null });
      if (req.url === '/v1/songs') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: [{ audio_url: `${musicApiUrl}/files/song.wav` }] }));
      } else if (req.url === '/redirect-to-loopback') {
        res.writeHead(302, { location: `${loopbackUrl}/v1/songs` }).end();
      } else if (req.url === '/files/song.wav') {
        const wav = fakeSpeechWav('alloy', 'la la la la la la la la la la la la la la la');
        res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': String(wav.length) });
        res.end(wav);
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('internal detail: db password hunter2');
      }
    });
  });
  await new Promise<void>((resolve) => musicApi.listen(0, '127.0.0.3', resolve));
  musicApiUrl = `http://127.0.0.3:${(musicApi.address() as { port: number }).port}`;
  loopbackService = createServer((req, res) => {
    loopbackCalls.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('secret admin page');
  });
  await new Promise<void>((resolve) => loopbackService.listen(0, '127.0.0.1', resolve));
  loopbackUrl = `http://127.0.0.1:${(loopbackService.address() as { port: number }).port}`;
}, 120_000);
afterAll(async () => {
  await server?.close();
  musicApi?.closeAllConnections();
  await new Promise((resolve) => musicApi?.close(resolve));
  loopbackService?.closeAllConnections();
  await new Promise((resolve) => loopbackService?.close(resolve));
});

describe('music', { timeout: 240_000 }, () => {
  it('needs lyrics first and is for administrators only', async () => {
    expect((await call('GET', '/api/generated-music-tracks', undefined, { anonymous: true })).status).toBe(401);
    expect((await call('POST', '/api/generate-lyrics', undefined, { anonymous: true })).status).toBe(401);
    const none = await call('POST', '/api/generate-music', { musicConfig: '{}' });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please generate lyrics first');
    expect((await call('GET', '/api/last-generated-lyrics')).body).toEqual({ lyricsText: null, generatedAt: null, editedAt: null });
    expect((await call('GET', '/api/generated-music-tracks')).body).toEqual([]);
  });

  let lyrics: string;

  it("writes verses and a chorus from the day's headlines", async () => {
    await storeNewsDay(server.sql);
    const answer = await call('POST', '/api/generate-lyrics');
    expect(answer.status).toBe(200);
    const generated = answer.body as GenerateLyricsResponse;
    lyrics = generated.lyrics;
    expect(generated).toMatchObject({ message: 'Lyrics generated successfully', writer: 'offline' });
    expect(lyrics).toMatch(/^\[Verse 1\]\n/);
    expect(lyrics.match(/\[Chorus\]/g)).toHaveLength(2);
    expect(lyrics).toMatch(/Storm floods Port Linden harbor/);
    expect(lyrics).toMatch(/Central bank holds rates steady/);
    expect((await call('GET', '/api/last-generated-lyrics')).body.lyricsText).toBe(lyrics);
  });

  it('refuses a music configuration that is not valid', async () => {
    expect((await call('POST', '/api/generate-music', { lyrics, musicConfig: '{"tempo": "fast"' })).body.message).toMatch(/not valid JSON/);
    expect((await call('POST', '/api/generate-music', { lyrics, musicConfig: { tempo: 500 } })).status).toBe(400);
    expect(
      (await call('POST', '/api/generate-music', { lyrics, musicConfig: { provider: { endpoint: 'file:///etc/passwd', audio: { type: 'bytes' } } } })).status,
    ).toBe(400);
  });

  it('offline, lays the spoken lyrics on a synthesised backing track, bar by bar', async () => {
    const answer = await call('POST', '/api/generate-music', { lyrics, musicConfig: '{"style": "Warm acoustic pop", "tempo": 100, "key": "G"}' });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Music generation started');
    const listed = ((await call('GET', '/api/generated-music-tracks')).body as MusicTrack[])[0]!;
    expect(['pending', 'generating', 'complete']).toContain(listed.status);
    const track = await untilDone(answer.body.trackId);
    expect(track, track.error ?? '').toMatchObject({ status: 'complete', provider: 'offline', style: 'Warm acoustic pop' });
    const file = fileOf(track.audioUrl!);
    const probed = probeAudio(file);
    expect(probed.codecName).toBe('mp3');
    // 100 BPM: 2.4 s bars; two bars of intro and outro around the lines.
    const bars = probed.durationSeconds / 2.4;
    console.log(`song: ${probed.durationSeconds.toFixed(1)} s (${bars.toFixed(1)} bars)`);
    expect(bars).toBeGreaterThan(4 + lyrics.split('\n').filter((line) => line && !line.startsWith('[')).length);
    const loudness = measureLoudness(file);
    console.log(`song loudness: ${loudness.integrated} LUFS, true peak ${loudness.truePeak} dBTP`);
    expect(Math.abs(loudness.integrated + 16)).toBeLessThanOrEqual(1);
    expect(loudness.truePeak).toBeLessThanOrEqual(-1);
    // The first bar is the band alone, in G: its bass sits on G (49 or 98 Hz).
    const intro = decodeStretch(file, 0.2, 2);
    const rms = Math.sqrt(intro.reduce((sum, value) => sum + value * value, 0) / intro.length);
    expect(rms).toBeGreaterThan(0.01);
    const f0 = medianPitch(intro);
    console.log(`song intro pitch: ${f0.toFixed(1)} Hz`);
    expect([49, 98, 196].some((hz) => Math.abs(f0 - hz) / hz < 0.06)).toBe(true);
  });

  it('calls the music API the configuration describes, once, with {lyrics} and {style} filled', async () => {
    const musicConfig = {
      style: 'Synth pop',
      provider: {
        endpoint: `${musicApiUrl}/v1/songs`,
        headers: { authorization: 'Bearer music-key' },
        body: { prompt: 'A {style} song', lyrics: '{lyrics}', format: 'wav' },
        audio: { type: 'url', path: 'data.0.audio_url' },
      },
    };
    const answer = await call('POST', '/api/generate-music', { lyrics: 'One line\nTwo "quoted" line', musicConfig: JSON.stringify(musicConfig) });
    const track = await untilDone(answer.body.trackId);
    expect(track, track.error ?? '').toMatchObject({ status: 'complete', provider: musicApiUrl.replace('http://', '') });
    expect(apiCalls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/songs', 'GET /files/song.wav']);
    expect(apiCalls[0]!.headers.authorization).toBe('Bearer music-key');
    expect(apiCalls[0]!.body).toEqual({ prompt: 'A Synth pop song', lyrics: 'One line\nTwo "quoted" line', format: 'wav' });
    // The narration, then the API's 6 s track.
    expect(probeAudio(fileOf(track.audioUrl!)).durationSeconds).toBeGreaterThan(6);
  });

  it('records a failing music API on the track, and deletes tracks with their files', async () => {
    const answer = await call('POST', '/api/generate-music', {
      lyrics: 'A line',
      musicConfig: { provider: { endpoint: `${musicApiUrl}/missing`, audio: { type: 'bytes' } } },
    });
    const failed = await untilDone(answer.body.trackId);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/HTTP 404/);
    // The status and host, never what the remote answered.
    expect(failed.error).not.toMatch(/hunter2|internal detail/);
    const logs = (await call('GET', '/api/logs?limit=20')).body as { message: string }[];
    expect(logs.some((entry) => entry.message.includes('HTTP 404'))).toBe(true);
    expect(logs.some((entry) => entry.message.includes('hunter2'))).toBe(false);

    const tracks = (await call('GET', '/api/generated-music-tracks')).body as MusicTrack[];
    const complete = tracks.find((track) => track.status === 'complete')!;
    const file = fileOf(complete.audioUrl!);
    expect(existsSync(file)).toBe(true);
    expect((await call('DELETE', `/api/generated-music-tracks/${complete.id}`)).body).toEqual({ message: 'Track deleted successfully' });
    expect(existsSync(file)).toBe(false);
    expect(((await call('GET', '/api/generated-music-tracks')).body as MusicTrack[]).some((track) => track.id === complete.id)).toBe(false);
    expect((await call('DELETE', `/api/generated-music-tracks/${complete.id}`)).status).toBe(404);
  });

  it('never calls a private address: refused when saved, when asked for, when stored anyway, and behind a redirect', async () => {
    const aimedAt = (endpoint: string) => ({ style: 'x', provider: { endpoint, audio: { type: 'bytes' } } });
    // Saving the configuration: a 400 naming the address.
    const saved = await call('POST', '/api/music-generator-prompt', { promptText: JSON.stringify(aimedAt(`${loopbackUrl}/v1/songs`)) });
    expect(saved.status).toBe(400);
    expect(saved.body.message).toMatch(/127\.0\.0\.1/);
    expect(saved.body.message).toMatch(/loopback/);
    const named = await call('POST', '/api/music-generator-prompt', { promptText: JSON.stringify(aimedAt('http://localhost:9/x')) });
    expect(named.status).toBe(400);
    // Asked for in the request.
    const asked = await call('POST', '/api/generate-music', { lyrics: 'A line', musicConfig: aimedAt(`${loopbackUrl}/v1/songs`) });
    expect(asked.status).toBe(400);
    expect(asked.body.message).toMatch(/127\.0\.0\.1/);
    // A configuration that reached the database some other way (an older version, a restore) is
    // still refused at connect time.
    const [row] = await server.sql<{ id: number }[]>`
      insert into music_tracks (status, title, lyrics, config) values ('pending', 'Sneaky', 'A line', ${server.sql.json(aimedAt(`${loopbackUrl}/v1/songs`) as never)})
      returning id`;
    const { enqueue } = await import('../../src/services/platform/jobs/index.js');
    await enqueue(server.ctx, 'music-track', { trackId: row!.id }, { singletonKey: `track-${row!.id}` });
    const sneaky = await untilDone(row!.id);
    expect(sneaky.status).toBe('failed');
    expect(sneaky.error).toMatch(/Refused to connect to private address 127\.0\.0\.1/);
    // An allowed API that redirects to the loopback service: the redirect is checked too.
    const redirected = await call('POST', '/api/generate-music', { lyrics: 'A line', musicConfig: aimedAt(`${musicApiUrl}/redirect-to-loopback`) });
    expect(redirected.status).toBe(200);
    const bounced = await untilDone(redirected.body.trackId);
    expect(bounced.status).toBe('failed');
    expect(bounced.error).toMatch(/127\.0\.0\.1/);
    expect(loopbackCalls).toEqual([]);
  });

  it('masks the music API headers in every read and keeps them when the masked value comes back', async () => {
    const config = {
      style: 'Synth pop',
      provider: {
        endpoint: `${musicApiUrl}/v1/songs`,
        headers: { Authorization: 'Bearer very-secret-music-key', 'content-type': 'application/json' },
        body: { lyrics: '{lyrics}' },
        audio: { type: 'url', path: 'data.0.audio_url' },
      },
    };
    expect((await call('POST', '/api/music-generator-prompt', { promptText: JSON.stringify(config) })).status).toBe(200);
    const shown = (await call('GET', '/api/music-generator-prompt')).body as { promptText: string };
    expect(shown.promptText).not.toContain('very-secret-music-key');
    const parsed = JSON.parse(shown.promptText) as typeof config;
    expect(parsed.provider.headers.Authorization).toMatch(/^\*{8}/);
    expect(parsed.provider.headers['content-type']).toBe('application/json');
    // The console sends the masked text back with another style: the key is kept.
    parsed.style = 'Acoustic';
    const resaved = await call('POST', '/api/music-generator-prompt', { promptText: JSON.stringify(parsed) });
    expect(resaved.status).toBe(200);
    expect(JSON.stringify(resaved.body)).not.toContain('very-secret-music-key');
    apiCalls.length = 0;
    const answer = await call('POST', '/api/generate-music', { lyrics: 'One line' });
    const track = await untilDone(answer.body.trackId);
    expect(track, track.error ?? '').toMatchObject({ status: 'complete', style: 'Acoustic' });
    expect(apiCalls[0]!.headers.authorization).toBe('Bearer very-secret-music-key');
    // The finished track keeps no credential.
    const [stored] = await server.sql<
      { config: { provider: { headers: Record<string, string> } } }[]
    >`select config from music_tracks where id = ${answer.body.trackId}`;
    expect(stored!.config.provider.headers).toEqual({});
  });
});

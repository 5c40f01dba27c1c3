// The podcast and the interview end to end, offline: scripts built from today's stories with the
// §5 rules, enhancement, refinement, and the audio measured — duration, loudness, and the two
// speakers' pitch. Runs on both databases (it touches storage).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  EnhanceScriptResponse,
  GenerateAudioResponse,
  GenerateScriptResponse,
  InterviewScriptResponse,
  LastConversationalScript,
} from '../../src/api/audio.js';
import { audioAssetByFileName } from '../../src/db/audio.js';
import { audioFilePath } from '../../src/services/newsroom/audio/files.js';
import type { LiveMessage } from '../../src/api/live.js';
import { storeNewsDay } from '../fixtures/stories/news-day.js';
import { decodeStretch, measureLoudness, medianPitch, probeAudio } from '../helpers/audio.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let cookie: string;
const messages: LiveMessage[] = [];

async function call(method: string, path: string, body?: unknown, options: { anonymous?: boolean; contentType?: boolean } = {}) {
  const headers: Record<string, string> = options.anonymous ? {} : { cookie };
  if (body !== undefined || options.contentType) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

function fileOf(url: string): string {
  return audioFilePath(server.config, decodeURIComponent(url.replace(/^\/audio\//, '').replace(/\?.*$/, '')));
}

function wordsOf(script: string): number {
  return script
    .split('\n')
    .map((line) => line.replace(/^[^:]+:\s*/, '').replace(/\[pause[^\]]*\]/g, ' '))
    .join(' ')
    .split(/\s+/)
    .filter(Boolean).length;
}

/** Median pitch per speaker over their lines, from the segments recorded with the file. */
async function pitchBySpeaker(url: string): Promise<Map<string, number>> {
  const asset = await audioAssetByFileName(server.sql, decodeURIComponent(url.replace(/^\/audio\//, '').replace(/\?.*$/, '')));
  const segments = (asset!.meta.segments as { speaker: string; start: number; end: number }[]).slice(0, 16);
  const bySpeaker = new Map<string, number[]>();
  for (const segment of segments) {
    const list = bySpeaker.get(segment.speaker) ?? [];
    list.push(medianPitch(decodeStretch(fileOf(url), segment.start, segment.end - segment.start)));
    bySpeaker.set(segment.speaker, list);
  }
  return new Map([...bySpeaker].map(([speaker, values]) => [speaker, values.filter(Number.isFinite).sort((a, b) => a - b)[Math.floor(values.length / 2)]!]));
}

beforeAll(async () => {
  server = await startTestServer({ env: { NEWSCTL_SITE_NAME: 'Morning Ledger' } });
  cookie = await server.loginCookie();
  server.ctx.events.onAny((message) => messages.push(message));
}, 120_000);
afterAll(async () => server?.close());

describe('podcast', { timeout: 240_000 }, () => {
  it('is for administrators only and needs a script for audio', async () => {
    for (const [method, path] of [
      ['GET', '/api/last-conversational-audio-script'],
      ['POST', '/api/generate-conversational-script'],
      ['POST', '/api/enhance-conversational-script'],
      ['POST', '/api/generate-conversational-audio'],
      ['POST', '/api/generate-interview-script'],
      ['POST', '/api/refine-interview-script'],
      ['POST', '/api/generate-interview-audio'],
    ] as const) {
      expect((await call(method, path, undefined, { anonymous: true })).status, path).toBe(401);
    }
    expect((await call('GET', '/api/last-conversational-audio-script')).body).toMatchObject({ scriptText: '', generatedAt: null });
    for (const path of [
      '/api/generate-conversational-audio',
      '/api/enhance-conversational-script',
      '/api/generate-interview-audio',
      '/api/refine-interview-script',
    ]) {
      // With an empty JSON content type (curl) and with no body at all (the console).
      for (const contentType of [true, false]) {
        const answer = await call('POST', path, undefined, { contentType });
        expect(answer.status, path).toBe(400);
        expect(answer.body.message).toBe('No script available. Generate a script first.');
      }
    }
    expect((await call('POST', '/api/generate-conversational-audio', { script: 42 })).status).toBe(400);
  });

  let script: string;

  it("writes a two-host conversation about today's top stories from their own sentences", async () => {
    await storeNewsDay(server.sql);
    const answer = await call('POST', '/api/generate-conversational-script');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const generated = answer.body as GenerateScriptResponse;
    script = generated.script;
    expect(generated).toMatchObject({ writer: 'offline', stories: 4 });
    const lines = script.split('\n');
    for (const line of lines) expect(line).toMatch(/^(Alex|Jordan): \S/);
    expect(lines.filter((line) => line.startsWith('Alex:')).length).toBeGreaterThan(5);
    expect(lines.filter((line) => line.startsWith('Jordan:')).length).toBeGreaterThan(5);
    // Who, what, why it matters, and a handover — with the sources' facts.
    expect(script).toMatch(/About 1,200 residents of Port Linden were evacuated/);
    expect(script).toMatch(/Maria Okafor/);
    expect(script).toMatch(/(Here is why it matters\.|Why it matters:|What it means:) \S/);
    // No line is a question with no fact in it (the hosts' handovers are the only questions).
    // Its only questions are handovers that name where they go.
    for (const line of lines.filter((l) => /\?$/.test(l))) expect(line).toMatch(/what's the latest in [\w. ]+\?$/);
    expect(script).toMatch(/(Alex|Jordan), (what's the latest in [\w. ]+\?|take us to [\w. ]+\.)|Over to you, (Alex|Jordan), for [\w. ]+\./);
    expect(script).not.toMatch(/\{|\}|undefined|lorem/i);
    const last = (await call('GET', '/api/last-conversational-audio-script')).body as LastConversationalScript;
    expect(last).toMatchObject({ scriptText: script, enhanced: false });
  });

  it('enhances the script with facts the sources hold and the script does not say', async () => {
    const answer = await call('POST', '/api/enhance-conversational-script', { script });
    expect(answer.status).toBe(200);
    const enhanced = answer.body as EnhanceScriptResponse;
    expect(enhanced.sourcesCount).toBeGreaterThan(0);
    expect(enhanced.enhancedScript.split('\n').length).toBeGreaterThan(script.split('\n').length);
    for (const line of enhanced.enhancedScript.split('\n')) expect(line).toMatch(/^(Alex|Jordan): \S/);
    const last = (await call('GET', '/api/last-conversational-audio-script')).body as LastConversationalScript;
    expect(last).toMatchObject({ scriptText: enhanced.enhancedScript, enhanced: true, originalScriptText: script });
  });

  it('speaks it in two clearly different voices, at -16 LUFS, as long as its words predict', async () => {
    const answer = await call('POST', '/api/generate-conversational-audio', { script });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const audio = answer.body as GenerateAudioResponse;
    expect(Object.keys(audio).sort()).toEqual(['audioUrl', 'durationSeconds', 'segmentCount']);
    expect(audio.segmentCount).toBe(script.split('\n').length);
    const progress = messages.filter((m) => m.type === 'conversational-audio-progress') as unknown as { current: number; total: number }[];
    expect(progress.at(-1)).toMatchObject({ current: audio.segmentCount, total: audio.segmentCount });
    expect(progress.length).toBe(audio.segmentCount);

    const file = fileOf(audio.audioUrl);
    const probed = probeAudio(file);
    expect(probed.codecName).toBe('mp3');
    const predicted = (wordsOf(script) / 150) * 60;
    console.log(`podcast: ${wordsOf(script)} words, predicted ${predicted.toFixed(1)} s, measured ${probed.durationSeconds.toFixed(1)} s`);
    expect(Math.abs(probed.durationSeconds - predicted) / predicted).toBeLessThanOrEqual(0.25);
    const loudness = measureLoudness(file);
    console.log(`podcast loudness: ${loudness.integrated} LUFS, true peak ${loudness.truePeak} dBTP`);
    expect(Math.abs(loudness.integrated + 16)).toBeLessThanOrEqual(1);
    expect(loudness.truePeak).toBeLessThanOrEqual(-1);

    const pitch = await pitchBySpeaker(audio.audioUrl);
    console.log('podcast pitch by speaker (Hz):', Object.fromEntries([...pitch].map(([s, hz]) => [s, Math.round(hz)])));
    // Alex is Achird (male), Jordan is Aoede (female): at least 30 % apart.
    expect(pitch.get('Jordan')! / pitch.get('Alex')!).toBeGreaterThanOrEqual(1.3);
    expect((await call('GET', '/api/last-conversational-audio-script')).body.audioUrl).toBe(audio.audioUrl);

    // The episode in podcast.xml carries its chapters, one per story the hosts tell, each linking
    // to its story page, in the order they are told.
    const feed = await (await fetch(`${server.baseUrl}/podcast.xml`)).text();
    const stem = audio.audioUrl.replace(/^\/audio\//, '').replace(/\.mp3.*$/, '');
    const item = feed.split('<item>').find((part) => part.includes(stem))!;
    const chaptersUrl = /<podcast:chapters url="([^"]+)" type="application\/json\+chapters"\/>/.exec(item)?.[1];
    expect(chaptersUrl).toBe(`${server.baseUrl}/chapters/${stem}.json`);
    const chapters = (await (await fetch(chaptersUrl!)).json()) as { chapters: { startTime: number; title: string; url?: string }[] };
    const told = chapters.chapters.filter((chapter) => chapter.url);
    expect(told.length).toBeGreaterThanOrEqual(3);
    for (const chapter of told) expect(chapter.url).toMatch(new RegExp(`^${server.baseUrl}/story/\\d+-`));
    const starts = chapters.chapters.map((chapter) => chapter.startTime);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    expect(chapters.chapters[0]).toMatchObject({ startTime: 0, title: 'Podcast' });
  });
});

describe('interview', { timeout: 240_000 }, () => {
  it('needs a topic, then writes host questions and guest answers from the stories about it', async () => {
    const none = await call('POST', '/api/generate-interview-script');
    expect(none.status).toBe(400);
    expect(none.body.message).toMatch(/interview topic/i);

    await call('POST', '/api/interview-topic', { topic: 'Central bank interest rates' });
    const answer = await call('POST', '/api/generate-interview-script');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const interview = answer.body as InterviewScriptResponse;
    expect(interview.writer).toBe('offline');
    expect(interview.totalTokens).toBeGreaterThan(50);
    for (const line of interview.script.split('\n')) expect(line).toMatch(/^(Sam|Dr\. Morgan): \S/);
    expect(interview.script).toMatch(/Sam: .*What happened\?/);
    expect(interview.script).toMatch(/Dr\. Morgan: .*4\.25 percent/);
    const tokens = messages.filter((m) => m.type === 'interview_token_progress') as unknown as { tokens: number }[];
    expect(tokens.length).toBeGreaterThan(3);
    expect(tokens.at(-1)!.tokens).toBe(interview.totalTokens);
    expect(messages.some((m) => m.type === 'interview_token_complete')).toBe(true);

    const refined = await call('POST', '/api/refine-interview-script', { interview: interview.script });
    expect(refined.status).toBe(200);
    expect((refined.body as InterviewScriptResponse).script).toMatch(/\[pause short\]\nSam: /);
    expect(messages.some((m) => m.type === 'interview_refine_token_complete')).toBe(true);
    expect((await call('POST', '/api/refine-interview-script/stop')).body).toEqual({ message: 'No refinement is running' });
  });

  it('speaks the interview in two male voices of different accent and pitch', async () => {
    const answer = await call('POST', '/api/generate-interview-audio', undefined, { contentType: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const audio = answer.body as GenerateAudioResponse;
    expect(messages.filter((m) => m.type === 'interview-audio-progress').length).toBe(audio.segmentCount);
    const pitch = await pitchBySpeaker(audio.audioUrl);
    console.log('interview pitch by speaker (Hz):', Object.fromEntries([...pitch].map(([s, hz]) => [s, Math.round(hz)])));
    // Sam is Orus (US), Dr. Morgan is Achird (British): at least 10 % apart.
    expect(pitch.get('Dr. Morgan')! / pitch.get('Sam')!).toBeGreaterThanOrEqual(1.1);
    expect(Math.abs(measureLoudness(fileOf(audio.audioUrl)).integrated + 16)).toBeLessThanOrEqual(1);
  });
});

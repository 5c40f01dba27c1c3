// The administrator's edits of the podcast and interview scripts and the lyrics (PUT
// /api/audio-scripts/{kind}), through the typed client: stored in place of the newest text of their
// kind, shown by the last-* reads, used by a render, enhancement, refinement or song that names no
// text, and cleaned by the §5 rules. Runs on both databases (it touches storage).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EditableScriptKind } from '../../src/api/audio.js';
import { appTransport, createClient, type Client } from '../../src/client/index.js';
import { storeNewsDay } from '../fixtures/stories/news-day.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let client: Client;

/** A PUT the typed client cannot make: anonymous, or with a body it would not send. */
async function rawPut(path: string, body: unknown, cookie?: string): Promise<number> {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return response.status;
}

const lastPodcast = () => client.audio.podcast.last();
const lastInterview = () => client.audio.interview.last();
const save = (kind: EditableScriptKind, text: string) => client.audio.saveScript(kind, text);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as { code: string; message: string },
  );

beforeAll(async () => {
  server = await startTestServer();
  client = createClient(appTransport(server.app, server.ctx, server.localSecret));
  await storeNewsDay(server.sql);
}, 120_000);
afterAll(async () => server?.close());

describe('script edits', { timeout: 180_000 }, () => {
  it('are for administrators only, name a known kind, and refuse an empty script or a missing enhancement', async () => {
    expect(await rawPut('/api/audio-scripts/conversational', { scriptText: 'Alex: Hi.' })).toBe(401);
    expect(await rawPut('/api/audio-scripts/conversational', {}, await server.loginCookie())).toBe(400);
    expect(await failure(save('latest-news' as EditableScriptKind, 'Alex: Hi.'))).toMatchObject({ code: 'invalid' });
    expect(await failure(save('conversational', ' \n **  ** \n'))).toMatchObject({
      code: 'invalid',
      message: 'The script is empty: each line starts with a speaker label followed by a colon.',
    });
    expect(await failure(save('lyrics', '   '))).toMatchObject({ code: 'invalid', message: 'The lyrics are empty.' });
    expect(await failure(save('conversational-enhanced', 'Alex: More.'))).toMatchObject({
      code: 'not_found',
      message: 'No enhanced podcast script to edit. Generate one first.',
    });
    expect(await lastPodcast()).toMatchObject({ scriptText: '', editedAt: null });
  });

  it('replace the podcast script a reload shows, keep its generation time, and are what a body-less render speaks', async () => {
    await client.audio.podcast.script();
    const before = await lastPodcast();
    expect(before.editedAt).toBeNull();

    // Stored clean (§5): the stars go and "climate change" becomes "climate engineering".
    const saved = await save('conversational', 'Alex: **Welcome** to the edited show.\r\nJordan: We cover climate change today.');
    expect(saved).toMatchObject({
      kind: 'conversational',
      scriptText: 'Alex: Welcome to the edited show.\nJordan: We cover climate engineering today.',
      generatedAt: before.generatedAt,
    });
    const after = await lastPodcast();
    expect(after).toMatchObject({ scriptText: saved.scriptText, generatedAt: before.generatedAt, editedAt: saved.editedAt, enhanced: false });

    const audio = await client.audio.podcast.render();
    expect(audio.segmentCount).toBe(2);
    // The episode's description is its first lines without the speaker labels: the edited ones.
    const [asset] = await server.sql<{ meta: { description: string; speakers: string[] } }[]>`
      select meta from audio_assets where kind = 'podcast' order by generated_at desc limit 1`;
    expect(asset!.meta).toMatchObject({ description: 'Welcome to the edited show. We cover climate engineering today.', speakers: ['Alex', 'Jordan'] });
    expect((await lastPodcast()).audioUrl).toBe(audio.audioUrl);

    // An edit after the audio: that audio was made from other words, so it is no longer offered.
    await save('conversational', 'Alex: A third version.');
    expect(await lastPodcast()).toMatchObject({ scriptText: 'Alex: A third version.', audioUrl: null });
  });

  it('edit the enhanced script without touching the original, and the enhancement starts from the edited original', async () => {
    await save('conversational', 'Alex: Port Linden harbor flooded in the storm.\nJordan: Residents were evacuated.');
    const enhanced = await client.audio.podcast.enhance();
    expect(enhanced.enhancedScript).toMatch(/^Alex: Port Linden harbor flooded in the storm\./);
    await save('conversational-enhanced', 'Jordan: Only the enhanced line.');
    expect(await lastPodcast()).toMatchObject({
      scriptText: 'Jordan: Only the enhanced line.',
      enhanced: true,
      originalScriptText: 'Alex: Port Linden harbor flooded in the storm.\nJordan: Residents were evacuated.',
    });
    // A new script still clears the enhanced one, edited or not (spec 001 §4).
    await client.audio.podcast.script();
    expect(await lastPodcast()).toMatchObject({ enhanced: false, editedAt: null });
  });

  it('replace the interview script, refined or not, and a hand-written one needs no generation', async () => {
    expect((await lastInterview()).scriptText).toBe('');
    const written = await save('interview', 'Sam: What happened?\nDr. Morgan: A storm.');
    expect(written.scriptText).toBe('Sam: What happened?\nDr. Morgan: A storm.');
    expect(await lastInterview()).toMatchObject({
      scriptText: written.scriptText,
      generatedAt: written.generatedAt,
      editedAt: written.editedAt,
      refined: false,
    });

    // A refinement without a text refines the script shown: here the hand-written one.
    expect((await client.audio.interview.refine()).script).toMatch(/^Sam: What happened\?/);
    await save('interview-refined', 'Sam: Edited after refining.');
    expect(await lastInterview()).toMatchObject({ scriptText: 'Sam: Edited after refining.', refined: true });
    // …and refined again, the refined one as edited.
    expect((await client.audio.interview.refine()).script).toBe('Sam: Edited after refining.');
    const audio = await client.audio.interview.render();
    expect(audio.segmentCount).toBe(1);
    expect((await lastInterview()).audioUrl).toBe(audio.audioUrl);
  });

  it('replace the lyrics, and a song without lyrics in its request sings them', async () => {
    await client.music.lyrics();
    const saved = await save('lyrics', '[Verse 1]\r\nEdited words for the song\n');
    expect(saved.scriptText).toBe('[Verse 1]\nEdited words for the song');
    expect(await client.music.lastLyrics()).toMatchObject({ lyricsText: saved.scriptText, editedAt: saved.editedAt });
    const queued = await client.music.generate({});
    const [track] = await server.sql<{ lyrics: string }[]>`select lyrics from music_tracks where id = ${queued.trackId}`;
    expect(track!.lyrics).toBe(saved.scriptText);
    expect(await failure(save('interview', ''))).toMatchObject({ code: 'invalid' });
  });
});

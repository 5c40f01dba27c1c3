// The OpenAI-compatible speech path against the local fake server: every script line is one
// /audio/speech request with its speaker's voice from the voice table, and the answers are
// assembled into one normalised MP3; a provider failure is a clear error, not a broken file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioFilePath } from '../../../src/services/newsroom/audio/files.js';
import { generateConversationalAudio } from '../../../src/services/newsroom/audio/podcast.js';
import { shutdownJobs } from '../../../src/services/platform/jobs/index.js';
import { createServiceContext, type ServiceContext } from '../../fixtures/fake-openai/context.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../fixtures/fake-openai/server.js';
import { decodeStretch, measureLoudness, medianPitch, probeAudio } from '../../helpers/audio.js';
import { usingPostgres } from '../../helpers/db.js';

const SCRIPT = `Alex: Good morning and welcome to the show.
Jordan: Thanks, Alex. [pause short] Today the central bank held rates at 4.25 percent.
Alex: Why does that matter? [pause]
Jordan: Because two million households have variable-rate mortgages.`;

describe.skipIf(usingPostgres)('OpenAI-compatible speech', () => {
  let fake: FakeOpenAi;
  let service: ServiceContext;
  let media: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    media = mkdtempSync(join(tmpdir(), 'newsctl-speech-media-'));
    service = await createServiceContext({
      env: { NEWSCTL_SPEECH_BASE_URL: fake.baseUrl, NEWSCTL_SPEECH_API_KEY: 'sk-speech', NEWSCTL_SPEECH_MODEL: 'tts-fake', NEWSCTL_MEDIA_DIR: media },
    });
  }, 60_000);
  afterAll(async () => {
    if (service) await shutdownJobs(service.ctx);
    await service?.close();
    await fake?.close();
    rmSync(media, { recursive: true, force: true });
  });

  it("requests each line with its speaker's voice and assembles the answers", async () => {
    const result = await generateConversationalAudio(service.ctx, { script: SCRIPT });
    const requests = fake
      .speechRequests()
      .map((request) => request.body as unknown as { model: string; voice: string; input: string; response_format: string });
    // Alex → Achird → fable; Jordan → Aoede → nova (the default tables). Pause tags are silences, never text.
    expect(requests).toEqual([
      { model: 'tts-fake', voice: 'fable', input: 'Good morning and welcome to the show.', response_format: 'wav' },
      { model: 'tts-fake', voice: 'nova', input: 'Thanks, Alex.', response_format: 'wav' },
      { model: 'tts-fake', voice: 'nova', input: 'Today the central bank held rates at 4.25 percent.', response_format: 'wav' },
      { model: 'tts-fake', voice: 'fable', input: 'Why does that matter?', response_format: 'wav' },
      { model: 'tts-fake', voice: 'nova', input: 'Because two million households have variable-rate mortgages.', response_format: 'wav' },
    ]);
    expect(fake.speechRequests()[0]!.headers.authorization).toBe('Bearer sk-speech');
    expect(result.segmentCount).toBe(4);

    const file = audioFilePath(service.ctx.config, decodeURIComponent(result.audioUrl.replace(/^\/audio\//, '').replace(/\?.*$/, '')));
    const probed = probeAudio(file);
    expect(probed.codecName).toBe('mp3');
    // 0.4 s per word from the fake, plus the pauses and gaps.
    expect(probed.durationSeconds).toBeGreaterThan(30 * 0.4);
    expect(Math.abs(measureLoudness(file).integrated + 16)).toBeLessThanOrEqual(1);
    // The first line is Alex's deep tone, the second Jordan's.
    expect(Math.round(medianPitch(decodeStretch(file, 0.5, 2)))).toBeCloseTo(110, -1);
    expect(Math.round(medianPitch(decodeStretch(file, 6, 0.5)))).toBeCloseTo(220, -1);
  });

  it('turns a failing speech server into a clear error and records nothing', async () => {
    fake.reset();
    fake.scriptSpeech({ kind: 'status', status: 400, message: 'unknown voice' });
    await expect(generateConversationalAudio(service.ctx, { script: 'Alex: Hello there, everyone.' })).rejects.toThrow(
      /The podcast audio failed: speech model tts-fake \(voice fable\): HTTP 400/,
    );
    const [row] = await service.ctx.sql<{ assets: number; failed: number }[]>`
      select (select count(*)::int from audio_assets) as assets,
             (select count(*)::int from job_runs where job = 'podcast-audio' and status = 'failed') as failed`;
    expect(row).toEqual({ assets: 1, failed: 1 });
  });
});

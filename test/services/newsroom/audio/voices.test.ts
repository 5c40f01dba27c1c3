// The offline voices, measured (decisions.md "Wave 2 → Audio"): every voice of the default table
// is spoken by espeak-ng and its median pitch estimated; voices of different sex differ by at least
// 30 %, voices of the same sex by at least 10 % and by accent or variant. One espeak-ng process
// serves the whole table (one per job, not one per line).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineSpeechProvider, type SpeechSession } from '../../../../src/providers/speech/index.js';
import { DEFAULT_PODCAST_SPEAKERS, DEFAULT_INTERVIEW_SPEAKERS, DEFAULT_VOICES } from '../../../../src/services/newsroom/audio/voice-table.js';
import { toSpeechVoice } from '../../../../src/services/newsroom/audio/voices.js';
import { medianPitch } from '../../../helpers/audio.js';
import { usingPostgres } from '../../../helpers/db.js';

const SENTENCE = 'The city council approved a new budget on Tuesday, and officials say the plan will fund three new schools before winter.';

describe.skipIf(usingPostgres)('offline voices', () => {
  let session: SpeechSession;
  const pitch = new Map<string, number>();

  beforeAll(async () => {
    session = createOfflineSpeechProvider().open();
    for (const row of DEFAULT_VOICES) {
      const pcm = await session.synthesize(SENTENCE, toSpeechVoice(row));
      const samples = Float32Array.from(pcm.samples, (value) => value / 32768);
      pitch.set(row.name, medianPitch(samples, pcm.sampleRate));
    }
  }, 120_000);
  afterAll(async () => session?.close());

  it('covers the spec voices and narrators: two male and two female at least', () => {
    const names = DEFAULT_VOICES.map((voice) => voice.name);
    expect(names).toEqual(expect.arrayContaining(['Achird', 'Aoede', 'Orus', 'Iapetus']));
    expect(DEFAULT_VOICES.filter((voice) => voice.sex === 'male').length).toBeGreaterThanOrEqual(2);
    expect(DEFAULT_VOICES.filter((voice) => voice.sex === 'female').length).toBeGreaterThanOrEqual(2);
    for (const speaker of [...DEFAULT_PODCAST_SPEAKERS, ...DEFAULT_INTERVIEW_SPEAKERS]) expect(names).toContain(speaker.voice);
  });

  it('separates the sexes by at least 30 % in measured pitch', () => {
    console.log('offline voice pitch (Hz):', Object.fromEntries([...pitch].map(([name, hz]) => [name, Math.round(hz)])));
    const male = DEFAULT_VOICES.filter((voice) => voice.sex === 'male').map((voice) => pitch.get(voice.name)!);
    const female = DEFAULT_VOICES.filter((voice) => voice.sex === 'female').map((voice) => pitch.get(voice.name)!);
    for (const hz of [...male, ...female]) expect(hz).toBeGreaterThan(60);
    expect(Math.min(...female) / Math.max(...male)).toBeGreaterThanOrEqual(1.3);
  });

  it('gives same-sex voices a different accent or variant and at least 10 % of pitch', () => {
    for (const a of DEFAULT_VOICES) {
      for (const b of DEFAULT_VOICES) {
        if (a === b || a.sex !== b.sex) continue;
        expect(a.offlineVoice, `${a.name} / ${b.name}`).not.toBe(b.offlineVoice);
        const ratio = Math.max(pitch.get(a.name)!, pitch.get(b.name)!) / Math.min(pitch.get(a.name)!, pitch.get(b.name)!);
        expect(ratio, `${a.name} ${Math.round(pitch.get(a.name)!)} Hz / ${b.name} ${Math.round(pitch.get(b.name)!)} Hz`).toBeGreaterThanOrEqual(1.1);
      }
    }
  });
});

// A silent render (a script with nothing to say aloud) still becomes an MP3: its true peak measures
// -inf dBFS, which loudnorm's second pass refused ("out of range") until the measurements were kept
// within its ranges. Found by the API fuzzer.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/config.js';
import { writeMp3 } from '../../../../src/services/newsroom/audio/assemble.js';
import { ffmpegPaths } from '../../../../src/services/newsroom/audio/ffmpeg.js';
import { probeAudio } from '../../../helpers/audio.js';

const dir = mkdtempSync(join(tmpdir(), 'newsctl-quiet-audio-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a silent render', () => {
  it('is encoded, not refused by the loudness pass', async () => {
    const rate = 24_000;
    // Two seconds of digital silence: ffmpeg's meter reads -70 LUFS (its gate's floor) and a true peak of -inf.
    const samples = new Int16Array(rate * 2);
    const out = join(dir, 'quiet.mp3');
    await writeMp3(
      ffmpegPaths(loadConfig({})),
      { sampleRate: rate, samples },
      out,
      { title: 't', artist: 'a', album: 'b', date: '2026-01-01' },
      new AbortController().signal,
    );
    expect(existsSync(out)).toBe(true);
    expect(probeAudio(out).codecName).toBe('mp3');
  });
});

// FFMPEG_PATH overrides the ffmpeg that `npm ci` brings (issue 15 "Assembly"): the encoder really
// runs the binary it names, and an ffprobe beside it is preferred to the bundled one.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/config.js';
import { writeMp3 } from '../../../../src/services/newsroom/audio/assemble.js';
import { ffmpegPaths } from '../../../../src/services/newsroom/audio/ffmpeg.js';
import { FFMPEG, FFPROBE, probeAudio } from '../../../helpers/audio.js';

const dir = mkdtempSync(join(tmpdir(), 'newsctl-ffmpeg-path-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A wrapper that notes each call in `log` and runs the real binary. */
function wrapper(name: string, real: string, log: string): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\necho "$0" >> "${log}"\nexec "${real}" "$@"\n`);
  chmodSync(path, 0o755);
  return path;
}

describe('FFMPEG_PATH', () => {
  it('is read from the environment, and the bundled binaries are used without it', () => {
    expect(loadConfig({ FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg' }).ffmpegPath).toBe('/opt/ffmpeg/bin/ffmpeg');
    expect(ffmpegPaths(loadConfig({}))).toEqual({ ffmpeg: FFMPEG, ffprobe: FFPROBE });
    // No ffprobe beside the named ffmpeg: the bundled one.
    expect(ffmpegPaths(loadConfig({ FFMPEG_PATH: '/nonexistent/ffmpeg' }))).toEqual({ ffmpeg: '/nonexistent/ffmpeg', ffprobe: FFPROBE });
  });

  it('runs the named ffmpeg (and the ffprobe beside it) to make the MP3', async () => {
    const log = join(dir, 'calls.log');
    const ffmpeg = wrapper('ffmpeg', FFMPEG, log);
    const ffprobe = wrapper('ffprobe', FFPROBE, log);
    const paths = ffmpegPaths(loadConfig({ FFMPEG_PATH: ffmpeg }));
    expect(paths).toEqual({ ffmpeg, ffprobe });

    // One second of a 220 Hz tone.
    const rate = 24_000;
    const samples = Int16Array.from({ length: rate }, (_, i) => Math.round(Math.sin((2 * Math.PI * 220 * i) / rate) * 8000));
    const out = join(dir, 'tone.mp3');
    await writeMp3(paths, { sampleRate: rate, samples }, out, { title: 't', artist: 'a', album: 'b', date: '2026-01-01' }, new AbortController().signal);
    expect(existsSync(out)).toBe(true);
    expect(probeAudio(out).codecName).toBe('mp3');
    // Both passes (measure, then loudnorm + encode) went through the named binary.
    const calls = readFileSync(log, 'utf8').trim().split('\n');
    expect(calls.filter((call) => call === ffmpeg).length).toBeGreaterThanOrEqual(2);
  });
});

// Listening to generated audio by measuring it: ffprobe for the container and codec, ffmpeg's
// ebur128 filter for integrated loudness and true peak, and a YIN pitch estimate of any stretch.
import { execFileSync, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
export const FFMPEG = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
export const FFPROBE = (require('@ffprobe-installer/ffprobe') as { path: string }).path;

export interface ProbedAudio {
  formatName: string;
  codecName: string;
  sampleRate: number;
  channels: number;
  durationSeconds: number;
  tags: Record<string, string>;
}

export function probeAudio(file: string): ProbedAudio {
  const out = execFileSync(FFPROBE, ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', file]).toString();
  const json = JSON.parse(out) as {
    format: { format_name: string; duration: string; tags?: Record<string, string> };
    streams: { codec_type: string; codec_name: string; sample_rate: string; channels: number }[];
  };
  const audio = json.streams.find((stream) => stream.codec_type === 'audio');
  if (!audio) throw new Error(`${file} has no audio stream`);
  const tags = Object.fromEntries(Object.entries(json.format.tags ?? {}).map(([key, value]) => [key.toLowerCase(), value]));
  return {
    formatName: json.format.format_name,
    codecName: audio.codec_name,
    sampleRate: Number(audio.sample_rate),
    channels: audio.channels,
    durationSeconds: Number(json.format.duration),
    tags,
  };
}

export interface Loudness {
  integrated: number;
  truePeak: number;
}

/** EBU R128 integrated loudness (LUFS) and true peak (dBTP), as ffmpeg's ebur128 filter reports them. */
export function measureLoudness(file: string): Loudness {
  const run = spawnSync(FFMPEG, ['-hide_banner', '-nostats', '-i', file, '-af', 'ebur128=peak=true', '-f', 'null', '-'], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`ffmpeg ebur128 failed: ${run.stderr.slice(-500)}`);
  const summary = run.stderr.slice(run.stderr.lastIndexOf('Summary:'));
  const integrated = Number(/I:\s+(-?[\d.]+|-inf)\s+LUFS/.exec(summary)?.[1]);
  const truePeak = Number(/Peak:\s+(-?[\d.]+|-inf)\s+dBFS/.exec(summary)?.[1]);
  return { integrated, truePeak };
}

/** 16-bit mono samples of a stretch of the file (seconds), at 16 kHz. */
export function decodeStretch(file: string, startSeconds = 0, durationSeconds?: number): Float32Array {
  const args = [
    '-v',
    'error',
    '-ss',
    String(startSeconds),
    ...(durationSeconds ? ['-t', String(durationSeconds)] : []),
    '-i',
    file,
    '-ac',
    '1',
    '-ar',
    '16000',
    '-f',
    'f32le',
    '-',
  ];
  const raw = execFileSync(FFMPEG, args, { maxBuffer: 1 << 30 });
  return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length));
}

/**
 * Median fundamental frequency (Hz) of the voiced frames, by the YIN method (cumulative mean
 * normalised difference, threshold 0.15) on 40 ms frames; NaN when nothing is voiced.
 */
export function medianPitch(samples: Float32Array, sampleRate = 16_000): number {
  const win = Math.round(sampleRate * 0.04);
  const hop = win >> 1;
  const minLag = Math.floor(sampleRate / 400);
  const maxLag = Math.ceil(sampleRate / 60);
  const f0: number[] = [];
  const d = new Float64Array(maxLag + 1);
  for (let s = 0; s + win + maxLag < samples.length; s += hop) {
    let energy = 0;
    for (let i = 0; i < win; i++) energy += samples[s + i]! ** 2;
    if (energy / win < 1e-4) continue;
    let running = 0;
    let best = -1;
    for (let lag = 1; lag <= maxLag; lag++) {
      let sum = 0;
      for (let i = 0; i < win; i++) {
        const v = samples[s + i]! - samples[s + i + lag]!;
        sum += v * v;
      }
      running += sum;
      d[lag] = running > 0 ? (sum * lag) / running : 1;
    }
    for (let lag = minLag; lag <= maxLag; lag++) {
      if (d[lag]! < 0.15) {
        while (lag + 1 <= maxLag && d[lag + 1]! < d[lag]!) lag++;
        best = lag;
        break;
      }
    }
    if (best > 0) f0.push(sampleRate / best);
  }
  if (f0.length === 0) return NaN;
  f0.sort((a, b) => a - b);
  return f0[Math.floor(f0.length / 2)]!;
}

// Script → MP3: one clip per script line (each text piece of it spoken in the speaker's voice),
// the pause tags as silences, a short turn gap between lines, all on one PCM timeline; then the
// two-pass loudness normalisation and the MP3 with its ID3 tags (./ffmpeg.ts).
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../../context.js';
import { OPENAI_SPEECH_MAX_CHARACTERS, speechProviderFor, type SpeechProvider, type SpeechVoice } from '../../../providers/speech/index.js';
import { decodeAudio, encodeMp3, ffmpegPaths, measureLoudness, resample, type FfmpegPaths, type Id3Tags, type LoudnessMeasurement } from './ffmpeg.js';
import { concatPcm, silence, type Pcm } from '../../../shared/pcm.js';
import { encodeWav } from '../../../providers/speech/wav.js';
import { PAUSE_SECONDS, speechText, splitForSpeech, type ScriptLine } from './script.js';
import { scratchDir } from '../../../scratch-files.js';

/** Silence between two lines; a change of speaker gets a little more, as people leave a beat. */
const SAME_SPEAKER_GAP = 0.25;
const TURN_GAP = 0.4;
const LEAD_IN = 0.3;
const TAIL = 0.8;

export interface JobHandle {
  signal: AbortSignal;
  progress(update: object): void;
}

export interface RenderProgress {
  current: number;
  total: number;
}

export function speechProvider(ctx: Pick<AppContext, 'config'>): SpeechProvider {
  const paths = ffmpegPaths(ctx.config);
  return speechProviderFor(ctx.config, (bytes, signal) => decodeAudio(paths, bytes, 24_000, signal));
}

/**
 * Speaks every line on one timeline. `onLine` is called after each line with {current, total}.
 * One speech session serves the whole script (one espeak-ng process offline).
 */
export async function speakLines(
  ctx: Pick<AppContext, 'config'>,
  lines: readonly ScriptLine[],
  voiceOf: (speaker: string) => SpeechVoice,
  options: { signal: AbortSignal; onLine?: (progress: RenderProgress) => void; provider?: SpeechProvider },
): Promise<{ pcm: Pcm; provider: SpeechProvider; lineOffsets: { start: number; end: number; speaker: string; index: number }[] }> {
  const paths = ffmpegPaths(ctx.config);
  const provider = options.provider ?? speechProvider(ctx);
  const session = provider.open();
  const parts: Pcm[] = [];
  const lineOffsets: { start: number; end: number; speaker: string; index: number }[] = [];
  let sampleRate = 0;
  let length = 0;
  const push = (pcm: Pcm) => {
    parts.push(pcm);
    length += pcm.samples.length;
  };
  try {
    let previous: string | null = null;
    for (const [index, line] of lines.entries()) {
      options.signal.throwIfAborted();
      const voice = voiceOf(line.speaker);
      const clips: (Pcm | { pause: number })[] = [];
      for (const part of line.parts) {
        if (part.kind === 'pause') {
          clips.push({ pause: PAUSE_SECONDS[part.length] });
          continue;
        }
        // What is said, not what is written: "(CAAN)" after its expansion, "(pictured)"… go.
        const spoken = speechText(part.text);
        if (!spoken) continue;
        for (const piece of splitForSpeech(spoken, OPENAI_SPEECH_MAX_CHARACTERS)) {
          let pcm = await session.synthesize(piece, voice, options.signal);
          if (!sampleRate) sampleRate = pcm.sampleRate;
          if (pcm.sampleRate !== sampleRate) pcm = await resample(paths, pcm, sampleRate, options.signal);
          clips.push(pcm);
        }
      }
      // Nothing left to say (a line that was all asides): no line of the audio, not even its gap.
      if (!sampleRate || clips.every((clip) => 'pause' in clip)) continue;
      push(silence(sampleRate, previous === null ? LEAD_IN : previous === line.speaker ? SAME_SPEAKER_GAP : TURN_GAP));
      const start = length;
      for (const clip of clips) push('pause' in clip ? silence(sampleRate, clip.pause) : clip);
      lineOffsets.push({ start: start / sampleRate, end: length / sampleRate, speaker: line.speaker, index });
      previous = line.speaker;
      options.onLine?.({ current: index + 1, total: lines.length });
    }
  } finally {
    await session.close();
  }
  if (!sampleRate) throw new Error('the script has nothing to say');
  push(silence(sampleRate, TAIL));
  return { pcm: concatPcm(sampleRate, parts), provider, lineOffsets };
}

export interface Mp3Result {
  loudness: LoudnessMeasurement;
}

/** The timeline as a loudness-normalised MP3 at `outPath`. */
export async function writeMp3(paths: FfmpegPaths, pcm: Pcm, outPath: string, tags: Id3Tags, signal: AbortSignal): Promise<Mp3Result> {
  const dir = scratchDir('mix');
  try {
    const wav = join(dir, 'mix.wav');
    writeFileSync(wav, encodeWav(pcm));
    const loudness = await measureLoudness(paths, wav, signal);
    await encodeMp3(paths, wav, outPath, loudness, tags, signal);
    return { loudness };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// One finished piece of audio: the script spoken, mixed, normalised and encoded, stored under the
// audio folder and recorded once for its job.
import { renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../../context.js';
import { audioAssetByJobKey, insertAudioAsset, type AudioAssetRow, type AudioKind } from '../../../db/audio.js';
import type { SpeechVoice } from '../../../providers/speech/index.js';
import { speakLines, writeMp3, type JobHandle, type RenderProgress } from './assemble.js';
import { ffmpegPaths, probeDuration } from './ffmpeg.js';
import { audioDir } from '../../platform/media.js';
import { partialPathOf } from '../../../scratch-files.js';
import { audioUrl, localDate, newAudioFileName } from './files.js';
import type { Pcm } from '../../../shared/pcm.js';
import { spokenWords, type ScriptLine } from './script.js';
import { lineText } from './transcript.js';

export interface ProducedAudio {
  asset: AudioAssetRow;
  audioUrl: string;
  durationSeconds: number;
  segmentCount: number;
}

export interface AudioMeta {
  /** Episode title (ID3 title, feed item title). */
  title: string;
  /** One paragraph for the podcast feed. */
  description: string;
}

/** Encodes a finished timeline and records it: the shared end of every audio job. */
export async function storeAudio(
  ctx: Pick<AppContext, 'config' | 'sql'>,
  input: { kind: AudioKind; jobKey: string | null; pcm: Pcm; meta: AudioMeta & Record<string, unknown>; signal: AbortSignal },
): Promise<ProducedAudio & { loudness: Record<string, string> }> {
  const paths = ffmpegPaths(ctx.config);
  const now = new Date();
  const fileName = newAudioFileName(input.kind, now, ctx.config.timeZone);
  // A dot file until it is complete: the static server never serves dot files.
  const finalPath = join(audioDir(ctx.config), fileName);
  const partial = partialPathOf(finalPath);
  try {
    const date = localDate(now, ctx.config.timeZone);
    const { loudness } = await writeMp3(
      paths,
      input.pcm,
      partial,
      {
        title: input.meta.title,
        artist: ctx.config.siteName,
        album: `${ctx.config.siteName} News Podcast`,
        date,
        genre: input.kind === 'music' ? 'Pop' : 'Podcast',
        comment: input.meta.description.slice(0, 200),
      },
      input.signal,
    );
    input.signal.throwIfAborted();
    const durationSeconds = await probeDuration(paths, partial);
    renameSync(partial, finalPath);
    const segmentCount = Number(input.meta.segmentCount ?? 0);
    const asset = await insertAudioAsset(ctx.sql, {
      kind: input.kind,
      fileName,
      durationSeconds,
      sizeBytes: statSync(finalPath).size,
      meta: { ...input.meta, loudness: { input_i: loudness.input_i, input_tp: loudness.input_tp } },
      jobKey: input.jobKey,
    });
    if (!asset) {
      // This job's output was recorded already (a retry): keep the first, drop this copy.
      rmSync(finalPath, { force: true });
      const existing = input.jobKey ? await audioAssetByJobKey(ctx.sql, input.jobKey) : undefined;
      if (!existing) throw new Error(`the audio of job ${input.jobKey} was recorded twice`);
      return {
        asset: existing,
        audioUrl: audioUrl(existing.fileName, existing.generatedAt),
        durationSeconds: existing.durationSeconds ?? 0,
        segmentCount,
        loudness: {},
      };
    }
    return { asset, audioUrl: audioUrl(asset.fileName, asset.generatedAt), durationSeconds, segmentCount, loudness: { ...loudness } };
  } finally {
    rmSync(partial, { force: true });
  }
}

/** Speaks a parsed script with its cast and stores it as one MP3. */
export async function produceAudio(
  ctx: Pick<AppContext, 'config' | 'sql'>,
  input: {
    kind: AudioKind;
    jobKey: string | null;
    lines: readonly ScriptLine[];
    voiceOf(speaker: string): SpeechVoice;
    meta: AudioMeta & Record<string, unknown>;
    job: JobHandle;
    onLine?: (progress: RenderProgress) => void;
    /** The stories the episode tells, in order, for its chapters. */
    chapterStories?: { title: string; lead?: string; url?: string }[];
  },
): Promise<ProducedAudio> {
  const spoken = await speakLines(ctx, input.lines, input.voiceOf, {
    signal: input.job.signal,
    onLine: (progress) => {
      input.job.progress(progress);
      input.onLine?.(progress);
    },
  });
  return storeAudio(ctx, {
    kind: input.kind,
    jobKey: input.jobKey,
    pcm: spoken.pcm,
    signal: input.job.signal,
    meta: {
      ...input.meta,
      segmentCount: input.lines.length,
      words: spokenWords(input.lines),
      speakers: [...new Set(input.lines.map((line) => line.speaker))],
      provider: spoken.provider.name,
      speechModel: spoken.provider.model,
      // Where each line is (seconds) and what it says: transcripts and chapters for players, and
      // how tests listen to each speaker.
      segments: spoken.lineOffsets.map((line) => ({
        speaker: line.speaker,
        start: Number(line.start.toFixed(3)),
        end: Number(line.end.toFixed(3)),
        text: lineText(input.lines[line.index]!),
      })),
      ...(input.chapterStories ? { chapterStories: input.chapterStories } : {}),
    },
  });
}

// Songs: lyrics, then a track per request made in the
// background (the console polls the list every 5 s); tracks listed with their status and deleted.
import { rmSync } from 'node:fs';
import type { GenerateMusicRequest, GenerateMusicResponse, MusicTrack } from '../../../api/audio.js';
import type { AppContext } from '../../../context.js';
import { deleteAudioAsset } from '../../../db/audio.js';
import {
  deleteMusicTrack,
  failStaleMusicTracks,
  insertMusicTrack,
  listMusicTracks,
  musicTrackById,
  setMusicTrackStatus,
  type MusicTrackRow,
} from '../../../db/music-tracks.js';
import { latestScript } from '../../../db/scripts.js';
import { Invalid, NotFound } from '../../../errors.js';
import { audioFilePath, audioUrl, localDate } from '../audio/files.js';
import { defineJob, enqueue, type JobHandle } from '../../platform/jobs/index.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { checkMusicEndpoint, getSetting } from '../../platform/settings/index.js';
import { parseMusicConfig } from './config.js';
import { renderSong } from './render.js';

export { generateLyrics, lastLyrics, offlineLyrics, parseLyrics } from './lyrics.js';
export { parseMusicConfig } from './config.js';

const NO_LYRICS = 'Please generate lyrics first';
const TRACK_LIMIT = 100;
/** A track still pending or generating after this long was interrupted (its daemon stopped). */
const STALE_MS = 60 * 60_000;

function toMusicTrack(row: MusicTrackRow): MusicTrack {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    audioUrl: row.status === 'complete' && row.fileName && row.assetGeneratedAt ? audioUrl(row.fileName, row.assetGeneratedAt) : null,
    generatedAt: row.generatedAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    durationSeconds: row.durationSeconds,
    provider: row.provider,
    style: row.style,
    error: row.error,
  };
}

export async function listTracks(ctx: Pick<AppContext, 'sql'>): Promise<MusicTrack[]> {
  await failStaleMusicTracks(ctx.sql, new Date(Date.now() - STALE_MS));
  return (await listMusicTracks(ctx.sql, TRACK_LIMIT)).map(toMusicTrack);
}

export async function deleteTrack(ctx: Pick<AppContext, 'sql' | 'config'>, id: number): Promise<{ message: string }> {
  // The track and its audio row in one transaction, the file once it committed.
  const asset = await ctx.sql.begin(async (tx) => {
    const track = await deleteMusicTrack(tx, id);
    if (!track) throw NotFound(`No music track ${id}`);
    return track.audioAssetId ? ((await deleteAudioAsset(tx, track.audioAssetId)) ?? null) : null;
  });
  if (asset) rmSync(audioFilePath(ctx.config, asset.fileName), { force: true });
  return { message: 'Track deleted successfully' };
}

/**
 * The job of one track: (ctx, {trackId}, {signal, progress}) → its status recorded. JSON parameters,
 * so any daemon can make any track; its audio is recorded once under the key music:{trackId}.
 * A daemon shutting down hands the run (and the track, still generating) to another one.
 */
async function musicTrackJob(ctx: AppContext, params: { trackId: number }, job: JobHandle): Promise<{ status: MusicTrackRow['status'] }> {
  const track = await musicTrackById(ctx.sql, params.trackId);
  if (!track || track.status === 'complete' || track.status === 'failed') return { status: track?.status ?? 'failed' };
  await setMusicTrackStatus(ctx.sql, track.id, 'generating');
  try {
    const produced = await renderSong(
      ctx,
      { trackId: track.id, lyrics: track.lyrics ?? '', config: parseMusicConfig(track.config), title: track.title ?? 'Song' },
      { signal: job.signal, progress: (update) => job.progress(update as Record<string, unknown>) },
    );
    await setMusicTrackStatus(ctx.sql, track.id, 'complete', { audioAssetId: produced.asset.id });
    await logEvent(ctx, LOG_COMPONENTS.audio, 'info', `Music track ${track.id} generated (${produced.durationSeconds.toFixed(0)} s, ${track.provider})`);
    return { status: 'complete' };
  } catch (error) {
    if (job.signal.aborted && job.interruption !== 'stop') throw error;
    const message = (error as Error).message.slice(0, 1000);
    await setMusicTrackStatus(ctx.sql, track.id, 'failed', { error: job.signal.aborted ? 'stopped' : message });
    await logEvent(ctx, LOG_COMPONENTS.audio, 'error', `Music track ${track.id} failed: ${message}`);
    return { status: 'failed' };
  }
}

export const MUSIC_TRACK_JOB = defineJob({
  name: 'music-track',
  label: 'A song',
  // A queue: tracks wait their turn, one at a time per daemon, each track once.
  exclusive: false,
  concurrency: 1,
  run: (ctx, params: { trackId: number }, job) => musicTrackJob(ctx, params, job),
});

export async function generateMusic(ctx: AppContext, input: GenerateMusicRequest): Promise<GenerateMusicResponse> {
  const lyrics = input.lyrics?.trim() || (await latestScript(ctx.sql, 'lyrics'))?.scriptText?.trim();
  if (!lyrics) throw Invalid(NO_LYRICS);
  const config = parseMusicConfig(input.musicConfig ?? (await getSetting<{ promptText: string }>(ctx, 'music-generator-prompt')).promptText);
  await checkMusicEndpoint(config, ctx.config);
  const firstLine =
    lyrics
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line && !/^[[(]/.test(line)) ?? 'Song';
  const title = `${firstLine.slice(0, 60)} — ${localDate(new Date(), ctx.config.timeZone)}`;
  const trackId = await insertMusicTrack(ctx.sql, {
    title,
    lyrics,
    config,
    provider: config.provider ? new URL(config.provider.endpoint).host : 'offline',
    style: config.style,
  });
  await enqueue(ctx, MUSIC_TRACK_JOB.name, { trackId }, { singletonKey: `track-${trackId}` });
  return { message: 'Music generation started', trackId };
}

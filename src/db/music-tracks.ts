// Generated songs: a track row per request, its status as it is made, and its audio asset.
import type { Queryable } from './client.js';

export type MusicTrackStatus = 'pending' | 'generating' | 'complete' | 'failed';

export interface MusicTrackRow {
  id: number;
  status: MusicTrackStatus;
  title: string | null;
  lyrics: string | null;
  config: Record<string, unknown>;
  audioAssetId: number | null;
  error: string | null;
  provider: string;
  style: string;
  generatedAt: Date;
  completedAt: Date | null;
  fileName: string | null;
  durationSeconds: number | null;
  assetGeneratedAt: Date | null;
}

const trackColumns = (sql: Queryable) => sql`
  t.id, t.status, t.title, t.lyrics, t.config, t.audio_asset_id, t.error, t.provider, t.style, t.generated_at, t.completed_at,
  a.file_name, a.duration_seconds, a.generated_at as asset_generated_at`;

export async function listMusicTracks(sql: Queryable, limit: number): Promise<MusicTrackRow[]> {
  return sql<MusicTrackRow[]>`
    select ${trackColumns(sql)} from music_tracks t left join audio_assets a on a.id = t.audio_asset_id
    order by t.generated_at desc, t.id desc limit ${limit}`;
}

export async function musicTrackById(sql: Queryable, id: number): Promise<MusicTrackRow | undefined> {
  const [row] = await sql<MusicTrackRow[]>`
    select ${trackColumns(sql)} from music_tracks t left join audio_assets a on a.id = t.audio_asset_id where t.id = ${id}`;
  return row;
}

export async function insertMusicTrack(
  sql: Queryable,
  track: { title: string; lyrics: string; config: unknown; provider: string; style: string },
): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into music_tracks (status, title, lyrics, config, provider, style)
    values ('pending', ${track.title}, ${track.lyrics}, ${sql.json(track.config as never)}, ${track.provider}, ${track.style})
    returning id`;
  return row!.id;
}

export async function setMusicTrackStatus(
  sql: Queryable,
  id: number,
  status: MusicTrackStatus,
  fields: { error?: string | null; audioAssetId?: number | null } = {},
): Promise<void> {
  await sql`
    update music_tracks set status = ${status},
      error = ${fields.error ?? null},
      audio_asset_id = coalesce(${fields.audioAssetId ?? null}::int, audio_asset_id),
      completed_at = case when ${status} in ('complete', 'failed') then now() else completed_at end,
      -- A finished track needs its API's credentials no more: they are not kept with it.
      config = case when ${status} in ('complete', 'failed') and config #> '{provider,headers}' is not null
                    then jsonb_set(config, '{provider,headers}', '{}'::jsonb) else config end
    where id = ${id}`;
}

export async function deleteMusicTrack(sql: Queryable, id: number): Promise<MusicTrackRow | undefined> {
  const existing = await musicTrackById(sql, id);
  if (!existing) return undefined;
  await sql`delete from music_tracks where id = ${id}`;
  return existing;
}

export async function deleteMusicTracksOfAsset(sql: Queryable, assetId: number): Promise<void> {
  await sql`delete from music_tracks where audio_asset_id = ${assetId}`;
}

/** Tracks left pending or generating by a daemon that stopped: failed, so the list does not spin forever. */
export async function failStaleMusicTracks(sql: Queryable, olderThan: Date): Promise<number> {
  const rows = await sql`
    update music_tracks set status = 'failed', error = 'generation was interrupted', completed_at = now()
    where status in ('pending', 'generating') and generated_at < ${olderThan} returning id`;
  return rows.length;
}

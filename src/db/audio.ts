// Generated audio files (audio_assets). The work that makes them runs on the job runner (job_runs).
import type { Queryable } from './client.js';

export type AudioKind = 'latest-news' | 'podcast' | 'interview' | 'music' | 'narration';

export interface AudioAssetRow {
  id: number;
  kind: AudioKind;
  fileName: string;
  mimeType: string;
  durationSeconds: number | null;
  sizeBytes: number | null;
  meta: Record<string, unknown>;
  jobKey: string | null;
  generatedAt: Date;
}

const assetColumns = (sql: Queryable) => sql`id, kind, file_name, mime_type, duration_seconds, size_bytes::float8 as size_bytes, meta, job_key, generated_at`;

export async function latestAudioAsset(sql: Queryable, kind: AudioKind): Promise<AudioAssetRow | undefined> {
  const [row] = await sql<AudioAssetRow[]>`
    select ${assetColumns(sql)} from audio_assets
    where kind = ${kind} order by generated_at desc, id desc limit 1`;
  return row;
}

/** The asset a job recorded (its key: the run's id, or music:{track id}). */
export async function audioAssetByJobKey(sql: Queryable, jobKey: string): Promise<AudioAssetRow | undefined> {
  const [row] = await sql<AudioAssetRow[]>`select ${assetColumns(sql)} from audio_assets where job_key = ${jobKey}`;
  return row;
}

export async function audioAssetByFileName(sql: Queryable, fileName: string): Promise<AudioAssetRow | undefined> {
  const [row] = await sql<AudioAssetRow[]>`select ${assetColumns(sql)} from audio_assets where file_name = ${fileName}`;
  return row;
}

/** Newest first, of the given kinds. */
export async function recentAudioAssets(sql: Queryable, kinds: readonly AudioKind[], limit: number): Promise<AudioAssetRow[]> {
  return sql<AudioAssetRow[]>`
    select ${assetColumns(sql)} from audio_assets
    where kind = any(${kinds as AudioKind[]}::text[])
    order by generated_at desc, id desc limit ${limit}`;
}

export async function insertAudioAsset(
  sql: Queryable,
  asset: {
    kind: AudioKind;
    fileName: string;
    mimeType?: string;
    durationSeconds?: number | null;
    sizeBytes?: number | null;
    meta?: unknown;
    jobKey?: string | null;
  },
): Promise<AudioAssetRow | undefined> {
  // A job's asset is recorded once: a second insert for the same job key is a no-op (undefined).
  const [row] = await sql<AudioAssetRow[]>`
    insert into audio_assets (kind, file_name, mime_type, duration_seconds, size_bytes, meta, job_key)
    values (${asset.kind}, ${asset.fileName}, ${asset.mimeType ?? 'audio/mpeg'}, ${asset.durationSeconds ?? null},
            ${asset.sizeBytes ?? null}, ${sql.json((asset.meta ?? {}) as never)}, ${asset.jobKey ?? null})
    on conflict (job_key) do nothing
    returning ${assetColumns(sql)}`;
  return row;
}

export async function deleteAudioAsset(sql: Queryable, id: number): Promise<AudioAssetRow | undefined> {
  const [row] = await sql<AudioAssetRow[]>`delete from audio_assets where id = ${id} returning ${assetColumns(sql)}`;
  return row;
}

/** Assets older than `before`, except the newest of each kind (the bulletin the site plays stays). */
export async function expiredAudioAssets(sql: Queryable, before: Date): Promise<AudioAssetRow[]> {
  return sql<AudioAssetRow[]>`
    select ${assetColumns(sql)} from audio_assets a
    where a.generated_at < ${before}
      and a.id <> (select b.id from audio_assets b where b.kind = a.kind order by b.generated_at desc, b.id desc limit 1)`;
}

export async function allAudioFileNames(sql: Queryable): Promise<Set<string>> {
  const rows = await sql<{ fileName: string }[]>`select file_name from audio_assets`;
  return new Set(rows.map((row) => row.fileName));
}

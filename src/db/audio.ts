import type { Queryable } from './client.js';

export type AudioKind = 'latest-news' | 'podcast' | 'interview' | 'music' | 'narration';

export interface AudioAssetRow {
  id: number;
  kind: AudioKind;
  fileName: string;
  mimeType: string;
  durationSeconds: number | null;
  generatedAt: Date;
}

export async function latestAudioAsset(sql: Queryable, kind: AudioKind): Promise<AudioAssetRow | undefined> {
  const [row] = await sql<AudioAssetRow[]>`
    select id, kind, file_name, mime_type, duration_seconds, generated_at from audio_assets
    where kind = ${kind} order by generated_at desc, id desc limit 1`;
  return row;
}

export async function insertAudioAsset(
  sql: Queryable,
  asset: { kind: AudioKind; fileName: string; mimeType?: string; durationSeconds?: number | null; sizeBytes?: number | null; meta?: unknown },
): Promise<AudioAssetRow> {
  const [row] = await sql<AudioAssetRow[]>`
    insert into audio_assets (kind, file_name, mime_type, duration_seconds, size_bytes, meta)
    values (${asset.kind}, ${asset.fileName}, ${asset.mimeType ?? 'audio/mpeg'}, ${asset.durationSeconds ?? null},
            ${asset.sizeBytes ?? null}, ${sql.json((asset.meta ?? {}) as never)})
    returning id, kind, file_name, mime_type, duration_seconds, generated_at`;
  return row!;
}

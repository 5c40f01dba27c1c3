// What the public podcast player needs to know about the latest-news bulletin.
import { existsSync } from 'node:fs';
import type { AppContext } from '../../context.js';
import { latestAudioAsset } from '../../db/audio.js';
import { audioFilePath, audioUrl } from './files.js';

export type LatestNewsAudio = { exists: false } | { exists: true; audioUrl: string; generatedAt: string };

export async function latestNewsAudio(ctx: Pick<AppContext, 'sql' | 'config'>): Promise<LatestNewsAudio> {
  const asset = await latestAudioAsset(ctx.sql, 'latest-news');
  if (!asset || !existsSync(audioFilePath(ctx.config, asset.fileName))) return { exists: false };
  return { exists: true, audioUrl: audioUrl(asset.fileName, asset.generatedAt), generatedAt: asset.generatedAt.toISOString() };
}

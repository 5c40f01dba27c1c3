// The audio folder's upkeep, run by the schedule's hourly upkeep. Retention (setting
// audio-retention) removes audio older than N days — files and rows — but always keeps the newest
// of each kind, so the site's player never loses its bulletin; unfinished files a crash left behind
// go too. The daily bulletin is an entry of the schedule (src/services/platform/schedule).
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../../context.js';
import { allAudioFileNames, deleteAudioAsset, expiredAudioAssets } from '../../../db/audio.js';
import { deleteMusicTracksOfAsset } from '../../../db/music-tracks.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { getSetting } from '../../platform/settings/index.js';
import { audioDir } from '../../platform/media.js';
import { audioFilePath } from './files.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PruneResult {
  removedAssets: number;
  removedFiles: number;
}

export async function pruneAudio(ctx: Pick<AppContext, 'sql' | 'config' | 'events'>, now = new Date()): Promise<PruneResult> {
  const { retentionDays } = await getSetting<{ retentionDays: number }>(ctx, 'audio-retention');
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  let removedAssets = 0;
  let removedFiles = 0;
  for (const asset of await expiredAudioAssets(ctx.sql, before)) {
    await deleteMusicTracksOfAsset(ctx.sql, asset.id);
    if (await deleteAudioAsset(ctx.sql, asset.id)) removedAssets++;
    rmSync(audioFilePath(ctx.config, asset.fileName), { force: true });
    removedFiles++;
  }
  // Files no row knows (an interrupted encode) once they are a day old.
  const known = await allAudioFileNames(ctx.sql);
  const dir = audioDir(ctx.config);
  for (const name of readdirSync(dir)) {
    if (known.has(name)) continue;
    const path = join(dir, name);
    try {
      if (statSync(path).isFile() && now.getTime() - statSync(path).mtimeMs > DAY_MS) {
        rmSync(path, { force: true });
        removedFiles++;
      }
    } catch {
      // Gone meanwhile.
    }
  }
  if (removedAssets > 0) await logEvent(ctx, LOG_COMPONENTS.audio, 'info', `Audio retention: removed ${removedAssets} files older than ${retentionDays} days`);
  return { removedAssets, removedFiles };
}

// Audio files live in {dataDir}/audio and are served at /audio/{file} (with Range support).
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Config } from '../../config.js';

export function audioDir(config: Pick<Config, 'dataDir'>): string {
  const dir = join(config.dataDir, 'audio');
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function audioFilePath(config: Pick<Config, 'dataDir'>, fileName: string): string {
  // basename: a stored name can never point outside the audio folder.
  return join(audioDir(config), basename(fileName));
}

/** Public address; the version parameter changes with each generation so players and caches reload. */
export function audioUrl(fileName: string, generatedAt: Date): string {
  return `/audio/${encodeURIComponent(basename(fileName))}?v=${generatedAt.getTime()}`;
}

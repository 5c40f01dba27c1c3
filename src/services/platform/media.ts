// The media folder's parts (NEWSCTL_MEDIA_DIR, default the data folder): generated audio and
// feature images, which several daemons may share on one volume and backups carry.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config.js';

function mediaFolder(config: Pick<Config, 'mediaDir'>, name: 'audio' | 'images'): string {
  const dir = join(config.mediaDir, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function audioDir(config: Pick<Config, 'mediaDir'>): string {
  return mediaFolder(config, 'audio');
}

export function imagesDir(config: Pick<Config, 'mediaDir'>): string {
  return mediaFolder(config, 'images');
}

// Audio files live in {mediaDir}/audio (the data folder unless NEWSCTL_MEDIA_DIR is set) and are
// served at /audio/{file} with Range support. A file is named {kind}-{local date}-{6 random
// characters}.mp3, so a new generation never overwrites a file a listener is still streaming, and
// its download name is the same without the random part: latest-news-2025-11-24.mp3.
import { randomBytes } from 'node:crypto';
import { basename, join } from 'node:path';
import type { Config } from '../../../config.js';
import { zonedTimeAt } from '../../platform/schedule/zoned-time.js';

import { audioDir } from '../../platform/media.js';

export function audioFilePath(config: Pick<Config, 'mediaDir'>, fileName: string): string {
  // basename: a stored name can never point outside the audio folder.
  return join(audioDir(config), basename(fileName));
}

/** Public address; the version parameter changes with each generation so players and caches reload. */
export function audioUrl(fileName: string, generatedAt: Date): string {
  return `/audio/${encodeURIComponent(basename(fileName))}?v=${generatedAt.getTime()}`;
}

/** YYYY-MM-DD of an instant in the product's time zone. */
export function localDate(at: Date, timeZone: string): string {
  const t = zonedTimeAt(at.getTime(), timeZone);
  return `${t.year}-${String(t.month).padStart(2, '0')}-${String(t.day).padStart(2, '0')}`;
}

export function newAudioFileName(kind: string, at: Date, timeZone: string): string {
  return `${kind}-${localDate(at, timeZone)}-${randomBytes(4).toString('hex').slice(0, 6)}.mp3`;
}

const STORED_NAME = /^([a-z][a-z-]*-\d{4}-\d{2}-\d{2})(?:-[0-9a-z]{4,12})?\.mp3$/;

/** The name a download saves as: latest-news-2025-11-24.mp3 (any other file keeps its own name). */
export function downloadName(fileName: string): string {
  const name = basename(fileName);
  const match = STORED_NAME.exec(name);
  return match ? `${match[1]}.mp3` : name;
}

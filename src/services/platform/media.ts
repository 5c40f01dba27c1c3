// The media folder's parts (NEWSCTL_MEDIA_DIR, default the data folder): generated audio and
// feature images, which several daemons may share on one volume and backups carry.
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../config.js';
import { leftBehind, partialPathOf, SCRATCH_KINDS } from '../../scratch-files.js';

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

/**
 * Writes a file whole or not at all: into a dot file beside it (the static server never serves dot
 * files), renamed once written. A full disk or a killed process leaves at most the dot file, which
 * the next start removes (clearInterruptedFiles).
 */
export function writeFileWhole(path: string, data: string | Uint8Array): void {
  const partial = partialPathOf(path);
  try {
    writeFileSync(partial, data);
    renameSync(partial, path);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * What a killed render, download or backup left: the media folders' `.*.partial` files and the
 * temporary folder's scratch folders: at once when the process that wrote them is gone, else once
 * untouched for ten minutes (another daemon sharing the media folder may be writing one). Run at
 * each start; returns how many went.
 */
export function clearInterruptedFiles(config: Pick<Config, 'mediaDir' | 'dataDir'>, now = Date.now()): number {
  let removed = 0;
  const folders = [audioDir(config), imagesDir(config), join(config.dataDir, 'favicons')];
  for (const folder of folders) {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    for (const name of names) {
      if (!name.startsWith('.') || !name.endsWith('.partial')) continue;
      const path = join(folder, name);
      if (leftBehind(path, now)) {
        rmSync(path, { force: true });
        removed++;
      }
    }
  }
  let scratch: string[] = [];
  try {
    scratch = readdirSync(tmpdir());
  } catch {
    // No temporary folder to look in.
  }
  for (const name of scratch) {
    if (!SCRATCH_KINDS.some((kind) => name.startsWith(`newsctl-${kind}-`))) continue;
    const path = join(tmpdir(), name);
    if (leftBehind(path, now)) {
      rmSync(path, { recursive: true, force: true });
      removed++;
    }
  }
  return removed;
}

// Files written whole or not at all, and what interrupted writers leave behind cleared at start:
// stale dot files in the media folders and scratch folders in the temporary folder go; fresh ones
// (another daemon sharing the media folder may be writing them) and everything else stay.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { audioDir, clearInterruptedFiles, imagesDir, writeFileWhole } from '../../../src/services/platform/media.js';

const made: string[] = [];
afterEach(() => {
  for (const path of made.splice(0)) rmSync(path, { recursive: true, force: true });
});

function folder(prefix: string): string {
  const path = mkdtempSync(join(tmpdir(), prefix));
  made.push(path);
  return path;
}

/** Sets a path's times `minutes` ago. */
function age(path: string, minutes: number): void {
  const then = new Date(Date.now() - minutes * 60_000);
  utimesSync(path, then, then);
}

describe('writeFileWhole', () => {
  it('leaves the whole file under its name and nothing beside it', () => {
    const dir = folder('newsctl-media-test-');
    writeFileWhole(join(dir, 'cover.png'), Buffer.from('png bytes'));
    expect(readdirSync(dir)).toEqual(['cover.png']);
    expect(readFileSync(join(dir, 'cover.png'), 'utf8')).toBe('png bytes');
  });

  it('leaves nothing when the write fails, and an older file under the name untouched', () => {
    const dir = folder('newsctl-media-test-');
    writeFileSync(join(dir, 'cover.png'), 'old');
    // A folder where the dot file would go makes the write fail after the name was chosen.
    mkdirSync(join(dir, '.cover.png.partial', 'blocker'), { recursive: true });
    expect(() => writeFileWhole(join(dir, 'cover.png'), 'new')).toThrow();
    expect(readFileSync(join(dir, 'cover.png'), 'utf8')).toBe('old');
  });
});

describe('clearInterruptedFiles', () => {
  it('removes stale dot files and scratch folders, keeping fresh ones and finished files', () => {
    const dataDir = folder('newsctl-media-data-');
    const config = { dataDir, mediaDir: dataDir };
    const audio = audioDir(config);
    const images = imagesDir(config);
    const favicons = join(dataDir, 'favicons');
    mkdirSync(favicons, { recursive: true });
    const stale = [join(audio, '.latest-news-1.mp3.partial'), join(images, '.cover.png.partial'), join(favicons, '.example.com.ico.partial')];
    const fresh = join(audio, '.podcast-2.mp3.partial');
    const finished = [join(audio, 'latest-news-1.mp3'), join(images, 'cover.png')];
    for (const path of [...stale, fresh, ...finished]) writeFileSync(path, 'x');
    for (const path of [...stale, ...finished]) age(path, 30);
    const staleScratch = mkdtempSync(join(tmpdir(), 'newsctl-mix-'));
    const freshScratch = mkdtempSync(join(tmpdir(), 'newsctl-speech-'));
    const otherScratch = mkdtempSync(join(tmpdir(), 'someone-else-'));
    // A backup made long ago whose database copy is still being written.
    const longBackup = mkdtempSync(join(tmpdir(), 'newsctl-backup-'));
    made.push(staleScratch, freshScratch, otherScratch, longBackup);
    writeFileSync(join(staleScratch, 'part.wav'), 'x');
    age(join(staleScratch, 'part.wav'), 30);
    age(staleScratch, 30);
    age(otherScratch, 30);
    writeFileSync(join(longBackup, 'database.ndjson'), 'x');
    age(longBackup, 30);

    expect(clearInterruptedFiles(config)).toBe(stale.length + 1);
    for (const path of [...stale, staleScratch]) expect(existsSync(path), path).toBe(false);
    for (const path of [fresh, ...finished, freshScratch, otherScratch, longBackup]) expect(existsSync(path), path).toBe(true);
  });
});

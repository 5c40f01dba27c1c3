// Files written whole or not at all, and what interrupted writers leave behind cleared at start:
// stale dot files in the media folders and scratch folders in the temporary folder go; fresh ones
// (another daemon sharing the media folder may be writing them) and everything else stay.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { partialPathOf, scratchDir } from '../../../src/scratch-files.js';
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
    mkdirSync(join(partialPathOf(join(dir, 'cover.png')), 'blocker'), { recursive: true });
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

  it('removes at once what a process now gone left, and keeps what a live one is writing', async () => {
    const dataDir = folder('newsctl-media-data-');
    const config = { dataDir, mediaDir: dataDir };
    const audio = audioDir(config);
    const host = hostname().replace(/[^A-Za-z0-9.-]/g, '-');
    // A pid no process has (above Linux's pid_max) and one that lives while the test runs.
    const gone = 4_194_400;
    const sleeper = spawn('sleep', ['30']);
    const live = sleeper.pid!;
    try {
      const leftByGone = join(audio, `.podcast-1.mp3.${gone}@${host}.partial`);
      const beingWritten = join(audio, `.podcast-2.mp3.${live}@${host}.partial`);
      const otherHost = join(audio, `.podcast-3.mp3.${gone}@another-host.partial`);
      for (const path of [leftByGone, beingWritten, otherHost]) writeFileSync(path, 'x');
      const goneScratch = mkdtempSync(join(tmpdir(), `newsctl-mix-${gone}@${host}-`));
      const liveScratch = mkdtempSync(join(tmpdir(), `newsctl-speech-${live}@${host}-`));
      made.push(goneScratch, liveScratch);

      expect(clearInterruptedFiles(config)).toBe(2);
      expect(existsSync(leftByGone)).toBe(false);
      expect(existsSync(goneScratch)).toBe(false);
      // Another host's pids cannot be asked: its file waits for the ten minutes.
      for (const path of [beingWritten, otherHost, liveScratch]) expect(existsSync(path), path).toBe(true);
    } finally {
      sleeper.kill();
    }
  });

  it('names what this process writes after it, so that its next start knows it for its own', () => {
    const dir = folder('newsctl-media-test-');
    const partial = partialPathOf(join(dir, 'latest-news.mp3'));
    expect(partial).toBe(join(dir, `.latest-news.mp3.${process.pid}@${hostname().replace(/[^A-Za-z0-9.-]/g, '-')}.partial`));
    const scratch = scratchDir('mix');
    made.push(scratch);
    expect(scratch).toContain(`newsctl-mix-${process.pid}@`);
  });
});

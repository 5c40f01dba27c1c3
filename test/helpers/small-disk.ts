// A small file system of the test's own: a tmpfs mounted on a fresh folder, to fill up and free.
// Mounting needs root (CI and the development machines run as root); elsewhere the tests that need
// one are skipped, and say why.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freeBytes } from '../../src/services/platform/health/disk-monitor.js';

const MB = 1024 * 1024;

export interface SmallDisk {
  path: string;
  /** Writes a ballast file until `freeMb` MB are left (0: none at all); returns its path. */
  fillTo(freeMb: number, name?: string): string;
  freeMb(): number;
  unmount(): void;
}

/** Why a small disk cannot be made here, or null when it can. */
export function smallDiskUnavailable(): string | null {
  if (process.platform !== 'linux') return 'tmpfs mounts need Linux';
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  return null;
}

export function mountSmallDisk(sizeMb: number): SmallDisk {
  const path = mkdtempSync(join(tmpdir(), 'newsctl-small-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0755`, 'tmpfs', path]);
  let ballasts = 0;
  return {
    path,
    freeMb: () => freeBytes(path) / MB,
    fillTo(freeMb, name = `ballast-${++ballasts}`) {
      const file = join(path, name);
      const chunk = Buffer.alloc(4 * MB, 1);
      const fd = openSync(file, 'a');
      try {
        for (;;) {
          const left = freeBytes(path) - freeMb * MB;
          if (left <= 0) break;
          try {
            writeSync(fd, chunk, 0, Math.min(chunk.length, left));
          } catch (error) {
            // Full to the last byte (the aim when freeMb is 0).
            if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
            throw error;
          }
        }
      } finally {
        closeSync(fd);
      }
      return file;
    },
    unmount() {
      try {
        execFileSync('umount', ['-l', path]);
      } finally {
        rmSync(path, { recursive: true, force: true });
      }
    },
  };
}

// Embedded PostgreSQL allows one process per data folder; a second one would corrupt it. The lock
// file names the owner so the CLI can tell the operator which process holds the folder.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Conflict } from '../errors.js';

export interface DataDirLock {
  release(): void;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockFilePath(dataDir: string): string {
  return join(dataDir, 'newsctl.lock');
}

/** The pid holding the data folder, or null when it is free (a stale lock from a killed process counts as free). */
export function dataDirOwner(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(lockFilePath(dataDir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string): DataDirLock {
  const path = lockFilePath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(path, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = dataDirOwner(dataDir);
      if (owner !== null) {
        throw Conflict(`The data folder ${dataDir} is in use by another newsctl process (pid ${owner})`);
      }
      // Left behind by a process that died (kill -9): take it over.
      rmSync(path, { force: true });
    }
  }
  throw Conflict(`Could not lock the data folder ${dataDir}`);
}

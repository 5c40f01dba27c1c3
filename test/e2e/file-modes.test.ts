// The data folder is the owner's alone: created 0700, the embedded database's files without any
// group or other bits (its WAL holds every key), the operator socket 0600 from the start; a folder
// others can already read is reported with the command that fixes it.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startDaemon } from '../../src/runtime.js';
import { usingPostgres } from '../helpers/db.js';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? [path, ...walk(path)] : [path];
  });
}

const config = (dataDir: string) =>
  loadConfig({
    NEWSCTL_LOG_LEVEL: 'silent',
    NEWSCTL_DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    NEWSCTL_SCHEDULER: 'false',
    NEWSCTL_ADMIN_USERNAME: 'admin',
    NEWSCTL_ADMIN_PASSWORD: 'a long enough password',
  });

describe.skipIf(usingPostgres)('file modes of the data folder', { timeout: 120_000 }, () => {
  it('creates the folder 0700, the database files and the operator socket for the owner only', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'newsctl-modes-'));
    folders.push(parent);
    const dataDir = join(parent, 'data');
    const daemon = await startDaemon(config(dataDir), { logger: false });
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dataDir, 'newsctl.sock')).mode & 0o777).toBe(0o600);
      const files = walk(join(dataDir, 'pg'));
      expect(files.length).toBeGreaterThan(20);
      const open = files.filter((file) => (statSync(file).mode & 0o077) !== 0).map((file) => `${file} ${(statSync(file).mode & 0o777).toString(8)}`);
      expect(open).toEqual([]);
      expect(daemon.runtime.warnings).toEqual([]);
    } finally {
      await daemon.close();
    }
  });

  it('warns about a folder others can read, naming the fix', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'newsctl-modes-open-'));
    folders.push(dataDir);
    mkdirSync(dataDir, { recursive: true });
    chmodSync(dataDir, 0o755);
    const daemon = await startDaemon(config(dataDir), { logger: false });
    try {
      expect(daemon.runtime.warnings).toEqual([expect.stringMatching(/can be read by other users .*\(mode 0755\).*chmod -R go-rwx \//)]);
    } finally {
      await daemon.close();
    }
  });
});

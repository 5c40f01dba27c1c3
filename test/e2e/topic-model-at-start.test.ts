// The daemon reads the topic model before it listens (its first use would otherwise hold the event
// loop while requests wait); a model that cannot be read fails the classifying, as before, not the
// daemon's start, which says so.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startDaemon } from '../../src/runtime.js';
import { usingPostgres } from '../helpers/db.js';

vi.mock('../../src/services/reader/classify/index.js', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/services/reader/classify/index.js')>()),
  loadTopicModel: () => {
    throw new Error('Unexpected end of JSON input');
  },
}));

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.skipIf(usingPostgres)('the topic model at the daemon start', { timeout: 120_000 }, () => {
  it('starts and serves when the model cannot be read, with a warning that says so', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'newsctl-model-'));
    folders.push(parent);
    const daemon = await startDaemon(
      loadConfig({
        NEWSCTL_LOG_LEVEL: 'silent',
        NEWSCTL_DATA_DIR: join(parent, 'data'),
        HOST: '127.0.0.1',
        PORT: '0',
        NEWSCTL_SCHEDULER: 'false',
      }),
      { logger: false, operatorSocket: false },
    );
    try {
      expect(daemon.runtime.warnings).toEqual([expect.stringContaining('the topic model could not be read (Unexpected end of JSON input)')]);
      expect((await fetch(`${daemon.url}/api/health`)).status).toBe(200);
    } finally {
      await daemon.close();
    }
  });
});

// The embedded database's buffer pool: PostgreSQL's 128 MB for the daemon, which serves the same
// pages all day; a small one for a process that runs one command, or a database held in memory,
// whose start would otherwise set up a pool it never fills. Embedded only.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { usingPostgres } from '../helpers/db.js';

const dataDir = mkdtempSync(join(tmpdir(), 'newsctl-buffers-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function sharedBuffers(options: { shortLived?: boolean; inMemory?: boolean; loadDataDir?: Blob }): Promise<string> {
  const db = await openDatabase({ databaseUrl: null, dataDir, ...options });
  try {
    const [row] = await db.sql<{ sharedBuffers: string }[]>`show shared_buffers`;
    return row!.sharedBuffers;
  } finally {
    await db.close();
  }
}

describe.skipIf(usingPostgres)('the embedded buffer pool', { timeout: 60_000 }, () => {
  it("is PostgreSQL's for the daemon, and small for one command and for a database in memory", async () => {
    // The first start made from the suite's migrated image, not by initdb.
    expect(await sharedBuffers({ loadDataDir: new Blob([readFileSync(inject('embeddedTemplate'))]) })).toBe('128MB');
    expect(await sharedBuffers({ shortLived: true })).toBe('16MB');
    expect(await sharedBuffers({ inMemory: true })).toBe('16MB');
  });
});

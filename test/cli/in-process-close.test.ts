// An in-process command that fails leaves no database connection behind in its process: bin/newsctl
// exits after a command only as a safety net (it used to hang on PostgreSQL). The commands run here,
// in this process, against PostgreSQL; what counts is the server's view of the database's sessions
// and the sockets this process still holds to the server.
import type { Socket } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/index.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../helpers/db.js';

let target: TestDatabase;
let dataDir: string;

/** Sockets of this process to the PostgreSQL server's port. */
function serverSockets(): number {
  const port = Number(new URL(process.env.DATABASE_URL!).port || 5432);
  const handles = (process as unknown as { _getActiveHandles(): unknown[] })._getActiveHandles();
  return handles.filter((handle) => (handle as Socket).remotePort === port && !(handle as Socket).destroyed).length;
}

/** The command's sessions (application_name newsctl) on the test database, once those ending have gone (polled, bounded). */
async function commandSessions(): Promise<number> {
  const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {}, connection: { application_name: 'newsctl-test-admin' } });
  try {
    const name = new URL(target.url!).pathname.slice(1);
    let count = -1;
    for (let i = 0; i < 40 && count !== 0; i++) {
      if (i > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      const [row] = await admin<{ count: number }[]>`
        select count(*)::int as count from pg_stat_activity where datname = ${name} and application_name = 'newsctl'`;
      count = row!.count;
    }
    return count;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!usingPostgres)('an in-process command that fails', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    target = await createTestDatabase();
    // The test's own pool goes first: every newsctl session left on the database is the command's.
    await target.db.close();
    dataDir = mkdtempSync(join(tmpdir(), 'newsctl-in-process-'));
  });
  afterAll(async () => {
    process.exitCode = undefined;
    await target?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['an invalid setting (400)', ['settings', 'set', 'schedule-settings', '{"trendsMinuteA": 75}'], 2],
    ['a missing article (404)', ['articles', 'export', '999'], 4],
    ['an unknown trend (404)', ['articles', 'generate', '--trend', 'No such trend'], 4],
  ])('leaves no connection open: %s', async (_what, argv, exitCode) => {
    const before = serverSockets();
    process.exitCode = undefined;
    await runCli(['node', 'newsctl', ...argv, '--database-url', target.url!, '--data-dir', dataDir], {});
    expect(process.exitCode).toBe(exitCode);
    process.exitCode = undefined;
    expect(await commandSessions()).toBe(0);
    expect(serverSockets()).toBe(before);
  });
});

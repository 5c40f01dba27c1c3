// Closing a database leaves no connection behind. postgres.js starts a query that was waiting for a
// free connection when end() was called on a fresh connection once a busy one closes, after end()
// has resolved, and reserve() ignores end(): without the socket gate of src/db/client.ts those
// connections stayed open for good (and kept a CLI process alive). PostgreSQL pass: the server's
// own view (pg_stat_activity) is what counts.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../helpers/db.js';

let target: TestDatabase;

/** Sessions of `applicationName` on the test database, once down to `expected` (polled, bounded). */
async function sessions(applicationName: string, expected = 0): Promise<number> {
  const admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    const name = new URL(target.url!).pathname.slice(1);
    let count = -1;
    for (let i = 0; i < 40; i++) {
      const [row] = await admin<{ count: number }[]>`
        select count(*)::int as count from pg_stat_activity where datname = ${name} and application_name = ${applicationName}`;
      count = row!.count;
      if (count === expected) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return count;
  } finally {
    await admin.end();
  }
}

describe.skipIf(!usingPostgres)('closing the database', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    target = await createTestDatabase();
  });
  afterAll(async () => target?.drop());

  it('leaves no connection open, even for queries that were still waiting for one', async () => {
    const url = new URL(target.url!);
    url.searchParams.set('application_name', 'close-test-queued');
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '', maxConnections: 2 });
    // Two run, four wait for a connection when close() is called.
    const outcomes = Array.from({ length: 6 }, (_, i) =>
      db.sql`select pg_sleep(0.3), ${i}::int as i`.then(
        () => 'done',
        (error: { code?: string }) => error.code,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    await db.close();
    const settled = await Promise.all(outcomes);
    expect(settled.slice(0, 2)).toEqual(['done', 'done']);
    // The waiting ones fail as any query after close does, instead of opening connections.
    expect(settled.slice(2)).toEqual(['CONNECTION_ENDED', 'CONNECTION_ENDED', 'CONNECTION_ENDED', 'CONNECTION_ENDED']);
    expect(await sessions('close-test-queued')).toBe(0);
  });

  it('opens no connection on a recycled pool for the queries that were waiting on it', async () => {
    const url = new URL(target.url!);
    url.searchParams.set('application_name', 'close-test-recycle');
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '', maxConnections: 2 });
    try {
      // One transaction per connection: the other four wait for a free one when the pool is replaced.
      const outcomes = Array.from({ length: 6 }, () =>
        db.sql
          .begin((tx) => tx`select pg_sleep(0.3)`)
          .then(
            () => 'done',
            (error: { code?: string }) => error.code,
          ),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      await db.recycle();
      const settled = await Promise.all(outcomes);
      expect(settled.filter((outcome) => outcome === 'done')).toHaveLength(2);
      // An outage to their callers (the job runner and the monitor retry those on the new pool).
      expect(settled.filter((outcome) => outcome === 'CONNECTION_CLOSED')).toHaveLength(4);
      // The new pool's one connection (its ping) is all there is.
      expect(await sessions('close-test-recycle', 1)).toBe(1);
      expect(await db.sql`select 1 as one`).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
    }
    expect(await sessions('close-test-recycle')).toBe(0);
  });

  it('refuses reserve() after close instead of opening a connection', async () => {
    const url = new URL(target.url!);
    url.searchParams.set('application_name', 'close-test-reserve');
    const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    await db.close();
    await expect(db.sql.reserve()).rejects.toMatchObject({ code: 'CONNECTION_ENDED' });
    expect(await sessions('close-test-reserve')).toBe(0);
  });
});

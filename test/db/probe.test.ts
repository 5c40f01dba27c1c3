// The standalone probe decides whether external PostgreSQL is down when work has waited: a fresh
// connection answering `select 1` in time. A server that answers the pool's queries is up even when a
// new connection is slow to open (a machine loaded far past its cores); a silent network is down.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../helpers/db.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

describe.skipIf(!usingPostgres)('the database probe', { timeout: 60_000 }, () => {
  let target: TestDatabase;
  let proxy: TcpProxy;
  let db: Database;
  let dataDir = '';

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'newsctl-probe-'));
    target = await createTestDatabase();
    const url = new URL(target.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    db = await openDatabase({ databaseUrl: proxy.through(target.url!), dataDir, maxConnections: 2 });
  });
  afterAll(async () => {
    await proxy?.restore();
    await db?.close();
    await proxy?.close();
    await target?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts a server that answers the pool as up while its own connection cannot open', async () => {
    await db.sql`select 1`;
    proxy.stallNew();
    const started = performance.now();
    const [probe] = await Promise.allSettled([db.probe!(1_000), db.sql`select pg_sleep(0.3)`]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(probe.status).toBe('fulfilled');
  });

  it('counts a silent network as down', async () => {
    await proxy.restore();
    await db.sql`select 1`;
    proxy.stall();
    await expect(db.probe!(1_000)).rejects.toMatchObject({ code: 'CONNECT_TIMEOUT' });
  });
});

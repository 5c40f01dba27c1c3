// The one lease (src/db/leases.ts) on both tables it serves: a job run and a crawl claim are taken,
// renewed only by their holder, given back at shutdown and lapsed for a dead process the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimNextDomain, expireOtherClaims, insertCrawlClaims, releaseCrawlClaims, renewCrawlClaims } from '../../src/db/crawl-claims.js';
import { claimQueuedRuns, expireOtherHoldersRuns, insertJobRun, releaseJobRun, renewJobRuns, takeOverExpiredRun } from '../../src/db/job-runs.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.drop());

const lease = async (table: 'job_runs' | 'crawl_claims', where: string) =>
  (await database.db.sql.unsafe(`select holder, expires_at > now() as live, attempts from ${table} where ${where}`))[0] as unknown as {
    holder: string | null;
    live: boolean;
    attempts: number;
  };

describe('leases', () => {
  it('holds a job run and a crawl claim alike: taken, renewed by their holder only, released, lapsed for a dead process', async () => {
    const sql = database.db.sql;
    const runId = '00000000-0000-4000-8000-0000000000aa';
    await insertJobRun(sql, {
      id: runId,
      job: 'lease-test',
      exclusive: true,
      singletonKey: null,
      params: {},
      progress: {},
      slot: null,
      priority: 0,
      delaySeconds: 0,
      createdAt: new Date(),
    });
    const [domain] = await sql<{ id: number }[]>`insert into domains (url, host) values ('lease.test', 'lease.test') returning id`;
    await insertCrawlClaims(sql, runId, [{ domainId: domain!.id, host: 'lease.test', intervalMs: 1000 }]);

    // Taken: a holder, a live lease, one attempt.
    expect(await claimQueuedRuns(sql, 'lease-test', 'daemon-a', 30, 1)).toHaveLength(1);
    expect((await claimNextDomain(sql, runId, 'daemon-a', 30))?.claim.domainId).toBe(domain!.id);
    const figures = [{ domainId: domain!.id, active: 1, pending: 2, intervalMs: 1500, lastRequestAt: new Date(), progress: 0.5 }];
    for (const table of ['job_runs', 'crawl_claims'] as const) {
      expect(await lease(table, table === 'job_runs' ? `id = '${runId}'` : `run_id = '${runId}'`)).toEqual({ holder: 'daemon-a', live: true, attempts: 1 });
    }

    // Renewed by the holder; another daemon's renewal holds nothing.
    expect(await renewJobRuns(sql, 'daemon-b', [runId], 30)).toEqual([]);
    expect([...(await renewCrawlClaims(sql, runId, 'daemon-b', 30, figures))]).toEqual([]);
    expect(await renewJobRuns(sql, 'daemon-a', [runId], 30)).toEqual([{ id: runId, status: 'running' }]);
    expect([...(await renewCrawlClaims(sql, runId, 'daemon-a', 30, figures))]).toEqual([domain!.id]);
    const [renewed] = await sql<{ pendingRequests: number; intervalMs: number; progress: number }[]>`
      select pending_requests, interval_ms, progress from crawl_claims where run_id = ${runId}`;
    expect(renewed).toEqual({ pendingRequests: 2, intervalMs: 1500, progress: 0.5 });

    // A live lease is not taken over.
    expect(await takeOverExpiredRun(sql, ['lease-test'], 'daemon-b', 30)).toBeNull();
    expect(await claimNextDomain(sql, runId, 'daemon-b', 30)).toBeNull();

    // Lapsed for a dead process (embedded: one process per data folder): others may take them.
    await expireOtherHoldersRuns(sql, 'daemon-b');
    await expireOtherClaims(sql, runId, 'daemon-b');
    expect(await takeOverExpiredRun(sql, ['lease-test'], 'daemon-b', 30)).toMatchObject({ id: runId, holder: 'daemon-b', attempts: 2 });
    expect(await claimNextDomain(sql, runId, 'daemon-b', 30)).toMatchObject({ takenOver: true, claim: { holder: 'daemon-b', attempts: 2 } });

    // Given back at shutdown: no holder, free at once; the old holder can no longer do so.
    expect(await releaseJobRun(sql, runId, 'daemon-a', {})).toBe(false);
    expect(await releaseJobRun(sql, runId, 'daemon-b', { n: 1 })).toBe(true);
    await releaseCrawlClaims(sql, runId, 'daemon-b', figures);
    for (const table of ['job_runs', 'crawl_claims'] as const) {
      expect(await lease(table, table === 'job_runs' ? `id = '${runId}'` : `run_id = '${runId}'`)).toMatchObject({ holder: null, live: false });
    }
    expect(await takeOverExpiredRun(sql, ['lease-test'], 'daemon-c', 30)).toMatchObject({ holder: 'daemon-c', attempts: 3 });
  });
});

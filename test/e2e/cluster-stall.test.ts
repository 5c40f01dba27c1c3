// A daemon frozen past its lease (SIGSTOP: a long pause of its whole process, as a swapped or
// starved machine gives) while it crawls hosts another daemon then takes over: when it wakes, it
// must send no request for the claims it no longer holds, so no host is asked faster than its
// throttle across the two. PostgreSQL only: two daemons share one database.
import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNewsWeb, type NewsWeb } from '../fixtures/news-web/index.js';
import { startCluster, type TestCluster } from '../helpers/cluster.js';
import { usingPostgres } from '../helpers/db.js';
import { type DaemonProcess, pidOf } from '../helpers/daemon.js';

const SITES = 6;
const THROTTLE_S = 2;
const LEASE_S = 3;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** What a failed wait reports: the run's claims and jobs as the database has them, and the live daemon's last output. */
async function whatTheyHeld(sql: postgres.Sql, live: DaemonProcess): Promise<string> {
  const claims = await sql`select domain_id, status, holder, expires_at, now() as db_now, attempts, articles_stored from crawl_claims order by domain_id`;
  const runs = await sql`select id, job, status, holder, expires_at, attempts from job_runs order by created_at`;
  const logs = await sql`select component, level, message from logs order by id desc limit 15`;
  return [
    `claims: ${JSON.stringify(claims)}`,
    `runs: ${JSON.stringify(runs)}`,
    `logs: ${JSON.stringify(logs)}`,
    `daemon ${live.child.pid} output (last 3,000 characters):\n${live.output().slice(-3_000)}`,
  ].join('\n');
}

describe.skipIf(!usingPostgres)('a daemon frozen past its lease', () => {
  let web: NewsWeb;
  let cluster: TestCluster;
  let sql: postgres.Sql;
  let daemons: DaemonProcess[] = [];

  beforeAll(async () => {
    web = await startNewsWeb({ sites: SITES, hostile: false, articlesPerSite: 10 });
    cluster = await startCluster({
      daemons: 2,
      name: 'stall',
      env: { NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(','), NEWSCTL_JOB_LEASE_SECONDS: String(LEASE_S) },
    });
    ({ sql, daemons } = cluster);
  }, 180_000);

  afterAll(async () => {
    await cluster?.close();
    await web?.close();
  });

  it('sends nothing for the claims another daemon took over while it was frozen', { timeout: 420_000 }, async () => {
    const [a] = daemons as [DaemonProcess, DaemonProcess];
    const cookie = await cluster.login(a);
    for (const site of web.sites) {
      const added = await fetch(`${a.baseUrl}/api/domains`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ url: site.origin, status: 'active', throttle: THROTTLE_S }),
      });
      expect(added.status).toBe(201);
    }
    web.clearLog();
    expect((await fetch(`${a.baseUrl}/api/spider/start`, { method: 'POST', headers: { cookie } })).status).toBe(200);

    // A daemon crawling, articles under way. Usually both share the run; on a loaded machine the
    // second may join after the first has claimed all six domains (a claim every 25 ms), and the
    // frozen daemon's claims are then all the other's to take over, which is the case this tests.
    let holders: { holder: string; articles: number }[] = [];
    const crawlingBy = Date.now() + 90_000;
    for (;;) {
      holders = await sql<{ holder: string; articles: number }[]>`
        select holder, sum(articles_stored)::int as articles from crawl_claims where status = 'crawling' group by holder order by holder`;
      if (holders.length > 0 && holders.every((h) => h.articles >= 1)) break;
      if (Date.now() > crawlingBy) throw new Error(`no daemon had articles under way: ${JSON.stringify(holders)}`);
      await sleep(100);
    }
    const frozen = daemons.find((daemon) => daemon.child.pid === pidOf(holders[0]!.holder))!;
    const other = daemons.find((daemon) => daemon !== frozen)!;
    const frozenHolder = holders[0]!.holder;
    frozen.child.kill('SIGSTOP');
    try {
      // The other daemon takes the frozen one's claims once their leases lapse. On two cores busy
      // with both CI passes the live daemon may itself lag past its lease, and take the run over only
      // once its own timers catch up: a minute was once not enough there.
      const takenBy = Date.now() + 120_000;
      for (;;) {
        const [left] = await sql<{ count: number }[]>`
          select count(*)::int as count from crawl_claims where status = 'crawling' and holder = ${frozenHolder}`;
        if (left!.count === 0) break;
        if (Date.now() > takenBy) throw new Error(`the frozen daemon kept its claims\n${await whatTheyHeld(sql, other)}`);
        await sleep(100);
      }
      // Long enough for the new holder to be asking those hosts again.
      await sleep(THROTTLE_S * 1000 + 500);
    } finally {
      frozen.child.kill('SIGCONT');
    }

    const doneBy = Date.now() + 150_000;
    for (;;) {
      const [open] = await sql<{ count: number }[]>`select count(*)::int as count from job_runs where job = 'spider' and status in ('queued', 'running')`;
      if (open!.count === 0) break;
      if (Date.now() > doneBy) throw new Error(`the crawl did not finish\n${await whatTheyHeld(sql, other)}`);
      await sleep(250);
    }
    const taken = await sql<{ count: number }[]>`select count(*)::int as count from crawl_claims where attempts > 1`;
    expect(taken[0]!.count).toBeGreaterThan(0);
    const stored = await sql<{ canonicalUrl: string }[]>`select canonical_url from articles order by canonical_url`;
    expect(stored.map((row) => row.canonicalUrl)).toEqual(web.sites.flatMap((site) => site.expectedArticleUrls).sort());
    // No host asked faster than its throttle, across the two daemons (the sites' own logs).
    const gaps = web.minGapByHost();
    for (const site of web.sites) expect(gaps.get(site.host), site.host).toBeGreaterThanOrEqual(THROTTLE_S * 1000);
    expect(other.child.exitCode).toBeNull();
  });
});

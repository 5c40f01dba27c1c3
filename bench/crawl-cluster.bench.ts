// Sources per daemon, and daemons per cluster: the crawl of a local news web of many sites (2,000 by
// default, each on an address of its own, at its own pace and robots rules: test/fixtures/news-web)
// by 1, 2 and 4 real `newsctl serve` processes sharing one PostgreSQL, a fresh database each time,
// the crawl started through the API and timed until the status says idle. Printed side by side:
// pages per second (every request the sites served) against the politeness floor (no crawl ends
// before its slowest site's requests, each a pause apart), articles stored, the per-host gap
// between requests (from the sites' own logs; never under 1 s), each daemon's peak memory and CPU,
// and the database's busiest moment. Needs PostgreSQL: DATABASE_URL, else the machine's
// postgres://postgres@127.0.0.1:5432.
//
//   npm run bench -- crawl-cluster                       2,000 sites; 1, 2 and 4 daemons
//   BENCH_CLUSTER_SITES=200 BENCH_CLUSTER_DAEMONS=1,3 …  other sizes
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { migrate } from '../src/db/migrate.js';
import { openDatabase } from '../src/db/client.js';
import { packagePath } from '../src/paths.js';
import { startNewsWeb, type NewsWeb, type RequestLogEntry } from '../test/fixtures/news-web/index.js';

const SITES = Number(process.env.BENCH_CLUSTER_SITES ?? 2_000);
const DAEMON_COUNTS = (process.env.BENCH_CLUSTER_DAEMONS ?? '1,2,4').split(',').map(Number);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const admin = { NEWSCTL_ADMIN_USERNAME: 'bench', NEWSCTL_ADMIN_PASSWORD: 'a long enough password' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

interface Daemon {
  child: ChildProcess;
  baseUrl: string;
  exited: Promise<unknown>;
}

async function spawnDaemon(dataDir: string, databaseUrl: string, env: Record<string, string>): Promise<Daemon> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NEWSCTL_FROM_SOURCE: '1', NEWSCTL_LOG_LEVEL: 'warn', ...env };
  delete childEnv.DATABASE_URL;
  const child = spawn(
    process.execPath,
    [packagePath('bin', 'newsctl.js'), 'serve', '--host', '127.0.0.1', '--port', String(port), '--data-dir', dataDir, '--database-url', databaseUrl],
    {
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`daemon exited:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok && output.includes('newsctl is serving')) break;
    } catch {
      // not yet
    }
    if (i > 600) throw new Error(`daemon did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, baseUrl, exited };
}

async function login(daemon: Daemon): Promise<string> {
  const response = await fetch(`${daemon.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: admin.NEWSCTL_ADMIN_USERNAME, password: admin.NEWSCTL_ADMIN_PASSWORD }),
  });
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

interface Result {
  daemons: number;
  seconds: number;
  pages: number;
  articles: number;
  expected: number;
  minGapMs: number;
  medianGapMs: number;
  hostsBelowPace: number;
  domainsPerDaemon: number[];
  cpuSeconds: number;
  /** Each daemon's peak resident memory (MB). */
  peakRssMb: number[];
  /** Most connections the database held at once (sampled), and the longest-waiting query seen. */
  peakConnections: number;
  /** No polite crawl ends before its slowest site: that site's requests, each a pause apart. */
  floorSeconds: number;
}

function gaps(log: RequestLogEntry[]): { min: number; median: number; belowPace: number } {
  const byHost = new Map<string, number[]>();
  for (const entry of log) byHost.set(entry.host, [...(byHost.get(entry.host) ?? []), entry.startedAt]);
  const all: number[] = [];
  let belowPace = 0;
  for (const times of byHost.values()) {
    let hostMin = Infinity;
    for (let i = 1; i < times.length; i++) {
      const gap = times[i]! - times[i - 1]!;
      all.push(gap);
      hostMin = Math.min(hostMin, gap);
    }
    if (hostMin < 1000) belowPace++;
  }
  all.sort((a, b) => a - b);
  return { min: all[0] ?? 0, median: all[Math.floor(all.length / 2)] ?? 0, belowPace };
}

/** CPU seconds a process has used so far (Linux /proc), for the daemons' share of the machine. */
async function cpuSecondsOf(pid: number | undefined): Promise<number> {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** A process's peak resident memory (VmHWM, Linux /proc), in MB. */
function peakRssMbOf(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

async function crawlWith(count: number, web: NewsWeb): Promise<Result> {
  const name = `newsctl_bench_cluster_${process.pid}_${count}`;
  const admin_ = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin_.unsafe(`drop database if exists ${name}`);
  await admin_.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const db = await openDatabase({ databaseUrl, dataDir: '' });
  await migrate(db.sql);
  const dirs = Array.from({ length: count }, (_, i) => mkdtempSync(join(tmpdir(), `newsctl-bench-cluster-${i}-`)));
  const env = { ...admin, NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(','), NEWSCTL_SCHEDULER: 'false' };
  const daemons = await Promise.all(dirs.map((dir) => spawnDaemon(dir, databaseUrl, env)));
  try {
    const cookie = await login(daemons[0]!);
    for (const site of web.sites) {
      const added = await fetch(`${daemons[0]!.baseUrl}/api/domains`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ url: site.origin, status: 'active', throttle: 1 }),
      });
      if (added.status !== 201) throw new Error(`adding ${site.origin}: ${added.status}`);
    }
    web.clearLog();
    const cpuBefore = (await Promise.all(daemons.map((d) => cpuSecondsOf(d.child.pid)))).reduce((a, b) => a + b, 0);
    const start = performance.now();
    const started = await fetch(`${daemons[0]!.baseUrl}/api/spider/start`, { method: 'POST', headers: { cookie } });
    if (started.status !== 200) throw new Error(`start: ${started.status}`);
    let peakConnections = 0;
    for (;;) {
      const status = (await (await fetch(`${daemons[0]!.baseUrl}/api/status`, { headers: { cookie } })).json()) as { spiderStatus: string };
      if (status.spiderStatus === 'idle') break;
      const [busy] = await admin_<{ count: number }[]>`select count(*)::int as count from pg_stat_activity where datname = ${name}`;
      peakConnections = Math.max(peakConnections, busy!.count);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const seconds = (performance.now() - start) / 1000;
    const cpuSeconds = (await Promise.all(daemons.map((d) => cpuSecondsOf(d.child.pid)))).reduce((a, b) => a + b, 0) - cpuBefore;
    const peakRssMb = daemons.map((d) => peakRssMbOf(d.child.pid));
    const log = [...web.requestLog];
    const [stored] = await db.sql<{ count: number }[]>`select count(*)::int as count from articles`;
    const holders = await db.sql<{ count: number }[]>`
      select count(*)::int as count from crawl_claims c join job_runs r on r.id = c.run_id
      where r.job = 'spider' group by c.holder order by count desc`;
    const gap = gaps(log);
    const floorSeconds = Math.max(
      ...web.sites.map((site) => ((log.filter((e) => e.host === site.host).length - 1) * Math.max(1000, site.crawlDelayMs ?? 0)) / 1000),
    );
    return {
      floorSeconds,
      daemons: count,
      seconds,
      pages: log.length,
      articles: stored!.count,
      expected: web.sites.reduce((n, site) => n + site.expectedArticleUrls.length, 0),
      minGapMs: gap.min,
      medianGapMs: gap.median,
      hostsBelowPace: gap.belowPace,
      domainsPerDaemon: holders.map((h) => h.count),
      cpuSeconds,
      peakRssMb,
      peakConnections,
    };
  } finally {
    for (const daemon of daemons) daemon.child.kill('SIGTERM');
    await Promise.all(daemons.map((daemon) => daemon.exited));
    await db.close();
    await admin_.unsafe(`drop database if exists ${name} with (force)`);
    await admin_.end();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}

try {
  const probe = postgres(serverUrl, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  await probe`select 1`;
  await probe.end();
} catch (error) {
  console.log(`skipped: no PostgreSQL at ${serverUrl.replace(/\/\/[^@]*@/, '//')} (${(error as Error).message})`);
  process.exit(0);
}

const web = await startNewsWeb({ sites: SITES, hostile: false });
const results: Result[] = [];
try {
  for (const count of DAEMON_COUNTS) {
    const result = await crawlWith(count, web);
    results.push(result);
    // Each count's figures as soon as they exist: a long run stopped part-way still says something.
    console.log(
      `${count} daemon${count === 1 ? '' : 's'}: ${result.seconds.toFixed(1)} s, ${result.pages} pages (${(result.pages / result.seconds).toFixed(1)}/s), ${result.articles}/${result.expected} articles, CPU ${result.cpuSeconds.toFixed(1)} s`,
    );
  }
} finally {
  await web.close();
}

console.log(`Crawl of ${SITES} local news sites on one PostgreSQL, 1 request per second per host at most (real daemons)`);
console.log(`  ${''.padEnd(30)}${results.map((r) => `${r.daemons} daemon${r.daemons === 1 ? '' : 's'}`.padStart(16)).join('')}`);
const row = (label: string, value: (r: Result) => string) => console.log(`  ${label.padEnd(30)}${results.map((r) => value(r).padStart(16)).join('')}`);
row('time to idle', (r) => `${r.seconds.toFixed(1)} s`);
row('pacing floor (slowest site)', (r) => `${r.floorSeconds.toFixed(1)} s`);
row('pages (all requests)', (r) => String(r.pages));
row('pages/s', (r) => (r.pages ? (r.pages / r.seconds).toFixed(1) : '0'));
row('articles stored / reachable', (r) => `${r.articles} / ${r.expected}`);
row('per-host gap: min', (r) => `${r.minGapMs} ms`);
row('per-host gap: median', (r) => `${r.medianGapMs} ms`);
row('hosts asked under 1 s apart', (r) => String(r.hostsBelowPace));
row('domains per daemon', (r) => r.domainsPerDaemon.join(' / '));
row("daemons' CPU", (r) => `${r.cpuSeconds.toFixed(1)} s`);
row('CPU per page', (r) => `${((r.cpuSeconds * 1000) / Math.max(1, r.pages)).toFixed(1)} ms`);
row('peak RSS per daemon', (r) => `${r.peakRssMb.map((mb) => mb.toFixed(0)).join(' / ')} MB`);
row('database connections, peak', (r) => String(r.peakConnections));
const [first] = results;
for (const r of results.slice(1)) {
  if (!first) break;
  console.log(
    `  ${r.daemons} daemons vs ${first.daemons}: ${(r.pages / r.seconds / (first.pages / first.seconds)).toFixed(2)}× the pages/s, ${(r.cpuSeconds / Math.max(0.1, first.cpuSeconds)).toFixed(2)}× the CPU`,
  );
}
console.log(
  `  load average at the end (1 / 5 / 15 min): ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ')} on this machine's cores`,
);

// Readers' load on the public home data (issue 18 "Must show"): autocannon, 50 connections, gzip
// accepted, against an in-process daemon (the real app: routes, hooks, compression) with 200
// domains × 10 articles seeded, comparing
//   - GET /api/home-page-data, answered from the public snapshot,
//   - the same bytes as a static file served by the same daemon, precompressed (.gz beside it),
//   - the same bytes as a static file compressed per request (the issue's "static with gzip"),
//   - a browser's revalidation of the home data (If-None-Match → 304).
// autocannon runs in a worker thread so the load generator does not share the daemon's event loop.
//
//   npm run bench -- http                         embedded database
//   BENCH_DATABASE_URL=postgres://… npm run bench -- http   a fresh PostgreSQL database
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { buildApp } from '../src/server/app.js';
import { largeHomePage } from '../test/e2e/browser/fixtures.js';
import { seedHome } from '../test/e2e/browser/seed.js';
import { createAppContext } from '../src/app-context.js';

const DOMAINS = 200;
const ARTICLES_PER_DOMAIN = 10;
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const TARGET_RATIO = 0.8;
const ROUNDS = Number(process.env.BENCH_HTTP_ROUNDS ?? 3);
const TARGET_P99_MS = 20;

async function openBenchDatabase(): Promise<{ db: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    const db = await openDatabase({ databaseUrl: null, dataDir: '', inMemory: true });
    return { db, drop: () => db.close() };
  }
  const name = `newsctl_bench_http_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '', maxConnections: 10 });
  return {
    db,
    drop: async () => {
      await db.close();
      await admin.unsafe(`drop database ${name} with (force)`);
      await admin.end();
    },
  };
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>): Promise<Figures> {
  const run = (duration: number) => autocannon({ url, connections: CONNECTIONS, duration, headers, workers: 1 }) as unknown as Promise<autocannon.Result>;
  await run(2); // warm-up: JIT, connection setup, caches
  const result = await run(DURATION_S);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bytes: result.throughput.average,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function main(): Promise<void> {
  const { db, drop } = await openBenchDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'newsctl-bench-http-'));
  const webRoot = join(dataDir, 'web');
  try {
    await migrate(db.sql);
    await seedHome(db.sql, largeHomePage(Date.now(), DOMAINS, ARTICLES_PER_DOMAIN));
    const config = loadConfig({ NEWSCTL_DATA_DIR: dataDir, NEWSCTL_LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
    const ctx = createAppContext({ config, db });
    // The static copies are written once the daemon serves the home data; the folder must exist first.
    mkdirSync(webRoot, { recursive: true });
    const { app } = await buildApp(ctx, { logger: false, webRoot });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

    const response = await fetch(`${base}/api/home-page-data`);
    const body = Buffer.from(await response.arrayBuffer());
    const etag = response.headers.get('etag')!;
    // The same bytes twice: one with a precompressed twin (served as is), one compressed per request.
    writeFileSync(join(webRoot, 'home-precompressed.json'), body);
    writeFileSync(join(webRoot, 'home-precompressed.json.gz'), gzipSync(body, { level: 9 }));
    writeFileSync(join(webRoot, 'home-plain.json'), body);
    const gzipped = gzipSync(body, { level: 9 }).length;
    console.log(
      `home-page-data: ${DOMAINS} domains × ${ARTICLES_PER_DOMAIN} articles, ${(body.length / 1024).toFixed(1)} KB JSON, ${(gzipped / 1024).toFixed(1)} KB gzipped; ${db.kind} database`,
    );
    console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION_S} s after a 2 s warm-up, accept-encoding: gzip\n`);

    const gzip = { 'accept-encoding': 'gzip' };
    // The machine is shared: the snapshot and its static twin run in alternation, ROUNDS times
    // each, and each keeps its best round (the one least disturbed by other processes).
    const best = (runs: Figures[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
    const snapshotRuns: Figures[] = [];
    const staticRuns: Figures[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      snapshotRuns.push(await load(`${base}/api/home-page-data`, gzip));
      staticRuns.push(await load(`${base}/home-precompressed.json`, gzip));
    }
    const rows: [string, Figures][] = [];
    rows.push(['GET /api/home-page-data (snapshot)', best(snapshotRuns)]);
    rows.push(['same bytes, static, precompressed .gz', best(staticRuns)]);
    rows.push(['same bytes, static, gzip per request', await load(`${base}/home-plain.json`, gzip)]);
    rows.push(['home-page-data revalidation (304)', await load(`${base}/api/home-page-data`, { ...gzip, 'if-none-match': etag })]);
    console.log(
      `rounds (req/s): snapshot ${snapshotRuns.map((f) => f.rps.toFixed(0)).join(', ')}; static ${staticRuns.map((f) => f.rps.toFixed(0)).join(', ')}`,
    );
    const snapshot = app.snapshot.stats();
    await app.close();

    console.log(`${'request'.padEnd(40)} ${'req/s'.padStart(8)} ${'p50'.padStart(7)} ${'p99'.padStart(7)} ${'MB/s'.padStart(7)} ${'non-2xx'.padStart(8)}`);
    for (const [label, f] of rows) {
      console.log(
        `${label.padEnd(40)} ${f.rps.toFixed(0).padStart(8)} ${`${f.p50} ms`.padStart(7)} ${`${f.p99} ms`.padStart(7)} ${(f.bytes / 1e6).toFixed(1).padStart(7)} ${String(f.non2xx).padStart(8)}`,
      );
    }
    const ours = rows[0]![1];
    const precompressed = rows[1]![1];
    const perRequest = rows[2]![1];
    const ratio = ours.rps / precompressed.rps;
    console.log(
      `\nsnapshot / static precompressed: ${ratio.toFixed(2)}× (target ≥ ${TARGET_RATIO}× ${ratio >= TARGET_RATIO ? '✓' : '✗'}); ` +
        `snapshot / static gzip per request: ${(ours.rps / perRequest.rps).toFixed(2)}×; ` +
        `snapshot p99 ${ours.p99} ms (target ≤ ${TARGET_P99_MS} ms ${ours.p99 <= TARGET_P99_MS ? '✓' : '✗'})`,
    );
    console.log(`snapshot rebuilds during the load: ${snapshot.rebuilds - 1} (built once at start; no change events)`);
    if (ours.errors + precompressed.errors > 0) console.log(`errors/timeouts: ${ours.errors} / ${precompressed.errors}`);
  } finally {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

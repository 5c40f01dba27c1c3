// Readers' load on the story page and on a reader app's stream (issue "Readers everywhere"):
// autocannon, 50 connections, gzip accepted, against an in-process daemon, each beside the same
// bytes served as a static file by the same daemon (precompressed), measured in the same run.
//   - GET /story/{id}-{words}: a story of 8 sources, rendered per request;
//   - GET /reader/api/0/stream/contents/…?n=1000: 1,000 items of the reading list, with a token.
//
//   npm run bench -- readers        (BENCH_HTTP_SECONDS, default 8)
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { buildApp } from '../src/server/app.js';
import { createApiToken, setAdminAccount } from '../src/services/platform/auth/index.js';
import { harborStorm, storeStoryTrend } from '../test/fixtures/stories/index.js';
import { createAppContext } from '../src/app-context.js';
import { storyPagePath } from '../src/shared/pages.js';

const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_HTTP_SECONDS ?? 8);
const ITEMS = 1000;

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Bytes on the wire per second (compressed). */
  bytes: number;
}

async function load(url: string, headers: Record<string, string>): Promise<Figures> {
  const run = (duration: number) => autocannon({ url, connections: CONNECTIONS, duration, headers, workers: 1 }) as unknown as Promise<autocannon.Result>;
  await run(2);
  const result = await run(DURATION_S);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, bytes: result.throughput.average };
}

async function main(): Promise<void> {
  const db = await openDatabase({ databaseUrl: null, dataDir: '', inMemory: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'newsctl-bench-readers-'));
  const webRoot = join(dataDir, 'web');
  mkdirSync(webRoot, { recursive: true });
  try {
    await migrate(db.sql);
    const config = loadConfig({ NEWSCTL_DATA_DIR: dataDir, NEWSCTL_LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0' });
    const ctx = createAppContext({ config, db });
    await setAdminAccount(ctx, 'admin', 'bench password 1');
    const token = (await createApiToken(ctx, 'bench')).token;
    const { trendId } = await storeStoryTrend(db.sql, { title: 'Storm floods Port Linden harbor', topic: 'usa', sources: harborStorm(8) });
    const [domain] = await db.sql<{ id: number }[]>`insert into domains (url, host) values ('bench.example', 'bench.example') returning id`;
    await db.sql`
      insert into articles (domain_id, domain_name, source_url, canonical_url, title, content, excerpt, topic, scraped_at)
      select ${domain!.id}, 'bench.example', 'https://bench.example/' || n, 'https://bench.example/' || n, 'Story number ' || n,
             repeat('A sentence of a crawled article body. ', 60), 'A lede for story ' || n, 'usa', now() - make_interval(secs => n)
      from generate_series(1, ${ITEMS}) as n`;

    const { app } = await buildApp(ctx, { logger: false, webRoot });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const story = `${base}${storyPagePath({ id: trendId, title: 'Storm floods Port Linden harbor' })}`;
    const stream = `${base}/reader/api/0/stream/contents/user/-/state/com.google/reading-list?n=${ITEMS}`;
    const reader = { authorization: `GoogleLogin auth=${token}`, 'accept-encoding': 'gzip' };
    const gzip = { 'accept-encoding': 'gzip' };

    const storyBody = Buffer.from(await (await fetch(story)).arrayBuffer());
    const streamResponse = await fetch(stream, { headers: reader });
    const streamBody = Buffer.from(await streamResponse.arrayBuffer());
    if (streamResponse.status !== 200) throw new Error(`stream/contents answered ${streamResponse.status}: ${streamBody.toString().slice(0, 300)}`);
    for (const [name, body] of [
      ['story.html', storyBody],
      ['stream.json', streamBody],
    ] as const) {
      writeFileSync(join(webRoot, name), body);
      writeFileSync(join(webRoot, `${name}.gz`), gzipSync(body, { level: 9 }));
    }
    console.log(
      `story page ${(storyBody.length / 1024).toFixed(1)} KB HTML (8 sources); stream ${(streamBody.length / 1024).toFixed(1)} KB JSON (${ITEMS} items); ${db.kind} database`,
    );
    console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION_S} s after a 2 s warm-up, accept-encoding: gzip\n`);

    const rows: [string, Figures][] = [
      ['GET /story/{id}-{words}', await load(story, gzip)],
      ['same bytes, static, precompressed', await load(`${base}/story.html`, gzip)],
      [`GET stream/contents n=${ITEMS}`, await load(stream, reader)],
      ['same bytes, static, precompressed', await load(`${base}/stream.json`, gzip)],
    ];
    await app.close();
    console.log(`${'request'.padEnd(38)} ${'req/s'.padStart(8)} ${'p50'.padStart(8)} ${'p99'.padStart(8)} ${'MB/s'.padStart(7)} ${'non-2xx'.padStart(8)}`);
    for (const [label, f] of rows) {
      console.log(
        `${label.padEnd(38)} ${f.rps.toFixed(0).padStart(8)} ${`${f.p50} ms`.padStart(8)} ${`${f.p99} ms`.padStart(8)} ${(f.bytes / 1e6).toFixed(1).padStart(7)} ${String(f.non2xx).padStart(8)}`,
      );
    }
    console.log(
      `\nstory page / static: ${(rows[0]![1].rps / rows[1]![1].rps).toFixed(2)}×; stream/contents / static: ${(rows[2]![1].rps / rows[3]![1].rps).toFixed(3)}×`,
    );
    // The stream is built per request (each reader's read and starred state is its own): its cost
    // is the 1,000 items' text, read, escaped and compressed, beside bytes sent as they are.
  } finally {
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

// Does the database stop growing once retention applies? Simulated days of crawling (articles at a
// steady pace, a day's system-log lines), each day ending with the hourly upkeep's retention
// (articles, their bodies, the log) run at that day's date, and the database's size on disk after
// each day. Short retention windows (articles 20 days, bodies 10, log 20) so the steady state comes
// within the run; the product's defaults (365 / 180 / 30 days) reach the same shape later.
//
//   npm run bench -- retention                               embedded database
//   BENCH_DATABASE_URL=postgres://… npm run bench -- retention   PostgreSQL
//   BENCH_RETENTION_DAYS=60 BENCH_RETENTION_PER_DAY=2000 …   other lengths and paces
//
// Two passes over the same days: the upkeep as it was (deletes only: the baseline), and as it is
// (then reclaimSpace: on the embedded database a vacuum of the pruned tables and a checkpoint; on a
// server the checkpointer's work is left to it, and the vacuum too unless its autovacuum is off). BENCH_RETENTION_PARTS=1 prints the
// embedded database's write-ahead log and tables apart.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { loadConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { pruneLogs } from '../src/services/platform/logs/index.js';
import { pruneArticles } from '../src/services/platform/retention/index.js';
import { reclaimSpace } from '../src/services/platform/retention/space.js';
import { updateSetting } from '../src/services/platform/settings/index.js';
import { seededRandom } from '../test/fixtures/news-web/text.js';
import { createAppContext } from '../src/app-context.js';

const serverUrl = process.env.BENCH_DATABASE_URL ?? null;
const DAYS = Number(process.env.BENCH_RETENTION_DAYS ?? 50);
const PER_DAY = Number(process.env.BENCH_RETENTION_PER_DAY ?? 2_000);
/** System-log lines a day of runs writes (18 crawls, 27 analyses, 50 articles, the bulletin, 24 upkeeps: each a few lines). */
const LOG_LINES_PER_DAY = 400;
const DAY_MS = 86_400_000;
const WORDS =
  'harbor council storm grid battery vaccine outbreak market inflation court senate election ferry rail bridge budget school hospital energy solar wind climate drought flood wildfire tariff export earnings startup chip satellite research study trial'.split(
    ' ',
  );

async function openFresh(dataDir: string): Promise<{ db: Database; sizeMb: () => Promise<number>; drop: () => Promise<void> }> {
  if (!serverUrl) {
    const db = await openDatabase({ databaseUrl: null, dataDir });
    const du = (path: string) => Number(spawnSync('du', ['-sk', path], { encoding: 'utf8' }).stdout.split('\t')[0]) / 1024;
    const sizeMb = async () => {
      if (process.env.BENCH_RETENTION_PARTS)
        console.log(`  wal ${du(join(dataDir, 'pg', 'pg_wal')).toFixed(1)} MB, base ${du(join(dataDir, 'pg', 'base')).toFixed(1)} MB`);
      return du(join(dataDir, 'pg'));
    };
    return { db, sizeMb, drop: async () => {} };
  }
  const name = `newsctl_bench_retention_${process.pid}_${Math.floor(Math.random() * 1e6)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  const sizeMb = async () => Number((await db.sql<{ bytes: string }[]>`select pg_database_size(current_database())::text as bytes`)[0]!.bytes) / 1024 / 1024;
  return {
    db,
    sizeMb,
    drop: async () => {
      await db.close();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function simulate(withVacuum: boolean): Promise<{ day: number; articles: number; logs: number; logMb: number; mb: number }[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'newsctl-bench-retention-'));
  const { db, sizeMb, drop } = await openFresh(dataDir);
  const config = loadConfig({ NEWSCTL_DATA_DIR: dataDir }, {});
  const ctx = createAppContext({ config, db });
  const next = seededRandom(20261128);
  const sentence = () => Array.from({ length: 12 + Math.floor(next() * 10) }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
  try {
    await migrate(db.sql);
    await updateSetting(ctx, 'article-retention', { articleDays: 20, bodyDays: 10 });
    await updateSetting(ctx, 'log-retention', { retentionDays: 20 });
    await db.sql`insert into domains (url, host, status) select 'site' || g || '.test', 'site' || g || '.test', 'success' from generate_series(0, 99) g`;
    const domainIds = (await db.sql<{ id: number }[]>`select id from domains order by id`).map((row) => row.id);
    const start = Date.UTC(2026, 0, 1);
    const rows: { day: number; articles: number; logs: number; logMb: number; mb: number }[] = [];
    let serial = 0;
    for (let day = 0; day < DAYS; day++) {
      for (let i = 0; i < PER_DAY; i += 500) {
        const batch = Array.from({ length: Math.min(500, PER_DAY - i) }, () => {
          const site = Math.floor(next() * domainIds.length);
          const url = `https://site${site}.test/${serial++}`;
          const content = Array.from({ length: 8 }, sentence).join('\n\n');
          return {
            domain_id: domainIds[site]!,
            domain_name: `site${site}.test`,
            source_url: url,
            canonical_url: url,
            title: sentence(),
            content,
            excerpt: content.slice(0, 200),
            topic: 'usa',
            scraped_at: new Date(start + day * DAY_MS + Math.floor(next() * DAY_MS)),
            word_count: content.split(' ').length,
          };
        });
        await db.sql`insert into articles ${db.sql(batch)}`;
      }
      const logs = Array.from({ length: LOG_LINES_PER_DAY }, () => ({
        timestamp: new Date(start + day * DAY_MS + Math.floor(next() * DAY_MS)),
        component: 'SPIDER',
        level: 'info',
        message: `Spider finished: ${sentence()}`,
      }));
      await db.sql`insert into logs ${db.sql(logs)}`;
      const endOfDay = new Date(start + (day + 1) * DAY_MS);
      await pruneArticles(ctx, endOfDay);
      await pruneLogs(ctx, endOfDay);
      if (withVacuum) await reclaimSpace(ctx);
      const [counts] = await db.sql<{ articles: number; logs: number; logMb: number }[]>`
        select (select count(*)::int from articles) as articles, (select count(*)::int from logs) as logs,
               pg_total_relation_size('logs')::float8 / 1048576 as "logMb"`;
      rows.push({ day: day + 1, articles: counts!.articles, logs: counts!.logs, logMb: counts!.logMb, mb: await sizeMb() });
    }
    return rows;
  } finally {
    await (serverUrl ? drop() : db.close());
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `retention: ${DAYS} simulated days, ${PER_DAY} articles and ${LOG_LINES_PER_DAY} log lines a day; articles kept 20 days, bodies 10, log 20; ${serverUrl ? 'PostgreSQL' : 'embedded database'}; load ${loadavg()[0]!.toFixed(2)}`,
);
const baseline = await simulate(false);
const measured = await simulate(true);
console.log('| day | articles kept | log lines kept (MB) | database, deletes only (MB) | database, upkeep as shipped (MB) |');
console.log('|---|---|---|---|---|');
for (let i = 0; i < DAYS; i++) {
  if ((i + 1) % 5 !== 0 && i !== 0) continue;
  const b = baseline[i]!;
  const m = measured[i]!;
  console.log(
    `| ${b.day} | ${m.articles.toLocaleString('en-US')} | ${m.logs.toLocaleString('en-US')} (${m.logMb.toFixed(1)}) | ${b.mb.toFixed(1)} | ${m.mb.toFixed(1)} |`,
  );
}
// Once every window has filled (day 20), the size should stop growing: its growth from day 25 to the end.
const from = 24;
const growth = (rows: typeof baseline) => rows[DAYS - 1]!.mb / rows[from]!.mb;
console.log(
  `growth from day ${from + 1} to day ${DAYS} (steady state): deletes only ${growth(baseline).toFixed(2)}×, upkeep as shipped ${growth(measured).toFixed(2)}× (ratio ${(growth(measured) / growth(baseline)).toFixed(2)})`,
);
console.log(`load at the end: ${loadavg()[0]!.toFixed(2)}`);

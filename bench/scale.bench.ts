// How cost grows with the archive (issue 31): one corpus per size — real headlines (the labelled
// trends data, with their topics), each told by about three of 500 sources, over bodies made of
// other headlines of the topic and the fixture webs' sentences,
// arriving at a year's pace (1,000,000 articles a year, 2,740 a day, so 10,000 ≈ 4 days, 100,000 ≈
// 5 weeks, 1,000,000 ≈ a year) — and for each: the database on disk, the daemon's memory idle,
// under readers' load and while analysing, the analysis of its 48-hour window, every search shape,
// the home data's rebuild, a topic page and a story page, and a dump and its restore. Each size runs
// in a process of its own (the daemon in it), so one size's memory never colours the next.
//
//   npm run bench -- scale                                  embedded database: 10k, 100k
//   BENCH_DATABASE_URL=postgres://… npm run bench -- scale   PostgreSQL: 10k, 100k, 1M
//   BENCH_SCALE_SIZES=10000,100000 …                        other sizes
//   BENCH_SCALE_CHART=docs/scale.svg …                      also draw the chart there
//   BENCH_SCALE_KEEP=1 …                                     keep each PostgreSQL database seeded
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { openDatabase, type Database } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { advanceRecentSearchSet, RECENT_SEARCH_ARTICLES } from '../src/db/recent-search.js';
import { packageRoot } from '../src/paths.js';
import { startQuietDaemon } from './lib/quiet-daemon.js';
import { applyBackup, stageBackup, writeBackup } from '../src/services/platform/dump/index.js';
import { homePageData } from '../src/services/reader/home/index.js';
import { searchArticlesByText } from '../src/services/reader/search/index.js';
import { listTrends, runTrendsAnalyzer } from '../src/services/reader/trends/index.js';
import { HELD_OUT_STORIES } from '../test/fixtures/stories/held-out-web.js';
import { seededRandom } from '../test/fixtures/news-web/text.js';
import { WEB_STORIES } from '../test/fixtures/stories/local-web.js';
import { P95_RUNS, percentile, timed } from './lib/timing.js';
import { storyPagePath } from '../src/shared/pages.js';
import { createSearchIndexes, dropSearchIndexes } from './lib/search-indexes.js';

const here = dirname(fileURLToPath(import.meta.url));
const serverUrl = process.env.BENCH_DATABASE_URL ?? null;
const datasets = process.env.NEWSCTL_DATASETS ?? resolve(packageRoot, '../shared/data');
const PER_DAY = 2_740;
const SITES = 500;

interface Figures {
  size: number;
  engine: string;
  load: number[];
  seedSeconds: number;
  databaseMb: number;
  idleRssMb: number;
  servingRssMb: number;
  servingRps: number;
  analyzeSeconds: number;
  analyzePeakRssMb: number;
  windowArticles: number;
  trends: number;
  search: { label: string; p50: number; p95: number }[];
  homeRebuildMs: number;
  topicPageMs: number;
  storyPageMs: number;
  dumpSeconds: number;
  archiveMb: number;
  restoreSeconds: number;
}

const rssMb = () => {
  const status = readFileSync('/proc/self/status', 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};

/** Calls `run` while sampling this process's RSS every 25 ms; returns its result, time and peak RSS. */
async function withPeakRss<T>(run: () => Promise<T>): Promise<{ value: T; ms: number; peakMb: number }> {
  let peak = rssMb();
  const timer = setInterval(() => (peak = Math.max(peak, rssMb())), 25);
  const start = performance.now();
  try {
    const value = await run();
    return { value, ms: performance.now() - start, peakMb: Math.max(peak, rssMb()) };
  } finally {
    clearInterval(timer);
  }
}

interface Headline {
  title: string;
  topic: string;
}

function corpusSources(): { headlines: Headline[]; sentences: string[] } {
  const headlines: Headline[] = [];
  for (const line of readFileSync(join(datasets, 'trends', 'topics-train.jsonl'), 'utf8').split('\n')) {
    if (!line) continue;
    const row = JSON.parse(line) as { title: string; topic: string };
    headlines.push({ title: row.title.replace(/\s+/g, ' ').trim(), topic: row.topic });
  }
  const sentences = [...WEB_STORIES, ...HELD_OUT_STORIES].flatMap((story) => [...story.facts.flat(), ...Object.values(story.own ?? {}).flat()]);
  return { headlines, sentences };
}

async function openSizeDatabase(size: number, dataDir: string): Promise<{ url: string | null; db: Database; drop: () => Promise<void> }> {
  if (!serverUrl) {
    const db = await openDatabase({ databaseUrl: null, dataDir });
    return { url: null, db, drop: async () => {} };
  }
  const name = `newsctl_bench_scale_${size}_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  return {
    url: url.toString(),
    db,
    drop: async () => {
      // BENCH_SCALE_KEEP=1 keeps the seeded database to read its queries' plans after the run.
      if (process.env.BENCH_SCALE_KEEP === '1') console.error(`kept database ${name}`);
      else await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function seed(db: Database, size: number): Promise<void> {
  const sql = db.sql;
  const { headlines, sentences } = corpusSources();
  const next = seededRandom(20261128);
  const byTopic = new Map<string, string[]>();
  for (const { title, topic } of headlines) byTopic.set(topic, [...(byTopic.get(topic) ?? []), title]);
  await sql`insert into domains (url, host, status) select 'site' || g || '.test', 'site' || g || '.test', 'success' from generate_series(0, ${SITES - 1}) g`;
  const domainIds = (await sql<{ id: number }[]>`select id from domains order by id`).map((row) => row.id);
  await dropSearchIndexes(sql);
  const now = Date.now();
  const spanMs = (size / PER_DAY) * 86_400_000;
  const batch = 5_000;
  type Row = [number, string, string, string, string, string, string, string, string, number, boolean];
  function* batches(): Generator<Row[]> {
    for (let start = 1; start <= size; start += batch) {
      const rows: Row[] = [];
      for (let g = start; g <= Math.min(size, start + batch - 1); g++) {
        const site = Math.floor(next() * SITES);
        // Stories: each headline is told by about three sites within the same hours, its body the
        // headline, other headlines of its topic (a wide vocabulary) and a sentence of the fixture webs.
        const headline = headlines[(Math.floor(g / 3) + Math.floor(next() * 4)) % headlines.length]!;
        const sameTopic = byTopic.get(headline.topic)!;
        const paragraphs = [headline.title];
        for (let p = 0, n = 3 + Math.floor(next() * 5); p < n; p++) paragraphs.push(sameTopic[Math.floor(next() * sameTopic.length)]!);
        paragraphs.push(sentences[Math.floor(next() * sentences.length)]!);
        const content = paragraphs.join('\n\n');
        const url = `https://site${site}.test/${g}`;
        // In crawl order: scraped_at is when the crawler wrote the row.
        const at = new Date(now - spanMs * (1 - g / size)).toISOString();
        const words = content.split(/\s+/).length;
        rows.push([
          domainIds[site]!,
          `site${site}.test`,
          url,
          url,
          headline.title,
          content,
          paragraphs[1]!.slice(0, 300),
          headline.topic,
          at,
          words,
          g > size - RECENT_SEARCH_ARTICLES,
        ]);
      }
      yield rows;
    }
  }
  const columns = [
    'domain_id',
    'domain_name',
    'source_url',
    'canonical_url',
    'title',
    'content',
    'excerpt',
    'topic',
    'scraped_at',
    'word_count',
    'recent',
  ] as const;
  if (db.kind === 'embedded') {
    for (const rows of batches()) {
      for (let i = 0; i < rows.length; i += 1_000) {
        const objects = rows.slice(i, i + 1_000).map((row) => Object.fromEntries(columns.map((column, c) => [column, row[c]])));
        await sql`insert into articles ${sql(objects as never, columns as never)}`;
      }
    }
  } else {
    const escapeCopy = (value: unknown) => String(value).replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r');
    async function* lines() {
      for (const rows of batches()) yield rows.map((row) => `${row.map(escapeCopy).join('\t')}\n`).join('');
    }
    const copy = await sql.unsafe(`copy articles (${columns.join(', ')}) from stdin`).writable();
    await pipeline(Readable.from(lines()), copy);
  }
  await createSearchIndexes(sql);
  await advanceRecentSearchSet(sql);
  await sql`update domains set last_scraped = now()`;
  await sql`vacuum analyze`;
}

/** Words for each search shape, by how many articles hold them (measured on the seeded rows). */
async function searchShapes(db: Database): Promise<{ label: string; text: string }[]> {
  const sample = await db.sql<{ content: string }[]>`select content from articles order by id desc limit 2000`;
  const documents = new Map<string, number>();
  for (const { content } of sample)
    for (const word of new Set(content.toLowerCase().match(/[a-z]{4,}/g) ?? [])) documents.set(word, (documents.get(word) ?? 0) + 1);
  const stop = new Set(['that', 'with', 'from', 'have', 'this', 'were', 'said', 'will', 'their', 'they', 'been', 'which', 'after', 'about', 'more', 'than']);
  const byShare = (share: number) =>
    [...documents.entries()]
      .filter(([word]) => !stop.has(word))
      .sort((a, b) => Math.abs(a[1] / sample.length - share) - Math.abs(b[1] / sample.length - share))[0]![0];
  const common = byShare(0.25);
  const mid = byShare(0.03);
  const rare = byShare(0.002);
  const other = byShare(0.1);
  return [
    { label: `common "${common}"`, text: common },
    { label: `mid "${mid}"`, text: mid },
    { label: `rare "${rare}"`, text: rare },
    { label: `two words "${mid} ${other}"`, text: `${mid} ${other}` },
    { label: `phrase "${common} ${other}"`, text: `"${common} ${other}"` },
    { label: `prefix "${mid.slice(0, 4)}"`, text: mid.slice(0, 4) },
  ];
}

function directorySizeMb(path: string): number {
  const du = spawnSync('du', ['-sk', path], { encoding: 'utf8' });
  return Number(du.stdout.split('\t')[0]) / 1024;
}

/** Readers' load with autocannon in its own process: 50 connections, 5 s. */
async function serve(url: string): Promise<{ rps: number; peakMb: number }> {
  const bin = join(packageRoot, 'node_modules', '.bin', 'autocannon');
  const { value, peakMb } = await withPeakRss(
    () =>
      new Promise<string>((done, fail) => {
        const child = spawn(bin, ['-c', '50', '-d', '5', '-j', '-H', 'accept-encoding=gzip', url], { stdio: ['ignore', 'pipe', 'ignore'] });
        let out = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        child.on('error', fail);
        child.on('close', () => done(out));
      }),
  );
  return { rps: (JSON.parse(value) as { requests: { average: number } }).requests.average, peakMb };
}

async function measure(size: number): Promise<Figures> {
  const folder = mkdtempSync(join(tmpdir(), 'newsctl-scale-'));
  const dataDir = join(folder, 'data');
  const { url, db, drop } = await openSizeDatabase(size, dataDir);
  try {
    await migrate(db.sql);
    let start = performance.now();
    await seed(db, size);
    const seedSeconds = (performance.now() - start) / 1000;
    const [sized] = await db.sql<{ bytes: number }[]>`select pg_database_size(current_database())::float8 as bytes`;
    const bytes = sized!.bytes;
    await db.close();
    const databaseMb = serverUrl ? bytes / 1024 / 1024 : directorySizeMb(dataDir);

    const daemon = await startQuietDaemon({ dataDir, databaseUrl: url, folder });
    const ctx = daemon.runtime.ctx;
    let figures: Omit<Figures, 'dumpSeconds' | 'archiveMb' | 'restoreSeconds'>;
    try {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      global.gc?.();
      const idleRssMb = rssMb();
      const analysis = await withPeakRss(() => runTrendsAnalyzer(ctx, { offline: true }));
      const [window] = await ctx.sql<{ n: number }[]>`select count(*)::int as n from articles where scraped_at >= now() - interval '48 hours'`;
      const trends = await listTrends(ctx, { limit: 1000 });
      const served = await serve(`${daemon.url}/api/home-page-data`);
      const search: Figures['search'] = [];
      for (const shape of await searchShapes(ctx.db)) {
        const samples = await timed(() => searchArticlesByText(ctx, shape.text), P95_RUNS);
        search.push({ label: shape.label, p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) });
      }
      const home = await timed(() => homePageData(ctx), 5);
      const fetchPage = async (path: string) => {
        const response = await fetch(`${daemon.url}${path}`);
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
      };
      const topicPage = await timed(() => fetchPage('/health.html'), 10);
      const top = trends[0];
      const storyPage = top ? await timed(() => fetchPage(storyPagePath(top)), 10) : [Number.NaN];
      figures = {
        size,
        engine: serverUrl ? 'PostgreSQL' : 'embedded',
        load: loadavg(),
        seedSeconds,
        databaseMb,
        idleRssMb,
        servingRssMb: served.peakMb,
        servingRps: served.rps,
        analyzeSeconds: analysis.ms / 1000,
        analyzePeakRssMb: analysis.peakMb,
        windowArticles: window!.n,
        trends: trends.length,
        search,
        homeRebuildMs: percentile(home, 0.5),
        topicPageMs: percentile(topicPage, 0.5),
        storyPageMs: percentile(storyPage, 0.5),
      };
    } finally {
      await daemon.close();
    }

    // A dump of the whole database and its restore into an empty one.
    const source = await openDatabase({ databaseUrl: url, dataDir });
    const archiveFile = join(folder, 'backup.tar');
    start = performance.now();
    const out = createWriteStream(archiveFile);
    await writeBackup({ sql: source.sql, kind: source.kind, mediaDir: join(folder, 'media') }, out, { media: true, includeSecrets: false });
    await new Promise<void>((done, fail) => out.end((error?: Error | null) => (error ? fail(error) : done())));
    const dumpSeconds = (performance.now() - start) / 1000;
    await source.close();
    const target = await openSizeDatabase(size + 1, join(folder, 'restored'));
    try {
      await migrate(target.db.sql);
      start = performance.now();
      const staged = await stageBackup(archiveFile);
      await applyBackup(target.db.sql, { mediaDir: join(folder, 'restored-media') }, staged);
      staged.discard();
      const restoreSeconds = (performance.now() - start) / 1000;
      return { ...figures, dumpSeconds, archiveMb: statSync(archiveFile).size / 1024 / 1024, restoreSeconds };
    } finally {
      await target.db.close();
      await target.drop();
    }
  } finally {
    await drop();
    rmSync(folder, { recursive: true, force: true });
  }
}

// ——— the parent: one child per size, then the table, growth factors and the chart ———

function table(results: Figures[]): string {
  const rows: [string, (f: Figures) => string][] = [
    ['articles', (f) => f.size.toLocaleString('en-US')],
    ['load average at the end (1 / 5 / 15 min)', (f) => f.load.map((x) => x.toFixed(1)).join(' / ')],
    ['database on disk', (f) => `${f.databaseMb.toFixed(0)} MB`],
    ['daemon RSS idle', (f) => `${f.idleRssMb.toFixed(0)} MB`],
    ['daemon RSS peak, 50 readers of the home data', (f) => `${f.servingRssMb.toFixed(0)} MB (${f.servingRps.toFixed(0)} req/s)`],
    ['trends analysis of the 48 h window', (f) => `${f.analyzeSeconds.toFixed(1)} s, ${f.windowArticles.toLocaleString('en-US')} articles, ${f.trends} trends`],
    ['daemon RSS peak while analysing', (f) => `${f.analyzePeakRssMb.toFixed(0)} MB`],
    ...[0, 1, 2, 3, 4, 5].map((i): [string, (f: Figures) => string] => [
      `search p50 / p95: ${['common word', 'mid-frequency word', 'rare word', 'two words', 'phrase', 'prefix'][i]}`,
      (f) => `${f.search[i]!.p50.toFixed(1)} / ${f.search[i]!.p95.toFixed(1)} ms`,
    ]),
    ['home data rebuild (p50 of 5)', (f) => `${f.homeRebuildMs.toFixed(0)} ms`],
    ['topic page / story page (p50 of 10)', (f) => `${f.topicPageMs.toFixed(1)} / ${f.storyPageMs.toFixed(1)} ms`],
    ['db dump: time, archive', (f) => `${f.dumpSeconds.toFixed(1)} s, ${f.archiveMb.toFixed(0)} MB`],
    ['db restore (checked, then loaded)', (f) => `${f.restoreSeconds.toFixed(1)} s`],
    ['seeding (not the product)', (f) => `${f.seedSeconds.toFixed(0)} s`],
  ];
  const lines = [
    `| ${results[0]!.engine} | ${results.map((f) => f.size.toLocaleString('en-US')).join(' | ')} | growth per 10× |`,
    `|---|${results.map(() => '---|').join('')}---|`,
  ];
  const growth: Record<string, (f: Figures) => number> = {
    'database on disk': (f) => f.databaseMb,
    'trends analysis of the 48 h window': (f) => f.analyzeSeconds,
    'home data rebuild (p50 of 5)': (f) => f.homeRebuildMs,
    'db dump: time, archive': (f) => f.dumpSeconds,
    'db restore (checked, then loaded)': (f) => f.restoreSeconds,
    'daemon RSS idle': (f) => f.idleRssMb,
    'search p50 / p95: mid-frequency word': (f) => f.search[1]!.p95,
    'search p50 / p95: two words': (f) => f.search[3]!.p95,
  };
  for (const [label, cell] of rows.slice(1)) {
    const factor = growth[label];
    const factors = factor
      ? results
          .slice(1)
          .map((f, i) => `${(factor(f) / factor(results[i]!)) ** (1 / Math.log10(f.size / results[i]!.size))}`)
          .map((x) => `${Number(x).toFixed(2)}×`)
          .join(', ')
      : '';
    lines.push(`| ${label} | ${results.map(cell).join(' | ')} | ${factors} |`);
  }
  return lines.join('\n');
}

/** A log-log chart of the figures that grow, each against the data's own 10× per step. */
function chart(results: Figures[]): string {
  const series: [string, string, (f: Figures) => number][] = [
    ['database on disk (MB)', '#2563eb', (f) => f.databaseMb],
    ['db dump (s)', '#16a34a', (f) => f.dumpSeconds],
    ['db restore (s)', '#15803d', (f) => f.restoreSeconds],
    ['trends analysis (s)', '#dc2626', (f) => f.analyzeSeconds],
    ['search mid-frequency p95 (ms)', '#9333ea', (f) => f.search[1]!.p95],
    ['home data rebuild (ms)', '#ea580c', (f) => f.homeRebuildMs],
    ['daemon RSS idle (MB)', '#0891b2', (f) => f.idleRssMb],
  ];
  const width = 800;
  const height = 420;
  const left = 70;
  const right = 270;
  const top = 30;
  const bottom = 50;
  const sizes = results.map((f) => f.size);
  const values = series.flatMap(([, , pick]) => results.map(pick)).filter((v) => v > 0);
  const [minX, maxX] = [Math.log10(Math.min(...sizes)), Math.log10(Math.max(...sizes))];
  const [minY, maxY] = [Math.floor(Math.log10(Math.min(...values))), Math.ceil(Math.log10(Math.max(...values)))];
  const x = (size: number) => left + ((Math.log10(size) - minX) / Math.max(1e-9, maxX - minX)) * (width - left - right);
  const y = (value: number) => top + (1 - (Math.log10(value) - minY) / Math.max(1e-9, maxY - minY)) * (height - top - bottom);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<text x="${left}" y="18" font-size="14" font-weight="600">newsctl cost by archive size (${results[0]!.engine}, log-log)</text>`,
  ];
  for (let power = minY; power <= maxY; power++) {
    parts.push(`<line x1="${left}" x2="${width - right}" y1="${y(10 ** power)}" y2="${y(10 ** power)}" stroke="#e5e7eb"/>`);
    parts.push(`<text x="${left - 8}" y="${y(10 ** power) + 4}" text-anchor="end" fill="#4b5563">${(10 ** power).toLocaleString('en-US')}</text>`);
  }
  for (const size of sizes) {
    parts.push(`<line x1="${x(size)}" x2="${x(size)}" y1="${top}" y2="${height - bottom}" stroke="#e5e7eb"/>`);
    parts.push(`<text x="${x(size)}" y="${height - bottom + 18}" text-anchor="middle" fill="#4b5563">${size.toLocaleString('en-US')} articles</text>`);
  }
  // The data's own growth: a line rising 10× per 10× of articles, from the first size's database size.
  const first = results[0]!;
  const last = results[results.length - 1]!;
  parts.push(
    `<line x1="${x(first.size)}" y1="${y(first.databaseMb)}" x2="${x(last.size)}" y2="${y(first.databaseMb * (last.size / first.size))}" stroke="#9ca3af" stroke-dasharray="4 4"/>`,
  );
  series.forEach(([label, color, pick], i) => {
    const points = results.filter((f) => pick(f) > 0).map((f) => `${x(f.size).toFixed(1)},${y(pick(f)).toFixed(1)}`);
    parts.push(`<polyline points="${points.join(' ')}" fill="none" stroke="${color}" stroke-width="2"/>`);
    for (const point of points) parts.push(`<circle cx="${point.split(',')[0]}" cy="${point.split(',')[1]}" r="3" fill="${color}"/>`);
    parts.push(`<rect x="${width - right + 16}" y="${top + i * 20}" width="12" height="3" fill="${color}"/>`);
    parts.push(`<text x="${width - right + 34}" y="${top + i * 20 + 5}">${label}</text>`);
  });
  parts.push(
    `<line x1="${width - right + 16}" x2="${width - right + 28}" y1="${top + series.length * 20 + 1}" y2="${top + series.length * 20 + 1}" stroke="#9ca3af" stroke-dasharray="4 4"/>`,
  );
  parts.push(`<text x="${width - right + 34}" y="${top + series.length * 20 + 5}">growth of the data (10× per step)</text>`);
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

const sizeArgument = process.argv.indexOf('--size');
if (sizeArgument > 0) {
  const figures = await measure(Number(process.argv[sizeArgument + 1]));
  console.log(`RESULT ${JSON.stringify(figures)}`);
  process.exit(0);
} else {
  const sizes = (process.env.BENCH_SCALE_SIZES ?? (serverUrl ? '10000,100000,1000000' : '10000,100000')).split(',').map(Number);
  const results: Figures[] = [];
  for (const size of sizes) {
    console.log(
      `\n— ${size.toLocaleString('en-US')} articles on ${serverUrl ? 'PostgreSQL' : 'the embedded database'} (load average ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')})`,
    );
    const child = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(here, 'scale.bench.ts'), '--size', String(size)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      maxBuffer: 64 * 1024 * 1024,
    });
    const line = child.stdout.split('\n').find((l) => l.startsWith('RESULT '));
    if (!line) {
      console.log(child.stdout);
      throw new Error(`the ${size} run failed (exit ${child.status})`);
    }
    const figures = JSON.parse(line.slice(7)) as Figures;
    results.push(figures);
    console.log(JSON.stringify(figures));
  }
  console.log(`\n${table(results)}`);
  const chartPath = process.env.BENCH_SCALE_CHART;
  if (chartPath && results.length > 1) {
    writeFileSync(resolve(chartPath), chart(results));
    console.log(`\nchart written to ${chartPath}`);
  }
}

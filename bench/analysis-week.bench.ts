// The trends analysis of a week of 2,000 sources (100,000 articles, bench/lib/week-corpus.ts) by a
// running daemon, offline engine: wall time, the process's peak memory (worker thread included) and
// the longest stall of the daemon's event loop while it runs — beside the same analysis of the
// week's newest 10,000 articles measured in the same run (the baseline: how far from linear the
// week is). Targets: the week within 20 s and 1 GB, no stall over 50 ms. The articles are stored
// by a process of their own, as the crawl stores them, each with the reading a story's topic makes
// of it (timed apart: the crawl's share of the work); the week is then analysed once more with no
// reading stored, as the first analysis after an upgrade or a new topic model reads it.
//
//   npm run bench -- analysis-week                                  embedded database
//   BENCH_DATABASE_URL=postgres://… npm run bench -- analysis-week   PostgreSQL
//   BENCH_WEEK_ARTICLES=30000 …                                    another week's size
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import postgres from 'postgres';
import { openDatabase } from '../src/db/client.js';
import { migrate } from '../src/db/migrate.js';
import { startQuietDaemon } from './lib/quiet-daemon.js';
import { runTrendsAnalyzer } from '../src/services/reader/trends/index.js';
import { READING_LENGTH, readingModel, storedReading } from '../src/services/reader/classify/index.js';
import { storeTopicReadings } from '../src/db/article-topics.js';
import { offlineArticleTopics } from '../src/services/reader/article-topics/index.js';
import { weekCorpus } from './lib/week-corpus.js';

const serverUrl = process.env.BENCH_DATABASE_URL ?? null;
const ARTICLES = Number(process.env.BENCH_WEEK_ARTICLES ?? 100_000);
const BASELINE_ARTICLES = 10_000;
const SITES = 2_000;
const TARGETS = { seconds: 20, mb: 1_024, stallMs: 50 };

const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;

async function openBenchDatabase(): Promise<{ url: string | null; drop: () => Promise<void> }> {
  if (!serverUrl) return { url: null, drop: async () => {} };
  const name = `newsctl_bench_week_${process.pid}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function seed(url: string | null, dataDir: string, end: Date): Promise<{ readingSeconds: number }> {
  let readingSeconds = 0;
  const db = await openDatabase({ databaseUrl: url, dataDir });
  try {
    await migrate(db.sql);
    await db.sql`insert into domains (url, host, status) select 'site' || g || '.test', 'site' || g || '.test', 'success' from generate_series(0, ${SITES - 1}) g`;
    const domainOf = new Map((await db.sql<{ id: number; host: string }[]>`select id, host from domains`).map((row) => [row.host, row.id]));
    const rows = weekCorpus({ articles: ARTICLES, sites: SITES, days: 7, end });
    for (let at = 0; at < rows.length; at += 1_000) {
      const part = rows.slice(at, at + 1_000);
      // Each article under its own topic as the crawl files it (the offline classifier's), not the
      // corpus's: the analysis then rewrites only the articles whose story is filed elsewhere.
      const ownTopics = offlineArticleTopics(part.map((row) => ({ title: row.title, text: row.lead })));
      const objects = part.map((row, i) => ({
        domainId: domainOf.get(row.domainName)!,
        domainName: row.domainName,
        sourceUrl: `https://${row.domainName}/${row.id}`,
        canonicalUrl: `https://${row.domainName}/${row.id}`,
        title: row.title,
        content: row.lead,
        excerpt: row.lead.slice(0, 300),
        topic: ownTopics[i],
        publishedAt: row.publishedAt,
        scrapedAt: row.scrapedAt,
        wordCount: row.lead.split(/\s+/).length,
      }));
      const ids = (await db.sql<{ id: number }[]>`insert into articles ${db.sql(objects)} returning id`).map((row) => row.id);
      const start = performance.now();
      const readings = new Float32Array(ids.length * READING_LENGTH);
      objects.forEach((article, i) => readings.set(storedReading(article).numbers, i * READING_LENGTH));
      readingSeconds += (performance.now() - start) / 1000;
      await storeTopicReadings(db.sql, { ids, readings, length: READING_LENGTH, model: readingModel() });
    }
    await db.sql`vacuum analyze articles`;
  } finally {
    await db.close();
  }
  return { readingSeconds };
}

interface Run {
  label: string;
  articles: number;
  seconds: number;
  idleMb: number;
  peakMb: number;
  longestStallMs: number;
  p99StallMs: number;
  trends: number;
  /** Seconds per step of the run, by the first word of the analyzer's current action ("Grouping", "Filing", …). */
  steps: [string, number][];
}

/** Seconds spent under each action the analyzer announced, by the action's first word, in order of first use. */
function stepsOf(marks: readonly { action: string; at: number }[], end: number): [string, number][] {
  const steps = new Map<string, number>();
  marks.forEach(({ action, at }, i) => {
    const step = action.split(' ')[0]!;
    steps.set(step, (steps.get(step) ?? 0) + ((marks[i + 1]?.at ?? end) - at) / 1000);
  });
  return [...steps];
}

/**
 * The week is made and stored by a process of its own: its 100,000 rows and the classifier it reads
 * them with would otherwise stay in this process's memory, which is the daemon's to measure.
 */
function seedApart(url: string | null, dataDir: string, end: Date): { readingSeconds: number } {
  const child = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_WEEK_SEED: JSON.stringify({ url, dataDir, end: end.toISOString() }) },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 20,
  });
  if (child.status !== 0) throw new Error(`seeding the week failed (exit ${child.status})`);
  return JSON.parse(child.stdout.toString()) as { readingSeconds: number };
}

const seedRequest = process.env.BENCH_WEEK_SEED;
if (seedRequest) {
  const { url, dataDir, end } = JSON.parse(seedRequest) as { url: string | null; dataDir: string; end: string };
  process.stdout.write(JSON.stringify(await seed(url, dataDir, new Date(end))));
} else await measure();

async function measure(): Promise<void> {
  const folder = mkdtempSync(join(tmpdir(), 'newsctl-week-'));
  const dataDir = join(folder, 'data');
  const { url, drop } = await openBenchDatabase();
  try {
    const end = new Date();
    let start = performance.now();
    const { readingSeconds } = seedApart(url, dataDir, end);
    console.log(
      `A week of ${ARTICLES.toLocaleString('en-US')} articles from ${SITES.toLocaleString('en-US')} sources on ${url ? 'PostgreSQL' : 'the embedded database'}, seeded in ${((performance.now() - start) / 1000).toFixed(0)} s`,
    );
    console.log(
      `  the stored readings of a story's topic, made as the crawl makes them: ${readingSeconds.toFixed(1)} s, ${((readingSeconds / ARTICLES) * 1000).toFixed(2)} ms an article`,
    );

    const daemon = await startQuietDaemon({ dataDir, databaseUrl: url, folder });
    const ctx = daemon.runtime.ctx;
    const analyse = async (articles: number, label = ''): Promise<Run> => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      global.gc?.();
      const idleMb = rssMb();
      const delay = monitorEventLoopDelay({ resolution: 10 });
      let peak = rssMb();
      const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 25);
      delay.enable();
      const marks: { action: string; at: number }[] = [];
      const stopListening = ctx.events.on('trendsAnalyzerAction', ({ action }) => marks.push({ action, at: performance.now() }));
      start = performance.now();
      const summary = await runTrendsAnalyzer(ctx, { offline: true, windowHours: 7 * 24 + 1, articlesPerRun: articles, now: end.toISOString() });
      const ended = performance.now();
      stopListening();
      const seconds = (ended - start) / 1000;
      // The histogram records a stall once its timer has fired after it.
      await new Promise((resolve) => setTimeout(resolve, 30));
      delay.disable();
      clearInterval(sampler);
      if (summary.error) throw new Error(summary.error);
      return {
        label,
        articles,
        seconds,
        idleMb,
        peakMb: Math.max(peak, rssMb()),
        longestStallMs: delay.max / 1e6,
        p99StallMs: delay.percentile(99) / 1e6,
        trends: summary.trends,
        steps: stepsOf(marks, ended),
      };
    };
    try {
      const baseline = await analyse(BASELINE_ARTICLES);
      const week = await analyse(ARTICLES);
      await ctx.sql`delete from article_topic_readings`;
      const unread = await analyse(ARTICLES, 'no reading stored');
      console.log(`\nThe daemon's trends analysis, offline engine (load average ${loadavg()[0]!.toFixed(1)})`);
      console.log('  articles   wall      RSS before  peak RSS   longest stall  p99 stall  trends');
      for (const run of [baseline, week, unread]) {
        console.log(
          `  ${run.articles.toLocaleString('en-US').padStart(8)}  ${run.seconds.toFixed(1).padStart(5)} s  ${run.idleMb.toFixed(0).padStart(7)} MB  ${run.peakMb.toFixed(0).padStart(6)} MB  ${run.longestStallMs.toFixed(0).padStart(9)} ms  ${run.p99StallMs.toFixed(0).padStart(6)} ms  ${String(run.trends).padStart(6)}  ${run.label}`,
        );
      }
      for (const run of [baseline, week, unread]) {
        const steps = run.steps.filter(([, seconds]) => seconds >= 0.05).map(([step, seconds]) => `${step.toLowerCase()} ${seconds.toFixed(1)} s`);
        console.log(`  ${run.articles.toLocaleString('en-US').padStart(8)}  steps: ${steps.join(', ')}${run.label ? ` (${run.label})` : ''}`);
      }
      const perArticle = week.seconds / week.articles / (baseline.seconds / baseline.articles);
      console.log(`  cost per article, week/baseline: ${perArticle.toFixed(2)}x (1.00x is linear)`);
      const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
      console.log(
        `\nSummary: week ${week.seconds.toFixed(1)} s (≤ ${TARGETS.seconds} s ${verdict(week.seconds <= TARGETS.seconds)}), ${week.peakMb.toFixed(0)} MB (≤ ${TARGETS.mb} MB ${verdict(week.peakMb <= TARGETS.mb)}), longest stall ${week.longestStallMs.toFixed(0)} ms (≤ ${TARGETS.stallMs} ms ${verdict(week.longestStallMs <= TARGETS.stallMs)})`,
      );
    } finally {
      await daemon.close();
    }
  } finally {
    await drop();
    rmSync(folder, { recursive: true, force: true });
  }
}

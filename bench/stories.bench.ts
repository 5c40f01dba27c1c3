// Story clustering: B-cubed precision, recall and F1 of the offline trends engine on both
// development files (each whole file one batch), beside the README's naive baseline (single-pass
// TF-IDF over titles, T = 0.5) measured in the same run; then the wall time of
// `newsctl trends analyze --from-jsonl` on 10,000 articles, spawned as a process, beside the
// baseline's process on the same file. Targets: F1 ≥ 0.80 on both files; ≤ 5 s for 10,000 articles.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { packagePath } from '../src/paths.js';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { RecentArticleRow } from '../src/db/article-topics.js';
import { classifyStory } from '../src/services/reader/classify/index.js';
import { clusterStories } from '../src/services/reader/trends/engine/index.js';
import { windowStories, windowStoriesOffThread } from '../src/services/reader/trends/stories.js';
import { ANALYZER_DEFAULTS } from '../src/services/reader/trends/analyzer.js';
import { singlePassBaseline } from './lib/stories-baseline.js';
import { timeProcess } from './lib/timing.js';
import { bcubed, datasetsRoot, loadStorySet, storyFilePath, type BCubed } from './lib/stories-set.js';

const FILES = ['clusters-dev-1d.jsonl', 'clusters-dev-longtail.jsonl'];
const F1_TARGET = 0.8;
const SECONDS_TARGET = 5;
const ARTICLES_FOR_TIMING = 10_000;
const RUNS = 3;

const fmt = (x: number) => x.toFixed(3);
const availableCores = () => (typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length);
const row = (label: string, r: BCubed, ms: number) =>
  `  ${label.padEnd(26)} P ${fmt(r.precision)}  R ${fmt(r.recall)}  F1 ${fmt(r.f1)}  clusters ${String(r.clusters).padStart(5)}  ${ms.toFixed(0).padStart(5)} ms`;

console.log('Story clustering, B-cubed (whole file as one batch)');
const verdicts: string[] = [];
for (const name of FILES) {
  const set = loadStorySet(name);
  const articles = set.map((g) => g.article);
  const gold = new Map(set.map((g) => [g.article.id, g.storyId]));
  const stories = new Set(gold.values()).size;

  let start = performance.now();
  const clusters = clusterStories(articles);
  const engineMs = performance.now() - start;
  const engineOf = new Map<string, string>();
  for (const cluster of clusters) for (const article of cluster.articles) engineOf.set(article.id, cluster.storyId);

  start = performance.now();
  const baseline = singlePassBaseline(articles, 0.5);
  const baselineMs = performance.now() - start;
  const baselineOf = new Map(articles.map((article, i) => [article.id, String(baseline[i])]));

  const engine = bcubed(gold, engineOf);
  const naive = bcubed(gold, baselineOf);
  console.log(`\n${name}: ${articles.length} articles, ${stories} gold stories`);
  console.log(row('engine', engine, engineMs));
  console.log(row('baseline TF-IDF T=0.5', naive, baselineMs));
  console.log(`  F1 ratio engine/baseline ${(engine.f1 / naive.f1).toFixed(2)}x; target F1 ≥ ${F1_TARGET}: ${engine.f1 >= F1_TARGET ? 'met' : 'NOT met'}`);
  verdicts.push(`${name} F1 ${fmt(engine.f1)} (${engine.f1 >= F1_TARGET ? 'met' : 'not met'})`);
}

// A 10,000-article batch: both story files and CC BY topic rows, ids made unique, gold fields dropped.
const folder = mkdtempSync(join(tmpdir(), 'newsctl-stories-'));
try {
  const lines: string[] = [];
  const add = (prefix: string, file: string, keep: (row: Record<string, unknown>) => boolean = () => true) => {
    for (const line of readFileSync(file, 'utf8').split('\n')) {
      if (!line.trim() || lines.length >= ARTICLES_FOR_TIMING) continue;
      const r = JSON.parse(line) as Record<string, unknown>;
      if (!keep(r)) continue;
      lines.push(JSON.stringify({ id: `${prefix}-${r.id}`, title: r.title, body: r.body ?? '', source: r.source, publishedAt: r.publishedAt }));
    }
  };
  add('d1', storyFilePath(FILES[0]!));
  add('lt', storyFilePath(FILES[1]!));
  add('tp', join(datasetsRoot(), 'trends', 'topics-train.jsonl'), (r) => r.licence === 'CC-BY-4.0');
  const batch = join(folder, 'articles.jsonl');
  writeFileSync(batch, `${lines.join('\n')}\n`);

  // The command as an installed newsctl runs it: the compiled build (made here if it is missing or
  // older than the sources), not the sources compiled by tsx at each start.
  const built = spawnSync(process.execPath, [packagePath('scripts', 'build-if-needed.mjs')], { cwd: packagePath(), stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed');
  const load = loadavg()[0]!;

  const cli = timeProcess([packagePath('bin', 'newsctl.js'), 'trends', 'analyze', '--from-jsonl', batch, '--json'], RUNS);
  const outLines = cli.stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  const assigned = outLines.filter((line) => 'id' in line && 'storyId' in line).length;
  const trends = outLines.filter((line) => 'relevanceScore' in line).length;
  // (The baseline is a script of the benches: tsx compiles it at its start, ~0.3 s of its figure.)
  const naive = timeProcess([packagePath('bench/lib/stories-baseline-cli.ts'), batch, '0.5'], RUNS, ['--import', 'tsx']);

  const seconds = cli.median / 1000;
  const cpuText = (ms: number) => (Number.isNaN(ms) ? '' : `, CPU ${(ms / 1000).toFixed(2)} s`);
  console.log(
    `\nWall time on ${lines.length} articles (process start included, median of ${RUNS} runs; load average ${load.toFixed(1)} on ${availableCores()} cores)`,
  );
  console.log(
    `  newsctl trends analyze --from-jsonl --json  ${seconds.toFixed(2)} s (best ${(cli.best / 1000).toFixed(2)} s${cpuText(cli.cpu)}); ${assigned} articles assigned, ${trends} trends`,
  );
  console.log(
    `  baseline TF-IDF T=0.5 process               ${(naive.median / 1000).toFixed(2)} s (best ${(naive.best / 1000).toFixed(2)} s${cpuText(naive.cpu)})`,
  );
  console.log(
    `  ratio engine/baseline ${(cli.median / naive.median).toFixed(2)}x; target ≤ ${SECONDS_TARGET} s: ${seconds <= SECONDS_TARGET ? 'met' : 'NOT met'}`,
  );
  verdicts.push(`10k wall ${seconds.toFixed(2)} s (${seconds <= SECONDS_TARGET ? 'met' : 'not met'})`);

  // What a daemon's other callers wait through while the analyzer groups its largest window: the
  // longest stall of this thread's event loop, the work done here vs in a worker thread.
  const rows: RecentArticleRow[] = lines.slice(0, ANALYZER_DEFAULTS.articlesPerRun).map((line, i) => {
    const r = JSON.parse(line) as { title: string; body: string; source: string; publishedAt?: string };
    // The topic rows carry no date (the story files do): read as crawled now, as the CLI reads them.
    const at = r.publishedAt ? new Date(r.publishedAt) : new Date();
    return {
      id: i + 1,
      title: r.title,
      lead: r.body,
      domainName: r.source,
      publishedAt: at,
      scrapedAt: at,
      ownTopic: null,
      topicSource: null,
    };
  });
  const limits = { minArticles: 2, minSources: 2 };
  const stall = async (work: () => Promise<unknown>) => {
    const delay = monitorEventLoopDelay({ resolution: 5 });
    const turn = () => new Promise((resolve) => setTimeout(resolve, 20));
    delay.enable();
    await turn();
    const start = performance.now();
    await work();
    const wall = performance.now() - start;
    // The histogram records a stall when its timer fires after it: let it fire.
    await turn();
    delay.disable();
    return { wall, longest: delay.max / 1e6 };
  };
  windowStories(rows.slice(0, 50), limits); // the classifier loaded, as in a running daemon
  const here = await stall(async () => windowStories(rows, limits));
  const worker = await stall(() => windowStoriesOffThread(rows, { ...limits, offThreadFrom: 0 }));
  console.log(`\nThe daemon's thread while one analysis window of ${rows.length} articles is grouped (load average ${loadavg()[0]!.toFixed(1)})`);
  console.log(
    `  in a worker thread (the analyzer's way from ${ANALYZER_DEFAULTS.offThreadFrom} articles)  longest stall ${worker.longest.toFixed(0)} ms, wall ${worker.wall.toFixed(0)} ms (worker start and classifier load included; from src/, tsx compiles in the worker)`,
  );
  console.log(`  in the caller's thread                                    longest stall ${here.longest.toFixed(0)} ms, wall ${here.wall.toFixed(0)} ms`);
  console.log(`  ratio of stalls ${(here.longest / Math.max(1, worker.longest)).toFixed(0)}x`);

  // Crawled articles have bodies, and the story topic reads every headline and the first
  // paragraphs of the leads (issue 27). The stories of the window above (the file's headlines), each
  // article given a 1,500-character lead of four paragraphs (other headlines of the file, so that
  // every paragraph is real news text): what reading the stories' topics costs on top of grouping.
  const window = windowStories(rows, limits);
  const leadOf = (i: number) =>
    Array.from({ length: 4 }, (_, p) => [1, 2, 3, 4].map((k) => rows[(i + 7 * p + 11 * k) % rows.length]!.title).join('. '))
      .join('\n\n')
      .slice(0, 1_500);
  const byId = new Map(rows.map((row, i) => [row.id, { title: row.title, body: leadOf(i) }]));
  const storyArticles = window.covered.reduce((n, story) => n + story.articleIds.length, 0);
  const topicStart = performance.now();
  for (const story of window.covered) classifyStory(story.articleIds.map((id) => byId.get(id)!));
  const topicMs = performance.now() - topicStart;
  console.log(
    `  the topics of its ${window.covered.length} stories of two sites or more (${storyArticles} articles), read with 1,500-character leads: ${topicMs.toFixed(0)} ms (in the worker thread, beside the grouping)`,
  );
} finally {
  rmSync(folder, { recursive: true, force: true });
}
console.log(`\nSummary: ${verdicts.join('; ')}`);

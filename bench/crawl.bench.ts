// Crawl throughput over 100 local news sites (test/fixtures/news-web): the spider (crawlee over the
// per-host polite queue, robots.txt, the guarded client, extraction, topics and database writes;
// every domain at the fastest allowed pace, a 1 s throttle) against naive baselines measured in the
// same run on the same pages:
//   - a sequential fetch-everything loop that obeys the same 1 request per second per host (the
//     polite crawler one writes first): timed on a sample of sites, since its rate does not
//     depend on how many sites there are;
//   - the same loop with no pacing at all (impolite: the machine's raw fetch-and-extract speed, a
//     ceiling no polite crawler of a few pages per site can reach).
// Pages are every request the sites served: robots.txt, home pages, feeds, sitemaps and articles.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.js';
import { openRuntime } from '../src/runtime.js';
import { addDomain } from '../src/services/reader/domains/index.js';
import { readArticlePage, startSpider, waitForSpider } from '../src/services/reader/spider/index.js';
import { stopServices } from '../src/lifecycle.js';
import { startNewsWeb, type RequestLogEntry } from '../test/fixtures/news-web/index.js';

const SITES = 100;
const POLITE_SAMPLE_SITES = 3;
const HOST_INTERVAL_MS = 1000;

const web = await startNewsWeb({ sites: SITES, hostile: false });
const dataDir = mkdtempSync(join(tmpdir(), 'newsctl-crawl-bench-'));
const config = loadConfig({
  NEWSCTL_DATA_DIR: dataDir,
  NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(','),
  NEWSCTL_LOG_LEVEL: 'silent',
});
const runtime = await openRuntime(config, { inMemory: true });
const { ctx } = runtime;

// --- the spider ------------------------------------------------------------------------------
for (const site of web.sites) await addDomain(ctx, { url: site.origin, throttle: HOST_INTERVAL_MS / 1000 });
web.clearLog();
const cpuBefore = process.cpuUsage();
let start = performance.now();
await startSpider(ctx);
await waitForSpider(ctx);
const spiderSeconds = (performance.now() - start) / 1000;
const cpu = process.cpuUsage(cpuBefore);
const crawled: RequestLogEntry[] = [...web.requestLog];
const [stored] = await ctx.sql<{ count: number }[]>`select count(*)::int as count from articles`;
const articles = stored!.count;
const expectedArticles = web.sites.reduce((n, site) => n + site.expectedArticleUrls.length, 0);
await stopServices(ctx);
await runtime.close();

// The pages each site served the spider, in order: what the baselines fetch too.
const pagesBySite = web.sites.map((site) => crawled.filter((entry) => entry.host === site.host).map((entry) => `${site.origin}${entry.path}`));
const articleUrls = new Set(web.sites.flatMap((site) => site.expectedArticleUrls));

async function fetchAndExtract(url: string): Promise<void> {
  const response = await fetch(url, { headers: { 'user-agent': config.userAgent } });
  const body = await response.text();
  if (articleUrls.has(url)) readArticlePage(body, url);
}

// --- baseline: sequential, polite --------------------------------------------------------------
let politePages = 0;
start = performance.now();
for (const pages of pagesBySite.slice(0, POLITE_SAMPLE_SITES)) {
  let last = -Infinity;
  for (const url of pages) {
    const wait = last + HOST_INTERVAL_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    last = performance.now();
    await fetchAndExtract(url);
    politePages++;
  }
}
const politeSeconds = (performance.now() - start) / 1000;

// --- baseline: sequential, no pacing -----------------------------------------------------------
let rawPages = 0;
start = performance.now();
for (const pages of pagesBySite) {
  for (const url of pages) {
    await fetchAndExtract(url);
    rawPages++;
  }
}
const rawSeconds = (performance.now() - start) / 1000;

await web.close();
rmSync(dataDir, { recursive: true, force: true });

const rate = (pages: number, seconds: number) => pages / seconds;
const spiderRate = rate(crawled.length, spiderSeconds);
const politeRate = rate(politePages, politeSeconds);
const rawRate = rate(rawPages, rawSeconds);
const line = (label: string, pages: number, seconds: number) =>
  `  ${label.padEnd(44)} ${String(pages).padStart(5)} pages in ${seconds.toFixed(1).padStart(6)} s  ${rate(pages, seconds).toFixed(1).padStart(7)} pages/s`;

console.log(`Crawl of ${SITES} local news sites (1 request per second per host at most)`);
console.log(line('spider (crawlee, polite queue, store)', crawled.length, spiderSeconds));
console.log(`    articles stored ${articles} of ${expectedArticles} reachable; CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s`);
// No polite crawl can end before its slowest site: that site's requests, each a pause apart.
const floorSeconds = Math.max(...web.sites.map((site, i) => ((pagesBySite[i]!.length - 1) * Math.max(HOST_INTERVAL_MS, site.crawlDelayMs ?? 0)) / 1000));
console.log(
  `    pacing floor: the slowest site needs ${floorSeconds.toFixed(1)} s at its pace (robots.txt Crawl-delay 2 s on ${web.sites.filter((s) => s.crawlDelayMs).length} sites)`,
);
console.log(line(`baseline: sequential polite (${POLITE_SAMPLE_SITES} sites)`, politePages, politeSeconds));
console.log(line('baseline: sequential, no pacing (impolite)', rawPages, rawSeconds));
console.log(`  spider vs sequential polite loop: ${(spiderRate / politeRate).toFixed(1)}×`);
console.log(`  spider vs impolite loop:          ${(spiderRate / rawRate).toFixed(2)}×`);

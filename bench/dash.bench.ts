// The dashboard's memory after an hour-equivalent of live messages, beside its memory at start
// (issue 17: it must run for hours without growing). The real App and store render into a
// terminal-sized stream that discards frames, in production mode as `newsctl dash` runs. An hour
// of a busy newsroom (10 messages a second: status, spider activity, logs, queue and audio
// progress) is sent fast: each simulated second's batch, then one real redraw (no throttle here, so
// the hour draws ~3,600 frames where the live dashboard would draw up to 5 a second).
// Memory is read after two full GCs a second apart. Sent this fast, the frames' garbage makes V8
// grow its heap to ~120 MB between collections; it returns the pages a GC frees on a background
// thread, and gives back the room it grew only at a later GC. An rss read right after one gc()
// therefore counted that transient room (+19 to +78 MB from run to run), not memory kept.
process.env.NODE_ENV = 'production';
import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { LiveMessage } from '../src/api/live.js';
import type { StatusResponse } from '../src/api/status.js';
import type { LiveHandlers } from '../src/client/index.js';
import type { DashClient } from '../src/tui/store.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const SECONDS = Number(process.argv[2] ?? 3600);
const PER_SECOND = 10;

class Terminal extends Writable {
  columns = 80;
  rows = 24;
  frames = 0;
  bytes = 0;
  isTTY = true;
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.frames++;
    this.bytes += chunk.length;
    done();
  }
}

const status = (second: number): StatusResponse => ({
  spiderStatus: 'running',
  spiderProgress: Math.floor((second / SECONDS) * 100),
  spiderCurrentDomain: `site-${second % 50}.example`,
  spiderCrawlingDomains: [`site-${second % 50}.example`, `site-${(second + 1) % 50}.example`],
  spiderSitesProcessed: Math.floor(second / 36),
  spiderTotalSites: 100,
  spiderWorkProgress: Math.min(100, (second / SECONDS) * 100),
  spiderActiveThreads: second % 8,
  spiderPendingRequests: 40 - (second % 40),
  spiderCurrentRunArticleCount: second * 2,
  spiderElapsedTime: `${Math.floor(second / 60)}m ${second % 60}s`,
  spiderActivityLog: Array.from({ length: 100 }, (_, i) => `[10:00:00] NEW: Article ${second}-${i} about something that happened today`),
  spiderLastStartTime: new Date().toISOString(),
  trendsAnalyzerStatus: 'idle',
  totalTrendsIdentified: 40,
  mistralQueriesCount: 0,
  trendsAnalyzerLastRun: null,
  trendsAnalyzerCurrentAction: null,
  generatorStatus: 'generating',
  totalArticlesGenerated: second,
  generatorLastRun: null,
});

function messagesOf(second: number): LiveMessage[] {
  const at = new Date(Date.UTC(2026, 10, 26, 10, 0, 0) + second * 1000).toISOString();
  const list: LiveMessage[] = [
    { type: 'status_update', ...status(second) },
    { type: 'spider_activity', message: `NEW: A headline number ${second} from a crawled site`, timestamp: at },
    { type: 'spider_activity', message: `Crawling site-${second % 50}.example page ${second}`, timestamp: at },
    { type: 'log_entry', id: second * 3, timestamp: at, component: 'SPIDER', level: 'info', message: `Stored article ${second}` },
    { type: 'log_entry', id: second * 3 + 1, timestamp: at, component: 'GENERATOR', level: 'info', message: `Generated "${second}"` },
    { type: 'log_entry', id: second * 3 + 2, timestamp: at, component: 'AUDIO', level: 'warning', message: `Segment ${second}` },
    {
      type: 'queue_update',
      queueLength: 3,
      isGenerating: true,
      currentTrend: `Trend ${second}`,
      items: [{ id: second, trendTitle: `Trend ${second}`, status: 'generating' }],
    } as unknown as LiveMessage,
    { type: 'generator_action', action: `Generating article for "Trend ${second}"` },
    { type: 'job_progress', job: 'podcast-audio', runId: `run-${second % 7}`, progress: { current: second % 12, total: 12 } },
    { type: 'trendsAnalyzerAction', action: `Analyzing topic ${second % 8}` },
  ];
  return list.slice(0, PER_SECOND);
}

function fakeClient() {
  let handlers: LiveHandlers | null = null;
  const client = {
    describe: 'bench',
    subscribe(h: LiveHandlers) {
      handlers = h;
      h.state?.('open');
      return { close() {} };
    },
    siteInfo: async () => ({ siteName: 'newsctl', assistantUrl: '', timeZone: 'America/Chicago' }),
    status: async () => status(0),
    generator: { queueStatus: async () => ({ queueLength: 0, isGenerating: false, currentTrend: null, items: [] }), run: async () => ({}) },
    trends: { list: async () => [] },
    logs: { list: async () => [] },
    jobs: { list: async () => [] },
    spider: {},
    analyzer: {},
  } as unknown as DashClient;
  return { client, send: (m: LiveMessage) => handlers!.message(m) };
}

/** A keyboard that never types: Ink puts its stdin in raw mode, which a pipe cannot do. */
class Keyboard extends EventEmitter {
  isTTY = true;
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
  read() {
    return null;
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A /proc file, or '' off Linux. */
function proc(name: string): string {
  try {
    return readFileSync(`/proc/${name}`, 'utf8');
  } catch {
    return '';
  }
}
/** Linux splits rss into anonymous memory and mapped files (the node binary's pages, faulted in as code runs). */
function rssKinds(): string {
  const status = proc('self/status');
  if (!status) return '';
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  return ` (anon ${mb(kb('RssAnon'))}, files ${mb(kb('RssFile'))})`;
}
const breakdown = (m: NodeJS.MemoryUsage, kinds: string) =>
  `rss ${mb(m.rss)}${kinds}, heap ${mb(m.heapUsed)} used of ${mb(m.heapTotal)}, external ${mb(m.external)}, arrayBuffers ${mb(m.arrayBuffers)}`;
const growth = (a: NodeJS.MemoryUsage, b: NodeJS.MemoryUsage) =>
  (['rss', 'heapUsed', 'heapTotal', 'external', 'arrayBuffers'] as const).map((k) => `${k} ${b[k] >= a[k] ? '+' : ''}${mb(b[k] - a[k])}`).join(', ');

/** Memory kept: after a GC, a second for V8 to return the freed pages, and a second GC to give back the room it grew. */
async function settled(): Promise<{ afterOneGc: number; kept: NodeJS.MemoryUsage; kinds: string }> {
  gc();
  const afterOneGc = process.memoryUsage().rss;
  await settle(1000);
  gc();
  await settle(1000);
  return { afterOneGc, kept: process.memoryUsage(), kinds: rssKinds() };
}

async function main() {
  const [{ render }, { createElement }, { App }, { DashStore }] = await Promise.all([
    import('ink'),
    import('react'),
    import('../src/tui/App.js'),
    import('../src/tui/store.js'),
  ]);
  const terminal = new Terminal();
  const { client, send } = fakeClient();
  const store = new DashStore(client, { throttleMs: 0, refreshDelayMs: 60_000 });
  const instance = render(createElement(App, { store }), {
    stdout: terminal as unknown as NodeJS.WriteStream,
    stdin: new Keyboard() as unknown as NodeJS.ReadStream,
    exitOnCtrlC: false,
    patchConsole: false,
    maxFps: 1000,
  });
  await store.start();
  // Warm up: a minute of messages, so start-up allocations (JIT, first frames) are not counted as growth.
  for (let second = 0; second < 60; second++) for (const m of messagesOf(second)) send(m);
  await settle(300);
  const start = await settled();
  const began = performance.now();
  let peak = { rss: 0, heapTotal: 0 };
  for (let second = 60; second < SECONDS + 60; second++) {
    for (const m of messagesOf(second)) send(m);
    await settle(2);
    if (second % 60 === 0) {
      const m = process.memoryUsage();
      peak = { rss: Math.max(peak.rss, m.rss), heapTotal: Math.max(peak.heapTotal, m.heapTotal) };
    }
  }
  await settle(500);
  const seconds = (performance.now() - began) / 1000;
  const end = await settled();
  instance.unmount();
  store.close();
  const state = store.getState();
  const load = proc('loadavg').split(' ').slice(0, 3).join(' ') || 'unknown';
  console.log(
    `dashboard memory, ${SECONDS * PER_SECOND} live messages (${SECONDS / 3600} h at ${PER_SECOND}/s) in ${seconds.toFixed(1)} s, ${terminal.frames} writes to an 80x24 terminal (load ${load})`,
  );
  console.log(`  at start:  ${breakdown(start.kept, start.kinds)}`);
  console.log(`  after:     ${breakdown(end.kept, end.kinds)}`);
  console.log(`  growth:    ${growth(start.kept, end.kept)}`);
  console.log(
    `  running:   peak rss ${mb(peak.rss)}, heap ${mb(peak.heapTotal)} (sampled each simulated minute); rss right after the first GC ${mb(end.afterOneGc)}`,
  );
  console.log(`  kept:      ${state.logs.length} logs, ${state.activity.length} activity lines, ${state.messages} messages applied`);
  process.exit(0);
}

await main();

// The spider as the console drives it (spec 001 §4 "Spider"): idle → running → paused → running,
// Stop from either; a run stops itself maxRunMinutes (28) after it starts. One run per process at
// a time, held in the context's job registry; its figures and activity are saved to job_state as
// it goes, so a restart shows the last run (and says when it was cut short).
import { join } from 'node:path';
import type { AppContext } from '../../context.js';
import { contextJob } from '../../context.js';
import { crawlableDomains, type DomainRow } from '../../db/domains.js';
import { patchJobState, readJobState } from '../../db/job-state.js';
import { Conflict } from '../../errors.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { getStatus } from '../status/index.js';
import { ACTIVITY_LINES, activityLine, formatElapsed } from './activity.js';
import { createCrawl, type Crawl, type CrawlDomain, type CrawlSummary } from './crawl.js';
import { parseDomainInput } from './net/index.js';
import { crawlNetwork } from './network.js';

export type SpiderCtx = AppContext;
export type SpiderAction = 'start' | 'resume' | 'pause' | 'stop';
export const SPIDER_ACTIONS: readonly SpiderAction[] = ['start', 'resume', 'pause', 'stop'];

/** The spider's part of the status object (spec 001 §3). */
export interface SpiderStatusFields {
  spiderStatus: 'idle' | 'running' | 'paused';
  spiderProgress: number;
  spiderCurrentDomain: string | null;
  spiderSitesProcessed: number;
  spiderTotalSites: number;
  spiderActiveThreads: number;
  spiderPendingRequests: number;
  spiderCurrentRunArticleCount: number;
  spiderElapsedTime: string;
  spiderActivityLog: string[];
  spiderLastStartTime: string | null;
}

/** What job_state 'spider' holds; `lastStartedAt` is also read by the home page. */
export interface SpiderJobState extends Record<string, unknown> {
  lastStartedAt: string;
  lastFinishedAt: string | null;
  /** True while a run is live: found true with no live run, the process died mid-run. */
  running: boolean;
  totalSites: number;
  sitesProcessed: number;
  articlesFound: number;
  elapsedMs: number;
  activityLog: string[];
}

interface SpiderRun {
  startedAt: Date;
  state: 'running' | 'paused' | 'stopping';
  totalSites: number;
  sitesProcessed: number;
  articlesFound: number;
  activity: string[];
  crawl: Crawl | null;
  stopReason: string | null;
  done: Promise<void>;
}

interface SpiderJob {
  run: SpiderRun | null;
}

const spiderJob = (ctx: Pick<AppContext, 'jobs'>) => contextJob<SpiderJob>(ctx, 'spider', () => ({ run: null }));

export const INTERRUPTED_LINE = 'The last run was interrupted: the process stopped before it finished';
const PERSIST_EVERY_MS = 5_000;
const STATUS_EVERY_MS = 1_000;
const HOME_DATA_EVERY_MS = 5_000;

/** Whether a run is live in this process (running, paused or stopping). */
export function isSpiderActive(ctx: Pick<AppContext, 'jobs'>): boolean {
  return spiderJob(ctx).run !== null;
}

/** Resolves when the current run (if any) has finished. */
export async function waitForSpider(ctx: Pick<AppContext, 'jobs'>): Promise<void> {
  await spiderJob(ctx).run?.done;
}

function liveFields(run: SpiderRun): SpiderStatusFields {
  const processed = run.sitesProcessed;
  return {
    spiderStatus: run.state === 'paused' ? 'paused' : 'running',
    spiderProgress: run.totalSites ? Math.min(100, Math.round((processed / run.totalSites) * 100)) : 0,
    spiderCurrentDomain: run.crawl?.currentDomain()?.url ?? null,
    spiderSitesProcessed: processed,
    spiderTotalSites: run.totalSites,
    spiderActiveThreads: run.crawl?.activeRequests() ?? 0,
    spiderPendingRequests: run.crawl?.pendingRequests() ?? 0,
    spiderCurrentRunArticleCount: run.articlesFound,
    spiderElapsedTime: formatElapsed(Date.now() - run.startedAt.getTime()),
    spiderActivityLog: [...run.activity],
    spiderLastStartTime: run.startedAt.toISOString(),
  };
}

/** The status section: the live run, or the last one as saved (which survives a restart). */
export async function spiderStatus(ctx: Pick<AppContext, 'sql' | 'jobs'>): Promise<SpiderStatusFields> {
  const run = spiderJob(ctx).run;
  if (run) return liveFields(run);
  const saved = await readJobState<SpiderJobState>(ctx.sql, 'spider');
  const total = saved.totalSites ?? 0;
  const processed = saved.sitesProcessed ?? 0;
  const activity = saved.activityLog ?? [];
  return {
    spiderStatus: 'idle',
    spiderProgress: total ? Math.min(100, Math.round((processed / total) * 100)) : 0,
    spiderCurrentDomain: null,
    spiderSitesProcessed: processed,
    spiderTotalSites: total,
    spiderActiveThreads: 0,
    spiderPendingRequests: 0,
    spiderCurrentRunArticleCount: saved.articlesFound ?? 0,
    spiderElapsedTime: formatElapsed(saved.elapsedMs ?? 0),
    spiderActivityLog: saved.running ? [INTERRUPTED_LINE, ...activity].slice(0, ACTIVITY_LINES) : activity,
    spiderLastStartTime: saved.lastStartedAt ?? null,
  };
}

function persistable(run: SpiderRun, running: boolean): Partial<SpiderJobState> {
  return {
    lastStartedAt: run.startedAt.toISOString(),
    running,
    totalSites: run.totalSites,
    sitesProcessed: run.sitesProcessed,
    articlesFound: run.articlesFound,
    elapsedMs: Date.now() - run.startedAt.getTime(),
    activityLog: run.activity,
  };
}

function toCrawlDomain(row: DomainRow): CrawlDomain | null {
  try {
    const target = parseDomainInput(row.url, row.startingUrl);
    return { id: row.id, url: row.url, hostKey: row.host, origin: target.origin, startUrl: target.startUrl, throttleMs: row.throttle * 1000 };
  } catch {
    return null;
  }
}

/** Starts a run (or resumes a paused one). A start while a run is live is refused (409). */
export async function startSpider(ctx: SpiderCtx): Promise<SpiderStatusFields> {
  const job = spiderJob(ctx);
  if (job.run?.state === 'paused') return resumeSpider(ctx);
  if (job.run) throw Conflict('The spider is already running');
  // Claimed before the first await: two starts at the same moment cannot both get through.
  const run: SpiderRun = {
    startedAt: new Date(),
    state: 'running',
    totalSites: 0,
    sitesProcessed: 0,
    articlesFound: 0,
    activity: [],
    crawl: null,
    stopReason: null,
    done: Promise.resolve(),
  };
  job.run = run;
  let domains: CrawlDomain[];
  try {
    const network = await crawlNetwork(ctx);
    await network.refreshAvoidList();
    domains = [];
    for (const row of await crawlableDomains(ctx.sql)) {
      const domain = toCrawlDomain(row);
      if (!domain) continue;
      // The avoid list wins over the domain list (decisions.md "Data shapes").
      if (network.isAvoided(domain.origin)) continue;
      domains.push(domain);
    }
    run.totalSites = domains.length;
    await patchJobState(ctx.sql, 'spider', { ...persistable(run, true), lastFinishedAt: null });
    run.done = executeRun(ctx, job, run, domains);
  } catch (error) {
    job.run = null;
    throw error;
  }
  return liveFields(run);
}

export async function pauseSpider(ctx: SpiderCtx): Promise<SpiderStatusFields> {
  const run = spiderJob(ctx).run;
  if (!run || run.state === 'stopping') throw Conflict('The spider is not running');
  if (run.state === 'paused') throw Conflict('The spider is already paused');
  run.state = 'paused';
  run.crawl?.pause();
  note(ctx, run, 'Spider paused');
  await logEvent(ctx, LOG_COMPONENTS.spider, 'info', 'Spider paused');
  return liveFields(run);
}

export async function resumeSpider(ctx: SpiderCtx): Promise<SpiderStatusFields> {
  const run = spiderJob(ctx).run;
  if (!run || run.state === 'stopping') throw Conflict('The spider is not paused');
  if (run.state === 'running') throw Conflict('The spider is already running');
  run.state = 'running';
  run.crawl?.resume();
  note(ctx, run, 'Spider resumed');
  await logEvent(ctx, LOG_COMPONENTS.spider, 'info', 'Spider resumed');
  return liveFields(run);
}

/** Stops the live run: queued requests are dropped, those in flight aborted; resolves once it ended. */
export async function stopSpider(ctx: SpiderCtx, reason = 'Spider stopped'): Promise<SpiderStatusFields> {
  const run = spiderJob(ctx).run;
  if (!run) throw Conflict('The spider is not running');
  endRun(run, reason);
  await run.done;
  return spiderStatus(ctx);
}

export async function controlSpider(ctx: SpiderCtx, action: SpiderAction): Promise<SpiderStatusFields> {
  switch (action) {
    case 'start':
      return startSpider(ctx);
    case 'resume':
      return resumeSpider(ctx);
    case 'pause':
      return pauseSpider(ctx);
    case 'stop':
      return stopSpider(ctx);
  }
}

function endRun(run: SpiderRun, reason: string): void {
  if (run.state === 'stopping') return;
  run.state = 'stopping';
  run.stopReason = reason;
  run.crawl?.stop();
}

/** Appends an activity line and pushes it live. */
function note(ctx: SpiderCtx, run: SpiderRun, message: string): void {
  const now = new Date();
  const line = activityLine(message, now, ctx.config.timeZone);
  run.activity.unshift(line);
  if (run.activity.length > ACTIVITY_LINES) run.activity.length = ACTIVITY_LINES;
  ctx.events.emit('spider_activity', { message: line, timestamp: now.toISOString() });
}

/** The whole status object, as the console polls it (spec 001 §7 "Live channel": status_update). */
async function pushStatus(ctx: SpiderCtx): Promise<void> {
  try {
    ctx.events.emit('status_update', { ...(await getStatus(ctx)) });
  } catch {
    // The next poll brings it anyway (and the database may be closing).
  }
}

/** Calls `action` at most once per `everyMs`, trailing: the last change is always delivered. */
function throttled(everyMs: number, action: () => void): { poke(): void; flush(): void; cancel(): void } {
  let timer: NodeJS.Timeout | null = null;
  return {
    poke() {
      timer ??= setTimeout(() => {
        timer = null;
        action();
      }, everyMs);
    },
    flush() {
      if (timer) clearTimeout(timer);
      timer = null;
      action();
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}

async function executeRun(ctx: SpiderCtx, job: SpiderJob, run: SpiderRun, domains: CrawlDomain[]): Promise<void> {
  const minutes = ctx.config.spider.maxRunMinutes;
  const status = throttled(STATUS_EVERY_MS, () => void pushStatus(ctx));
  const homeData = throttled(HOME_DATA_EVERY_MS, () => ctx.events.emit('home_data_updated', {}));
  const persist = setInterval(() => {
    patchJobState(ctx.sql, 'spider', persistable(run, true)).catch((error: unknown) => console.error('saving spider state failed:', error));
  }, PERSIST_EVERY_MS);
  const timeLimit = setTimeout(() => {
    note(ctx, run, `Run time limit of ${minutes} minutes reached; stopping`);
    endRun(run, `Spider stopped after the ${minutes}-minute run limit`);
  }, minutes * 60_000);
  const say = (message: string) => {
    note(ctx, run, message);
    status.poke();
  };

  say(`Spider started: ${domains.length} domain${domains.length === 1 ? '' : 's'} to crawl`);
  await logEvent(ctx, LOG_COMPONENTS.spider, 'info', `Spider started: ${domains.length} domains to crawl`);
  void pushStatus(ctx);

  let summary: CrawlSummary | null = null;
  let failure: unknown = null;
  try {
    const network = await crawlNetwork(ctx);
    const crawl = createCrawl(ctx, {
      domains,
      network,
      articlesPerDomain: ctx.config.spider.articlesPerDomain,
      concurrency: ctx.config.spider.concurrency,
      requestTimeoutMs: ctx.config.spider.requestTimeoutMs,
      storageDir: join(ctx.config.dataDir, 'crawlee'),
      hooks: {
        activity: say,
        domainStarted: (domain) => say(`Crawling ${domain.url}`),
        articleStored: (_domain, article) => {
          run.articlesFound++;
          say(`NEW: ${article.title}`);
          homeData.poke();
        },
        domainFinished: (domain, result) => {
          run.sitesProcessed++;
          if (result.status === 'success') {
            say(`${domain.url}: done, ${result.articlesStored} new article${result.articlesStored === 1 ? '' : 's'}`);
          } else {
            say(`${domain.url}: error: ${result.errorMessage}`);
            void logEvent(ctx, LOG_COMPONENTS.spider, 'warning', `Domain ${domain.url}: ${result.errorMessage}`);
          }
          ctx.events.emit('domains_updated', {});
        },
      },
    });
    run.crawl = crawl;
    if (run.state === 'paused') crawl.pause();
    if (run.state === 'stopping') crawl.stop();
    summary = await crawl.run();
  } catch (error) {
    failure = error;
  } finally {
    clearTimeout(timeLimit);
    clearInterval(persist);
  }

  const elapsed = formatElapsed(Date.now() - run.startedAt.getTime());
  const figures = `${run.articlesFound} new article${run.articlesFound === 1 ? '' : 's'} from ${run.sitesProcessed} of ${run.totalSites} sites in ${elapsed}`;
  let message: string;
  if (failure) message = `Spider failed after ${elapsed}: ${failure instanceof Error ? failure.message : String(failure)}`;
  else if (run.stopReason) message = `${run.stopReason}: ${figures}`;
  else message = `Spider finished: ${figures}`;
  note(ctx, run, message);
  await logEvent(ctx, LOG_COMPONENTS.spider, failure ? 'error' : 'info', message, summary ?? undefined);
  try {
    await patchJobState(ctx.sql, 'spider', { ...persistable(run, false), lastFinishedAt: new Date().toISOString() });
  } catch (error) {
    console.error('saving spider state failed:', error);
  }
  job.run = null;
  status.cancel();
  await pushStatus(ctx);
  if (run.articlesFound > 0) homeData.flush();
  ctx.events.emit('domains_updated', {});
}

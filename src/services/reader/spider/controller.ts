// The spider as the console drives it: idle → running → paused → running,
// Stop from either; a run stops itself maxRunMinutes (28) after it starts. A run is a job of the
// runner shared by every daemon: each one crawls the domains it claims (crawl-share.ts), and the
// daemon holding the run watches it and stops it at its time limit; the run, its claims and its
// activity lines are its summary. Start, pause, resume and stop work from any daemon; the status is
// read from the database (status.ts).
import type { StopAnswer } from '../../../api/status.js';
import type { AppContext } from '../../../context.js';
import { crawlRunFigures, insertCrawlClaims } from '../../../db/crawl-claims.js';
import { crawlableDomains } from '../../../db/domains.js';
import { Conflict, NotFound } from '../../../errors.js';
import {
  adoptOrphanedRun,
  askToStop,
  defineJob,
  isDatabaseOutage,
  jobRunner,
  liveRun,
  notRunning,
  pauseJob,
  resumeJob,
  startJob,
  startScheduledJob,
  stopJob,
  waitForJobIdle,
  type JobHandle,
  type ScheduledStart,
  type StartJobOptions,
  waitForDatabase,
} from '../../platform/jobs/index.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { cadenceRow } from '../../platform/schedule/rows.js';
import { flushActivity, formatElapsed, noteActivity } from './activity.js';
import { shareCrawl, toCrawlDomain, type SpiderRunParams } from './crawl-share.js';
import type { CrawlDomain } from './crawl-types.js';
import { hostInterval, hostOf } from './net/index.js';
import { crawlNetwork } from './network.js';
import { SPIDER_JOB, spiderStatusFields, type SpiderStatusFields } from './status.js';
import { counted } from '../../../shared/words.js';
import { emitWebhook } from '../../platform/webhooks/index.js';
import type { SPIDER_ACTIONS } from '../../../api/limits.js';

export type { SpiderStatusFields } from './status.js';

export type SpiderCtx = AppContext;
export type SpiderAction = (typeof SPIDER_ACTIONS)[number];

const FLUSH_EVERY_MS = 5_000;
const WATCH_MS = 500;

export interface SpiderRunSummary {
  articlesStored: number;
  sitesProcessed: number;
  totalSites: number;
  stopped: boolean;
}

/** The holder's side of a run: watch it until every domain is done, the time limit or a stop; then sum it up. */
async function watchRun(ctx: AppContext, params: SpiderRunParams, job: JobHandle): Promise<SpiderRunSummary | null> {
  const minutes = ctx.config.spider.maxRunMinutes;
  const startedAt = Date.parse(params.startedAt);
  const deadline = startedAt + minutes * 60_000;
  const say = (message: string) => noteActivity(ctx, job.runId, message);
  let stopReason = typeof job.saved.stopReason === 'string' ? job.saved.stopReason : null;
  let failure: unknown = null;

  if (job.resumed) {
    say('Resuming the run: the daemon holding it stopped');
  } else {
    say(`Spider started: ${counted(params.totalSites, 'domain')} to crawl`);
    await logEvent(ctx, LOG_COMPONENTS.spider, 'info', `Spider started: ${params.totalSites} domains to crawl`);
  }
  try {
    let flushedAt = Date.now();
    while (!job.signal.aborted) {
      let open: number;
      try {
        open = (await crawlRunFigures(ctx.sql, job.runId)).open;
      } catch (error) {
        if (!isDatabaseOutage(error)) throw error;
        // The database is away: the run waits for it (the daemons' crawls are paused meanwhile).
        await waitForDatabase(ctx, job.signal);
        continue;
      }
      if (open === 0) break;
      const now = Date.now();
      if (now >= deadline) {
        say(`Run time limit of ${minutes} minutes reached; stopping`);
        stopReason = `Spider stopped after the ${minutes}-minute run limit`;
        job.progress({ stopReason });
        await askToStop(ctx, job.runId);
        break;
      }
      if (now - flushedAt >= FLUSH_EVERY_MS) {
        flushedAt = now;
        await flushActivity(ctx);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, Math.max(10, Math.min(WATCH_MS, deadline - now)));
        function done() {
          clearTimeout(timer);
          job.signal.removeEventListener('abort', done);
          resolve();
        }
        job.signal.addEventListener('abort', done, { once: true });
      });
    }
  } catch (error) {
    failure = error;
  }
  // Handed over (shutdown) or lost: the next holder sums the run up.
  if (job.interruption === 'shutdown' || job.interruption === 'lost') return null;
  // This daemon's share records its last domains and lines before the figures are read.
  await jobRunner(ctx).shareDone(job.runId);
  const figures = await crawlRunFigures(ctx.sql, job.runId);
  const elapsed = formatElapsed(Date.now() - startedAt);
  const text = `${counted(figures.articlesStored, 'new article')} from ${figures.processed} of ${figures.total} sites in ${elapsed}`;
  const stopped = job.interruption === 'stop';
  let message: string;
  if (failure) message = `Spider failed after ${elapsed}: ${failure instanceof Error ? failure.message : String(failure)}`;
  else if (stopped) message = `${stopReason ?? 'Spider stopped'}: ${text}`;
  else message = `Spider finished: ${text}`;
  say(message);
  await flushActivity(ctx);
  await logEvent(ctx, LOG_COMPONENTS.spider, failure ? 'error' : 'info', message, {
    articlesStored: figures.articlesStored,
    domainsFinished: figures.processed,
  });
  ctx.events.emit('domains_updated', {});
  await emitWebhook(ctx, 'crawl.finished', {
    articlesStored: figures.articlesStored,
    sitesProcessed: figures.processed,
    totalSites: figures.total,
    stopped,
    failed: failure ? (failure instanceof Error ? failure.message : String(failure)) : null,
  });
  if (failure) throw failure;
  return { articlesStored: figures.articlesStored, sitesProcessed: figures.processed, totalSites: figures.total, stopped };
}

export const spiderJob = defineJob<SpiderRunParams, SpiderRunSummary | null>({
  name: SPIDER_JOB,
  label: 'The spider',
  pausable: true,
  run: watchRun,
  join: shareCrawl,
  schedule: cadenceRow('spider', { label: 'Scheduled spider start', component: LOG_COMPONENTS.spider }, (ctx, slot) => startScheduledSpider(ctx, slot)),
});

/** The status section (read from the database: any daemon's run). */
export async function spiderStatus(ctx: AppContext): Promise<SpiderStatusFields> {
  return spiderStatusFields(ctx);
}

/** Resolves when no run is live. */
export async function waitForSpider(ctx: AppContext): Promise<void> {
  await waitForJobIdle(ctx, SPIDER_JOB);
}

/** The domains a run would crawl now: listed, not avoided, not paused, on no avoided host. */
async function domainsToCrawl(ctx: AppContext): Promise<CrawlDomain[]> {
  const network = await crawlNetwork(ctx);
  await network.refreshAvoidList();
  const domains: CrawlDomain[] = [];
  for (const row of await crawlableDomains(ctx.sql)) {
    const domain = toCrawlDomain(row);
    // The avoid list wins over the domain list.
    if (domain && !network.isAvoided(domain.origin)) domains.push(domain);
  }
  return domains;
}

/** The one domain named by id, as listed, by origin or by host (`newsctl crawl --once --domain D`). */
function pickDomain(domains: CrawlDomain[], ref: string): CrawlDomain[] {
  const wanted = ref.trim().toLowerCase().replace(/\/+$/, '');
  const host = wanted.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  const found = domains.find(
    (d) => String(d.id) === wanted || d.url.toLowerCase() === wanted || d.origin.toLowerCase() === wanted || d.hostKey.toLowerCase() === host,
  );
  if (!found) throw NotFound(`No crawlable domain ${ref} (it must be listed, active and not avoided)`);
  return [found];
}

/** How a run is queued: its domains as claims, with the run in one transaction. */
async function runOptions(ctx: AppContext, only?: string): Promise<{ params: SpiderRunParams; options: Omit<StartJobOptions, 'slot'> }> {
  const listed = await domainsToCrawl(ctx);
  const domains = only ? pickDomain(listed, only) : listed;
  const params: SpiderRunParams = { startedAt: new Date().toISOString(), totalSites: domains.length };
  return {
    params,
    options: {
      prepare: (tx, run) =>
        insertCrawlClaims(
          tx,
          run.id,
          domains.map((domain) => ({ domainId: domain.id, host: hostOf(domain.origin), intervalMs: hostInterval(domain.throttleMs) })),
        ),
    },
  };
}

export interface SpiderStartOptions {
  /** Crawl only this domain (id, url as listed, origin or host). */
  domain?: string;
}

/** Starts a run (or resumes a paused one). A start while a run is live anywhere is refused (409). */
export async function startSpider(ctx: SpiderCtx, startOptions: SpiderStartOptions = {}): Promise<SpiderStatusFields> {
  const live = await liveRun(ctx, SPIDER_JOB);
  if (live?.status === 'paused') return resumeSpider(ctx);
  // A run its daemon left (it died, and no other daemon is up): this one resumes it.
  if (live && (await adoptOrphanedRun(ctx, live))) return spiderStatusFields(ctx);
  if (live) throw Conflict('The spider is already running');
  const { params, options } = await runOptions(ctx, startOptions.domain);
  await startJob(ctx, SPIDER_JOB, { ...params }, options);
  return {
    spiderStatus: 'running',
    spiderProgress: 0,
    spiderCurrentDomain: null,
    spiderCrawlingDomains: [],
    spiderSitesProcessed: 0,
    spiderTotalSites: params.totalSites,
    spiderWorkProgress: 0,
    spiderActiveThreads: 0,
    spiderPendingRequests: 0,
    spiderCurrentRunArticleCount: 0,
    spiderElapsedTime: formatElapsed(0),
    spiderActivityLog: [],
    spiderLastStartTime: params.startedAt,
  };
}

/** A schedule slot fired (on every daemon): the run for it starts once in the cluster. */
async function startScheduledSpider(ctx: SpiderCtx, slot: string): Promise<{ outcome: ScheduledStart; reason?: string }> {
  const { params, options } = await runOptions(ctx);
  return startScheduledJob(ctx, SPIDER_JOB, slot, { ...params }, options);
}

/** Pauses the crawl; a pause of a paused crawl (two clicks, two daemons at once) answers its status again. */
export async function pauseSpider(ctx: SpiderCtx): Promise<SpiderStatusFields> {
  const live = await liveRun(ctx, SPIDER_JOB);
  if (live?.status === 'paused') return spiderStatusFields(ctx);
  const paused = live ? await pauseJob(ctx, SPIDER_JOB) : null;
  if (!paused) {
    if ((await liveRun(ctx, SPIDER_JOB))?.status === 'paused') return spiderStatusFields(ctx);
    throw Conflict('The spider is not running');
  }
  noteActivity(ctx, paused.id, 'Spider paused');
  await logEvent(ctx, LOG_COMPONENTS.spider, 'info', 'Spider paused');
  return spiderStatusFields(ctx);
}

export async function resumeSpider(ctx: SpiderCtx): Promise<SpiderStatusFields> {
  const live = await liveRun(ctx, SPIDER_JOB);
  if (live && live.status !== 'paused' && live.status !== 'stopping') throw Conflict('The spider is already running');
  const resumed = live ? await resumeJob(ctx, SPIDER_JOB) : null;
  if (!resumed) throw Conflict('The spider is not paused');
  noteActivity(ctx, resumed.id, 'Spider resumed');
  await logEvent(ctx, LOG_COMPONENTS.spider, 'info', 'Spider resumed');
  return spiderStatusFields(ctx);
}

/**
 * Stops the live run wherever it runs: queued requests are dropped, those in flight aborted, on
 * every daemon; resolves once it ended. Nothing running: the message, beside the status.
 */
export async function stopSpider(ctx: SpiderCtx): Promise<StopAnswer<SpiderStatusFields>> {
  const ended = await stopJob(ctx, SPIDER_JOB);
  const status = await spiderStatusFields(ctx);
  return ended ? status : { ...notRunning(ctx, SPIDER_JOB), ...status };
}

export async function controlSpider(ctx: SpiderCtx, action: SpiderAction, options: SpiderStartOptions = {}): Promise<SpiderStatusFields> {
  switch (action) {
    case 'start':
      return startSpider(ctx, options);
    case 'resume':
      return resumeSpider(ctx);
    case 'pause':
      return pauseSpider(ctx);
    case 'stop':
      return stopSpider(ctx);
  }
}

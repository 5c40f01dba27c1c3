// The Article Content Re-fetcher: one pass over stored articles with 500
// words or fewer (or no content), one request every 2 seconds, each article updated in place when
// the page now yields more text. A job of the runner (one at a time in the cluster, stoppable from
// any daemon, resumed elsewhere if its daemon dies); it refuses to start while the spider runs.
// Given a domain, it reads that site's stored articles again with the site's extraction rules
// (its newest first, at most REEXTRACT_MAX), each updated with what the rules now read.
import type { RefetchProgress, RefetchStatus, StopAnswer } from '../../../api/status.js';
import type { AppContext } from '../../../context.js';
import { domainArticlesToRefetch, shortArticles, updateArticleContent } from '../../../db/crawl.js';
import { findDomain } from '../../../db/domains.js';
import { Conflict } from '../../../errors.js';
import { defineJob, lastRun, liveRun, notRunning, startJob, stopJob, waitForJobIdle, type JobHandle } from '../../platform/jobs/index.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { dateOf } from '../extract/dates.js';
import { readableHost } from '../domains/host-names.js';
import { readArticlePage } from './extraction.js';
import { AbortedError, hostOf, systemClock } from './net/index.js';
import { createPacedRobots, crawlNetwork, politeFetch } from './network.js';
import { SPIDER_JOB } from './status.js';

const REFETCH_JOB = 'refetch';
const REFETCH_MAX_WORDS = 500;
const REFETCH_INTERVAL_MS = 2_000;
/** Articles of one site read again with its rules: its newest, a few days' worth for a busy site. */
const REEXTRACT_MAX = 1_000;

/** What one pass reads: the short articles, or one site's articles again with its rules. */
interface RefetchParams {
  domainId?: number;
}

async function passArticles(ctx: Pick<AppContext, 'sql'>, params: RefetchParams) {
  if (params.domainId === undefined)
    return { candidates: await shortArticles(ctx.sql, REFETCH_MAX_WORDS), rules: null, what: `with ${REFETCH_MAX_WORDS} words or fewer` };
  const domain = await findDomain(ctx.sql, params.domainId);
  return {
    candidates: domain ? await domainArticlesToRefetch(ctx.sql, domain.id, REEXTRACT_MAX) : [],
    rules: domain?.rules ?? null,
    what: `of ${domain ? readableHost(domain.host) : `domain ${params.domainId}`}, read again with its rules`,
  };
}

export type { RefetchProgress, RefetchStatus } from '../../../api/status.js';

const emptyProgress = (): RefetchProgress => ({ total: 0, processed: 0, updated: 0, failed: 0, currentTitle: null, currentUrl: null });

function progressOf(value: object | undefined): RefetchProgress {
  return { ...emptyProgress(), ...(value as Partial<RefetchProgress> | undefined) };
}

/** Read from the database: the live run's progress (any daemon's), else the last pass's. */
export async function refetchStatus(ctx: AppContext): Promise<RefetchStatus> {
  const live = await liveRun(ctx, REFETCH_JOB);
  if (live) return { isRunning: true, progress: progressOf(live.progress) };
  const last = await lastRun(ctx, REFETCH_JOB);
  return { isRunning: false, progress: { ...progressOf(last?.progress), currentTitle: null, currentUrl: null } };
}

export async function waitForRefetch(ctx: AppContext): Promise<void> {
  await waitForJobIdle(ctx, REFETCH_JOB);
}

export async function startRefetch(ctx: AppContext, params: RefetchParams = {}): Promise<RefetchStatus> {
  if (await liveRun(ctx, REFETCH_JOB)) throw Conflict('The article re-fetcher is already running');
  if (await liveRun(ctx, SPIDER_JOB)) throw Conflict('The spider is running; the re-fetcher can start once it has finished');
  const progress: RefetchProgress = { ...emptyProgress(), total: (await passArticles(ctx, params)).candidates.length };
  await startJob(ctx, REFETCH_JOB, { ...params }, { progress: { ...progress } });
  return { isRunning: true, progress };
}

/** Stops the pass wherever it runs and waits for it to end. Nothing running: the message, beside the status. */
export async function stopRefetch(ctx: AppContext): Promise<StopAnswer<RefetchStatus>> {
  const ended = await stopJob(ctx, REFETCH_JOB);
  const status = await refetchStatus(ctx);
  return ended ? status : { ...notRunning(ctx, REFETCH_JOB), ...status };
}

async function refetchAll(ctx: AppContext, params: RefetchParams, job: JobHandle): Promise<RefetchProgress> {
  const { signal } = job;
  const { candidates, rules, what } = await passArticles(ctx, params);
  const again = params.domainId !== undefined;
  // A pass taken over from another daemon goes on with its counts; what it updated is no longer short.
  const saved = progressOf(job.resumed ? job.saved : undefined);
  const progress: RefetchProgress = { ...saved, total: saved.processed + candidates.length, currentTitle: null, currentUrl: null };
  const emit = () => {
    job.progress({ ...progress });
    ctx.events.emit('refetch_status', { isRunning: true, progress: { ...progress } });
  };
  await logEvent(ctx, LOG_COMPONENTS.spider, 'info', `Re-fetcher ${job.resumed ? 'resumed' : 'started'}: ${candidates.length} articles ${what}`);
  emit();
  try {
    const network = await crawlNetwork(ctx);
    const { robots } = createPacedRobots(network, () => REFETCH_INTERVAL_MS, { signal });
    let lastStart = -Infinity;
    let waited = false;
    for (const article of candidates) {
      if (signal.aborted) break;
      // A crawl started meanwhile (on any daemon) has the hosts: two daemons must not ask one
      // host at once, so the re-fetcher waits for it to end.
      while (!signal.aborted && (await liveRun(ctx, SPIDER_JOB))) {
        if (!waited) await logEvent(ctx, LOG_COMPONENTS.spider, 'info', 'Re-fetcher waiting: the spider is running');
        waited = true;
        await systemClock.sleep(REFETCH_INTERVAL_MS, signal).catch(() => undefined);
      }
      if (signal.aborted) break;
      progress.currentTitle = article.title;
      progress.currentUrl = article.sourceUrl;
      emit();
      const wait = lastStart + REFETCH_INTERVAL_MS - Date.now();
      if (wait > 0) await systemClock.sleep(wait, signal).catch(() => undefined);
      if (signal.aborted) break;
      lastStart = Date.now();
      try {
        if (network.isAvoided(article.sourceUrl) || !(await robots.isAllowed(article.sourceUrl))) {
          progress.processed++;
          continue;
        }
        const response = await politeFetch(network, article.sourceUrl, {
          intervalMs: REFETCH_INTERVAL_MS,
          accept: ['text/html', 'application/xhtml+xml'],
          signal,
        });
        const page = readArticlePage(response.text(), response.url, rules);
        if (page.text !== '' && (again || page.wordCount > article.wordCount)) {
          await updateArticleContent(ctx.sql, article.id, {
            title: page.title ?? article.title,
            content: page.text,
            excerpt: page.excerpt,
            wordCount: page.wordCount,
            author: page.author,
            publishedAt: dateOf(page.publishedAt),
            imageUrl: page.imageUrl,
            language: page.language,
          });
          progress.updated++;
        }
        progress.processed++;
      } catch (error) {
        if (signal.aborted) break;
        progress.failed++;
        progress.processed++;
        await logEvent(
          ctx,
          LOG_COMPONENTS.spider,
          'warning',
          `Re-fetch of ${hostOf(article.sourceUrl)} article ${article.id} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      emit();
    }
  } catch (error) {
    if (!(error instanceof AbortedError)) {
      await logEvent(ctx, LOG_COMPONENTS.spider, 'error', `Re-fetcher failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  progress.currentTitle = null;
  progress.currentUrl = null;
  job.progress({ ...progress });
  // Handed to another daemon (or lost to one): it goes on and writes the end.
  if (job.interruption === 'shutdown' || job.interruption === 'lost') return progress;
  const how = signal.aborted ? 'stopped' : 'completed';
  await logEvent(
    ctx,
    LOG_COMPONENTS.spider,
    'info',
    `Re-fetch ${how}: ${progress.updated} articles updated, ${progress.failed} failed, ${progress.processed} of ${progress.total} processed`,
  );
  return progress;
}

export const refetchJob = defineJob({
  name: REFETCH_JOB,
  label: 'The article re-fetcher',
  run: (ctx, params, job) => refetchAll(ctx, (params ?? {}) as RefetchParams, job),
  // The last message goes out once the run has ended, so a client that reads the status on it sees it idle.
  settled: async (ctx) => void ctx.events.emit('refetch_status', { ...(await refetchStatus(ctx)) }),
});

// The Article Content Re-fetcher (spec 001 §2, §3, §9): one pass over stored articles with 500
// words or fewer (or no content), one request every 2 seconds, each article updated in place when
// the page now yields more text. It refuses to start while the spider runs.
import type { AppContext } from '../../context.js';
import { contextJob } from '../../context.js';
import { shortArticles, updateArticleContent, type RefetchCandidate } from '../../db/crawl.js';
import { patchJobState, readJobState } from '../../db/job-state.js';
import { Conflict } from '../../errors.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { isSpiderActive, type SpiderCtx } from './controller.js';
import { parsePublishedAt, readArticlePage } from './extraction.js';
import { AbortedError, hostOf, systemClock } from './net/index.js';
import { createPacedRobots, crawlNetwork, politeFetch } from './network.js';

export const REFETCH_MAX_WORDS = 500;
export const REFETCH_INTERVAL_MS = 2_000;

export interface RefetchProgress {
  total: number;
  processed: number;
  updated: number;
  failed: number;
  currentTitle: string | null;
  currentUrl: string | null;
}

/** GET /api/spider/refetch/status (spec 001 §3 "Re-fetcher status"). */
export interface RefetchStatus {
  isRunning: boolean;
  progress: RefetchProgress;
}

interface RefetchRun {
  progress: RefetchProgress;
  abort: AbortController;
  done: Promise<void>;
}

interface RefetchJob {
  run: RefetchRun | null;
}

const refetchJob = (ctx: Pick<AppContext, 'jobs'>) => contextJob<RefetchJob>(ctx, 'refetcher', () => ({ run: null }));

const emptyProgress = (): RefetchProgress => ({ total: 0, processed: 0, updated: 0, failed: 0, currentTitle: null, currentUrl: null });

export function isRefetchActive(ctx: Pick<AppContext, 'jobs'>): boolean {
  return refetchJob(ctx).run !== null;
}

export async function refetchStatus(ctx: Pick<AppContext, 'sql' | 'jobs'>): Promise<RefetchStatus> {
  const run = refetchJob(ctx).run;
  if (run) return { isRunning: true, progress: { ...run.progress } };
  const saved = await readJobState<{ progress: RefetchProgress }>(ctx.sql, 'refetch');
  return { isRunning: false, progress: { ...emptyProgress(), ...saved.progress, currentTitle: null, currentUrl: null } };
}

export async function waitForRefetch(ctx: Pick<AppContext, 'jobs'>): Promise<void> {
  await refetchJob(ctx).run?.done;
}

export async function startRefetch(ctx: SpiderCtx): Promise<RefetchStatus> {
  const job = refetchJob(ctx);
  if (job.run) throw Conflict('The article re-fetcher is already running');
  if (isSpiderActive(ctx)) throw Conflict('The spider is running; the re-fetcher can start once it has finished');
  const run: RefetchRun = { progress: emptyProgress(), abort: new AbortController(), done: Promise.resolve() };
  job.run = run;
  try {
    const candidates = await shortArticles(ctx.sql, REFETCH_MAX_WORDS);
    run.progress.total = candidates.length;
    await patchJobState(ctx.sql, 'refetch', { startedAt: new Date().toISOString(), progress: run.progress });
    run.done = refetchAll(ctx, job, run, candidates);
  } catch (error) {
    job.run = null;
    throw error;
  }
  return { isRunning: true, progress: { ...run.progress } };
}

export async function stopRefetch(ctx: Pick<AppContext, 'sql' | 'jobs'>): Promise<RefetchStatus> {
  const run = refetchJob(ctx).run;
  if (!run) throw Conflict('The article re-fetcher is not running');
  run.abort.abort(new AbortedError());
  await run.done;
  return refetchStatus(ctx);
}

async function refetchAll(ctx: SpiderCtx, job: RefetchJob, run: RefetchRun, candidates: RefetchCandidate[]): Promise<void> {
  const { progress, abort } = run;
  const signal = abort.signal;
  const emit = () => ctx.events.emit('refetch_status', { isRunning: job.run === run, progress: { ...progress } });
  await logEvent(ctx, LOG_COMPONENTS.spider, 'info', `Re-fetcher started: ${candidates.length} articles with ${REFETCH_MAX_WORDS} words or fewer`);
  emit();
  try {
    const network = await crawlNetwork(ctx);
    const { robots } = createPacedRobots(network, () => REFETCH_INTERVAL_MS, { signal });
    let lastStart = -Infinity;
    for (const article of candidates) {
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
        const page = readArticlePage(response.text(), response.url);
        if (page.wordCount > article.wordCount && page.text !== '') {
          await updateArticleContent(ctx.sql, article.id, {
            title: page.title ?? article.title,
            content: page.text,
            excerpt: page.excerpt,
            wordCount: page.wordCount,
            author: page.author,
            publishedAt: parsePublishedAt(page.publishedAt),
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
        await logEvent(ctx, LOG_COMPONENTS.spider, 'warning', `Re-fetch of ${hostOf(article.sourceUrl)} article ${article.id} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      emit();
    }
  } catch (error) {
    await logEvent(ctx, LOG_COMPONENTS.spider, 'error', `Re-fetcher failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  progress.currentTitle = null;
  progress.currentUrl = null;
  const how = signal.aborted ? 'stopped' : 'completed';
  await logEvent(ctx, LOG_COMPONENTS.spider, 'info', `Re-fetch ${how}: ${progress.updated} articles updated, ${progress.failed} failed, ${progress.processed} of ${progress.total} processed`);
  await patchJobState(ctx.sql, 'refetch', { finishedAt: new Date().toISOString(), progress }).catch((error: unknown) =>
    console.error('saving re-fetcher state failed:', error),
  );
  job.run = null;
  emit();
}

// The spider's part of the status object, read from the database: the live run (any
// daemon's; figures summed over the daemons sharing it) or the last one, its claims and activity
// lines as its run left them. It reads the run, never the module that drives it.
import type { SpiderStatusFields } from '../../../api/status.js';
import type { AppContext } from '../../../context.js';
import { crawlRunFigures } from '../../../db/crawl-claims.js';
import { recentJobActivity } from '../../../db/job-runs.js';
import { lastRun, liveRun } from '../../platform/jobs/index.js';
import { ACTIVITY_LINES, formatElapsed, unsavedActivity } from './activity.js';

export const SPIDER_JOB = 'spider';

export type { SpiderStatusFields } from '../../../api/status.js';

const percent = (done: number, total: number) => (total ? Math.min(100, Math.round((done / total) * 100)) : 0);
/** To a tenth: a run of hundreds of sites moves visibly between whole percents. */
const finePercent = (done: number, total: number) => (total ? Math.min(100, Math.floor((done / total) * 1000) / 10) : 0);

/** When a run began: its start as the console pressed it (a resumed run keeps it). */
export function runStartedAt(run: { params: Record<string, unknown>; createdAt: Date }): string {
  return String(run.params.startedAt ?? run.createdAt.toISOString());
}

export async function spiderStatusFields(ctx: AppContext): Promise<SpiderStatusFields> {
  const live = await liveRun(ctx, SPIDER_JOB);
  if (live) {
    const [figures, saved] = await Promise.all([crawlRunFigures(ctx.sql, live.id), recentJobActivity(ctx.sql, live.id, ACTIVITY_LINES)]);
    const startedAt = runStartedAt(live);
    return {
      spiderStatus: live.status === 'paused' ? 'paused' : 'running',
      spiderProgress: percent(figures.processed, figures.total),
      spiderCurrentDomain: figures.currentDomain,
      spiderCrawlingDomains: figures.crawlingDomains ? figures.crawlingDomains.split(' ') : [],
      spiderSitesProcessed: figures.processed,
      spiderTotalSites: figures.total,
      spiderWorkProgress: finePercent(figures.processed + figures.crawlingShare, figures.total),
      // The sites crawled in parallel right now: what "threads" are here (one per host). In-flight
      // requests, sampled at each lease renewal, read 0 nearly always at one request a second.
      spiderActiveThreads: figures.sitesCrawling,
      spiderPendingRequests: figures.pendingRequests,
      spiderCurrentRunArticleCount: figures.articlesStored,
      spiderElapsedTime: formatElapsed(Date.now() - Date.parse(startedAt)),
      spiderActivityLog: [...unsavedActivity(ctx, live.id), ...saved].slice(0, ACTIVITY_LINES),
      spiderLastStartTime: startedAt,
    };
  }
  const last = await lastRun(ctx, SPIDER_JOB);
  const [figures, activity] = last ? await Promise.all([crawlRunFigures(ctx.sql, last.id), recentJobActivity(ctx.sql, last.id, ACTIVITY_LINES)]) : [null, []];
  const total = figures?.total ?? 0;
  const processed = figures?.processed ?? 0;
  const elapsedMs = last?.finishedAt ? last.finishedAt.getTime() - Date.parse(runStartedAt(last)) : 0;
  return {
    spiderStatus: 'idle',
    spiderProgress: percent(processed, total),
    spiderCurrentDomain: null,
    spiderCrawlingDomains: [],
    spiderSitesProcessed: processed,
    spiderTotalSites: total,
    spiderWorkProgress: percent(processed, total),
    spiderActiveThreads: 0,
    spiderPendingRequests: 0,
    spiderCurrentRunArticleCount: figures?.articlesStored ?? 0,
    spiderElapsedTime: formatElapsed(Math.max(0, elapsedMs)),
    spiderActivityLog: activity,
    spiderLastStartTime: last ? runStartedAt(last) : null,
  };
}

// The spider's part of the status object, read from the database: the live run (any
// daemon's; figures summed over the daemons sharing it) or the last one as saved, which survives a
// restart. It reads the run, never the module that drives it.
import type { SpiderStatusFields } from '../../api/status.js';
import type { AppContext } from '../../context.js';
import { crawlRunFigures } from '../../db/crawl-claims.js';
import { readJobState } from '../../db/job-state.js';
import { recentJobActivity } from '../../db/job-runs.js';
import { liveRun } from '../jobs/index.js';
import { ACTIVITY_LINES, formatElapsed, unsavedActivity } from './activity.js';

export const SPIDER_JOB = 'spider';
const INTERRUPTED_LINE = 'The last run was interrupted: the process stopped before it finished';

export type { SpiderStatusFields } from '../../api/status.js';

/** What job_state 'spider' holds: the last run's summary (`lastStartedAt` is also read by the home page). */
export interface SpiderJobState extends Record<string, unknown> {
  lastStartedAt: string;
  lastFinishedAt: string | null;
  /** True while a run is live: found true with no live run, the run ended without its summary. */
  running: boolean;
  totalSites: number;
  sitesProcessed: number;
  articlesFound: number;
  elapsedMs: number;
  activityLog: string[];
}

const percent = (done: number, total: number) => (total ? Math.min(100, Math.round((done / total) * 100)) : 0);
/** To a tenth: a run of hundreds of sites moves visibly between whole percents. */
const finePercent = (done: number, total: number) => (total ? Math.min(100, Math.floor((done / total) * 1000) / 10) : 0);

export async function spiderStatusFields(ctx: AppContext): Promise<SpiderStatusFields> {
  const live = await liveRun(ctx, SPIDER_JOB);
  if (live) {
    const [figures, saved] = await Promise.all([crawlRunFigures(ctx.sql, live.id), recentJobActivity(ctx.sql, live.id, ACTIVITY_LINES)]);
    const startedAt = String(live.params.startedAt ?? live.createdAt.toISOString());
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
  const saved = await readJobState<SpiderJobState>(ctx.sql, SPIDER_JOB);
  const total = saved.totalSites ?? 0;
  const processed = saved.sitesProcessed ?? 0;
  const activity = saved.activityLog ?? [];
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
    spiderCurrentRunArticleCount: saved.articlesFound ?? 0,
    spiderElapsedTime: formatElapsed(saved.elapsedMs ?? 0),
    spiderActivityLog: saved.running ? [INTERRUPTED_LINE, ...activity].slice(0, ACTIVITY_LINES) : activity,
    spiderLastStartTime: saved.lastStartedAt ?? null,
  };
}

// The daemon's schedule: the jobs the registry declares for the cadence's slots (the spider's and
// the trends analyzer's), unless the scheduler is switched off (NEWSCTL_SCHEDULER=false). Every
// daemon keeps the clock; each slot starts one run in the cluster (its run id derives from the slot).
import type { AppContext } from '../../context.js';
import '../jobs/catalog.js';
import { startJobForSlot } from '../jobs/index.js';
import { startScheduler, type ScheduledJobs } from './index.js';

/** What a slot starts, on any daemon: the job declared for that kind of slot, read from the registry. */
export const DAEMON_SCHEDULED_JOBS: ScheduledJobs = {
  startSpider: (ctx, slot) => (slot ? startJobForSlot(ctx, 'spider', slot) : undefined),
  startTrendsAnalysis: (ctx, slot) => (slot ? startJobForSlot(ctx, 'trends', slot) : undefined),
};

export function startDaemonSchedule(ctx: AppContext): () => Promise<void> {
  if (!ctx.config.scheduler) return async () => {};
  return startScheduler(ctx, DAEMON_SCHEDULED_JOBS);
}

// The daemon's schedule: the rows the catalog's timed jobs declare (the spider's and the trends
// analyzer's cadence, the daily bulletin, the hourly upkeep), unless the scheduler is switched off
// (NEWSCTL_SCHEDULER=false). Every daemon keeps the clock; each slot starts one run in the cluster
// (its run id derives from the slot).
import type { AppContext } from '../../../context.js';
import { startScheduler } from './index.js';

export function startDaemonSchedule(ctx: AppContext): () => Promise<void> {
  if (!ctx.config.scheduler) return async () => {};
  return startScheduler(ctx);
}

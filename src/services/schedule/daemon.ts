// The daemon's schedule: the spider and the trends analyzer on the §9 cadence, unless the scheduler
// is switched off (NEWSCTL_SCHEDULER=false).
import type { AppContext } from '../../context.js';
import { startSpider } from '../spider/index.js';
import { startTrendsAnalyzer } from '../trends/analyzer.js';
import { startScheduler } from './index.js';

export function startDaemonSchedule(ctx: AppContext): () => Promise<void> {
  if (!ctx.config.scheduler) return async () => {};
  return startScheduler(ctx, { startSpider, startTrendsAnalysis: (context) => startTrendsAnalyzer(context) });
}

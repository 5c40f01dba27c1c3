// The daemon's schedule: the jobs the catalog declares for the cadence's slots (the spider's and
// the trends analyzer's), the daily bulletin and the hourly upkeep, unless the scheduler is switched
// off (NEWSCTL_SCHEDULER=false). Every daemon keeps the clock; each job slot starts one run in the
// cluster (its run id derives from the slot); the upkeep is idempotent, so any daemon may do it.
import type { AppContext } from '../../context.js';
import { startJobForSlot } from '../jobs/index.js';
import { startScheduler, type ScheduledJobs } from './index.js';
import { startScheduledAudioJob } from '../audio/jobs.js';
import { LATEST_NEWS_AUDIO_JOB } from '../audio/latest-news.js';
import { pruneAudio } from '../audio/maintenance.js';
import { pruneAuthState } from '../auth/index.js';
import { LOG_COMPONENTS, logEvent, pruneLogs } from '../logs/index.js';
import { getSetting } from '../settings/index.js';
import { pruneArticles } from '../retention/index.js';
import { reclaimSpace } from '../retention/space.js';
import { maintainRecentSearchSet } from '../search/index.js';

/** What a slot starts, on any daemon: the job declared for that kind of slot, read from the context's catalog. */
export const DAEMON_SCHEDULED_JOBS: ScheduledJobs = {
  startSlot: (ctx, kind, slot) => (slot ? startJobForSlot(ctx, kind, slot) : undefined),
  async startBulletin(ctx, slot) {
    // The slot names the run: however many daemons fire it, it runs once.
    const outcome = await startScheduledAudioJob(ctx, LATEST_NEWS_AUDIO_JOB, slot);
    if (outcome !== 'started') return;
    const { dailyTime } = await getSetting<{ dailyTime: string }>(ctx, 'latest-news-audio-settings');
    await logEvent(ctx, LOG_COMPONENTS.audio, 'info', `Daily latest news audio started (${dailyTime})`);
  },
  /** Retention of articles, audio and the system log; old sessions and login failures; the recent-search set; disk space. */
  async upkeep(ctx) {
    for (const [what, step] of [
      ['auth state', () => pruneAuthState(ctx)],
      ['system log', () => pruneLogs(ctx)],
      ['articles', () => pruneArticles(ctx)],
      ['audio', () => pruneAudio(ctx)],
      ['recent search set', () => maintainRecentSearchSet(ctx)],
      // Last: the space the steps above freed, reusable; the embedded database's log recycled.
      ['disk space', () => reclaimSpace(ctx)],
    ] as const) {
      await step().catch((error: unknown) => logEvent(ctx, LOG_COMPONENTS.system, 'error', `Hourly upkeep (${what}) failed: ${(error as Error).message}`).catch(() => {}));
    }
  },
};

export function startDaemonSchedule(ctx: AppContext): () => Promise<void> {
  if (!ctx.config.scheduler) return async () => {};
  return startScheduler(ctx, DAEMON_SCHEDULED_JOBS);
}

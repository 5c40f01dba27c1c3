// The hourly upkeep, a timed job like any other (its row of the schedule: the top of every hour; one
// run per hour in the cluster), and the one place that prunes: retention of articles, audio and the
// system log; finished job runs and their activity lines; stored live messages; old sessions and
// login failures; the recent-search set; disk space. Each step goes on when another fails.
import type { AppContext } from '../../context.js';
import { pruneAudio } from '../audio/maintenance.js';
import { pruneAuthState } from '../auth/index.js';
import { pruneStoredLiveMessages } from '../event-bridge.js';
import { defineJob, pruneJobHistory } from '../jobs/index.js';
import { LOG_COMPONENTS, logEvent, pruneLogs } from '../logs/index.js';
import { pruneArticles } from '../retention/index.js';
import { reclaimSpace } from '../retention/space.js';
import { hourlyRow } from '../schedule/rows.js';
import { maintainRecentSearchSet } from '../search/index.js';

export const UPKEEP_JOB = 'upkeep';

/** Runs every step; returns the steps that failed (each said in the system log). */
export async function runUpkeep(ctx: AppContext): Promise<{ failed: string[] }> {
  const failed: string[] = [];
  for (const [what, step] of [
    ['auth state', () => pruneAuthState(ctx)],
    ['system log', () => pruneLogs(ctx)],
    ['job history', () => pruneJobHistory(ctx)],
    ['live messages', () => pruneStoredLiveMessages(ctx)],
    ['articles', () => pruneArticles(ctx)],
    ['audio', () => pruneAudio(ctx)],
    ['recent search set', () => maintainRecentSearchSet(ctx)],
    // Last: the space the steps above freed, reusable; the embedded database's log recycled.
    ['disk space', () => reclaimSpace(ctx)],
  ] as const) {
    try {
      await step();
    } catch (error) {
      failed.push(what);
      await logEvent(ctx, LOG_COMPONENTS.system, 'error', `Hourly upkeep (${what}) failed: ${(error as Error).message}`).catch(() => {});
    }
  }
  return { failed };
}

export const upkeepJob = defineJob({
  name: UPKEEP_JOB,
  label: 'The hourly upkeep',
  run: (ctx) => runUpkeep(ctx),
  schedule: hourlyRow('upkeep', { label: 'Scheduled upkeep', component: LOG_COMPONENTS.system }),
});

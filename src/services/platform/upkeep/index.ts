// The hourly upkeep, a timed job like any other (its row of the schedule: the top of every hour; one
// run per hour in the cluster), and the one place that prunes. Its steps are the product's (the
// composition root, src/job-catalog.ts, lists them: retention of articles, audio and the system
// log; finished job runs; stored live messages; old sessions and login failures; the recent-search
// set; disk space). Each step goes on when another fails.
import type { AppContext } from '../../../context.js';
import { defineJob, type JobDefinition } from '../jobs/index.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { hourlyRow } from '../schedule/rows.js';

export const UPKEEP_JOB = 'upkeep';

/** One step of the upkeep: what it keeps in bounds (for the log), and the work. */
export type UpkeepStep = readonly [what: string, step: (ctx: AppContext) => Promise<unknown>];

/** Runs every step in order; returns the steps that failed (each said in the system log). */
export async function runUpkeep(ctx: AppContext, steps: readonly UpkeepStep[]): Promise<{ failed: string[] }> {
  const failed: string[] = [];
  for (const [what, step] of steps) {
    try {
      await step(ctx);
    } catch (error) {
      failed.push(what);
      await logEvent(ctx, LOG_COMPONENTS.system, 'error', `Hourly upkeep (${what}) failed: ${(error as Error).message}`).catch(() => {});
    }
  }
  return { failed };
}

/** The upkeep job over these steps. */
export function upkeepJob(steps: readonly UpkeepStep[]): JobDefinition<Record<string, never>, { failed: string[] }> {
  return defineJob({
    name: UPKEEP_JOB,
    label: 'The hourly upkeep',
    // It is what frees space.
    startsWhileDiskFull: true,
    run: (ctx) => runUpkeep(ctx, steps),
    schedule: hourlyRow('upkeep', { label: 'Scheduled upkeep', component: LOG_COMPONENTS.system }),
  });
}

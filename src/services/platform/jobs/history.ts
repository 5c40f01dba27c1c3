// Old runs go: finished runs after 30 days (each job's newest always stays: status pages read it),
// their activity lines after 7 (the newest run's lines are also saved with its summary).
import type { AppContext } from '../../../context.js';
import { pruneJobActivity, pruneJobRuns } from '../../../db/job-runs.js';

const RUNS_KEPT_MS = 30 * 24 * 60 * 60_000;
const ACTIVITY_KEPT_MS = 7 * 24 * 60 * 60_000;

export async function pruneJobHistory(ctx: Pick<AppContext, 'sql'>, now = Date.now()): Promise<number> {
  await pruneJobActivity(ctx.sql, new Date(now - ACTIVITY_KEPT_MS));
  return pruneJobRuns(ctx.sql, new Date(now - RUNS_KEPT_MS));
}

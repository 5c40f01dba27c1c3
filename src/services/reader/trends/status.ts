// The trends analyzer's part of the status object: the live run's state (read from
// the database, so every daemon reports a run any daemon holds), and the stored counts and last run.
import type { TrendsStatusFields } from '../../../api/status.js';
import type { AppContext } from '../../../context.js';
import { latestCleanRun } from '../../../db/job-runs.js';
import { countLlmCalls } from '../../../db/llm-calls.js';
import { countTrends } from '../../../db/trends.js';
import { liveRun } from '../../platform/jobs/index.js';
import { ANALYZER_JOB, type AnalyzerProgress } from './analyzer-job.js';

export type { TrendsStatusFields } from '../../../api/status.js';

/** When the last analysis that was neither stopped nor failed ended (ISO); null before the first. */
export async function lastAnalysisAt(ctx: Pick<AppContext, 'sql'>): Promise<string | null> {
  return (await latestCleanRun(ctx.sql, ANALYZER_JOB))?.finishedAt?.toISOString() ?? null;
}

export async function trendsStatusFields(ctx: AppContext): Promise<TrendsStatusFields> {
  // The live run is read first: a run that ends between two parallel reads would otherwise
  // show as idle with no last run, since its end is seen by one query and not the other.
  const live = await liveRun(ctx, ANALYZER_JOB);
  const [trends, calls, lastRunAt] = await Promise.all([countTrends(ctx.sql), countLlmCalls(ctx.sql), lastAnalysisAt(ctx)]);
  const progress = (live?.progress ?? {}) as Partial<AnalyzerProgress>;
  return {
    trendsAnalyzerStatus: live ? (progress.status ?? 'running') : 'idle',
    totalTrendsIdentified: trends,
    mistralQueriesCount: calls,
    trendsAnalyzerLastRun: lastRunAt,
    trendsAnalyzerCurrentAction: live ? (progress.currentAction ?? null) : null,
  };
}

// The trends analyzer's part of the status object (spec 001 §3): the live state of this process's
// analyzer, and the stored counts and last run.
import type { AppContext } from '../../context.js';
import { readJobState } from '../../db/job-state.js';
import { countLlmCalls } from '../../db/llm-calls.js';
import { countTrends } from '../../db/trends.js';
import { analyzerJob, ANALYZER_JOB, type AnalyzerStatus } from './analyzer-job.js';

export interface TrendsStatusFields {
  trendsAnalyzerStatus: AnalyzerStatus;
  totalTrendsIdentified: number;
  /** The count of AI-model calls (the spec's name comes from its first provider). */
  mistralQueriesCount: number;
  trendsAnalyzerLastRun: string | null;
  trendsAnalyzerCurrentAction: string | null;
}

export async function trendsStatusFields(ctx: Pick<AppContext, 'sql' | 'jobs'>): Promise<TrendsStatusFields> {
  const job = analyzerJob(ctx);
  const [trends, calls, state] = await Promise.all([
    countTrends(ctx.sql),
    countLlmCalls(ctx.sql),
    readJobState<{ lastRunAt: string }>(ctx.sql, ANALYZER_JOB),
  ]);
  return {
    trendsAnalyzerStatus: job.status,
    totalTrendsIdentified: trends,
    mistralQueriesCount: calls,
    trendsAnalyzerLastRun: state.lastRunAt ?? null,
    trendsAnalyzerCurrentAction: job.status === 'idle' ? null : job.currentAction,
  };
}

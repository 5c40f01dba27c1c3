// The trends analyzer's part of the status object (spec 001 §3).
import type { AppContext } from '../../context.js';
import { readJobState } from '../../db/job-state.js';

export interface TrendsStatusFields {
  trendsAnalyzerStatus: 'running' | 'analyzing' | 'idle';
  totalTrendsIdentified: number;
  /** The count of AI-model calls (the spec's name comes from its first provider). */
  mistralQueriesCount: number;
  trendsAnalyzerLastRun: string | null;
  trendsAnalyzerCurrentAction: string | null;
}

export async function trendsStatusFields(ctx: Pick<AppContext, 'sql'>): Promise<TrendsStatusFields> {
  const [[counts], state] = await Promise.all([
    ctx.sql<{ trends: number; calls: number }[]>`
      select (select count(*)::int from trends) as trends, (select count(*)::int from llm_calls) as calls`,
    readJobState<{ lastRunAt: string }>(ctx.sql, 'trends-analyzer'),
  ]);
  return {
    trendsAnalyzerStatus: 'idle',
    totalTrendsIdentified: counts!.trends,
    mistralQueriesCount: counts!.calls,
    trendsAnalyzerLastRun: state.lastRunAt ?? null,
    trendsAnalyzerCurrentAction: null,
  };
}

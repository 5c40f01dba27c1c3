// The analyzer's live state: one object per context (contextJob), read by the status section and
// driven by analyzer.ts. Kept apart so the status module never imports the analyzer.
import { contextJob, type AppContext } from '../../context.js';

export type AnalyzerStatus = 'running' | 'analyzing' | 'idle';

export interface AnalyzerRunSummary {
  batchNumber: number | null;
  /** Trends stored by this run (new and continued). */
  trends: number;
  /** Of which earlier trends of the same story, updated instead of added. */
  continued: number;
  /** Topics whose model analysis failed and which the offline engine analyzed instead. */
  fallbackTopics: string[];
  analyzer: 'model' | 'offline';
  stopped: boolean;
  error: string | null;
}

export interface AnalyzerJob {
  status: AnalyzerStatus;
  currentAction: string | null;
  controller: AbortController | null;
  /** The run under way; null when idle. Never rejects. */
  run: Promise<AnalyzerRunSummary> | null;
}

export const ANALYZER_JOB = 'trends-analyzer';

export function analyzerJob(ctx: Pick<AppContext, 'jobs'>): AnalyzerJob {
  return contextJob<AnalyzerJob>(ctx, ANALYZER_JOB, () => ({ status: 'idle', currentAction: null, controller: null, run: null }));
}

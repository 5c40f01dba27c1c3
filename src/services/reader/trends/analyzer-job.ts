// The analyzer run's name and shapes, apart from analyzer.ts so the status section reads them
// without importing the analyzer.
import type { AnalyzerState } from '../../../api/status.js';

export type AnalyzerStatus = AnalyzerState;

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

/** The job's name (its runs in job_runs). */
export const ANALYZER_JOB = 'trends-analyzer';

/** What a live run reports through progress(): the status section shows it. */
export interface AnalyzerProgress {
  status: Exclude<AnalyzerStatus, 'idle'>;
  currentAction: string | null;
}

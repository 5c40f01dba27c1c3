// The spider's part of the status object (spec 001 §3).
import type { AppContext } from '../../context.js';
import { readJobState } from '../../db/job-state.js';

export interface SpiderStatusFields {
  spiderStatus: 'idle' | 'running' | 'paused';
  spiderProgress: number;
  spiderCurrentDomain: string | null;
  spiderSitesProcessed: number;
  spiderTotalSites: number;
  spiderActiveThreads: number;
  spiderPendingRequests: number;
  spiderCurrentRunArticleCount: number;
  spiderElapsedTime: string;
  spiderActivityLog: string[];
  spiderLastStartTime: string | null;
}

export async function spiderStatusFields(ctx: Pick<AppContext, 'sql'>): Promise<SpiderStatusFields> {
  const state = await readJobState<{ lastStartedAt: string }>(ctx.sql, 'spider');
  return {
    spiderStatus: 'idle',
    spiderProgress: 0,
    spiderCurrentDomain: null,
    spiderSitesProcessed: 0,
    spiderTotalSites: 0,
    spiderActiveThreads: 0,
    spiderPendingRequests: 0,
    spiderCurrentRunArticleCount: 0,
    spiderElapsedTime: '0m',
    spiderActivityLog: [],
    spiderLastStartTime: state.lastStartedAt ?? null,
  };
}

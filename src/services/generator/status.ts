// The generator's part of the status object. The generator itself comes with its own issue; until
// it runs, the status is idle and the counts come from what is stored.
import type { AppContext } from '../../context.js';
import { readJobState } from '../../db/job-state.js';

export interface GeneratorStatusFields {
  generatorStatus: 'running' | 'generating' | 'paused' | 'idle';
  totalArticlesGenerated: number;
  generatorLastRun: string | null;
}

export async function generatorStatusFields(ctx: Pick<AppContext, 'sql'>): Promise<GeneratorStatusFields> {
  const [[count], state] = await Promise.all([
    ctx.sql<{ count: number }[]>`select count(*)::int as count from generated_articles`,
    readJobState<{ lastRunAt: string }>(ctx.sql, 'generator'),
  ]);
  return { generatorStatus: 'idle', totalArticlesGenerated: count!.count, generatorLastRun: state.lastRunAt ?? null };
}

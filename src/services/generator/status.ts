// The generator's part of the status object and the queue status, read from the database so that
// every daemon reports the same (decisions.md "Wave 2": status is cluster-wide).
import type { GeneratorStatusFields, QueueStatus } from '../../api/generator.js';
import type { AppContext } from '../../context.js';
import { countGeneratedArticles, lastGeneratedAt } from '../../db/generated-articles.js';
import { countLiveItems, liveItems } from '../../db/generation-queue.js';
import { patchJobState, readJobState } from '../../db/job-state.js';

export type { GeneratorStatusFields, QueueStatus } from '../../api/generator.js';

export const GENERATOR_JOB = 'generator';
/** Items listed by the queue status (the console's list scrolls; the count is exact). */
const QUEUE_STATUS_ITEMS = 200;

export interface GeneratorJobState {
  /** Started with Run: keeps queueing the trends of each new analysis until Stop. */
  runMode: boolean;
  startedAt: string | null;
  lastRunAt: string | null;
  [key: string]: unknown;
}

export async function readGeneratorState(ctx: Pick<AppContext, 'sql'>): Promise<Partial<GeneratorJobState>> {
  return readJobState<GeneratorJobState>(ctx.sql, GENERATOR_JOB);
}

export async function patchGeneratorState(ctx: Pick<AppContext, 'sql'>, patch: Partial<GeneratorJobState>): Promise<void> {
  await patchJobState(ctx.sql, GENERATOR_JOB, patch);
}

export async function generatorStatusFields(ctx: Pick<AppContext, 'sql'>): Promise<GeneratorStatusFields> {
  const [total, state, live, last] = await Promise.all([
    countGeneratedArticles(ctx.sql),
    readGeneratorState(ctx),
    countLiveItems(ctx.sql),
    lastGeneratedAt(ctx.sql),
  ]);
  const generatorStatus = live.generating > 0 ? 'generating' : state.runMode || live.pending > 0 ? 'running' : 'idle';
  const lastRun = [state.lastRunAt ?? null, last?.toISOString() ?? null].filter((v): v is string => v !== null).sort().at(-1) ?? null;
  return { generatorStatus, totalArticlesGenerated: total, generatorLastRun: lastRun };
}

export async function queueStatus(ctx: Pick<AppContext, 'sql'>): Promise<QueueStatus> {
  const [items, counts] = await Promise.all([liveItems(ctx.sql, QUEUE_STATUS_ITEMS), countLiveItems(ctx.sql)]);
  const generating = items.find((item) => item.status === 'generating');
  return {
    queueLength: counts.pending + items.filter((item) => item.status === 'generating').length,
    isGenerating: generating !== undefined,
    currentTrend: generating?.trendTitle ?? null,
    items: items.map((item) => ({ id: item.id, trendTitle: item.trendTitle, status: item.status as 'pending' | 'generating' })),
  };
}

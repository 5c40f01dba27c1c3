// The generator's part of the status object and the queue status, read from the database (the job
// runner's runs: a generation is a generate-article run) so that every daemon reports the same (status is cluster-wide).
import type { GeneratorStatusFields, QueueStatus } from '../../../api/generator.js';
import type { AppContext } from '../../../context.js';
import { countGeneratedArticles, lastGeneratedAt } from '../../../db/generated-articles.js';
import { GENERATE_ARTICLE_JOB, countLiveGenerations, liveGenerations } from '../../../db/generations.js';
import { latestJobRunEndedAs, liveJobRuns } from '../../../db/job-runs.js';

export type { GeneratorStatusFields, QueueStatus } from '../../../api/generator.js';

/** Run mode: the exclusive job started by Run, which queues the trends of each analysis until Stop. */
export const GENERATOR_JOB = 'generator';
/** One run per generation: the article of one trend. */
export { GENERATE_ARTICLE_JOB };
/** Items listed by the queue status (the console's list scrolls; the count is exact). */
const QUEUE_STATUS_ITEMS = 200;

/** generating: an item's run is held under a live lease; running: Run is on or items wait; else idle. */
export async function generatorStatusFields(ctx: Pick<AppContext, 'sql'>): Promise<GeneratorStatusFields> {
  const [total, lastGeneration, runs, last] = await Promise.all([
    countGeneratedArticles(ctx.sql),
    latestJobRunEndedAs(ctx.sql, GENERATE_ARTICLE_JOB, 'completed'),
    liveJobRuns(ctx.sql, [GENERATOR_JOB, GENERATE_ARTICLE_JOB]),
    lastGeneratedAt(ctx.sql),
  ]);
  const now = Date.now();
  const generating = runs.some(
    (run) => run.job === GENERATE_ARTICLE_JOB && (run.status === 'running' || run.status === 'stopping') && (run.expiresAt?.getTime() ?? 0) >= now,
  );
  const generatorStatus = generating ? 'generating' : runs.length > 0 ? 'running' : 'idle';
  const lastRun =
    [lastGeneration?.finishedAt?.toISOString() ?? null, last?.toISOString() ?? null]
      .filter((v): v is string => v !== null)
      .sort()
      .at(-1) ?? null;
  return { generatorStatus, totalArticlesGenerated: total, generatorLastRun: lastRun };
}

export async function queueStatus(ctx: Pick<AppContext, 'sql'>): Promise<QueueStatus> {
  const [items, counts] = await Promise.all([liveGenerations(ctx.sql, QUEUE_STATUS_ITEMS), countLiveGenerations(ctx.sql)]);
  const generating = items.find((item) => item.status === 'generating');
  return {
    queueLength: counts.total,
    isGenerating: generating !== undefined,
    currentTrend: generating?.trendTitle ?? null,
    items: items.map((item) => ({ id: item.id, trendTitle: item.trendTitle, status: item.status })),
    regenerating: counts.regeneration > 0,
  };
}

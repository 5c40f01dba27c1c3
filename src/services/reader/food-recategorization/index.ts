// Food re-categorization: a one-off walk over the stored articles that moves those the
// classifier (the model when configured, else the offline one) puts in food. A job of the runner:
// stoppable from any daemon, and resumable across stops, restarts and a dead daemon (another one
// takes the run over): its place and counts are its run's progress, which the next start carries on.
import type { FoodRecategorizationStatus, StopAnswer } from '../../../api/status.js';
import type { AppContext } from '../../../context.js';
import { articleIdRange, articlesAfter, countArticlesUpTo, moveArticlesToTopic } from '../../../db/article-topics.js';
import { classifyArticles } from '../article-topics/index.js';
import { defineJob, lastRun, liveRun, type JobHandle, notRunning, startJob, stopJob, waitForJobIdle } from '../../platform/jobs/index.js';
import { logEvent } from '../../platform/logs/index.js';

export type { FoodRecategorizationStatus } from '../../../api/status.js';

const FOOD_RECATEGORIZATION_JOB = 'food-recategorization';
const COMPONENT = 'CLASSIFIER';
const BATCH_SIZE = 25;
const LEAD_CHARACTERS = 1_000;
/** Consecutive failed batches (the database is gone, say) after which the job stops. */
const MAX_FAILED_BATCHES = 3;

/** The current (or last) pass: its run's progress. */
interface PassState {
  /** The pass covers articles up to this id: those crawled later are classified when stored. */
  passMaxId: number;
  lastArticleId: number;
  processed: number;
  recategorized: number;
  errors: number;
  total: number;
  startedAt: string;
  finishedAt: string | null;
  stoppedAt: string | null;
  [key: string]: unknown;
}

type Ctx = AppContext;

function toStatus(state: Partial<PassState>, isRunning: boolean): FoodRecategorizationStatus {
  const processed = state.processed ?? 0;
  const total = state.total ?? 0;
  return {
    isRunning,
    processed,
    recategorized: state.recategorized ?? 0,
    errors: state.errors ?? 0,
    total,
    progress: total > 0 ? Math.min(100, Math.round((processed / total) * 1000) / 10) : 0,
    lastArticleId: state.lastArticleId ?? 0,
    startedAt: state.startedAt ?? null,
    finishedAt: state.finishedAt ?? null,
  };
}

/** Read from the database: any daemon reports the walk, wherever it runs. */
export async function foodRecategorizationStatus(ctx: AppContext): Promise<FoodRecategorizationStatus> {
  // Whether it runs first, then its place: a run ending between the two reads shows its final
  // counts one poll early rather than a stopped walk with the counts of its start.
  const live = await liveRun(ctx, FOOD_RECATEGORIZATION_JOB);
  return toStatus(await lastPass(ctx), live !== null);
}

/** The newest run's pass (live or ended). */
async function lastPass(ctx: AppContext): Promise<Partial<PassState>> {
  return ((await lastRun(ctx, FOOD_RECATEGORIZATION_JOB))?.progress ?? {}) as Partial<PassState>;
}

async function walk(ctx: Ctx, pass: PassState, job: JobHandle): Promise<void> {
  const { signal } = job;
  const push = () => ctx.events.emit('food_recategorization_status', toStatus(pass, true));
  let failedBatches = 0;
  try {
    while (!signal.aborted) {
      const page = await articlesAfter(ctx.sql, { afterId: pass.lastArticleId, upToId: pass.passMaxId, limit: BATCH_SIZE, leadCharacters: LEAD_CHARACTERS });
      if (page.length === 0) {
        pass.finishedAt = new Date().toISOString();
        break;
      }
      try {
        const classified = await classifyArticles(
          ctx,
          page.map((article) => ({ title: article.title, text: article.lead })),
          { signal },
        );
        // A batch cut short by a stop is done again on resume rather than half-counted.
        if (signal.aborted) break;
        const moves: Record<'model' | 'offline', number[]> = { model: [], offline: [] };
        page.forEach((article, i) => {
          const assigned = classified.topics[i]!;
          if (assigned.topic !== 'food' || article.topic === 'food') return;
          // The offline classifier never overrules what the model decided earlier.
          if (assigned.source === 'offline' && article.topicSource === 'model') return;
          moves[assigned.source].push(article.id);
        });
        pass.recategorized +=
          (await moveArticlesToTopic(ctx.sql, moves.model, 'food', 'model')) + (await moveArticlesToTopic(ctx.sql, moves.offline, 'food', 'offline'));
        if (classified.modelConfigured) pass.errors += classified.fallbacks;
        failedBatches = 0;
      } catch (error) {
        pass.errors += page.length;
        failedBatches++;
        await logEvent(ctx, COMPONENT, 'error', `Food re-categorization: articles ${page[0]!.id}–${page.at(-1)!.id} failed: ${(error as Error).message}`);
        if (failedBatches >= MAX_FAILED_BATCHES) throw error;
      }
      pass.processed += page.length;
      pass.lastArticleId = page.at(-1)!.id;
      job.progress(pass);
      push();
    }
    // Another daemon holds the run now (this one stalled): its place is the one that counts.
    if (job.interruption === 'lost') return;
    if (!pass.finishedAt) pass.stoppedAt = new Date().toISOString();
    job.progress(pass);
    await logEvent(
      ctx,
      COMPONENT,
      'info',
      `Food re-categorization ${pass.finishedAt ? 'finished' : 'stopped'}: ${pass.processed} of ${pass.total} articles processed, ${pass.recategorized} moved to food, ${pass.errors} errors`,
    );
  } catch (error) {
    pass.stoppedAt = new Date().toISOString();
    job.progress(pass);
    await logEvent(ctx, COMPONENT, 'error', `Food re-categorization stopped after repeated failures: ${(error as Error).message}`);
  }
  if (pass.recategorized > 0) ctx.events.emit('home_data_updated', {});
}

export const foodRecategorizationJob = defineJob({
  name: FOOD_RECATEGORIZATION_JOB,
  label: 'Food re-categorization',
  // The pass's place is the run's progress: a run taken over after a restart or a dead daemon resumes it.
  run: async (ctx, _params, job) => {
    const pass = { ...job.saved, stoppedAt: null } as PassState;
    await walk(ctx, pass, job);
    return toStatus(pass, false);
  },
  // The last status message goes out once the run has ended, so a client that reads the status on
  // it sees the walk stopped.
  settled: async (ctx) => {
    ctx.events.emit('food_recategorization_status', toStatus(await lastPass(ctx), false));
  },
});

/**
 * Starts (or resumes) the walk; Conflict (409) while it runs on any daemon. A pass that was stopped
 * resumes after the last article it processed, counts included; after a finished pass, a new one
 * starts over the articles stored now.
 */
export async function startFoodRecategorization(ctx: Ctx): Promise<FoodRecategorizationStatus> {
  const stored = await lastPass(ctx);
  const resumable = stored.passMaxId !== undefined && !stored.finishedAt && (stored.lastArticleId ?? 0) < stored.passMaxId;
  let pass: PassState;
  if (resumable) {
    pass = { ...(stored as PassState), stoppedAt: null };
  } else {
    const { maxId } = await articleIdRange(ctx.sql);
    pass = {
      passMaxId: maxId,
      lastArticleId: 0,
      processed: 0,
      recategorized: 0,
      errors: 0,
      total: await countArticlesUpTo(ctx.sql, maxId),
      startedAt: new Date().toISOString(),
      finishedAt: null,
      stoppedAt: null,
    };
  }
  // The pass is the new run's progress: a refused start changes nothing.
  await startJob(ctx, FOOD_RECATEGORIZATION_JOB, {}, { progress: pass });
  await logEvent(
    ctx,
    COMPONENT,
    'info',
    `Food re-categorization ${resumable ? `resumed after article ${pass.lastArticleId}` : 'started'}: ${pass.total} articles`,
  );
  return toStatus(pass, true);
}

/** Stops the walk wherever it runs and waits for it to end; its place is kept for the next start. */
export async function stopFoodRecategorization(ctx: Ctx): Promise<StopAnswer<FoodRecategorizationStatus>> {
  const ended = await stopJob(ctx, FOOD_RECATEGORIZATION_JOB);
  const status = await foodRecategorizationStatus(ctx);
  return ended ? status : { ...notRunning(ctx, FOOD_RECATEGORIZATION_JOB), ...status };
}

/** Waits for the walk under way, if any (tests, and the CLI in-process). */
export async function waitForFoodRecategorization(ctx: AppContext): Promise<void> {
  await waitForJobIdle(ctx, FOOD_RECATEGORIZATION_JOB);
}

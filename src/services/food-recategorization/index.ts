// Food re-categorization (spec 001 §4): a one-off walk over the stored articles that moves those the
// classifier (the model when configured, else the offline one) puts in food. Stoppable, and
// resumable across stops and restarts: its place and counts live in job_state.
import { contextJob, type AppContext } from '../../context.js';
import { articleIdRange, articlesAfter, countArticlesUpTo, moveArticlesToTopic } from '../../db/article-topics.js';
import { patchJobState, readJobState } from '../../db/job-state.js';
import { Conflict } from '../../errors.js';
import { classifyArticles } from '../article-topics/index.js';
import { logEvent } from '../logs/index.js';

export const FOOD_RECATEGORIZATION_JOB = 'food-recategorization';
/** The console's progress denominator (spec 001 §9); the status reports the real total beside it. */
export const SPEC_PROGRESS_TOTAL = 16_256;
const COMPONENT = 'CLASSIFIER';
const BATCH_SIZE = 25;
const LEAD_CHARACTERS = 1_000;
/** Consecutive failed batches (the database is gone, say) after which the job stops. */
const MAX_FAILED_BATCHES = 3;

/** What job_state keeps of the current (or last) pass. */
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

export interface FoodRecategorizationStatus {
  isRunning: boolean;
  processed: number;
  recategorized: number;
  /**
   * Articles the configured model failed on (they were classified offline instead), plus articles
   * that could not be processed at all.
   */
  errors: number;
  /** Articles this pass walks (the real figure; the console's bar uses SPEC_PROGRESS_TOTAL). */
  total: number;
  /** processed ÷ total, 0–100. */
  progress: number;
  lastArticleId: number;
  startedAt: string | null;
  finishedAt: string | null;
}

interface FoodJob {
  controller: AbortController | null;
  run: Promise<void> | null;
}

type Ctx = AppContext;

function foodJob(ctx: Pick<AppContext, 'jobs'>): FoodJob {
  return contextJob<FoodJob>(ctx, FOOD_RECATEGORIZATION_JOB, () => ({ controller: null, run: null }));
}

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

export async function foodRecategorizationStatus(ctx: Pick<AppContext, 'sql' | 'jobs'>): Promise<FoodRecategorizationStatus> {
  const state = await readJobState<PassState>(ctx.sql, FOOD_RECATEGORIZATION_JOB);
  return toStatus(state, foodJob(ctx).run !== null);
}

async function walk(ctx: Ctx, pass: PassState, signal: AbortSignal): Promise<void> {
  const push = () => ctx.events.emit('food_recategorization_status', { ...toStatus(pass, true) });
  let failedBatches = 0;
  try {
    while (!signal.aborted) {
      const page = await articlesAfter(ctx.sql, { afterId: pass.lastArticleId, upToId: pass.passMaxId, limit: BATCH_SIZE, leadCharacters: LEAD_CHARACTERS });
      if (page.length === 0) {
        pass.finishedAt = new Date().toISOString();
        break;
      }
      try {
        const classified = await classifyArticles(ctx, page.map((article) => ({ title: article.title, text: article.lead })), { signal });
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
      await patchJobState(ctx.sql, FOOD_RECATEGORIZATION_JOB, pass);
      push();
    }
    if (!pass.finishedAt) pass.stoppedAt = new Date().toISOString();
    await patchJobState(ctx.sql, FOOD_RECATEGORIZATION_JOB, pass);
    await logEvent(
      ctx,
      COMPONENT,
      'info',
      `Food re-categorization ${pass.finishedAt ? 'finished' : 'stopped'}: ${pass.processed} of ${pass.total} articles processed, ${pass.recategorized} moved to food, ${pass.errors} errors`,
    );
  } catch (error) {
    pass.stoppedAt = new Date().toISOString();
    await patchJobState(ctx.sql, FOOD_RECATEGORIZATION_JOB, pass).catch(() => {});
    await logEvent(ctx, COMPONENT, 'error', `Food re-categorization stopped after repeated failures: ${(error as Error).message}`);
  }
  if (pass.recategorized > 0) ctx.events.emit('home_data_updated', {});
}

/**
 * Starts (or resumes) the walk in the background; Conflict when it runs. A pass that was stopped
 * resumes after the last article it processed, counts included; after a finished pass, a new one
 * starts over the articles stored now.
 */
export async function startFoodRecategorization(ctx: Ctx): Promise<FoodRecategorizationStatus> {
  const job = foodJob(ctx);
  if (job.run) throw Conflict('Food re-categorization is already running');
  const stored = await readJobState<PassState>(ctx.sql, FOOD_RECATEGORIZATION_JOB);
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
  // Checked again, right before claiming the job: another start may have begun during the reads.
  if (job.run) throw Conflict('Food re-categorization is already running');
  const controller = new AbortController();
  job.controller = controller;
  job.run = (async () => {
    await patchJobState(ctx.sql, FOOD_RECATEGORIZATION_JOB, pass);
    await logEvent(ctx, COMPONENT, 'info', `Food re-categorization ${resumable ? `resumed after article ${pass.lastArticleId}` : 'started'}: ${pass.total} articles`);
    await walk(ctx, pass, controller.signal);
  })()
    .catch((error: unknown) => console.error('food re-categorization failed:', error))
    .finally(() => {
      job.controller = null;
      job.run = null;
      ctx.events.emit('food_recategorization_status', { ...toStatus(pass, false) });
    });
  return toStatus(pass, true);
}

/** Stops the walk and waits for it to end; its place is kept for the next start. */
export async function stopFoodRecategorization(ctx: Ctx): Promise<FoodRecategorizationStatus> {
  const job = foodJob(ctx);
  const run = job.run;
  if (run) {
    job.controller?.abort();
    await run;
  }
  return foodRecategorizationStatus(ctx);
}

/** Waits for the walk under way, if any (tests, and the CLI in-process). */
export async function waitForFoodRecategorization(ctx: Pick<AppContext, 'jobs'>): Promise<void> {
  await foodJob(ctx).run;
}

// The queue's worker in this daemon: claims items one at a time (best first) and generates them;
// in run mode it also queues the trends of each new analysis and waits for the next one. Shaped as
// the job runner's job function (runGeneratorQueue) with a small in-process driver around it until
// the runner takes it over. Every state lives in the database: a restarted or killed daemon resumes
// the queue, and a claim that is not renewed (a dead daemon) is taken over when it expires.
import { randomBytes } from 'node:crypto';
import { contextJob, type AppContext } from '../../context.js';
import {
  claimNextItem,
  countLiveItems,
  deleteFinishedItemsBefore,
  failExhaustedItems,
  nextForeignLeaseExpiry,
  releaseAllGenerating,
  releaseItem,
} from '../../db/generation-queue.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { publishQueue } from './events.js';
import { generateQueueItem, type JobHandle } from './generate-item.js';
import { queueTrendsWithoutArticle } from './queueing.js';
import { readGeneratorState } from './status.js';

export const GENERATOR_WORKER_DEFAULTS = {
  /** A trend whose generation never finishes (the daemon dies each time) fails after this many claims. */
  maxAttempts: 3,
  /** In run mode, how often to look for a new analysis when no event says one happened. */
  idlePollMs: 30_000,
  /** Consecutive loop failures (the database is gone) after which the worker stops. */
  maxLoopFailures: 5,
};

const FINISHED_ITEMS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

interface GeneratorWorker {
  holder: string;
  controller: AbortController | null;
  run: Promise<void> | null;
  /** Set when work was queued while the loop was deciding whether to end. */
  kicked: boolean;
  wake: (() => void) | null;
}

const WORKER = 'generator-worker';

export function generatorWorker(ctx: Pick<AppContext, 'jobs'>): GeneratorWorker {
  return contextJob<GeneratorWorker>(ctx, WORKER, () => ({
    holder: `${process.pid}-${randomBytes(4).toString('hex')}`,
    controller: null,
    run: null,
    kicked: false,
    wake: null,
  }));
}

function sleep(ms: number, signal: AbortSignal, worker: GeneratorWorker): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      worker.wake = null;
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    worker.wake = done;
  });
}

/**
 * The job: drains the queue; in run mode keeps going (queueing new trends) until stopped.
 * `params.holder` names this worker in the claims it takes.
 */
export async function runGeneratorQueue(
  ctx: AppContext,
  params: { holder: string; leaseSeconds?: number; idlePollMs?: number },
  job: JobHandle,
  worker: GeneratorWorker = generatorWorker(ctx),
): Promise<{ generated: number; failed: number }> {
  // A killed daemon's item is taken over when its claim, not renewed, expires.
  const leaseSeconds = params.leaseSeconds ?? ctx.config.generator.leaseSeconds;
  const idlePollMs = params.idlePollMs ?? GENERATOR_WORKER_DEFAULTS.idlePollMs;
  const totals = { generated: 0, failed: 0 };
  let failures = 0;
  const stopWaiting = ctx.events.on('home_data_updated', () => worker.wake?.());
  try {
    while (!job.signal.aborted) {
      try {
        for (const exhausted of await failExhaustedItems(ctx.sql, GENERATOR_WORKER_DEFAULTS.maxAttempts)) {
          await logEvent(ctx, LOG_COMPONENTS.generator, 'error', `Article generation failed for "${exhausted.trendTitle}": ${exhausted.error}`);
        }
        worker.kicked = false;
        const item = await claimNextItem(ctx.sql, params.holder, leaseSeconds);
        if (item) {
          const result = await generateQueueItem(ctx, { itemId: item.id, holder: params.holder, leaseSeconds }, job);
          if (result.outcome === 'done') totals.generated++;
          if (result.outcome === 'failed') totals.failed++;
          if (job.signal.aborted) await releaseItem(ctx.sql, item.id, params.holder);
          failures = 0;
          continue;
        }
        if ((await readGeneratorState(ctx)).runMode) {
          if ((await queueTrendsWithoutArticle(ctx)) > 0) continue;
          if (worker.kicked) continue;
          // Items another daemon is generating, or nothing: wait for a new analysis or a request.
          await sleep(idlePollMs, job.signal, worker);
          continue;
        }
        if (worker.kicked) continue;
        // Another daemon holds an item: if it died, its claim expires and this worker takes over.
        const expiry = await nextForeignLeaseExpiry(ctx.sql, params.holder);
        if (expiry !== null) {
          await sleep(Math.max(200, Math.min(expiry + 250, idlePollMs)), job.signal, worker);
          continue;
        }
        break;
      } catch (error) {
        if (job.signal.aborted) break;
        failures++;
        await logEvent(ctx, LOG_COMPONENTS.generator, 'error', `Article generator: ${(error as Error).message}`);
        if (failures >= GENERATOR_WORKER_DEFAULTS.maxLoopFailures) throw error;
        await sleep(Math.min(30_000, 1_000 * 2 ** failures), job.signal, worker);
      }
    }
  } finally {
    stopWaiting();
  }
  return totals;
}

/** Makes sure this daemon's worker runs (it ends by itself when the queue is empty and run mode is off). */
export function ensureGeneratorWorker(ctx: AppContext, options: { leaseSeconds?: number; idlePollMs?: number } = {}): void {
  const worker = generatorWorker(ctx);
  worker.kicked = true;
  worker.wake?.();
  if (worker.run) return;
  const controller = new AbortController();
  worker.controller = controller;
  worker.run = (async () => {
    try {
      await runGeneratorQueue(ctx, { holder: worker.holder, ...options }, { signal: controller.signal, progress: () => {} }, worker);
    } catch (error) {
      await logEvent(ctx, LOG_COMPONENTS.generator, 'error', `Article generator stopped: ${(error as Error).message}`);
    } finally {
      worker.run = null;
      worker.controller = null;
      // The console clears its action line when the status returns to idle.
      if (!controller.signal.aborted) await publishQueue(ctx);
    }
  })();
}

/** Aborts this daemon's worker and waits for it (its current item goes back to the queue, or is already cancelled). */
export async function haltGeneratorWorker(ctx: AppContext): Promise<void> {
  const worker = generatorWorker(ctx);
  worker.controller?.abort();
  await worker.run;
}

/** How often an idle daemon looks for queued work another daemon left (a dead one, or Run started elsewhere). */
const WATCH_MS = 30_000;

async function resumeIfWork(ctx: AppContext): Promise<void> {
  if (generatorWorker(ctx).run) return;
  const [state, live] = await Promise.all([readGeneratorState(ctx), countLiveItems(ctx.sql)]);
  if (state.runMode || live.pending > 0 || live.total > live.generating) ensureGeneratorWorker(ctx);
}

/**
 * At daemon start: resume a queue left by a previous run, then keep an eye on the queue so this
 * daemon also takes work that another daemon queued or left behind. With the embedded database
 * only one process can use the data folder, so items it left "generating" are orphans and go back
 * at once; with PostgreSQL another daemon may be generating them, so their claims are left to
 * expire. Returns the function that stops the watch.
 */
export async function resumeGenerator(ctx: AppContext): Promise<() => void> {
  // Finished items are history the console never shows; a month of it is plenty.
  await deleteFinishedItemsBefore(ctx.sql, new Date(Date.now() - FINISHED_ITEMS_KEPT_MS));
  const released = ctx.db.kind === 'embedded' ? await releaseAllGenerating(ctx.sql) : 0;
  const [state, live] = await Promise.all([readGeneratorState(ctx), countLiveItems(ctx.sql)]);
  if (state.runMode || live.pending > 0 || live.total > 0 || released > 0) {
    await logEvent(
      ctx,
      LOG_COMPONENTS.generator,
      'info',
      `Resuming the article generator: ${live.pending} queued${released ? ` (${released} interrupted by the last shutdown)` : ''}${state.runMode ? ', run mode on' : ''}`,
    );
    ensureGeneratorWorker(ctx);
  }
  const timer = setInterval(() => void resumeIfWork(ctx).catch(() => {}), WATCH_MS);
  timer.unref();
  return () => clearInterval(timer);
}

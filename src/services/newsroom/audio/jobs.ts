// Audio work on the job runner (src/services/platform/jobs): each generation is a job declared once beside
// its function — JSON parameters in, a JSON result out — so any daemon can run it; one run of a job
// at a time in the cluster (a second start answers 409); a run's id is the key its audio is
// recorded under, so a run taken over after a daemon died records its file once. The calls that
// answer with the result wait for the run, within a time limit.
import type { AppContext } from '../../../context.js';
import { AppError, Upstream } from '../../../errors.js';
import {
  defineJob,
  isTerminal,
  startJob,
  waitForRun,
  type JobDefinition,
  type JobHandle as RunnerHandle,
  type JobSchedule,
} from '../../platform/jobs/index.js';
import type { JobHandle } from './assemble.js';
import { emitWebhook } from '../../platform/webhooks/index.js';

/** How long a synchronous call waits for its job before answering that the job goes on. */
const DEFAULT_WAIT_MS = 15 * 60_000;

export type AudioJobKind = 'latest-news' | 'podcast' | 'interview';

const LABELS: Record<AudioJobKind, string> = {
  'latest-news': 'The latest news audio',
  podcast: 'The podcast audio',
  interview: 'The interview audio',
};

/** What a job function receives: the runner's signal and progress, and the key its output is recorded under. */
export interface AudioJobHandle extends JobHandle {
  key: string;
}

export interface AudioJobDefinition<P extends object, R> {
  /** The runner's job name: lower case, digits and hyphens. */
  name: string;
  kind: AudioJobKind;
  /** A timed audio job's row of the schedule (the daily bulletin). */
  schedule?: JobSchedule;
  run(ctx: AppContext, params: P, job: AudioJobHandle): Promise<R>;
}

function audioHandle(job: RunnerHandle): AudioJobHandle {
  return { key: job.runId, signal: job.signal, progress: (update) => job.progress(update as Record<string, unknown>) };
}

/** An audio job: the runner's job (listed in src/job-catalog.ts) that runs it and sends its file's address to webhooks. */
export interface AudioJob<P extends object, R> extends AudioJobDefinition<P, R> {
  job: JobDefinition<P & Record<string, unknown>, R>;
}

export function defineAudioJob<P extends object, R>(definition: AudioJobDefinition<P, R>): AudioJob<P, R> {
  const job = defineJob({
    name: definition.name,
    label: LABELS[definition.kind],
    ...(definition.schedule ? { schedule: definition.schedule } : {}),
    run: async (ctx, params: P & Record<string, unknown>, handle) => {
      const result = await definition.run(ctx, params, audioHandle(handle));
      // Every audio job answers with its file's address: that is what a webhook receiver wants.
      const made = result as { audioUrl?: unknown; durationSeconds?: unknown };
      if (typeof made?.audioUrl === 'string') {
        await emitWebhook(ctx, 'audio.ready', { kind: definition.kind, audioUrl: made.audioUrl, durationSeconds: made.durationSeconds ?? null });
      }
      return result;
    },
  });
  return { ...definition, job };
}

/**
 * Runs the job (on whichever daemon takes it, this one when it is free) and waits for its result.
 * One already running answers 409; a failed run answers 502 with its reason; waiting longer than
 * `waitMs` answers 503 while the run goes on (its audio appears when it is done).
 */
export async function runAudioJob<P extends object, R>(
  ctx: AppContext,
  definition: AudioJobDefinition<P, R>,
  params: P,
  options: { waitMs?: number } = {},
): Promise<R> {
  const waitMs = options.waitMs ?? DEFAULT_WAIT_MS;
  const label = LABELS[definition.kind];
  const { run } = await startJob(ctx, definition.name, { ...params } as Record<string, unknown>);
  let timer: NodeJS.Timeout | undefined;
  const ended = await Promise.race([
    waitForRun(ctx, run.id, { timeoutMs: waitMs }),
    new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    }),
  ]).finally(() => clearTimeout(timer));
  if (!ended || !isTerminal(ended.status)) {
    throw new AppError('unavailable', `${label} is taking longer than ${Math.round(waitMs / 1000)} s; it will appear when it is ready`);
  }
  if (ended.status === 'completed') return ended.result as R;
  if (ended.status === 'stopped') throw new AppError('conflict', `${label} was stopped`);
  throw Upstream(`${label} failed: ${ended.error ?? 'unknown error'}`);
}

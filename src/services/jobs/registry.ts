// Every background job declared once: its name, its function, and how the runner treats it. The
// routes, the CLI, the scheduler and the daemon's shutdown all read this one registry.
import type { AppContext } from '../../context.js';
import type { JobRunStatus } from '../../api/jobs.js';

/** Why a run's signal was aborted. */
export type JobInterruption =
  /** An administrator (or the job's own time limit) asked it to stop: it ends, as "stopped". */
  | 'stop'
  /** This daemon is shutting down: the run is handed to another daemon (or to this one after a restart). */
  | 'shutdown'
  /** This daemon lost the run's lease (it stalled; another daemon took the run over): let go, record nothing. */
  | 'lost';

/** What a job function receives besides the context and its parameters. */
export interface JobHandle {
  /** Aborted when the run must end; `interruption` says why. Honour it promptly. */
  signal: AbortSignal;
  /** Merges `update` into the run's progress: saved to the database (so a daemon taking the run over resumes from it) and pushed as job_progress. */
  progress(update: Record<string, unknown>): void;
  readonly interruption: JobInterruption | null;
  runId: string;
  /** The progress saved so far: another daemon's, when this one took the run over; {} on a fresh run. */
  saved: Record<string, unknown>;
  /** 1 on the first start; more after a takeover or a retry. */
  attempt: number;
  /** True when this daemon took the run over from one that died, stalled or shut down. */
  resumed: boolean;
  /** When the run was first started (not when this daemon took it over). */
  startedAt: Date;
  /** Pausable jobs: whether the run is paused now. */
  readonly paused: boolean;
  /** Pausable jobs: told when the run is paused or resumed (from any daemon). Returns the unsubscribe function. */
  onControl(listener: (state: 'running' | 'paused') => void): () => void;
}

export type JobParams = Record<string, unknown>;

export interface JobDefinition<P extends object = JobParams, R = unknown> {
  /** The queue's name; also how routes and the CLI name the job. */
  name: string;
  /** How messages name it: "<label> is already running", "<label> is not running". */
  label: string;
  /** The work. Its result is stored with the run (JSON) and returned to whoever waits for it. */
  run(ctx: AppContext, params: P, job: JobHandle): Promise<R>;
  /**
   * Work every daemon does while a run is live (the holder's included), for jobs that share one run
   * across the cluster (the crawl). It ends when its signal is aborted (the run ended) or when it
   * has nothing more to do.
   */
  join?(ctx: AppContext, params: P, job: JobHandle): Promise<void>;
  /** One live run at a time in the whole cluster (default true). Queue jobs say false. */
  exclusive?: boolean;
  /** Runs of this job one daemon holds at once (default 1). */
  concurrency?: number;
  /** Failed runs go back to the queue this many times, after delaySeconds (doubled each time with backoff). Default: no retry. */
  retry?: { limit: number; delaySeconds?: number; backoff?: boolean };
  /** Lease length in seconds (default: the configured NEWSCTL_JOB_LEASE_SECONDS). */
  leaseSeconds?: number;
  /** Whether pause/resume apply (the spider). */
  pausable?: boolean;
  /**
   * Started by the daemon's schedule: `slot` names the cadence slots that start it (schedule/cadence.ts:
   * 'spider', 'trends'), `start` how a slot starts it (default: a run with no parameters for the slot).
   */
  schedule?: { slot: string; start?(ctx: AppContext, slot: string): Promise<ScheduledStartAnswer> };
  /**
   * Called once a run of this job ended on the daemon that held it, before its waiters resume: the
   * job's last status message goes out here, so a client reading the status on it sees it ended.
   */
  settled?(ctx: AppContext, run: { runId: string; status: JobRunStatus }): Promise<void>;
}

/** What a schedule slot's start answers: the slot's run started, was skipped (job live), or another daemon fired it. */
export interface ScheduledStartAnswer {
  outcome: 'started' | 'skipped' | 'fired-elsewhere';
  reason?: string;
}

// biome-ignore lint: definitions of any parameter and result types live together.
type AnyDefinition = JobDefinition<any, any>;

const definitions = new Map<string, AnyDefinition>();
const listeners = new Set<(definition: AnyDefinition) => void>();

const QUEUE_NAME = /^[a-z][a-z0-9-]{0,62}$/;

/** Declares a job (once, at module load). Runners already started pick it up. */
export function defineJob<P extends object, R>(definition: JobDefinition<P, R>): JobDefinition<P, R> {
  if (!QUEUE_NAME.test(definition.name)) throw new Error(`Job name "${definition.name}" must be lower-case letters, digits and hyphens`);
  const existing = definitions.get(definition.name);
  if (existing && existing !== definition) throw new Error(`Job "${definition.name}" is declared twice`);
  definitions.set(definition.name, definition as AnyDefinition);
  for (const listener of listeners) listener(definition as AnyDefinition);
  return definition;
}

export function jobDefinition(name: string): AnyDefinition | undefined {
  return definitions.get(name);
}

export function jobDefinitions(): AnyDefinition[] {
  return [...definitions.values()];
}

/** The job a kind of schedule slot starts, if one is declared. */
export function scheduledJob(slot: string): AnyDefinition | undefined {
  return [...definitions.values()].find((definition) => definition.schedule?.slot === slot);
}

/** Runners listen so that a job declared after they started is worked too. */
export function onJobDefined(listener: (definition: AnyDefinition) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type { AnyDefinition };

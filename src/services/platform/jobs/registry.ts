// How a background job is declared: its name, its function, and how the runner treats it; and the
// catalog of jobs a process works, which the routes, the CLI, the scheduler and the daemon's
// shutdown read from the context.
import type { AppContext } from '../../../context.js';
import type { JobRunStatus } from '../../../api/jobs.js';
import type { TransactionSql } from '../../../db/client.js';

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
  /**
   * The one ownership check, for a write that must happen once: locks the run for the rest of the
   * transaction and says whether this attempt still holds it (false once it was stopped, or taken
   * over by another daemon after this one stalled past its lease). Helpers sharing a run never hold it.
   */
  holds(tx: TransactionSql): Promise<boolean>;
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
  /**
   * A failed run is retried this many times: it waits in the queue again for delaySeconds, or with
   * backoff for delaySeconds·2^failures plus up to as much again. Default: no retry.
   */
  retry?: { limit: number; delaySeconds?: number; backoff?: boolean };
  /**
   * Whether a run may start while the disk is below its floor (default false: the start answers 507
   * disk_full). The upkeep, which frees space, says true.
   */
  startsWhileDiskFull?: boolean;
  /** Lease length in seconds (default: the configured NEWSCTL_JOB_LEASE_SECONDS). */
  leaseSeconds?: number;
  /** Whether pause/resume apply (the spider). */
  pausable?: boolean;
  /** A timed job: its row of the daemon's one schedule (src/services/platform/schedule/), which starts one run per slot in the cluster. */
  schedule?: JobSchedule;
  /**
   * Called once a run of this job ended, on the daemon that held it (or, for a queued run stopped
   * before anyone took it, on the daemon that stopped it), before its waiters resume: the
   * job's last status message goes out here, so a client reading the status on it sees it ended.
   */
  settled?(ctx: AppContext, run: { runId: string; status: JobRunStatus }): Promise<void>;
}

/**
 * A timed job's row of the schedule. Its times are cron lines in the product's time zone, which bree
 * fires (src/services/platform/schedule/); they come from a setting (edited like any other), and each slot
 * starts one run in the cluster: the run's id derives from the slot's instant.
 */
export interface JobSchedule {
  /** The row's name ('spider', 'trends', 'bulletin', 'upkeep'). */
  slot: string;
  /** The setting that sets its times (null: fixed); a change re-arms the row at once. */
  setting: string | null;
  /** Other settings whose change re-arms it (the digest, off while no e-mail server is set). */
  rearmOn?: readonly string[];
  /** Its times in words, as they are now ("daily at 06:45", "off"). */
  describe(ctx: AppContext): Promise<string>;
  /** Its times as cron lines (5 fields; 6 with seconds); none while the setting switches it off. */
  cron(ctx: AppContext): Promise<string[]>;
  /** A slot whose firing comes later than this after it (the loop stalled) is not run late; nor is one missed while no daemon was up. */
  latenessMs: number;
  /** Whether a slot skipped for lateness is said in the system log. */
  logSkipped?: boolean;
  /** A daemon starting within `latenessMs` after a slot still runs it (the daily bulletin). */
  catchUpAtStart?: boolean;
  /** How the system log names its scheduled start ("Scheduled spider start"), and under which component. */
  log: { label: string; component: string };
  /** How a slot starts it (default: a run with no parameters for the slot). */
  start?(ctx: AppContext, slot: string): Promise<ScheduledStartAnswer>;
}

/** What a schedule slot's start answers: the slot's run started, was skipped (job live), or another daemon fired it. */
export interface ScheduledStartAnswer {
  outcome: 'started' | 'skipped' | 'fired-elsewhere';
  reason?: string;
}

// biome-ignore lint: definitions of any parameter and result types live together.
type AnyDefinition = JobDefinition<any, any>;

/** What follows every run of a context's runner besides the jobs themselves (the status publisher). */
export interface RunObserver {
  /** Called when a context's runner starts working (to attach listeners); returns what undoes it. */
  attach?(ctx: AppContext): () => void;
  /** Called once a run ended on the daemon that held (or stopped) it, after the job's own `settled`, before its waiters resume. */
  settled?(ctx: AppContext, run: { job: string; runId: string; status: JobRunStatus }): Promise<void>;
}

/**
 * The jobs a process works and who follows their runs, handed to the runner through the context
 * (`ctx.catalog`) by whoever opens it: the product's is `PRODUCT_JOBS` (./catalog.ts); a test may
 * hand its own. Nothing registers itself when a module loads.
 */
export interface JobCatalog {
  readonly definitions: ReadonlyMap<string, AnyDefinition>;
  readonly observers: readonly RunObserver[];
}

const QUEUE_NAME = /^[a-z][a-z0-9-]{0,62}$/;

/** Checks a job's declaration (its name is a queue name); the job is worked once a catalog lists it. */
export function defineJob<P extends object, R>(definition: JobDefinition<P, R>): JobDefinition<P, R> {
  if (!QUEUE_NAME.test(definition.name)) throw new Error(`Job name "${definition.name}" must be lower-case letters, digits and hyphens`);
  return definition;
}

/** A catalog of these jobs and observers; two jobs of one name are refused. */
export function jobCatalog(definitions: readonly AnyDefinition[], observers: readonly RunObserver[] = []): JobCatalog {
  const byName = new Map<string, AnyDefinition>();
  for (const definition of definitions) {
    if (byName.has(definition.name)) throw new Error(`Job "${definition.name}" is declared twice`);
    byName.set(definition.name, definition);
  }
  return { definitions: byName, observers };
}

export function jobDefinition(ctx: Pick<AppContext, 'catalog'>, name: string): AnyDefinition | undefined {
  return ctx.catalog.definitions.get(name);
}

export function jobDefinitions(ctx: Pick<AppContext, 'catalog'>): AnyDefinition[] {
  return [...ctx.catalog.definitions.values()];
}

/** The job a kind of schedule slot starts, if one is declared. */
export function scheduledJob(ctx: Pick<AppContext, 'catalog'>, slot: string): AnyDefinition | undefined {
  return jobDefinitions(ctx).find((definition) => definition.schedule?.slot === slot);
}

export type { AnyDefinition };

// The state of a job run in this daemon (runner.ts): how a run is interrupted, the handle its
// function works with, the hooks that hear of its end, and the ids of schedule slots.
import { createHash } from 'node:crypto';
import type { JobRunStatus } from '../../../api/jobs.js';
import type { AppContext } from '../../../context.js';
import type { JobRunRow } from '../../../db/job-runs.js';
import type { AnyDefinition, JobHandle, JobInterruption } from './registry.js';

const TERMINAL: ReadonlySet<JobRunStatus> = new Set(['completed', 'failed', 'stopped', 'skipped']);
export const isTerminal = (status: JobRunStatus) => TERMINAL.has(status);

/** How long a run may take to settle after its function returned (status hooks). */
const SETTLE_HOOK_MS = 5_000;

class JobInterrupted extends Error {
  constructor(readonly kind: JobInterruption) {
    super(kind === 'stop' ? 'The job was stopped' : kind === 'shutdown' ? 'The daemon is shutting down' : 'The job lost its lease');
    this.name = 'JobInterrupted';
  }
}

export interface Participation {
  runId: string;
  job: string;
  controller: AbortController;
  interruption: JobInterruption | null;
  status: JobRunStatus;
  listeners: Set<(state: 'running' | 'paused') => void>;
}

export interface LocalRun extends Participation {
  def: AnyDefinition;
  row: JobRunRow;
  progress: Record<string, unknown>;
  leaseSeconds: number;
  done: Promise<void>;
  /** Progress writes, coalesced: at most one in flight, the latest state written next. */
  writing: Promise<void> | null;
  dirty: boolean;
  progressEvent: NodeJS.Timeout | null;
  lastProgressEvent: number;
}

export interface Helper extends Participation {
  done: Promise<void>;
}

export function describe(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/** Errors that mean the database is gone for good (closed pool): the runner stops instead of retrying. */
export function isClosedDatabase(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === 'CONNECTION_ENDED' || code === 'CONNECTION_DESTROYED';
}

/** A stable run id for a schedule slot: every daemon firing the slot computes the same one. */
export function slotRunId(job: string, slot: string): string {
  const hex = createHash('sha256').update(`${job}@${slot}`).digest('hex');
  // Shaped as a UUID (version 8, "custom") so it fits the uuid columns.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Interrupts a run or a helper: its signal aborts with JobInterrupted(kind). */
export function interrupt(participation: Participation, kind: JobInterruption): void {
  // A hand-over or a lost lease outranks a stop: the run must not be recorded as ended here.
  if (participation.interruption && (participation.interruption !== 'stop' || kind === 'stop')) return;
  participation.interruption = kind;
  participation.controller.abort(new JobInterrupted(kind));
}

/** The handle a job's function works with, over a run (or a helper's share of one). */
export function handleFor(
  participation: Participation,
  extra: Pick<JobHandle, 'progress' | 'saved' | 'attempt' | 'resumed' | 'startedAt' | 'holds'>,
): JobHandle {
  return {
    signal: participation.controller.signal,
    runId: participation.runId,
    get interruption() {
      return participation.interruption;
    },
    get paused() {
      return participation.status === 'paused';
    },
    onControl(listener) {
      participation.listeners.add(listener);
      return () => participation.listeners.delete(listener);
    },
    ...extra,
  };
}

/** Runs the job's own settled hook, then the catalog's observers', for a run that ended; each given at most SETTLE_HOOK_MS. */
export async function runSettledHooks(ctx: AppContext, def: AnyDefinition, runId: string, status: JobRunStatus): Promise<void> {
  const run = { job: def.name, runId, status };
  const hooks = [def.settled?.bind(def), ...ctx.catalog.observers.map((observer) => observer.settled?.bind(observer))];
  for (const hook of hooks) {
    if (!hook) continue;
    await Promise.race([hook(ctx, run).catch(() => {}), new Promise((resolve) => setTimeout(resolve, SETTLE_HOOK_MS).unref())]);
  }
}

/** A run this daemon holds, as it starts. */
export function localRun(def: AnyDefinition, row: JobRunRow, leaseSeconds: number): LocalRun {
  return {
    runId: row.id,
    job: def.name,
    def,
    row,
    controller: new AbortController(),
    interruption: null,
    status: row.status,
    listeners: new Set(),
    progress: { ...row.progress },
    leaseSeconds,
    done: Promise.resolve(),
    writing: null,
    dirty: false,
    progressEvent: null,
    lastProgressEvent: 0,
  };
}

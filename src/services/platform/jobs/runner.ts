// The runner in one daemon (one per context): it claims queued runs from job_runs (FOR UPDATE SKIP
// LOCKED: the table is the queue) under a short lease, runs the job's function, renews the lease
// every third of it, applies pause/stop asked from any daemon, takes over runs whose lease lapsed
// (their daemon died), and lets every daemon join the runs of jobs that share their work (the crawl).
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { JobRunStatus } from '../../../api/jobs.js';
import type { AppContext } from '../../../context.js';
import {
  claimQueuedRuns,
  expireOtherHoldersRuns,
  jobRunById,
  liveJobRuns,
  lockHeldRun,
  nextQueuedRunAt,
  queuedRunCounts,
  renewJobRuns,
  takeOverExpiredRun,
  type JobRunRow,
} from '../../../db/job-runs.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { isDatabaseOutage, throughOutage } from './database.js';
import { jobDefinition, jobDefinitions, type AnyDefinition } from './registry.js';
import { reportProblem } from '../../../diagnostics.js';
import { describe, handleFor, interrupt, isClosedDatabase, isTerminal, localRun, runSettledHooks, type Helper, type LocalRun } from './run-state.js';
import { emitProgress, flushProgress, progressReporter, settleRun } from './run-record.js';

/** Longest wait between two looks for queued work (a local start or a NOTIFY wakes the poll at once). */
const POLL_MS = 5_000;
/** How long a shutting-down daemon waits for its runs to hand over. */
const SHUTDOWN_WAIT_MS = 30_000;

export class JobRunner {
  readonly holder = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly local = new Map<string, LocalRun>();
  private readonly helpers = new Map<string, Helper>();
  private readonly waiters = new Map<string, Set<() => void>>();
  private working = false;
  private closed = false;
  private tickTimer: NodeJS.Timeout | null = null;
  private pollTimer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private pollAgain = false;
  private ticking = false;
  private cleanups: (() => void)[] = [];
  /** Aborted at shutdown: ends waits for the database. */
  private readonly closing = new AbortController();
  private outage = false;

  constructor(private readonly ctx: AppContext) {}

  // --- lifecycle -------------------------------------------------------------------------------

  /**
   * Starts working: claims queued runs, renews leases, takes over runs whose daemon died and joins
   * shared runs. Daemons call it at start; anything else that starts or waits for a job starts it
   * on first use.
   */
  async work(): Promise<void> {
    if (this.closed) throw new Error('The job runner is shut down');
    // A serving-only daemon (NEWSCTL_JOB_WORKER=false) queues runs for the others and takes none.
    if (this.working || this.closed || !this.ctx.config.jobs.worker) return;
    this.working = true;
    this.cleanups.push(this.ctx.events.on('job_updated', ({ job, runId, status }) => this.onUpdated(job, runId, status)));
    for (const observer of this.ctx.catalog.observers) if (observer.attach) this.cleanups.push(observer.attach(this.ctx));
    if (this.ctx.db.kind === 'embedded') {
      // One process per data folder: runs another holder left here are a previous process's, dead.
      await expireOtherHoldersRuns(this.ctx.sql, this.holder);
    }
    this.scheduleTick(0);
    this.wake();
  }

  get isWorking(): boolean {
    return this.working && !this.closed;
  }

  /** Hands every run this daemon holds to the others (or to itself after a restart) and stops. */
  private shuttingDown: Promise<void> | null = null;

  shutdown(): Promise<void> {
    this.shuttingDown ??= this.close();
    return this.shuttingDown;
  }

  private async close(): Promise<void> {
    this.closed = true;
    this.closing.abort();
    if (this.tickTimer) clearTimeout(this.tickTimer);
    if (this.pollTimer) clearTimeout(this.pollTimer);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    for (const run of this.local.values()) interrupt(run, 'shutdown');
    for (const helper of this.helpers.values()) interrupt(helper, 'shutdown');
    const all = Promise.all([...[...this.local.values()].map((r) => r.done), ...[...this.helpers.values()].map((h) => h.done)]);
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS).unref())]);
    for (const waiters of this.waiters.values()) for (const wake of waiters) wake();
    await this.polling?.catch(() => {});
  }

  // --- starting and controlling runs -------------------------------------------------------------

  /** Looks for runs to take over now instead of at the next tick. */
  tickNow(): void {
    if (this.working && !this.closed) this.scheduleTick(0);
  }

  /** Wakes the poll now (a run was queued here or, through NOTIFY, on another daemon). */
  wake(): void {
    if (!this.working || this.closed) return;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = null;
    void this.poll();
  }

  leaseOf(def: AnyDefinition): number {
    return def.leaseSeconds ?? this.ctx.config.jobs.leaseSeconds;
  }

  /** The freshest progress of a run this daemon holds (what the database has may be a write behind). */
  localProgress(runId: string): Record<string, unknown> | null {
    const run = this.local.get(runId);
    return run ? { ...run.progress } : null;
  }

  isLocal(runId: string): boolean {
    return this.local.has(runId);
  }

  /** Resolves when this daemon's share of a shared run (its join) has ended. */
  async shareDone(runId: string): Promise<void> {
    await this.helpers.get(runId)?.done;
  }

  /** Applies a status another call set (pause, resume, stop) to the run here, at once. */
  applyStatus(runId: string, status: JobRunStatus): void {
    for (const participation of [this.local.get(runId), this.helpers.get(runId)]) {
      if (!participation) continue;
      if (status === 'stopping' || isTerminal(status)) {
        interrupt(participation, 'stop');
      } else if ((status === 'paused' || status === 'running') && participation.status !== status) {
        participation.status = status;
        if ((participation as LocalRun).row) (participation as LocalRun).row.status = status;
        for (const listener of participation.listeners) {
          try {
            listener(status);
          } catch (error) {
            reportProblem('job control listener failed', error);
          }
        }
      }
    }
  }

  /** Resolves when the run reaches an end (or the runner shuts down); null when it does not exist. */
  async waitForRun(runId: string, timeoutMs: number): Promise<JobRunRow | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const local = this.local.get(runId);
      // Bounded like the rest: a run that ignores its stop must not hold its stopper for ever.
      if (local) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([local.done, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))))]);
        clearTimeout(timer);
      }
      const row = await jobRunById(this.ctx.sql, runId);
      if (!row || isTerminal(row.status) || this.closed) return row;
      // Held elsewhere (or queued): its job_updated message, or the next look, says when it ends.
      const left = deadline - Date.now();
      if (left <= 0) return row;
      await new Promise<void>((resolve) => {
        let set = this.waiters.get(runId);
        if (!set) this.waiters.set(runId, (set = new Set()));
        const wake = () => {
          clearTimeout(timer);
          set!.delete(wake);
          if (set!.size === 0) this.waiters.delete(runId);
          resolve();
        };
        const timer = setTimeout(wake, Math.min(left, this.local.has(runId) ? 50 : 1_000));
        set.add(wake);
      });
    }
  }

  // --- the loop ---------------------------------------------------------------------------------

  private scheduleTick(delayMs: number): void {
    if (this.closed) return;
    if (this.tickTimer) clearTimeout(this.tickTimer);
    this.tickTimer = setTimeout(() => void this.tick(), delayMs);
    this.tickTimer.unref();
  }

  private tickMs(): number {
    const leases = [this.ctx.config.jobs.leaseSeconds, ...jobDefinitions(this.ctx).map((d) => this.leaseOf(d))];
    // A little jitter keeps several daemons from looking in lockstep.
    return Math.max(500, (Math.min(...leases) * 1000) / 3) * (0.9 + Math.random() * 0.2);
  }

  private async tick(): Promise<void> {
    if (this.closed || this.ticking) return;
    this.ticking = true;
    try {
      await this.renew();
      await this.takeOver();
      await this.joinShared();
      await this.wakeWaiters();
      if (this.outage) reportProblem('job runner: the database answers again');
      this.outage = false;
    } catch (error) {
      if (isClosedDatabase(error)) {
        this.closed = true;
        return;
      }
      if (isDatabaseOutage(error)) {
        // Runs wait for it; leases not renewed meanwhile are renewed (or found taken over) after.
        if (!this.outage) reportProblem(`job runner: the database is unreachable (${describe(error)}); runs wait for it`);
        this.outage = true;
      } else if (!this.closed) reportProblem('job runner', describe(error));
    } finally {
      this.ticking = false;
    }
    this.scheduleTick(this.tickMs());
  }

  private capacity(def: AnyDefinition): number {
    let held = 0;
    for (const run of this.local.values()) if (run.def === def) held++;
    return Math.max(0, (def.concurrency ?? 1) - held);
  }

  private poll(): Promise<void> {
    if (this.polling) {
      this.pollAgain = true;
      return this.polling;
    }
    this.polling = (async () => {
      do {
        this.pollAgain = false;
        try {
          await this.pollOnce();
        } catch (error) {
          if (isClosedDatabase(error)) this.closed = true;
          else if (!this.closed) reportProblem('job runner poll', describe(error));
        }
      } while (this.pollAgain && !this.closed);
    })().finally(() => {
      this.polling = null;
      if (!this.closed && this.working) void this.schedulePoll();
    });
    return this.polling;
  }

  /** The next look: at the latest after POLL_MS, sooner when a retry's back-off ends before then. */
  private async schedulePoll(): Promise<void> {
    let delay = POLL_MS;
    try {
      const next = await nextQueuedRunAt(
        this.ctx.sql,
        jobDefinitions(this.ctx).map((def) => def.name),
      );
      if (next) delay = Math.min(delay, Math.max(20, next.getTime() - Date.now()));
    } catch {
      // The database is away: look again after the usual wait.
    }
    if (this.closed || !this.working || this.polling) return;
    if (this.pollTimer) clearTimeout(this.pollTimer);
    this.pollTimer = setTimeout(() => void this.poll(), delay);
    this.pollTimer.unref();
  }

  private async pollOnce(): Promise<void> {
    if (this.closed || !this.working) return;
    const open = jobDefinitions(this.ctx).filter((def) => this.capacity(def) > 0);
    if (open.length === 0) return;
    const queued = await queuedRunCounts(
      this.ctx.sql,
      open.map((d) => d.name),
    );
    for (const { job, count } of queued) {
      const def = jobDefinition(this.ctx, job);
      if (!def || this.closed) continue;
      const free = Math.min(this.capacity(def), count);
      if (free > 0) await this.fetchAndRun(def, free);
    }
  }

  /** Takes up to `count` ready runs of the job and runs them. */
  private async fetchAndRun(def: AnyDefinition, count: number): Promise<void> {
    const claimed = await claimQueuedRuns(this.ctx.sql, def.name, this.holder, this.leaseOf(def), count);
    for (const row of claimed) this.execute(def, row, false);
  }

  private async renew(): Promise<void> {
    const byLease = new Map<number, string[]>();
    for (const run of this.local.values()) {
      if (run.interruption) continue;
      byLease.set(run.leaseSeconds, [...(byLease.get(run.leaseSeconds) ?? []), run.runId]);
    }
    for (const [lease, ids] of byLease) {
      const held = new Map((await renewJobRuns(this.ctx.sql, this.holder, ids, lease)).map((row) => [row.id, row.status]));
      for (const id of ids) {
        const status = held.get(id);
        const run = this.local.get(id);
        if (!run) continue;
        if (status === undefined) {
          // Another daemon holds it now (this one stalled past its lease) or it was ended: let go.
          interrupt(run, 'lost');
        } else {
          this.applyStatus(id, status);
        }
      }
    }
  }

  private async takeOver(): Promise<void> {
    for (;;) {
      if (this.closed) return;
      const open = jobDefinitions(this.ctx).filter((def) => this.capacity(def) > 0);
      if (open.length === 0) return;
      const lease = Math.max(...open.map((def) => this.leaseOf(def)));
      const row = await takeOverExpiredRun(
        this.ctx.sql,
        open.map((def) => def.name),
        this.holder,
        lease,
      );
      if (!row) return;
      const def = jobDefinition(this.ctx, row.job)!;
      await logEvent(this.ctx, LOG_COMPONENTS.system, 'info', `Job ${def.name}: taking over run ${row.id.slice(0, 8)}, whose daemon stopped renewing it`).catch(
        () => {},
      );
      this.execute(def, row, true);
    }
  }

  /** Joins the live runs of shared jobs (and lets go of helpers whose run ended). */
  private async joinShared(): Promise<void> {
    const shared = jobDefinitions(this.ctx).filter((def) => def.join);
    if (shared.length === 0 && this.helpers.size === 0) return;
    const live = await liveJobRuns(
      this.ctx.sql,
      shared.map((def) => def.name),
    );
    const liveIds = new Set(live.map((row) => row.id));
    for (const helper of this.helpers.values()) if (!liveIds.has(helper.runId)) interrupt(helper, 'stop');
    for (const row of live) {
      if (row.status === 'running' || row.status === 'paused') this.join(jobDefinition(this.ctx, row.job)!, row);
      // The status in the database wins: a pause or resume whose live message this daemon missed
      // (its channel was down) reaches its share here, as renewals bring it to the holder.
      this.applyStatus(row.id, row.status);
    }
  }

  private async wakeWaiters(): Promise<void> {
    if (this.waiters.size === 0) return;
    for (const id of this.waiters.keys()) {
      const row = await jobRunById(this.ctx.sql, id);
      if (!row || isTerminal(row.status)) for (const wake of this.waiters.get(id) ?? []) wake();
    }
  }

  private onUpdated(job: string, runId: string, status: JobRunStatus): void {
    if (this.closed) return;
    this.applyStatus(runId, status);
    if (status === 'queued') this.wake();
    if (isTerminal(status)) for (const wake of this.waiters.get(runId) ?? []) wake();
    const def = jobDefinition(this.ctx, job);
    if (def?.join && (status === 'running' || status === 'paused') && !this.helpers.has(runId)) {
      void jobRunById(this.ctx.sql, runId)
        .then((row) => {
          if (row && (row.status === 'running' || row.status === 'paused')) this.join(def, row);
        })
        .catch(() => {});
    }
  }

  // --- running ---------------------------------------------------------------------------------

  emitUpdated(job: string, runId: string, status: JobRunStatus): void {
    this.ctx.events.emit('job_updated', { job, runId, status });
  }

  private execute(def: AnyDefinition, row: JobRunRow, resumed: boolean): void {
    const run = localRun(def, row, this.leaseOf(def));
    this.local.set(row.id, run);
    const handle = handleFor(run, {
      progress: progressReporter(this.ctx, this.holder, run),
      saved: { ...row.progress },
      attempt: row.attempts,
      resumed,
      startedAt: row.startedAt ?? row.createdAt,
      holds: (tx) => lockHeldRun(tx, row.id, this.holder, row.attempts),
    });
    if (row.status === 'stopping') interrupt(run, 'stop');
    run.done = (async () => {
      this.emitUpdated(def.name, row.id, row.status);
      // The holder of a shared run works on it too.
      if (def.join && (row.status === 'running' || row.status === 'paused')) this.join(def, row);
      let result: unknown;
      let failure: unknown = null;
      try {
        result = await def.run(this.ctx, row.params, handle);
      } catch (error) {
        failure = error;
      }
      if (run.progressEvent) emitProgress(this.ctx, run);
      await flushProgress(run);
      let status: JobRunStatus | null = null;
      try {
        // However long the database is away, the run's end is recorded once it is back.
        status = await throughOutage(this.ctx, this.closing.signal, () => settleRun(this.ctx, this.holder, run, result, failure));
      } catch (error) {
        if (!isClosedDatabase(error)) reportProblem(`job ${def.name}: recording the end of run ${row.id} failed`, describe(error));
      }
      this.local.delete(row.id);
      if (status) {
        await runSettledHooks(this.ctx, def, row.id, status);
        this.emitUpdated(def.name, row.id, status);
      }
      for (const wake of this.waiters.get(row.id) ?? []) wake();
      // Room for the next queued run.
      this.wake();
    })();
  }

  /** Joins a shared run in this daemon (once per run). */
  private join(def: AnyDefinition, row: JobRunRow): void {
    if (!def.join || this.closed || this.helpers.has(row.id)) return;
    const helper: Helper = {
      runId: row.id,
      job: def.name,
      controller: new AbortController(),
      interruption: null,
      status: row.status,
      listeners: new Set(),
      done: Promise.resolve(),
    };
    this.helpers.set(row.id, helper);
    const handle = handleFor(helper, {
      // A helper's figures live in the job's own tables; only the holder writes the run's progress.
      progress: () => {},
      saved: { ...row.progress },
      attempt: row.attempts,
      resumed: false,
      startedAt: row.startedAt ?? row.createdAt,
      holds: async () => false,
    });
    helper.done = def
      .join(this.ctx, row.params, handle)
      .catch((error: unknown) => {
        if (!helper.interruption && !isClosedDatabase(error)) {
          void logEvent(
            this.ctx,
            LOG_COMPONENTS.system,
            'error',
            `Job ${def.name}: this daemon's share of run ${row.id.slice(0, 8)} failed: ${describe(error)}`,
          ).catch(() => {});
        }
      })
      .finally(() => {
        if (this.helpers.get(row.id) === helper) this.helpers.delete(row.id);
      });
  }
}

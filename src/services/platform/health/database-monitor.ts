// Whether the database answers, as one flag for the whole process. Any caller that meets a
// connection error reports it here; from then on the daemon answers non-public calls with a 503 at
// once (instead of letting each request find out on its own, slowly), public reads come from the
// snapshot, and a probe asks the database every half second until it answers, when everything
// switches back on its own. The live channel carries each change (`database_status`).
//
// A silent network (packets dropped, nothing refused) raises no error: queries just wait. On
// external PostgreSQL, work that has waited STALL_AFTER_MS makes the monitor ask the server on a
// connection of its own; no answer within STALL_PROBE_TIMEOUT_MS means down, and the pooled
// connections are replaced when it is back (theirs may never answer again). Reported errors are
// confirmed the same way, so a late error from a replaced connection cannot take a healthy daemon
// down. The embedded database has no network, and its one connection may be busy for long: there
// errors count at once and waiting is never taken for an outage.
import type { AppContext } from '../../../context.js';
import { contextJob, contextSlot } from '../../../context.js';
import { isDatabaseOutage } from '../jobs/database.js';
import { reportProblem } from '../../../diagnostics.js';
import { probeDatabase } from '../../../db/probe.js';

/** How often a down database is asked whether it is back. */
const PROBE_EVERY_MS = 500;
/** A probe that takes longer than this counts as "still down" (a cut network hangs rather than refuses). */
const PROBE_TIMEOUT_MS = 1_000;
/** What a 503 tells the client to wait, in seconds. */
export const RETRY_AFTER_SECONDS = 5;
/** Database work waiting this long makes the monitor check the server (external PostgreSQL only). */
const STALL_AFTER_MS = 300;
/** That check's limit: a server that does not answer `select 1` on a fresh connection by then counts as down. */
const STALL_PROBE_TIMEOUT_MS = 1_000;
export const DATABASE_DOWN_MESSAGE = 'The database is unavailable right now; the site is serving its last saved pages. Try again in a few seconds.';
const DATABASE_BACK_MESSAGE = 'The database is available again.';

export interface DatabaseMonitor {
  readonly available: boolean;
  /** Since when it is down (ms epoch), or null. */
  readonly downSince: number | null;
  /** Looks at an error from a query: a connection failure marks the database down. Returns whether it was one. */
  report(error: unknown): boolean;
  /** Asks the database now (bounded by PROBE_TIMEOUT_MS); updates the flag. */
  probe(): Promise<boolean>;
  /** Database work started; call the returned function when it ends. Work still waiting after STALL_AFTER_MS gets the server checked. */
  track(): () => void;
  onChange(listener: (available: boolean) => void): () => void;
  close(): void;
}

export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`${what} took longer than ${ms} ms`), { code: 'CONNECT_TIMEOUT' })), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function createDatabaseMonitor(ctx: Pick<AppContext, 'sql' | 'events'> & { db?: Pick<AppContext['db'], 'probe' | 'recycle'> }): DatabaseMonitor {
  let available = true;
  let downSince: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  let probing: Promise<boolean> | null = null;
  let confirming: Promise<void> | null = null;
  /** Down because the server stopped answering (not because it refused): the pool's connections may be stuck. */
  let wedged = false;
  let closed = false;
  const listeners = new Set<(available: boolean) => void>();
  const standalone = ctx.db?.probe ? (timeoutMs: number) => ctx.db!.probe!(timeoutMs) : null;

  const set = (next: boolean) => {
    if (next === available) return;
    available = next;
    downSince = next ? null : Date.now();
    // Local delivery only: each daemon tells its own clients about its own connection.
    ctx.events.deliver('database_status', { available: next, message: next ? DATABASE_BACK_MESSAGE : DATABASE_DOWN_MESSAGE });
    for (const listener of listeners) {
      try {
        listener(next);
      } catch (error) {
        reportProblem('database status listener failed', error);
      }
    }
    if (!next) scheduleProbe();
  };

  function scheduleProbe(): void {
    if (timer || closed || available) return;
    timer = setTimeout(() => {
      timer = null;
      void monitor.probe().then((up) => {
        if (!up) scheduleProbe();
      });
    }, PROBE_EVERY_MS);
    timer.unref();
  }

  /** External PostgreSQL: is the server there? Goes down only when it does not answer. */
  function confirm(): void {
    if (!standalone || !available || confirming || closed) return;
    confirming = standalone(STALL_PROBE_TIMEOUT_MS)
      .catch((error: unknown) => {
        if (closed || !isDatabaseOutage(error)) return;
        if ((error as { code?: string }).code === 'CONNECT_TIMEOUT') wedged = true;
        set(false);
      })
      .finally(() => {
        confirming = null;
      });
  }

  async function ask(): Promise<void> {
    if (!standalone) {
      await withTimeout(probeDatabase(ctx.sql), PROBE_TIMEOUT_MS, 'database probe');
      return;
    }
    await standalone(PROBE_TIMEOUT_MS);
    // Back after a silent outage: fresh pooled connections, without waiting for the stuck ones.
    if (wedged && ctx.db) {
      await withTimeout(ctx.db.recycle({ drain: false }), PROBE_TIMEOUT_MS, 'connection pool refresh');
      wedged = false;
    }
  }

  const monitor: DatabaseMonitor = {
    get available() {
      return available;
    },
    get downSince() {
      return downSince;
    },
    report(error) {
      if (!isDatabaseOutage(error)) return false;
      if (standalone) confirm();
      else set(false);
      return true;
    },
    probe() {
      probing ??= ask()
        .then(
          () => {
            set(true);
            return true;
          },
          (error: unknown) => {
            if (isDatabaseOutage(error)) set(false);
            return available;
          },
        )
        .finally(() => {
          probing = null;
        });
      return probing;
    },
    track() {
      if (!standalone || closed) return () => {};
      const stall = setTimeout(confirm, STALL_AFTER_MS);
      stall.unref();
      return () => clearTimeout(stall);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      listeners.clear();
    },
  };
  return monitor;
}

const DATABASE_MONITOR = contextSlot<DatabaseMonitor>('database-monitor');

/** The process's one monitor for this context's database. */
export function databaseMonitor(ctx: Pick<AppContext, 'sql' | 'events' | 'jobs'>): DatabaseMonitor {
  // Every caller hands the daemon's context; its database handle (when there) gives the standalone probe.
  return contextJob(ctx, DATABASE_MONITOR, () => createDatabaseMonitor(ctx as Pick<AppContext, 'sql' | 'events'> & Partial<Pick<AppContext, 'db'>>));
}

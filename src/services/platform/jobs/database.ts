// Telling a database outage (the server restarting, the network gone) from a real failure, so long
// runs wait for the database to come back instead of failing; and waiting for it.
import type { AppContext } from '../../../context.js';
import { probeDatabase } from '../../../db/probe.js';

const CONNECTION_CODES = new Set(['CONNECTION_CLOSED', 'CONNECT_TIMEOUT', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);

/** The database went away for now (not closed by this process, not a bad query). */
export function isDatabaseOutage(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  // SQLSTATE class 08 is "connection exception"; 57P01–57P03: shut down, crashed, not accepting yet.
  return CONNECTION_CODES.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03';
}

/** Resolves once the database answers again (or the signal ends the wait). */
export async function waitForDatabase(ctx: Pick<AppContext, 'sql'>, signal: AbortSignal, everyMs = 2_000): Promise<void> {
  while (!signal.aborted) {
    try {
      await probeDatabase(ctx.sql);
      return;
    } catch (error) {
      if (!isDatabaseOutage(error)) throw error;
    }
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, everyMs);
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
      signal.addEventListener('abort', done, { once: true });
    });
  }
}

/** Runs `work`; when the database is away, waits for it and runs it again (until `signal` ends the wait). */
export async function throughOutage<T>(ctx: Pick<AppContext, 'sql'>, signal: AbortSignal, work: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      return await work();
    } catch (error) {
      if (!isDatabaseOutage(error) || signal.aborted) throw error;
      await waitForDatabase(ctx, signal);
    }
  }
}

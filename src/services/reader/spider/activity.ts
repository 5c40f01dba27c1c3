// The spider panel's Recent Activity: lines newest first, each stamped with the
// product's local time, pushed live as spider_activity and kept with the run (job_activity), so any
// daemon shows the lines every daemon sharing the crawl wrote.
import { contextJob, contextSlot, type AppContext } from '../../../context.js';
import { addJobActivity } from '../../../db/job-runs.js';
import { isDatabaseOutage } from '../../platform/jobs/database.js';
import { reportProblem } from '../../../diagnostics.js';

export const ACTIVITY_LINES = 100;
/** Lines are written in small batches: one insert per this long at most. */
const FLUSH_MS = 500;
const RETRY_MS = 2_000;

/** `HH:MM:SS` in the product's time zone (the console's logs use 24-hour times). */
function clockTime(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).format(date);
}

function activityLine(message: string, at: Date, timeZone: string): string {
  return `[${clockTime(at, timeZone)}] ${message}`;
}

/** Run time as the console shows it: "0m", "4m 12s". */
export function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds === 0) return '0m';
  const minutes = Math.floor(seconds / 60);
  return `${minutes}m ${seconds % 60}s`;
}

interface ActivityBuffer {
  pending: { runId: string; line: string; at: Date }[];
  timer: NodeJS.Timeout | null;
  writing: Promise<void> | null;
}

const ACTIVITY_BUFFER = contextSlot<ActivityBuffer>('spider-activity');
const bufferOf = (ctx: Pick<AppContext, 'jobs'>) => contextJob(ctx, ACTIVITY_BUFFER, () => ({ pending: [], timer: null, writing: null }));

/** Adds a line to the run's activity and pushes it live; returns the line. */
export function noteActivity(ctx: AppContext, runId: string, message: string): string {
  const now = new Date();
  const line = activityLine(message, now, ctx.config.timeZone);
  const buffer = bufferOf(ctx);
  buffer.pending.push({ runId, line, at: now });
  buffer.timer ??= setTimeout(() => void flushActivity(ctx), FLUSH_MS);
  ctx.events.emit('spider_activity', { message: line, timestamp: now.toISOString() });
  return line;
}

/** Writes the buffered lines now. */
export async function flushActivity(ctx: AppContext): Promise<void> {
  const buffer = bufferOf(ctx);
  if (buffer.timer) clearTimeout(buffer.timer);
  buffer.timer = null;
  await buffer.writing;
  const lines = buffer.pending.splice(0);
  if (lines.length === 0) return;
  buffer.writing = (async () => {
    const byRun = new Map<string, typeof lines>();
    for (const entry of lines) byRun.set(entry.runId, [...(byRun.get(entry.runId) ?? []), entry]);
    for (const [runId, entries] of byRun) {
      try {
        await addJobActivity(ctx.sql, runId, entries);
      } catch (error) {
        if (isDatabaseOutage(error)) {
          // Kept for the next flush, once the database is back.
          buffer.pending.unshift(...entries);
          buffer.timer ??= setTimeout(() => void flushActivity(ctx), RETRY_MS).unref();
          continue;
        }
        // A line is not worth failing a crawl for (and the run may have been deleted meanwhile).
        if ((error as { code?: string }).code !== 'CONNECTION_ENDED') reportProblem('saving spider activity failed', (error as Error).message);
      }
    }
  })().finally(() => {
    buffer.writing = null;
  });
  await buffer.writing;
}

/** Lines of the run this daemon has not written yet, newest first (the status shows them at once). */
export function unsavedActivity(ctx: Pick<AppContext, 'jobs'>, runId: string): string[] {
  return bufferOf(ctx)
    .pending.filter((entry) => entry.runId === runId)
    .map((entry) => entry.line)
    .reverse();
}

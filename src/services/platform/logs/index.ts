// The system activity log of the admin console: stored, and pushed live to admin sessions.
import type { AppContext } from '../../../context.js';
import { deleteLogsBefore, insertLog, latestLogs, type LogLevel, type LogRow } from '../../../db/logs.js';
import { getSetting } from '../settings/index.js';
import { reportProblem } from '../../../diagnostics.js';
import type { LogEntry } from '../../../api/logs.js';

export { LOG_COMPONENTS } from '../../../api/logs.js';

function toEntry(row: LogRow): LogEntry {
  return { id: row.id, timestamp: row.timestamp.toISOString(), component: row.component, level: row.level, message: row.message };
}

/**
 * A log message as one line of plain text: line breaks, tabs and other control characters (a login
 * name, a page title, a model's answer may carry them) are written as escapes, so no message can
 * forge a line of its own or move an operator's terminal cursor.
 */
function escapeLogText(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** Records an entry; a failing log write is reported on stderr and never breaks the caller. */
export async function logEvent(ctx: Pick<AppContext, 'sql' | 'events'>, component: string, level: LogLevel, message: string, details?: unknown): Promise<void> {
  try {
    const row = await insertLog(ctx.sql, { component, level, message: escapeLogText(message).slice(0, 4000), details });
    ctx.events.emit('log_entry', toEntry(row));
  } catch (error) {
    reportProblem(`log write failed (${component} ${level}: ${message})`, error);
  }
}

export async function listLogs(ctx: Pick<AppContext, 'sql'>, options: { limit: number; component?: string; level?: LogLevel }): Promise<LogEntry[]> {
  return (await latestLogs(ctx.sql, options)).map(toEntry);
}

const PRUNE_BATCH = 5_000;

/** Drops log entries older than the log-retention setting (default 30 days), in short batches; returns how many. */
export async function pruneLogs(ctx: Pick<AppContext, 'sql'>, now = new Date()): Promise<number> {
  const { retentionDays } = await getSetting<{ retentionDays: number }>(ctx, 'log-retention');
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  let removed = 0;
  for (;;) {
    const batch = await deleteLogsBefore(ctx.sql, cutoff, PRUNE_BATCH);
    removed += batch;
    if (batch < PRUNE_BATCH) return removed;
  }
}

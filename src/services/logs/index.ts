// The system activity log of the admin console: stored, and pushed live to admin sessions.
import type { AppContext } from '../../context.js';
import { insertLog, latestLogs, type LogLevel, type LogRow } from '../../db/logs.js';

/** Components named by spec 001 (the console colours them); others are free-form upper-case words. */
export const LOG_COMPONENTS = {
  spider: 'SPIDER',
  generator: 'GENERATOR',
  model: 'AI_MODEL',
  domainManager: 'DOMAIN_MANAGER',
  trends: 'TRENDS',
  auth: 'AUTH',
  system: 'SYSTEM',
  audio: 'AUDIO',
} as const;

export interface LogEntry {
  id: number;
  timestamp: string;
  component: string;
  level: LogLevel;
  message: string;
}

function toEntry(row: LogRow): LogEntry {
  return { id: row.id, timestamp: row.timestamp.toISOString(), component: row.component, level: row.level, message: row.message };
}

/** Records an entry; a failing log write is reported on stderr and never breaks the caller. */
export async function logEvent(
  ctx: Pick<AppContext, 'sql' | 'events'>,
  component: string,
  level: LogLevel,
  message: string,
  details?: unknown,
): Promise<void> {
  try {
    const row = await insertLog(ctx.sql, { component, level, message: message.slice(0, 4000), details });
    ctx.events.emit('log_entry', toEntry(row));
  } catch (error) {
    console.error(`log write failed (${component} ${level}: ${message}):`, error);
  }
}

export async function listLogs(ctx: Pick<AppContext, 'sql'>, options: { limit: number; component?: string; level?: LogLevel }): Promise<LogEntry[]> {
  return (await latestLogs(ctx.sql, options)).map(toEntry);
}

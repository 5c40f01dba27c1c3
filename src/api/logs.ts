// Wire types of the system log (GET /api/logs and the log_entry live message).
import type { z } from 'zod';
import type { logEntry } from './schemas/operations.js';

export type LogLevel = LogEntry['level'];

export interface LogQuery {
  limit?: number;
  component?: string;
  level?: LogLevel;
}

export type LogEntry = z.infer<typeof logEntry>;

/** The components the console colours; others are free-form upper-case words. */
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

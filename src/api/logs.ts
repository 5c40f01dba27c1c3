// Wire types of the system log (GET /api/logs and the log_entry live message).

export type LogLevel = 'error' | 'warning' | 'info' | 'debug';

export interface LogQuery {
  limit?: number;
  component?: string;
  level?: LogLevel;
}

export interface LogEntry {
  id: number;
  timestamp: string;
  component: string;
  level: LogLevel;
  message: string;
}

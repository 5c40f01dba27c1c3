import { useQuery } from '@tanstack/react-query';
import * as keys from '../api/keys';
import { CONSOLE_POLL_MS } from '../api/timings';
import type { LogEntry } from '../api/types';

/** The newest 100 system log entries, every 30 s; log_entry messages add new ones at once. */
export function useLogsQuery() {
  return useQuery<LogEntry[]>({ queryKey: keys.logs.list(), refetchInterval: CONSOLE_POLL_MS });
}

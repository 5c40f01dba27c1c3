import { useQuery } from '@tanstack/react-query';
import * as keys from '../api/keys';
import { CONSOLE_POLL_MS } from '../api/timings';
import type { ConsoleStatus } from '../api/types';

/** The status object: polled every 30 s, replaced at once by each status_update. */
export function useConsoleStatusQuery() {
  return useQuery<ConsoleStatus>({ queryKey: keys.status.current(), refetchInterval: CONSOLE_POLL_MS });
}

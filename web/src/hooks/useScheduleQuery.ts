import { useQuery } from '@tanstack/react-query';
import * as keys from '../api/keys';
import { CONSOLE_POLL_MS } from '../api/timings';
import type { JobState } from '../api/types';

/**
 * The next slot of a timed job (its row of the schedule, from GET /api/jobs): an ISO time, null
 * while its setting switches it off, undefined until the jobs have loaded. Refreshed every 30 s and
 * when a setting or a run changes.
 */
export function useNextSlot(job: string): string | null | undefined {
  const { data } = useQuery<JobState[]>({ queryKey: keys.jobs.list(), refetchInterval: CONSOLE_POLL_MS });
  if (!data) return undefined;
  return data.find((state) => state.name === job)?.schedule?.nextAt ?? null;
}

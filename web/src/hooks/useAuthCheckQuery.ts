import { useQuery } from '@tanstack/react-query';
import * as keys from '../api/public-keys';
import { AUTH_CHECK_REFETCH_MS } from '../api/timings';
import type { AuthCheck } from '../api/types';

/** Whether this browser holds an admin session; re-checked every 60 s. */
export function useAuthCheckQuery() {
  return useQuery<AuthCheck>({ queryKey: keys.auth.check(), refetchInterval: AUTH_CHECK_REFETCH_MS });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, endpoints } from '../api/client';
import * as keys from '../api/keys';
import { REFETCH_STATUS_POLL_MS } from '../api/timings';
import type { RefetchStatus } from '../api/types';

export type SpiderAction = 'start' | 'resume' | 'pause' | 'stop';

/** POST /api/spider/{action}; the resulting state comes from the next status. */
export function useSpiderControlMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: SpiderAction) => callApi(endpoints.spiderControl, { params: { action } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.status.all() }),
  });
}

export function useRefetchStatusQuery() {
  return useQuery<RefetchStatus>({ queryKey: keys.spider.refetch(), refetchInterval: REFETCH_STATUS_POLL_MS });
}

export function useRefetchControlMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'start' | 'stop'): Promise<RefetchStatus> => callApi(endpoints.refetchControl, { params: { action } }),
    onSuccess: (status) => queryClient.setQueryData(keys.spider.refetch(), status),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: keys.spider.all() }),
  });
}

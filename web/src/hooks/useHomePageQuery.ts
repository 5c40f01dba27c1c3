import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as keys from '../api/public-keys';
import { HOME_INVALIDATE_MS, HOME_REFETCH_MS, HOME_STALE_MS } from '../api/timings';
import type { HomePageData } from '../api/types';

/** Home data: refetched every 60 s and stale after 5 min. */
export function useHomePageQuery() {
  return useQuery<HomePageData>({
    queryKey: keys.home.page(),
    refetchInterval: HOME_REFETCH_MS,
    staleTime: HOME_STALE_MS,
  });
}

/** …and invalidated every 10 min; mounted once by the home page, not by every reader of the data. */
export function useHomePageInvalidation(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: keys.home.page() });
    }, HOME_INVALIDATE_MS);
    return () => clearInterval(timer);
  }, [queryClient]);
}

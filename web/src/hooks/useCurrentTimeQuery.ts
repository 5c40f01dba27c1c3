import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import * as keys from '../api/public-keys';
import { CURRENT_TIME_REFETCH_MS } from '../api/timings';
import type { CurrentTime } from '../api/types';

/** The server's clock, polled every 60 s; a failed poll is logged and the last time stays. */
export function useCurrentTimeQuery() {
  const query = useQuery<CurrentTime>({ queryKey: keys.site.currentTime(), refetchInterval: CURRENT_TIME_REFETCH_MS });
  useEffect(() => {
    if (query.error) console.error('Current time could not be loaded', query.error);
  }, [query.error]);
  return query;
}

/**
 * "Now" by the server's clock (so ages do not depend on the visitor's clock), advancing every
 * minute between polls. Falls back to the browser's clock until the server has answered.
 */
export function useServerNow(): number {
  const { data, dataUpdatedAt } = useCurrentTimeQuery();
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setTick(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const serverTime = data ? Date.parse(data.utcTime) : Number.NaN;
  if (Number.isNaN(serverTime)) return tick;
  return serverTime + Math.max(0, tick - dataUpdatedAt);
}

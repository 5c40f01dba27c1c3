import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { get, pathOfQueryKey } from './client';

const loadQueryKey: QueryFunction = ({ queryKey }) => get(pathOfQueryKey(queryKey));

// Data never goes stale on its own, no refetch on focus, no polling and no retries
// unless a hook says otherwise.
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: loadQueryKey,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
        // Offline, a read still goes out: the service worker answers it with the copy it kept.
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false },
    },
  });
}

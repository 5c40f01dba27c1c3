import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi, endpoints } from '../api/client';
import * as keys from '../api/public-keys';
import { REFRESH_SETTLE_MS } from '../api/timings';

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** 'Refresh & Reconnect': recycle the daemon's database pool, give it a second, reload the articles. */
export function useRefreshConnectionPoolMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await callApi(endpoints.refreshConnectionPool);
      } catch (error) {
        // The articles are reloaded either way; that reload is what tells the visitor how it went.
        console.error('Connection pool refresh failed', error);
      }
      await pause(REFRESH_SETTLE_MS);
      await queryClient.refetchQueries({ queryKey: keys.home.recentArticles() });
    },
  });
}

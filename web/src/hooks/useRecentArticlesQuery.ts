import { useQuery } from '@tanstack/react-query';
import * as keys from '../api/public-keys';
import { RECENT_ARTICLES_REFETCH_MS, RECENT_ARTICLES_RETRIES, retryDelay } from '../api/timings';
import type { ArticlesByTopic } from '../api/types';

/** The 5 newest articles per topic: every 10 min, 3 retries before the card shows its error. */
export function useRecentArticlesQuery() {
  return useQuery<ArticlesByTopic>({
    queryKey: keys.home.recentArticles(),
    refetchInterval: RECENT_ARTICLES_REFETCH_MS,
    retry: RECENT_ARTICLES_RETRIES,
    retryDelay,
    // The error card mounts its own observer; retrying on that mount would loop between states.
    retryOnMount: false,
  });
}

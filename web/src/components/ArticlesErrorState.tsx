import { useRecentArticlesQuery } from '../hooks/useRecentArticlesQuery';
import { useRefreshConnectionPoolMutation } from '../hooks/useRefreshConnectionPoolMutation';

/** The trends card when the recent articles could not be loaded after their retries. */
export function ArticlesErrorState() {
  const articles = useRecentArticlesQuery();
  const refresh = useRefreshConnectionPoolMutation();
  // failureCount includes the first attempt; the visitor is told how many retries followed it.
  const retries = Math.max(0, articles.failureCount - 1);
  return (
    <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100">
      <h3 className="text-lg font-semibold">Unable to Load Articles</h3>
      <p className="mt-1 text-sm">We're having trouble loading the latest articles. This may be due to a temporary connection issue.</p>
      <p className="mt-2 font-mono text-sm break-words" data-testid="articles-error-message">
        {articles.error?.message || 'Unknown error'}
      </p>
      {retries > 0 && <p className="mt-1 text-sm">Retry attempts: {retries}</p>}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="button-primary" disabled={articles.isFetching || refresh.isPending} onClick={() => void articles.refetch()}>
          Try Again
        </button>
        <button type="button" className="button-secondary" disabled={refresh.isPending} onClick={() => refresh.mutate()}>
          {refresh.isPending ? 'Refreshing...' : 'Refresh & Reconnect'}
        </button>
      </div>
      <p className="mt-3 text-xs">If the problem persists, the site will automatically retry in a few minutes.</p>
    </div>
  );
}

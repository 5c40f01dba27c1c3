import { useMemo } from 'react';
import { useHomePageQuery } from '../hooks/useHomePageQuery';
import { useServerNow } from '../hooks/useCurrentTimeQuery';
import { sortByPriority } from '../lib/articles';
import { Link } from 'wouter';
import { DomainCard } from './DomainCard';

/** A fresh install has nothing to show yet: tell whoever runs it how to begin. */
function EmptyInstallHelp() {
  return (
    <div className="mx-auto mt-4 max-w-xl rounded-lg border border-gray-200 p-4 text-left text-sm dark:border-gray-800" data-testid="empty-home-help">
      <p className="font-medium text-gray-900 dark:text-gray-100">Nothing has been crawled here yet.</p>
      <p className="mt-1">
        Running this site? Sign in to the{' '}
        <Link href="/admin" className="link">
          console
        </Link>{' '}
        (the first start printed the administrator&apos;s password), add a few news sites and start the spider: its First steps list guides you to the first
        trends, article and bulletin.
      </p>
      <p className="mt-2">From a terminal in the install folder:</p>
      <pre className="mt-1 overflow-x-auto rounded bg-gray-100 p-2 text-xs dark:bg-gray-900">
        {'npx newsctl domains add apnews.com\nnpx newsctl crawl --once'}
      </pre>
    </div>
  );
}

/** One card per source domain, highest priority first: 1, 2, 3 and 4 columns (md, lg, xl). */
export function DomainGrid() {
  const home = useHomePageQuery();
  const now = useServerNow();
  const domains = useMemo(() => sortByPriority(home.data?.articlesByDomain ?? []), [home.data]);
  return (
    <section aria-labelledby="sources-heading">
      <h2 id="sources-heading" className="sr-only">
        Articles by source
      </h2>
      {home.isPending ? (
        <p role="status" className="min-h-48 py-8 text-center text-gray-600 dark:text-gray-400">
          Loading articles...
        </p>
      ) : domains.length === 0 ? (
        <div className="py-8 text-center text-gray-600 dark:text-gray-400">
          <p>No articles available</p>
          {home.isError ? <p className="mt-1 text-sm">({home.error.message})</p> : <EmptyInstallHelp />}
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" data-testid="domain-grid">
          {domains.map((entry) => (
            <DomainCard key={entry.domain.id} entry={entry} now={now} />
          ))}
        </div>
      )}
    </section>
  );
}

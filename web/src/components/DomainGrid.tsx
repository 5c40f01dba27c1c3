import { useMemo } from 'react';
import { useHomePageQuery } from '../hooks/useHomePageQuery';
import { useServerNow } from '../hooks/useCurrentTimeQuery';
import { sortByPriority } from '../lib/articles';
import { DomainCard } from './DomainCard';

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
          {home.isError && <p className="mt-1 text-sm">({home.error.message})</p>}
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

import { Link, useSearch } from 'wouter';
import { SavedSearchLists, SaveSearch, SearchTips } from '../components/SavedSearches';
import { SearchBox } from '../components/SearchBox';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useSearchQuery } from '../hooks/useSearchQuery';
import { formatCrawlAge } from '../lib/ages';
import { cutTitle, domainHost, safeHref } from '../lib/articles';
import { isStoryPagePath } from '../../../src/shared/pages.js';

function SearchResults({ term }: { term: string }) {
  const search = useSearchQuery(term);
  if (term === '') {
    return <p className="text-gray-700 dark:text-gray-300">No search query provided...</p>;
  }
  if (search.isPending) {
    return (
      <p role="status" className="text-gray-700 dark:text-gray-300">
        Searching...
      </p>
    );
  }
  if (search.isError) {
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950/50 dark:text-red-100">
        Failed to search articles. Please try again.
      </div>
    );
  }
  const { count, results } = search.data;
  return (
    <>
      <p role="status" className="text-gray-700 dark:text-gray-300">
        Found {count} result(s)
      </p>
      {results.length === 0 ? (
        <p className="mt-4 text-gray-700 dark:text-gray-300">No articles found matching your search query.</p>
      ) : (
        <ul className="mt-4 space-y-3" data-testid="search-results">
          {results.map((result) => (
            <li key={result.id}>
              <a
                href={safeHref(result.sourceUrl)}
                target="_blank"
                rel="noopener noreferrer"
                className="card block p-4 hover:border-blue-500 focus-visible:outline-2 focus-visible:outline-blue-600"
                data-list-item
              >
                <span className="font-medium text-blue-800 dark:text-blue-300" title={result.title}>
                  {cutTitle(result.title)}
                </span>
                <span className="mt-1 flex flex-wrap gap-x-3 text-sm text-gray-600 dark:text-gray-400">
                  <span>{result.domainUrl ? domainHost(result.domainUrl) : 'Unknown source'}</span>
                  <span>{formatCrawlAge(result.daysSinceCrawl)}</span>
                  {result.teaser && (
                    <span data-testid="teaser-mark">Preview — subscribers only at {result.domainUrl ? domainHost(result.domainUrl) : 'its site'}</span>
                  )}
                  {result.alsoPublishedBy?.length ? <span data-testid="also-published-by">Also published by {result.alsoPublishedBy.join(', ')}</span> : null}
                </span>
              </a>
              {isStoryPagePath(result.story?.pageUrl) && (
                <a href={result.story.pageUrl} className="link mt-1 inline-block px-4 text-sm" data-testid="search-story-link">
                  Every source of this story: {result.story.title}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export function SearchPage() {
  const term = (new URLSearchParams(useSearch()).get('q') ?? '').trim();
  useDocumentTitle(term ? `Search: ${term}` : 'Search');
  return (
    <main id="main" className="page max-w-3xl space-y-5">
      <Link href="/" className="button-secondary inline-flex">
        ← Back to home
      </Link>
      <h1 className="text-2xl font-bold break-words">
        {term ? (
          <>
            Search results for <q>{term}</q>
          </>
        ) : (
          'Search'
        )}
      </h1>
      <SearchBox key={term} initialTerm={term} />
      <SearchTips />
      {term && <SaveSearch key={term} query={term} />}
      <SearchResults term={term} />
      <SavedSearchLists />
    </main>
  );
}

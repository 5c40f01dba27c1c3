import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { serverMessage } from '../api/client';
import { useAuthCheckQuery } from '../hooks/useAuthCheckQuery';
import { useBrowserSearches, useRemoveSiteSearchMutation, useSaveSiteSearchMutation, useSiteSearchesQuery } from '../hooks/useSavedSearches';
import { searchFeedPath } from '../../../src/shared/pages.js';

const searchHref = (query: string) => `/search?q=${encodeURIComponent(query)}`;

/** How to write a search: the operators the search understands, with an example each. */
export function SearchTips() {
  return (
    <details className="text-sm text-gray-700 dark:text-gray-300">
      <summary className="cursor-pointer font-medium text-gray-900 dark:text-gray-100">Search tips</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt>
          <code>"bird flu"</code>
        </dt>
        <dd>these words, together and in this order</dd>
        <dt>
          <code>-texas</code>
        </dt>
        <dd>leave out articles with this word</dd>
        <dt>
          <code>heat OR drought</code>
        </dt>
        <dd>either word</dd>
        <dt>
          <code>topic:health</code>
        </dt>
        <dd>only this topic (health, food, finance, usa, international, tech, energy, science); -topic: leaves it out</dd>
        <dt>
          <code>site:apnews.com</code>
        </dt>
        <dd>only this site and its sub-domains; -site: leaves it out</dd>
        <dt>
          <code>after:2026-11-01</code>, <code>before:2026-12-01</code>
        </dt>
        <dd>crawled on or after, or before, a day</dd>
      </dl>
    </details>
  );
}

/** Saves the search: in this browser for anyone, and for the whole site when an administrator is signed in. */
export function SaveSearch({ query }: { query: string }) {
  const browser = useBrowserSearches();
  const admin = useAuthCheckQuery().data?.isAdmin === true;
  const saveForSite = useSaveSiteSearchMutation();
  const [name, setName] = useState(query);
  const saved = browser.queries.includes(query);
  const submitSite = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) saveForSite.mutate({ name: name.trim(), query });
  };
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
      <button type="button" className="button-secondary button-small" onClick={() => browser.save(query)} disabled={saved} aria-pressed={saved}>
        {saved ? 'Saved in this browser' : 'Save this search'}
      </button>
      <a className="link" href={searchFeedPath(query)}>
        Atom feed of this search
      </a>
      {admin &&
        (saveForSite.isSuccess ? (
          <span role="status">Saved for the site: its feed is {saveForSite.data.feedUrl}</span>
        ) : (
          <form onSubmit={submitSite} className="flex flex-wrap items-center gap-2">
            <label htmlFor="site-search-name">Save for the site as</label>
            <input id="site-search-name" value={name} onChange={(event) => setName(event.target.value)} className="field py-1 text-sm" maxLength={100} />
            <button type="submit" className="button-primary button-small" disabled={saveForSite.isPending}>
              Save for the site
            </button>
            {saveForSite.isError && (
              <span role="alert" className="text-red-800 dark:text-red-300">
                {serverMessage(saveForSite.error) ?? 'Could not save the search.'}
              </span>
            )}
          </form>
        ))}
    </div>
  );
}

/** The site's saved searches and the reader's own, each with its feed. */
export function SavedSearchLists() {
  const site = useSiteSearchesQuery();
  const browser = useBrowserSearches();
  const admin = useAuthCheckQuery().data?.isAdmin === true;
  const remove = useRemoveSiteSearchMutation();
  const siteSearches = site.data ?? [];
  if (siteSearches.length === 0 && browser.queries.length === 0) return null;
  return (
    <section aria-labelledby="saved-searches-heading" className="card space-y-3 p-4" data-testid="saved-searches">
      <h2 id="saved-searches-heading" className="font-semibold">
        Saved searches
      </h2>
      {siteSearches.length > 0 && (
        <ul className="space-y-1 text-sm">
          {siteSearches.map((search) => (
            <li key={search.id} className="flex flex-wrap items-center gap-x-3">
              <Link href={searchHref(search.query)} className="link font-medium">
                {search.name}
              </Link>
              <code className="text-gray-600 dark:text-gray-400">{search.query}</code>
              <a href={search.feedUrl} className="link" aria-label={`Atom feed of ${search.name}`}>
                Feed
              </a>
              {admin && (
                <button type="button" className="link" onClick={() => remove.mutate(search.id)} aria-label={`Remove ${search.name} from the site`}>
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {browser.queries.length > 0 && (
        <>
          <h3 className="text-sm font-medium text-gray-700 dark:text-gray-300">In this browser</h3>
          <ul className="space-y-1 text-sm">
            {browser.queries.map((query) => (
              <li key={query} className="flex flex-wrap items-center gap-x-3">
                <Link href={searchHref(query)} className="link">
                  {query}
                </Link>
                <a href={searchFeedPath(query)} className="link" aria-label={`Atom feed of ${query}`}>
                  Feed
                </a>
                <button type="button" className="link" onClick={() => browser.remove(query)} aria-label={`Forget ${query}`}>
                  Forget
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

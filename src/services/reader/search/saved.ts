// Saved searches: the administrator's, listed on the public search page, and every search's Atom
// feed — a saved one at /feeds/search/{slug}.xml, any other (a reader's, saved in their browser) at
// /feeds/search.xml?q=…. A feed lists the newest matching articles, not the most relevant: a reader
// app shows what is new.
import type { AppContext } from '../../../context.js';
import type { SavedSearchView } from '../../../api/public.js';
import { searchArticles } from '../../../db/articles.js';
import { deleteSavedSearch, insertSavedSearch, savedSearchBySlug, savedSearches } from '../../../db/saved-searches.js';
import { storiesOfArticles } from '../../../db/trends.js';
import { Conflict, Invalid, NotFound } from '../../../errors.js';
import { SEARCH_QUERY_MAX } from '../../../api/limits.js';
import { savedSearchFeedPath, searchFeedPath, slugOf, storyPagePath, PAGES } from '../../../shared/pages.js';
import { readableHost } from '../domains/host-names.js';
import { atomFeed, xml } from '../pages/feeds.js';
import { absoluteUrl, topicLabel } from '../pages/layout.js';
import { SEARCH_CANDIDATE_LIMIT, SEARCH_WALK_CANDIDATE_LIMIT } from './index.js';
import { hasFilters, parseSearch } from './query.js';

const FEED_ENTRIES = 50;

function view(row: { id: number; name: string; slug: string; query: string }): SavedSearchView {
  return { id: row.id, name: row.name, slug: row.slug, query: row.query, feedUrl: savedSearchFeedPath(row.slug) };
}

/** The query, checked as the search page would run it: a 400 for an operator it cannot use. */
function checkedQuery(text: string): string {
  const query = text.trim().replace(/\s+/g, ' ');
  if (!query) throw Invalid('Search query is required');
  if (query.length > SEARCH_QUERY_MAX) throw Invalid(`Search query is too long (at most ${SEARCH_QUERY_MAX} characters)`);
  const parsed = parseSearch(query);
  if (!parsed.main && !parsed.tail && !hasFilters(parsed.filters)) throw Invalid('Search query has nothing to look for');
  return query;
}

/** GET /api/saved-searches (public). */
export async function listSavedSearches(ctx: Pick<AppContext, 'sql'>): Promise<SavedSearchView[]> {
  return (await savedSearches(ctx.sql)).map(view);
}

/** POST /api/saved-searches (administrator): its slug from its name, refused (409) when another has it. */
export async function saveSearch(ctx: Pick<AppContext, 'sql'>, request: { name: string; query: string }): Promise<SavedSearchView> {
  const name = request.name.trim();
  if (!name) throw Invalid('A saved search needs a name');
  const query = checkedQuery(request.query);
  const slug = slugOf(name);
  if (!slug) throw Invalid('A saved search needs a name with letters or digits (it names its feed)');
  const row = await insertSavedSearch(ctx.sql, { name, slug, query });
  if (!row) throw Conflict(`A saved search already has the feed ${savedSearchFeedPath(slug)}; choose another name`);
  return view(row);
}

/** DELETE /api/saved-searches/:id (administrator). */
export async function removeSavedSearch(ctx: Pick<AppContext, 'sql'>, id: number): Promise<{ message: string }> {
  const row = await deleteSavedSearch(ctx.sql, id);
  if (!row) throw NotFound(`Saved search ${id} not found`);
  return { message: `Removed the saved search "${row.name}"` };
}

/** The Atom feed of a saved search (by its slug), or null when no search has that slug. */
export async function savedSearchFeed(ctx: Pick<AppContext, 'sql' | 'config'>, slug: string, origin: string): Promise<string | null> {
  const saved = await savedSearchBySlug(ctx.sql, slug);
  return saved ? searchFeed(ctx, { title: saved.name, query: saved.query, selfPath: savedSearchFeedPath(saved.slug) }, origin) : null;
}

/** The Atom feed of any search (`/feeds/search.xml?q=…`); a query it cannot run is a 400. */
export async function adHocSearchFeed(ctx: Pick<AppContext, 'sql' | 'config'>, text: string, origin: string): Promise<string> {
  const query = checkedQuery(text);
  return searchFeed(ctx, { title: `Search: ${query}`, query, selfPath: searchFeedPath(query) }, origin);
}

async function searchFeed(
  ctx: Pick<AppContext, 'sql' | 'config'>,
  search: { title: string; query: string; selfPath: string },
  origin: string,
): Promise<string> {
  const { main, tail, filters } = parseSearch(search.query);
  const rows = await searchArticles(ctx.sql, {
    main,
    tail,
    filters,
    order: 'newest',
    limit: FEED_ENTRIES,
    candidateLimit: SEARCH_CANDIDATE_LIMIT,
    // Newest first: the newest entries are the recent set's whenever it holds that many.
    recentFloor: FEED_ENTRIES,
    // Newest first, a walk's newest matches are the feed's: as many as it lists.
    walkCandidateLimit: Math.max(FEED_ENTRIES, SEARCH_WALK_CANDIDATE_LIMIT),
    timeZone: ctx.config.timeZone,
  });
  const stories = await storiesOfArticles(
    ctx.sql,
    rows.map((row) => row.id),
  );
  const site = ctx.config.siteName;
  const selfUrl = absoluteUrl(origin, search.selfPath);
  const pageUrl = absoluteUrl(origin, `${PAGES.search}?q=${encodeURIComponent(search.query)}`);
  const updated = rows.reduce((latest, row) => Math.max(latest, new Date(row.scrapedAt).getTime()), 0);
  const entries = rows.map((row) => {
    const story = stories.get(row.id);
    const source = readableHost(row.domainName);
    const also = row.alsoPublishedBy?.length ? ` (also published by ${row.alsoPublishedBy.map((copy) => readableHost(copy.name)).join(', ')})` : '';
    return `  <entry>
    <id>${xml(row.sourceUrl)}</id>
    <title type="text">${xml(row.title)}</title>
    <link rel="alternate" type="text/html" href="${xml(row.sourceUrl)}"/>${
      story ? `\n    <link rel="related" type="text/html" title="Every source of this story" href="${xml(absoluteUrl(origin, storyPagePath(story)))}"/>` : ''
    }
    <updated>${new Date(row.scrapedAt).toISOString()}</updated>
    <author><name>${xml(source)}</name></author>
    ${row.topic ? `<category term="${xml(row.topic)}" label="${xml(topicLabel(row.topic))}"/>` : ''}
    <summary type="text">${xml(`${row.excerpt ?? ''}${also}`.trim())}</summary>
  </entry>`;
  });
  return atomFeed({
    selfUrl,
    pageUrl,
    title: `${search.title} — ${site}`,
    subtitle: `The newest articles matching ${search.query}`,
    updated,
    author: site,
    entries,
  });
}

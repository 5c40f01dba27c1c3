// Public article search: relevance-ranked full text with stemming, "phrases" and
// prefix matching of the word being typed.
import { SEARCH_QUERY_MAX } from '../../../api/limits.js';
import type { AppContext } from '../../../context.js';
import { searchArticles } from '../../../db/articles.js';
import { advanceRecentSearchSet } from '../../../db/recent-search.js';
import { Invalid } from '../../../errors.js';
import { storiesOfArticles } from '../../../db/trends.js';
import type { SearchResult } from '../../../api/public.js';
import { storyPagePath } from '../../../shared/pages.js';

export const SEARCH_RESULT_LIMIT = 50;
/** Newest matches considered for ranking: bounds the work for common words (bench/search.bench.ts). */
export const SEARCH_CANDIDATE_LIMIT = 500;

/** Splits the text into websearch syntax and the trailing word to prefix-match, if any. */
export function parseSearchQuery(text: string): { main: string; tail: string } {
  const query = text.trim();
  const quotes = (query.match(/"/g) ?? []).length;
  // A trailing word inside an open or closed phrase, or after an operator, is not a prefix.
  const last = /(^|\s)([\p{L}\p{N}]+)$/u.exec(query);
  if (!last || quotes % 2 === 1 || query.endsWith('"')) return { main: query, tail: '' };
  const before = query.slice(0, last.index + last[1]!.length).trimEnd();
  if (/(^|\s)-$/.test(before) || /\bor$/i.test(before)) return { main: query, tail: '' };
  return { main: before, tail: last[2]!.toLowerCase() };
}

export async function searchArticlesByText(ctx: Pick<AppContext, 'sql' | 'config'>, text: string): Promise<{ count: number; results: SearchResult[] }> {
  const query = text.trim();
  if (!query) throw Invalid('Search query is required');
  if (query.length > SEARCH_QUERY_MAX) throw Invalid(`Search query is too long (at most ${SEARCH_QUERY_MAX} characters)`);
  const { main, tail } = parseSearchQuery(query);
  const rows = await searchArticles(ctx.sql, {
    main,
    tail,
    limit: SEARCH_RESULT_LIMIT,
    candidateLimit: SEARCH_CANDIDATE_LIMIT,
    timeZone: ctx.config.timeZone,
  });
  const stories = await storiesOfArticles(
    ctx.sql,
    rows.map((row) => row.id),
  );
  const results = rows.map((row) => {
    const story = stories.get(row.id);
    return {
      id: row.id,
      title: row.title,
      sourceUrl: row.sourceUrl,
      domainUrl: row.domainUrl,
      daysSinceCrawl: Math.max(0, Number(row.daysSinceCrawl)),
      story: story ? { title: story.title, pageUrl: storyPagePath(story) } : null,
    };
  });
  return { count: results.length, results };
}

/**
 * Hourly upkeep of the recent set (sql/021): the newest articles keep short full-text index lists
 * of their own, which searches looking at recent articles read. Returns how many left the set.
 */
export function maintainRecentSearchSet(ctx: Pick<AppContext, 'sql'>): Promise<number> {
  return advanceRecentSearchSet(ctx.sql);
}

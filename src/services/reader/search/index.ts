// Public article search: relevance-ranked full text with stemming, "phrases" and
// prefix matching of the word being typed, narrowed by the operators of ./query.ts.
import { SEARCH_QUERY_MAX } from '../../../api/limits.js';
import type { AppContext } from '../../../context.js';
import { searchArticles } from '../../../db/articles.js';
import { advanceRecentSearchSet } from '../../../db/recent-search.js';
import { Invalid } from '../../../errors.js';
import { storiesOfArticles } from '../../../db/trends.js';
import type { SearchResult } from '../../../api/public.js';
import { storyPagePath } from '../../../shared/pages.js';
import { parseSearch } from './query.js';
import { copyAndTeaserMarks } from '../home/index.js';

export const SEARCH_RESULT_LIMIT = 50;
/**
 * Newest matches considered for ranking: five pages' worth. Ranking reads each candidate's search
 * column, ~10 µs for an article of a real article's length: of a mid-frequency word's 14–16 ms on
 * the scale bench's corpus (bodies of several paragraphs), 500 candidates cost ~5 ms in ranking and
 * twice the window's reading of 250 (bench/scale.bench.ts, bench/search.bench.ts).
 */
export const SEARCH_CANDIDATE_LIMIT = 250;
/**
 * Matches the recent set (the newest 100,000 articles, sql/021) must hold for a search to rank
 * them alone: two pages' worth, so ranking still has a choice. Reading the whole archive's index
 * lists for a word of a few thousand matches cost 15–30 ms at a million articles; the recent
 * set's lists are a tenth as long (bench/search.bench.ts).
 */
export const SEARCH_RECENT_FLOOR = 2 * SEARCH_RESULT_LIMIT;
/**
 * Candidates of a word in 15 % of the articles or more, found by walking down the newest articles:
 * their newest 250 matches are the last few hundred articles (an hour or two of 2,000 sources), and
 * each one walked and ranked reads its search column (bench/search.bench.ts).
 */
export const SEARCH_WALK_CANDIDATE_LIMIT = 250;

export async function searchArticlesByText(ctx: Pick<AppContext, 'sql' | 'config'>, text: string): Promise<{ count: number; results: SearchResult[] }> {
  const query = text.trim();
  if (!query) throw Invalid('Search query is required');
  if (query.length > SEARCH_QUERY_MAX) throw Invalid(`Search query is too long (at most ${SEARCH_QUERY_MAX} characters)`);
  const { main, tail, filters } = parseSearch(query);
  const rows = await searchArticles(ctx.sql, {
    main,
    tail,
    filters,
    limit: SEARCH_RESULT_LIMIT,
    candidateLimit: SEARCH_CANDIDATE_LIMIT,
    recentFloor: SEARCH_RECENT_FLOOR,
    walkCandidateLimit: SEARCH_WALK_CANDIDATE_LIMIT,
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
      ...copyAndTeaserMarks(row),
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

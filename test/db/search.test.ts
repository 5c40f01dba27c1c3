// Search plans (issue 18): whichever way a search finds its candidates — walking down the newest
// articles (a common word), a recent window of the indexes' bitmaps (a mid-frequency word), the
// whole full-text index (a rare word) — the results are those of ranking the newest matches of the
// whole table; and the word being typed is a prefix of a title word, not of any body word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchArticles, searchMatch, searchTsquery } from '../../src/db/articles.js';
import { parseSearchQuery, SEARCH_CANDIDATE_LIMIT, SEARCH_RESULT_LIMIT } from '../../src/services/search/index.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

const ROWS = 40_000;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const sql = database.db.sql;
  // Every 2nd article says "alpha" (50 %: walked), every 10th "bravo" (10 %: a recent window),
  // every 3,000th "charlie" (rare: the whole index); titles of every 50th start a word with "deltoid".
  await sql`
    insert into articles (domain_name, source_url, canonical_url, title, content, scraped_at)
    select 'site.test', 'https://site.test/' || g, 'https://site.test/' || g,
           'Story ' || g || case when g % 50 = 0 then ' deltoids' else '' end,
           'plain words ' || case when g % 2 = 0 then 'alpha ' else '' end || case when g % 10 = 0 then 'bravo ' else '' end || case when g % 3000 = 0 then 'charlie ' else '' end
             || case when g % 11 = 0 then 'deltas delta ' else '' end || 'end',
           now() - make_interval(mins => g)
    from generate_series(1, ${ROWS}) g`;
  await sql`analyze articles`;
}, 120_000);
afterAll(async () => database?.drop());

/** The reference: the newest matches of the whole table, ranked, in one plain query. */
async function reference(text: string): Promise<number[]> {
  const sql = database.db.sql;
  const query = parseSearchQuery(text);
  const rows = await sql<{ id: number }[]>`
    with candidates as materialized (
      select id from articles where ${searchMatch(sql, query)} order by scraped_at desc, id desc limit ${SEARCH_CANDIDATE_LIMIT}
    )
    select a.id from candidates c join articles a on a.id = c.id
    order by ts_rank_cd(a.search_vector, ${searchTsquery(sql, query)!}, 1) desc, a.scraped_at desc, a.id desc
    limit ${SEARCH_RESULT_LIMIT}`;
  return rows.map((row) => row.id);
}

const search = async (text: string) =>
  (
    await searchArticles(database.db.sql, {
      ...parseSearchQuery(text),
      limit: SEARCH_RESULT_LIMIT,
      candidateLimit: SEARCH_CANDIDATE_LIMIT,
      timeZone: 'America/Chicago',
    })
  ).map((row) => row.id);

describe('search plans', () => {
  it('finds what ranking the newest matches of the whole table finds, for common, mid-frequency and rare words', { timeout: 60_000 }, async () => {
    for (const text of ['alpha', 'bravo', 'charlie', 'alpha bravo', '"plain words"', 'bravo -charlie', 'storie']) {
      const found = await search(text);
      expect(found, text).toEqual(await reference(text));
      expect(found.length, text).toBeGreaterThan(0);
    }
  });

  it('matches the word being typed as a prefix of a title word, and as a whole word anywhere', async () => {
    const deltoid = await search('delto');
    expect(deltoid.length).toBe(SEARCH_RESULT_LIMIT);
    const titles = await database.db.sql<{ title: string }[]>`select title from articles where id = any(${deltoid}::int[])`;
    for (const { title } of titles) expect(title).toMatch(/deltoids/);
    // "delt" starts "deltas" in bodies only: not a title prefix there, and no whole word "delt".
    const bodies = await search('deltas');
    expect(bodies.length).toBe(SEARCH_RESULT_LIMIT);
    const stemmed = await database.db.sql<{ content: string }[]>`select content from articles where id = any(${bodies}::int[])`;
    for (const { content } of stemmed) expect(content).toMatch(/delta/);
  });
});

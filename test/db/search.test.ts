// Search plans (issue 18): whichever way a search finds its candidates — walking down the newest
// articles (a common word), a recent window of the indexes' bitmaps (a mid-frequency word), the
// whole full-text index (a rare word) — the results are those of ranking the newest matches of the
// whole table; and the word being typed is a prefix of a title word, not of any body word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiredPhrases, searchArticles, searchMatch, searchTsquery } from '../../src/db/articles.js';
import { advanceRecentSearchSet, recentSince } from '../../src/db/recent-search.js';
import { SEARCH_CANDIDATE_LIMIT, SEARCH_RECENT_FLOOR, SEARCH_RESULT_LIMIT, SEARCH_WALK_CANDIDATE_LIMIT } from '../../src/services/reader/search/index.js';
import { parseSearchQuery } from '../../src/services/reader/search/query.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

const ROWS = 40_000;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const sql = database.db.sql;
  // Every 2nd article says "alpha" (50 %: walked), every 10th "bravo" (10 %: a recent window),
  // every 100th "echo" (too rare for a window), every 3,000th "charlie" (rare: the whole index);
  // titles of every 50th start a word with "deltoid".
  await sql`
    insert into articles (domain_name, source_url, canonical_url, title, content, scraped_at)
    select 'site.test', 'https://site.test/' || g, 'https://site.test/' || g,
           'Story ' || g || case when g % 50 = 0 then ' deltoids' else '' end,
           'plain words ' || case when g % 2 = 0 then 'alpha ' else '' end || case when g % 10 = 0 then 'bravo ' else '' end || case when g % 3000 = 0 then 'charlie ' else '' end
             || case when g % 11 = 0 then 'deltas delta ' else '' end || case when g % 100 = 0 then 'echo ' else '' end || 'end',
           now() - make_interval(mins => g)
    from generate_series(1, ${ROWS}) g`;
  await sql`analyze articles`;
}, 120_000);
afterAll(async () => database?.drop());

/** The reference: the newest matches of the whole table, ranked, in one plain query. */
async function reference(text: string, candidates = SEARCH_CANDIDATE_LIMIT): Promise<number[]> {
  const sql = database.db.sql;
  const query = parseSearchQuery(text);
  const rows = await sql<{ id: number }[]>`
    with candidates as materialized (
      select id from articles where ${searchMatch(sql, query)} order by scraped_at desc, id desc limit ${candidates}
    )
    select a.id from candidates c join articles a on a.id = c.id
    order by ts_rank_cd(a.search_vector, ${searchTsquery(sql, query)!}, 1) desc, a.scraped_at desc, a.id desc
    limit ${SEARCH_RESULT_LIMIT}`;
  return rows.map((row) => row.id);
}

const search = async (text: string, windowIndexCostRatio?: number) =>
  (
    await searchArticles(database.db.sql, {
      ...parseSearchQuery(text),
      limit: SEARCH_RESULT_LIMIT,
      candidateLimit: SEARCH_CANDIDATE_LIMIT,
      recentFloor: SEARCH_RECENT_FLOOR,
      walkCandidateLimit: SEARCH_WALK_CANDIDATE_LIMIT,
      timeZone: 'America/Chicago',
      ...(windowIndexCostRatio === undefined ? {} : { windowIndexCostRatio }),
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

  it('matches the same rows when a walk passes over titles without the word being typed before tokenising them', async () => {
    const sql = database.db.sql;
    const count = async (text: string, walking: boolean) =>
      (await sql<{ n: number }[]>`select count(*)::int as n from articles where ${searchMatch(sql, parseSearchQuery(text), { indexed: true, walking })}`)[0]!.n;
    // A prefix of every title's first word ("Story"), of every 50th title's last ("deltoids"), in
    // any case, with a word of the body before it; and a word no title holds.
    for (const [text, expected] of [
      ['stor', ROWS],
      ['STOR', ROWS],
      ['Deltoi', ROWS / 50],
      ['alpha stor', ROWS / 2],
      ['zulu', 0],
    ] as const) {
      expect(await count(text, false), text).toBe(expected);
      expect(await count(text, true), `${text}, walking`).toBe(expected);
    }
  });

  it('finds the same whether the window is read from the crawl-time index or the time of each match is read', async () => {
    // A table this small always reads its window from the index; the cost ratio forces each way.
    for (const text of ['bravo', 'alpha bravo', 'bravo delt']) {
      const expected = await reference(text);
      expect(expected.length, text).toBeGreaterThan(0);
      expect(await search(text, 0), `${text}, from the index`).toEqual(expected);
      expect(await search(text, 1e12), `${text}, time by time`).toEqual(expected);
    }
  });

  it('finds a phrase of common words through its word pairs (sql/032), exactly where the words stand side by side', async () => {
    // "alpha bravo" stands side by side in every 10th body; "bravo alpha" in none, though both words
    // are in those bodies; "plain alpha" in none (words between), "words alpha" in every 2nd.
    for (const text of ['"alpha bravo"', '"words alpha" bravo', '"alpha bravo" -charlie', 'plain "alpha bravo charlie"']) {
      const found = await search(text);
      expect(found, text).toEqual(await reference(text));
      expect(found.length, text).toBeGreaterThan(0);
    }
    for (const text of ['"bravo alpha"', '"plain alpha"']) expect(await search(text), text).toEqual([]);
    // The article's pair keys hold those of the phrases it says, not of the words in another order.
    const holds = async (phrase: string) =>
      (
        await database.db.sql<{ holds: boolean }[]>`
          select search_pair_keys(search_vector) @> search_pair_keys(to_tsvector('english', ${phrase})) as holds from articles where id = 30`
      )[0]!.holds;
    expect(await holds('plain words alpha bravo')).toBe(true);
    expect(await holds('bravo alpha')).toBe(false);
  });

  it('narrows by the phrases a query certainly requires, and by no other', () => {
    expect(requiredPhrases('"alpha bravo" charlie "delta echo"')).toEqual(['alpha bravo', 'delta echo']);
    // Negated, or beside an OR, or left open: a phrase the results may lack.
    expect(requiredPhrases('charlie -"alpha bravo"')).toEqual([]);
    expect(requiredPhrases('"alpha bravo" or charlie')).toEqual([]);
    expect(requiredPhrases('charlie "alpha bravo')).toEqual([]);
    // "or" inside a phrase is a word of it.
    expect(requiredPhrases('"black or white"')).toEqual(['black or white']);
  });

  it('ranks the newest 250 matches of a word in most articles, which it finds by walking down the newest', async () => {
    const sql = database.db.sql;
    // The 300th newest "alpha" article names it in its title: first among the newest 500 matches,
    // older than the newest 250.
    const [row] = await sql<{ id: number; title: string }[]>`
      select id, title from articles where search_vector @@ to_tsquery('english', 'alpha') order by scraped_at desc, id desc offset 299 limit 1`;
    await sql`update articles set title = 'Alpha, alpha: the alpha story' where id = ${row!.id}`;
    try {
      expect((await reference('alpha', 2 * SEARCH_WALK_CANDIDATE_LIMIT))[0]).toBe(row!.id);
      const found = await search('alpha');
      expect(found).toEqual(await reference('alpha', SEARCH_WALK_CANDIDATE_LIMIT));
      expect(found).not.toContain(row!.id);
    } finally {
      await sql`update articles set title = ${row!.title} where id = ${row!.id}`;
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

describe('the recent set (sql/021)', () => {
  it('keeps the newest articles flagged, and a search whose window lies inside it reads only its indexes, finding the same', { timeout: 60_000 }, async () => {
    const sql = database.db.sql;
    const before = { bravo: await reference('bravo'), delto: await reference('delto') };
    // All 40,000 articles came in after the migration, so all are recent until the upkeep runs:
    // the first step records where the newest 20,000 start, the second clears the older ones.
    expect((await sql<{ n: number }[]>`select count(*)::int as n from articles where not recent`)[0]!.n).toBe(0);
    expect(await advanceRecentSearchSet(sql, 20_000, 2_000)).toBe(0);
    const [edge] = await sql<{ at: Date }[]>`select scraped_at as at from articles order by scraped_at desc offset 19999 limit 1`;
    expect(await recentSince(sql)).toBe(edge!.at.getTime());
    expect(await advanceRecentSearchSet(sql, 20_000, 2_000)).toBe(20_000);
    const [flags] = await sql<{ recent: number; newestOld: Date }[]>`
      select count(*) filter (where recent)::int as recent, max(scraped_at) filter (where not recent) as newest_old from articles`;
    expect(flags!.recent).toBe(20_000);
    expect(flags!.newestOld.getTime()).toBeLessThan(edge!.at.getTime());
    await sql`analyze articles`;

    // "bravo" (10 %) looks at a window of the newest ~15,000: inside the set, same results.
    expect(await search('bravo')).toEqual(before.bravo);
    expect(await search('delto')).toEqual(before.delto);
    // Proof that the window was read from the recent set: an article taken out of it by hand
    // (a state the upkeep never leaves) drops out of the results.
    const dropped = before.bravo[0]!;
    await sql`update articles set recent = false where id = ${dropped}`;
    expect(await search('bravo')).not.toContain(dropped);
    await sql`update articles set recent = true where id = ${dropped}`;

    // A rare word's window is the whole table: it is found outside the set too.
    expect(await search('charlie')).toEqual(await reference('charlie'));
  });

  it('ranks the recent set’s matches alone when it holds enough of them, and the whole table’s when it does not', { timeout: 60_000 }, async () => {
    const sql = database.db.sql;
    // (The set of the test above: the newest 20,000.) "echo" is in 400 articles, 200 of them
    // recent: more than the floor. An older one naming it in its title would rank first over the
    // whole table; the recent set's own matches are ranked instead.
    const [old] = await sql<{ id: number }[]>`
      select id from articles where not recent and search_vector @@ to_tsquery('english', 'echo') order by scraped_at desc limit 1`;
    await sql`update articles set title = 'Echo, echo: the echo story' where id = ${old!.id}`;
    await sql`analyze articles`;
    expect((await reference('echo'))[0]).toBe(old!.id);
    const recentOnly = await sql<{ id: number }[]>`
      with candidates as materialized (
        select id from articles where recent and search_vector @@ to_tsquery('english', 'echo') order by scraped_at desc, id desc limit ${SEARCH_CANDIDATE_LIMIT}
      )
      select a.id from candidates c join articles a on a.id = c.id
      order by ts_rank_cd(a.search_vector, to_tsquery('english', 'echo'), 1) desc, a.scraped_at desc, a.id desc
      limit ${SEARCH_RESULT_LIMIT}`;
    const found = await search('echo');
    expect(found).toEqual(recentOnly.map((row) => row.id));
    expect(found).not.toContain(old!.id);
    // The same word where the set holds fewer than the floor: the whole table's newest matches.
    await sql`update articles set recent = false where recent and id % 100 = 0 and id % 300 <> 0`;
    expect(await search('echo')).toEqual(await reference('echo'));
    await sql`update articles set recent = true where scraped_at >= ${new Date((await recentSince(sql))!)}`;
    // A phrase reads the set’s own word pairs (sql/033) the same way.
    expect(await search('"echo end"')).toEqual(recentOnly.map((row) => row.id));
  });
});

// The analyzer's reads and writes at a large window's size: the recent articles come in parts of a
// few hundred and the story topics are written per topic in parts, and neither loses or repeats an
// article at the parts' edges.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articleLeads, recentArticlePages, recentArticles, storeStoryTopics } from '../../src/db/article-topics.js';
import { createTestDatabase, type TestDatabase } from '../helpers/db.js';

const ROWS = 2_600;
const SAME_MILLISECOND = 1_200;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const sql = database.db.sql;
  // Article g was crawled g minutes ago; pairs share a minute (the order falls back to the id); every
  // 7th is a wire copy of the one before; the last 100 are two days old.
  await sql`
    insert into articles (domain_name, source_url, canonical_url, title, content, topic, scraped_at)
    select 'site.test', 'https://site.test/' || g, 'https://site.test/' || g, 'Story ' || g, 'Body of story ' || g || '. ' || repeat('More. ', 50),
           'usa', now() - make_interval(mins => case when g > ${ROWS - 100} then 2 * 24 * 60 + g else g / 2 end)
    from generate_series(1, ${ROWS}) g`;
  await sql`update articles set copy_of = id - 1 where id % 7 = 0`;
  // 1,200 more crawled within one millisecond, a microsecond apart: a page that continued from a
  // time rounded to milliseconds (a JavaScript date) would skip or repeat them.
  await sql`
    insert into articles (domain_name, source_url, canonical_url, title, content, topic, scraped_at)
    select 'site.test', 'https://site.test/us/' || g, 'https://site.test/us/' || g, 'Story us' || g, 'Body of story us' || g,
           'usa', date_trunc('milliseconds', now()) - interval '3 hours' + make_interval(secs => (g % 997) / 1000000.0)
    from generate_series(1, ${SAME_MILLISECOND}) g`;
}, 120_000);
afterAll(async () => database?.drop());

describe('the analysis window', () => {
  it('reads every recent original, newest first, leads cut, across parts', async () => {
    const sql = database.db.sql;
    const since = new Date(Date.now() - 24 * 3_600_000);
    const rows = await recentArticles(sql, { since, limit: 10_000, leadCharacters: 40 });
    const expected = await sql<{ id: number }[]>`
      select id from articles where scraped_at >= ${since} and copy_of is null order by scraped_at desc, id desc`;
    expect(rows.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect(rows.length).toBeGreaterThan(2_000 + SAME_MILLISECOND);
    expect(rows.every((row) => row.lead.length <= 40 && row.lead.startsWith('Body of story'))).toBe(true);
    expect(rows[0]).toMatchObject({ domainName: 'site.test', ownTopic: 'usa' });

    const first = await recentArticles(sql, { since, limit: 1_234, leadCharacters: 40 });
    expect(first.map((row) => row.id)).toEqual(expected.slice(0, 1_234).map((row) => row.id));

    // Page by page, as the analysis passes them on: the same rows, a few hundred at a time.
    const pages: number[] = [];
    for await (const page of recentArticlePages(sql, { since, limit: 1_234, leadCharacters: 40 })) pages.push(page.length);
    expect(pages.reduce((sum, n) => sum + n, 0)).toBe(1_234);
    expect(Math.max(...pages)).toBeLessThanOrEqual(500);
  });

  it('reads leads again by id as the window read them, across parts, and skips what is gone', async () => {
    const sql = database.db.sql;
    const since = new Date(Date.now() - 24 * 3_600_000);
    const rows = await recentArticles(sql, { since, limit: 2_500, leadCharacters: 60 });
    const leads = await articleLeads(sql, [...rows.map((row) => row.id), 99_999_999], 60);
    expect(leads.size).toBe(rows.length);
    for (const row of rows) expect(leads.get(row.id)).toBe(row.lead);
  });

  it('cuts the lead of an article whose stored reading it reads to what the grouping reads, and gives the others theirs whole', async () => {
    const sql = database.db.sql;
    const since = new Date(Date.now() - 24 * 3_600_000);
    const ids = (await recentArticles(sql, { since, limit: 3, leadCharacters: 200 })).map((row) => row.id);
    const reading = new Float32Array(4).fill(0.25);
    await sql`insert into article_topic_readings (article_id, model, reading) values
      (${ids[0]!}, 7, ${Buffer.from(reading.buffer)}), (${ids[1]!}, 8, ${Buffer.from(reading.buffer)}), (${ids[2]!}, 7, ${Buffer.from('short')})`;
    try {
      const rows = await recentArticles(sql, { since, limit: 3, leadCharacters: 200, readings: { model: 7, length: 4, leadWithReading: 20 } });
      // The reading stands for the rest of the lead; another model's reading, or one of another length, is none.
      expect(rows.map((row) => [row.lead.length, row.reading ? [...row.reading] : null])).toEqual([
        [20, [0.25, 0.25, 0.25, 0.25]],
        [200, null],
        [200, null],
      ]);
    } finally {
      await sql`delete from article_topic_readings`;
    }
  });

  it("files each story's articles and their copies under the story's topic, and gives the rest their own back", async () => {
    const sql = database.db.sql;
    const ids = (await sql<{ id: number }[]>`select id from articles where copy_of is null order by id`).map((row) => row.id);
    const health = ids.slice(0, 1_500);
    const tech = ids.slice(1_500, 1_600);
    const changed = await storeStoryTopics(sql, {
      stories: [
        { topic: 'health', articleIds: health.slice(0, 700) },
        { topic: 'health', articleIds: health.slice(700) },
        { topic: 'tech', articleIds: tech },
      ],
      alone: [],
    });
    const topics = await sql<{ topic: string; ownTopic: string | null; n: number }[]>`
      select topic, own_topic, count(*)::int as n from articles group by topic, own_topic order by topic`;
    const copies = (list: number[]) => list.filter((id) => ids.includes(id) && (id + 1) % 7 === 0 && id + 1 <= ROWS).length;
    expect(topics).toEqual([
      { topic: 'health', ownTopic: 'usa', n: 1_500 + copies(health) },
      { topic: 'tech', ownTopic: 'usa', n: 100 + copies(tech) },
      { topic: 'usa', ownTopic: null, n: ROWS + SAME_MILLISECOND - 1_600 - copies(health) - copies(tech) },
    ]);
    expect(changed).toBe(1_600 + copies(health) + copies(tech));

    // Analysed again, alone: their own topic back.
    await storeStoryTopics(sql, { stories: [], alone: [...health, ...tech] });
    expect(await sql`select topic, count(*)::int as n from articles group by topic`).toEqual([{ topic: 'usa', n: ROWS + SAME_MILLISECOND }]);
  });
});

// Crawled articles do not pile up for ever: past the article-retention window they are deleted (in
// batches), a trend that still holds newer articles stays while one left empty goes, and past the
// shorter text window an article keeps its title, lede and address but not its body. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneArticles } from '../../../../src/services/platform/retention/index.js';
import { updateSetting } from '../../../../src/services/platform/settings/index.js';
import { createServiceContext, type ServiceContext } from '../../../fixtures/fake-openai/context.js';

let service: ServiceContext;
beforeAll(async () => {
  service = await createServiceContext();
});
afterAll(async () => service?.close());

async function article(title: string, daysAgo: number): Promise<number> {
  const [row] = await service.ctx.sql<{ id: number }[]>`
    insert into articles (domain_name, source_url, canonical_url, title, content, excerpt, scraped_at)
    values ('keep.example', ${`https://keep.example/${encodeURIComponent(title)}`}, ${`https://keep.example/${encodeURIComponent(title)}`}, ${title},
            ${`${title}: the full text of the article.`}, ${`${title}, the lede.`}, now() - make_interval(days => ${daysAgo}))
    returning id`;
  return row!.id;
}

async function trend(title: string, articleIds: number[], daysAgo: number): Promise<number> {
  const [row] = await service.ctx.sql<{ id: number }[]>`
    insert into trends (title, topic, relevance_score, batch_number, identified_at)
    values (${title}, 'usa', 5, 1, now() - make_interval(days => ${daysAgo})) returning id`;
  for (const id of articleIds) await service.ctx.sql`insert into trend_articles (trend_id, article_id) values (${row!.id}, ${id})`;
  return row!.id;
}

describe('article retention', () => {
  it('deletes what is past the window in batches, keeps trends that still hold newer articles, clears old texts', async () => {
    const sql = service.ctx.sql;
    // 2,500 articles of 400 days (more than two batches), a story told then and now, one only then.
    await sql`
      insert into articles (domain_name, source_url, canonical_url, title, content, scraped_at)
      select 'old.example', 'https://old.example/' || i, 'https://old.example/' || i, 'Old ' || i, 'Old text', now() - interval '400 days'
      from generate_series(1, 2500) i`;
    const continuing = await trend('A story that goes on', [await article('Then', 380), await article('Now', 1)], 380);
    const finished = await trend('A story long over', [await article('Long ago', 390)], 390);
    const midAge = await article('Two hundred days ago', 200);
    const recent = await article('Last week', 7);
    // What a story's topic read of the two texts (as the crawl stores it).
    await sql`insert into article_topic_readings (article_id, model, reading) select id, 1, ${Buffer.from([0])}::bytea from unnest(${[midAge, recent]}::int[]) as id`;

    const result = await pruneArticles(service.ctx);
    expect(result).toEqual({ articlesDeleted: 2500 + 2, trendsDeleted: 1, bodiesCleared: 1 });
    const titles = (await sql<{ title: string }[]>`select title from articles order by id`).map((row) => row.title);
    expect(titles).toEqual(['Now', 'Two hundred days ago', 'Last week']);
    const trends = (await sql<{ id: number }[]>`select id from trends`).map((row) => row.id);
    expect(trends).toEqual([continuing]);
    expect(trends).not.toContain(finished);
    // Past the text window: the title, lede and address stay, the body goes.
    const [mid] = await sql<{ content: string; excerpt: string; sourceUrl: string }[]>`select content, excerpt, source_url from articles where id = ${midAge}`;
    expect(mid).toEqual({ content: '', excerpt: 'Two hundred days ago, the lede.', sourceUrl: 'https://keep.example/Two%20hundred%20days%20ago' });
    const [fresh] = await sql<{ content: string }[]>`select content from articles where id = ${recent}`;
    expect(fresh!.content).toBe('Last week: the full text of the article.');
    // The reading of a cleared text goes with it (the next analysis reads the lede instead).
    const read = await sql<{ articleId: number }[]>`select article_id from article_topic_readings`;
    expect(read).toEqual([{ articleId: recent }]);
    const [log] = await sql<{ message: string }[]>`select message from logs where message like 'Retention:%' order by id desc limit 1`;
    expect(log!.message).toBe('Retention: 2502 articles older than 365 days deleted (1 trend with them), 1 article text older than 180 days cleared');

    // 0 keeps for ever; the text may not outlive the article.
    await updateSetting(service.ctx, 'article-retention', { articleDays: 0, bodyDays: 0 });
    await article('Ancient', 5000);
    expect(await pruneArticles(service.ctx)).toEqual({ articlesDeleted: 0, trendsDeleted: 0, bodiesCleared: 0 });
    await expect(updateSetting(service.ctx, 'article-retention', { articleDays: 30, bodyDays: 60 })).rejects.toThrow(
      'The text cannot be kept longer than the article',
    );
  });
});

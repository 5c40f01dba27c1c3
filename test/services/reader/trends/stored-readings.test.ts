// What a story's topic reads of each article is made once and stored with it: an analysis stores
// the readings it had to make, and the next one reads them instead of the text — unless another
// model made them, or the text changed since.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listTrendsOfTopic, runTrendsAnalyzer } from '../../../../src/services/reader/trends/index.js';
import { READING_LEAD_CHARACTERS, READING_LENGTH, readingModel, storedReading, TOPICS, type Topic } from '../../../../src/services/reader/classify/index.js';
import { updateArticleContent } from '../../../../src/db/crawl.js';
import { articleLead } from '../../../../src/shared/text/lead.js';
import { createServiceContext, type ServiceContext } from '../../../fixtures/fake-openai/context.js';
import { bridgeVote, harbourFire, rateDecision, storeCorpus, unrelated } from './corpus.js';

const corpus = [...harbourFire, ...bridgeVote, ...unrelated, ...rateDecision];

/** A reading that says `topic` of the headline and every paragraph. */
function readingFor(topic: Topic): Buffer {
  const numbers = new Float32Array(READING_LENGTH).fill(0.01);
  for (let at = 0; at < READING_LENGTH; at += TOPICS.length) numbers[at + TOPICS.indexOf(topic)] = 0.93;
  return Buffer.from(numbers.buffer);
}

describe.each([
  ['in the daemon thread', {}],
  ['in a worker thread', { offThreadFrom: 0 }],
])('stored topic readings, %s', (_, where) => {
  let service: ServiceContext;
  let ids: Map<string, number>;
  beforeAll(async () => {
    service = await createServiceContext();
  });
  afterAll(async () => service?.close());
  beforeEach(async () => {
    const sql = service.ctx.sql;
    await sql`delete from trends`;
    await sql`delete from articles`;
    await sql`delete from job_runs`;
    ids = await storeCorpus(sql, corpus);
  });

  const rateIds = () => rateDecision.map((article) => ids.get(article.key)!);

  it('stores the readings an analysis made, the same as the crawl makes', async () => {
    expect(await runTrendsAnalyzer(service.ctx, where)).toMatchObject({ error: null, trends: 3 });
    const rows = await service.ctx.sql<{ title: string; content: string; excerpt: string | null; reading: Uint8Array | null; model: number | null }[]>`
      select title, content, excerpt, reading, model from articles left join article_topic_readings on article_id = id`;
    expect(rows).toHaveLength(corpus.length);
    for (const row of rows) {
      const reading = storedReading(row);
      expect(row.model, row.title).toBe(readingModel());
      expect(Buffer.from(row.reading!), row.title).toEqual(Buffer.from(reading.numbers.buffer));
    }
  });

  const storeReadings = (topic: Topic, model: number) => service.ctx.sql`
    insert into article_topic_readings (article_id, model, reading) select id, ${model}, ${readingFor(topic)} from unnest(${rateIds()}::int[]) as id`;

  it('reads a story from its stored readings, not its text', async () => {
    await storeReadings('science', readingModel());
    await runTrendsAnalyzer(service.ctx, where);
    const [rates] = await listTrendsOfTopic(service.ctx, 'science');
    expect(rates?.title).toBeDefined();
    expect(await listTrendsOfTopic(service.ctx, 'finance')).toEqual([]);
  });

  it('still stores its trends when the readings cannot be stored, and says so', async () => {
    const sql = service.ctx.sql;
    await sql.unsafe(`create function refuse_readings() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$`);
    await sql.unsafe('create trigger refuse_readings before insert on article_topic_readings for each row execute function refuse_readings()');
    try {
      expect(await runTrendsAnalyzer(service.ctx, where)).toMatchObject({ error: null, trends: 3 });
    } finally {
      await sql.unsafe('drop trigger refuse_readings on article_topic_readings');
      await sql.unsafe('drop function refuse_readings()');
    }
    const [log] = await sql<
      { level: string; message: string }[]
    >`select level, message from logs where message like '%topic readings were not stored%' order by id desc limit 1`;
    expect(log).toMatchObject({ level: 'warning', message: expect.stringContaining('disk full') });
  });

  it('reads the text again where a stored reading is not one (a dump may hold anything), and replaces it', async () => {
    await service.ctx
      .sql`insert into article_topic_readings (article_id, model, reading) select id, ${readingModel()}, ${Buffer.from('short')} from unnest(${rateIds()}::int[]) as id`;
    expect(await runTrendsAnalyzer(service.ctx, where)).toMatchObject({ error: null, trends: 3 });
    expect(await listTrendsOfTopic(service.ctx, 'finance')).toHaveLength(1);
    const sizes = await service.ctx.sql<
      { size: number }[]
    >`select length(reading) as size from article_topic_readings where article_id = any(${rateIds()}::int[])`;
    expect(sizes.map((row) => row.size)).toEqual(rateIds().map(() => READING_LENGTH * 4));
  });

  it('reads the text again where another model made the reading, and stores the new one', async () => {
    await storeReadings('science', readingModel() + 1);
    await runTrendsAnalyzer(service.ctx, where);
    expect(await listTrendsOfTopic(service.ctx, 'finance')).toHaveLength(1);
    expect(await listTrendsOfTopic(service.ctx, 'science')).toEqual([]);
    const models = await service.ctx.sql<{ model: number }[]>`select model from article_topic_readings where article_id = any(${rateIds()}::int[])`;
    expect(models.map((row) => row.model)).toEqual(rateIds().map(() => readingModel()));
  });

  it('cuts the lead as the database does, characters beyond the 16-bit range counted once', async () => {
    // Emoji before the cut: counted in UTF-16 units, the lead would end 40 characters early.
    const content = `${'🔥 Fire crews on the harbour front. '.repeat(40)}\n\n${'Later paragraph. '.repeat(40)}`;
    const [row] = await service.ctx.sql<{ lead: string }[]>`select left(${content}::text, ${READING_LEAD_CHARACTERS}) as lead`;
    expect(articleLead(content, null, READING_LEAD_CHARACTERS)).toBe(row!.lead);
    expect(articleLead('', 'The excerpt.', READING_LEAD_CHARACTERS)).toBe('The excerpt.');
  });

  it('drops a reading when the text it was made from changes', async () => {
    await runTrendsAnalyzer(service.ctx, where);
    const [id, other] = rateIds();
    await updateArticleContent(service.ctx.sql, id!, {
      title: 'Central bank holds rates',
      content: 'A longer text, fetched again.',
      excerpt: null,
      wordCount: 6,
      author: null,
      publishedAt: null,
      imageUrl: null,
      language: null,
    });
    const kept = await service.ctx.sql<{ articleId: number }[]>`select article_id from article_topic_readings where article_id = any(${[id!, other!]}::int[])`;
    expect(kept).toEqual([{ articleId: other }]);
  });
});

describe("a trend's topic evidence", () => {
  let service: ServiceContext;
  beforeAll(async () => {
    service = await createServiceContext();
    await storeCorpus(service.ctx.sql, corpus);
  });
  afterAll(async () => service?.close());

  const evidenceOfTrends = async () => {
    const rows = await service.ctx.sql<{ title: string; topicEvidence: unknown }[]>`select title, topic_evidence from trends order by title`;
    await service.ctx.sql`delete from trends`;
    return rows;
  };

  it("is the same whether the window is grouped in the daemon's thread, with its leads, or in a worker that keeps none beyond what it groups", async () => {
    // First run: every reading made now, in this thread; then stored, the worker's rows come without whole leads.
    await runTrendsAnalyzer(service.ctx, {});
    const inThread = await evidenceOfTrends();
    expect(inThread).toHaveLength(3);
    for (const { topicEvidence } of inThread) {
      expect(topicEvidence).toMatchObject({ source: 'offline', sentence: expect.any(String) });
      expect((topicEvidence as { words: string[] }).words.length).toBeGreaterThan(0);
    }
    await runTrendsAnalyzer(service.ctx, { offThreadFrom: 0 });
    expect(await evidenceOfTrends()).toEqual(inThread);
    // And with no reading stored: the worker reads the leads whole, then keeps what it groups.
    await service.ctx.sql`delete from article_topic_readings`;
    await runTrendsAnalyzer(service.ctx, { offThreadFrom: 0 });
    expect(await evidenceOfTrends()).toEqual(inThread);
  });
});

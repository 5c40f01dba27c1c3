// The food re-categorization walk: what it moves, its counts, stop and resume, and model failures.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sql } from '../../../../src/db/client.js';
import { lastRun } from '../../../../src/services/platform/jobs/index.js';
import {
  foodRecategorizationStatus,
  startFoodRecategorization,
  stopFoodRecategorization,
  waitForFoodRecategorization,
} from '../../../../src/services/reader/food-recategorization/index.js';
import { createServiceContext, type ServiceContext } from '../../../fixtures/fake-openai/context.js';
import { startFakeOpenAi, type FakeOpenAi, type RecordedRequest } from '../../../fixtures/fake-openai/server.js';

const FOODY = [
  'Ten easy pasta recipes for busy weeknights',
  'The best chocolate chip cookie recipe, tested',
  'How to roast a chicken with lemon and garlic',
  'Summer salad recipes with tomatoes and basil',
];
const OTHER = [
  'Central bank raises interest rates again',
  'Senate passes infrastructure bill after long debate',
  'New smartphone chip promises longer battery life',
];

async function addArticle(sql: Sql, title: string, topic: string | null, topicSource: 'model' | 'offline' | null): Promise<number> {
  const url = `https://food.test/${encodeURIComponent(title)}-${Math.random().toString(36).slice(2)}`;
  const [row] = await sql<{ id: number }[]>`
    insert into articles (domain_name, source_url, canonical_url, title, content, topic, topic_source)
    values ('food.test', ${url}, ${url}, ${title}, ${`${title}.`}, ${topic}, ${topicSource}) returning id`;
  return row!.id;
}

async function topicsOf(sql: Sql): Promise<Map<string, { topic: string | null; topicSource: string | null }>> {
  const rows = await sql<{ title: string; topic: string | null; topicSource: string | null }[]>`select title, topic, topic_source from articles`;
  return new Map(rows.map((row) => [row.title, { topic: row.topic, topicSource: row.topicSource }]));
}

async function reset(service: ServiceContext): Promise<void> {
  await service.ctx.sql`delete from articles`;
  await service.ctx.sql`delete from job_runs`;
  service.events.length = 0;
}

describe('food re-categorization, offline classifier', () => {
  let service: ServiceContext;
  beforeAll(async () => {
    service = await createServiceContext();
  });
  afterAll(async () => service?.close());
  beforeEach(async () => reset(service));

  it('moves the articles the classifier puts in food, and nothing else', async () => {
    for (const title of FOODY.slice(0, 3)) await addArticle(service.ctx.sql, title, 'health', 'offline');
    // The model filed this one: the offline classifier does not overrule it.
    await addArticle(service.ctx.sql, FOODY[3]!, 'science', 'model');
    for (const title of OTHER) await addArticle(service.ctx.sql, title, 'finance', 'offline');
    await addArticle(service.ctx.sql, 'Grandmother shares her secret soup recipe', 'food', 'offline');

    expect(await startFoodRecategorization(service.ctx)).toMatchObject({ isRunning: true, total: 8, processed: 0 });
    await waitForFoodRecategorization(service.ctx);

    const status = await foodRecategorizationStatus(service.ctx);
    expect(status).toMatchObject({ isRunning: false, processed: 8, total: 8, errors: 0, progress: 100 });
    expect(status.finishedAt).not.toBeNull();
    const topics = await topicsOf(service.ctx.sql);
    for (const title of FOODY.slice(0, 3)) expect(topics.get(title)).toEqual({ topic: 'food', topicSource: 'offline' });
    expect(topics.get(FOODY[3]!)).toEqual({ topic: 'science', topicSource: 'model' });
    for (const title of OTHER) expect(topics.get(title)!.topic).toBe('finance');
    expect(status.recategorized).toBe(3);

    const pushed = service.eventsOf('food_recategorization_status');
    expect(pushed.at(-1)).toMatchObject({ isRunning: false, processed: 8, recategorized: 3 });
    expect(service.eventsOf('home_data_updated')).toHaveLength(1);
  });

  it('refuses a second start while a pass runs (409)', async () => {
    // Enough articles that the pass is still walking when the second start comes: with eight, a
    // classifier already loaded by another file finished before it (one CI run saw two passes).
    await service.ctx.sql`
      insert into articles (domain_name, source_url, canonical_url, title, content, topic, topic_source)
      select 'food.test', 'https://food.test/bonds-' || n, 'https://food.test/bonds-' || n, 'Bond market report number ' || n, 'Bonds.', 'finance', 'offline'
      from generate_series(1, 3000) as n`;
    expect(await startFoodRecategorization(service.ctx)).toMatchObject({ isRunning: true, total: 3000 });
    await expect(startFoodRecategorization(service.ctx)).rejects.toMatchObject({ status: 409, message: 'Food re-categorization is already running' });
    await waitForFoodRecategorization(service.ctx);
    expect(await foodRecategorizationStatus(service.ctx)).toMatchObject({ isRunning: false, processed: 3000 });
  });

  it('starts a new pass after a finished one', async () => {
    await addArticle(service.ctx.sql, FOODY[0]!, 'health', 'offline');
    await startFoodRecategorization(service.ctx);
    await waitForFoodRecategorization(service.ctx);
    await addArticle(service.ctx.sql, FOODY[1]!, 'tech', 'offline');
    const again = await startFoodRecategorization(service.ctx);
    expect(again).toMatchObject({ processed: 0, total: 2, recategorized: 0 });
    await waitForFoodRecategorization(service.ctx);
    expect(await foodRecategorizationStatus(service.ctx)).toMatchObject({ processed: 2, recategorized: 1 });
  });

  it('reports an idle, empty status before any run', async () => {
    expect(await foodRecategorizationStatus(service.ctx)).toEqual({
      isRunning: false,
      processed: 0,
      recategorized: 0,
      errors: 0,
      total: 0,
      progress: 0,
      lastArticleId: 0,
      startedAt: null,
      finishedAt: null,
    });
    expect(await stopFoodRecategorization(service.ctx)).toMatchObject({ isRunning: false });
  });
});

describe('food re-categorization, with a model', () => {
  let fake: FakeOpenAi;
  let service: ServiceContext;
  const titleOf = (request: RecordedRequest) => /^Title: (.*)$/m.exec(request.messages[1]!.content)![1]!;
  const modelTopic = (request: RecordedRequest) => ({ kind: 'json' as const, value: { topic: /recipe/i.test(titleOf(request)) ? 'food' : 'health' } });

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    service = await createServiceContext({ fake, env: { NEWSCTL_LLM_MAX_RETRIES: '0', NEWSCTL_LLM_CONCURRENCY: '2' } });
  });
  afterAll(async () => {
    await service?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    fake.reset();
    await reset(service);
  });

  it('stops mid-walk and resumes where it stopped, counts carried over', async () => {
    // 60 articles: batches of 25, 25 and 10; every third one a recipe.
    const ids: number[] = [];
    for (let i = 0; i < 60; i++)
      ids.push(await addArticle(service.ctx.sql, i % 3 === 0 ? `Article ${i}: a new soup recipe` : `Article ${i}: council meeting`, 'health', 'offline'));
    // The first batch is quick; from the second on the model stalls.
    fake.respondWith((request) => (fake.chatRequests().length <= 25 ? modelTopic(request) : { kind: 'slow', delayMs: 5_000, reply: modelTopic(request) }));
    await startFoodRecategorization(service.ctx);
    for (let i = 0; i < 200 && fake.chatRequests().length <= 25; i++) await new Promise((resolve) => setTimeout(resolve, 20));

    const stopped = await stopFoodRecategorization(service.ctx);
    // The cut-short second batch is not counted: it is done again on resume.
    expect(stopped).toMatchObject({ isRunning: false, processed: 25, recategorized: 9, lastArticleId: ids[24], total: 60, finishedAt: null });
    const stoppedRun = await lastRun(service.ctx, 'food-recategorization');
    expect(stoppedRun).toMatchObject({ status: 'stopped', progress: { stoppedAt: expect.any(String), lastArticleId: ids[24] } });

    fake.reset();
    fake.respondWith(modelTopic);
    const resumed = await startFoodRecategorization(service.ctx);
    expect(resumed).toMatchObject({ processed: 25, recategorized: 9, total: 60 });
    await waitForFoodRecategorization(service.ctx);
    expect(fake.chatRequests()).toHaveLength(35);
    expect(fake.chatRequests().some((request) => titleOf(request).startsWith('Article 0:'))).toBe(false);
    const done = await foodRecategorizationStatus(service.ctx);
    expect(done).toMatchObject({ processed: 60, recategorized: 20, errors: 0 });
    const [moved] = await service.ctx.sql<{ count: number }[]>`select count(*)::int as count from articles where topic = 'food' and topic_source = 'model'`;
    expect(moved!.count).toBe(20);
  });

  it('counts the articles the model failed on as errors and classifies them offline', async () => {
    await addArticle(service.ctx.sql, 'Our favourite pancake recipe', 'health', 'offline');
    await addArticle(service.ctx.sql, 'Central bank raises interest rates again', 'finance', 'offline');
    fake.respondWith((request) => (/pancake/.test(titleOf(request)) ? { kind: 'json', value: { topic: 'food' } } : { kind: 'malformed' }));
    await startFoodRecategorization(service.ctx);
    await waitForFoodRecategorization(service.ctx);
    expect(await foodRecategorizationStatus(service.ctx)).toMatchObject({ processed: 2, recategorized: 1, errors: 1 });
    const topics = await topicsOf(service.ctx.sql);
    expect(topics.get('Our favourite pancake recipe')).toEqual({ topic: 'food', topicSource: 'model' });
    expect(topics.get('Central bank raises interest rates again')!.topic).toBe('finance');
  });
});

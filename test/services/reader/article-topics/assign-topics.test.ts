// Topics of crawled articles: the model path through the fake server, and the offline fallback per
// article on every kind of model failure.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { countLlmCalls } from '../../../../src/db/llm-calls.js';
import { assignTopics, classifyArticles, normalizeTopic } from '../../../../src/services/reader/article-topics/index.js';
import { classifyTopics } from '../../../../src/services/reader/classify/index.js';
import { updateSetting } from '../../../../src/services/platform/settings/index.js';
import { createServiceContext, type ServiceContext } from '../../../fixtures/fake-openai/context.js';
import { startFakeOpenAi, type FakeOpenAi, type RecordedRequest } from '../../../fixtures/fake-openai/server.js';

const articles = [
  { title: 'Pasta sales soar as home cooks try new sauces', text: 'Supermarkets report record sales of dried pasta and sauces.' },
  { title: 'Central bank holds interest rates steady', text: 'The bank kept its benchmark rate unchanged on Wednesday.' },
  { title: 'New vaccine shows promise against flu strains', text: 'Researchers reported strong immune responses in a trial.' },
];

// The fake model answers from the title it was given.
function topicOfRequest(request: RecordedRequest): string {
  const prompt = request.messages.at(-1)!.content;
  if (/Pasta/.test(prompt)) return 'Food & Drink';
  if (/bank/.test(prompt)) return 'finance';
  return 'health';
}

let fake: FakeOpenAi;
let service: ServiceContext;
let offline: ServiceContext;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  service = await createServiceContext({ fake, env: { NEWSCTL_LLM_MAX_RETRIES: '0', NEWSCTL_LLM_CONCURRENCY: '1' } });
  offline = await createServiceContext();
});
afterAll(async () => {
  await service?.close();
  await offline?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.reset();
  // Forget a model found down by an earlier test.
  service.ctx.jobs.clear();
});

describe('assignTopics', () => {
  it('uses the offline classifier when no model is configured', async () => {
    const topics = await assignTopics(offline.ctx, articles);
    const expected = classifyTopics(articles.map((a) => ({ title: a.title, body: a.text })));
    expect(topics).toEqual(expected.map((p) => ({ topic: p.topic, source: 'offline' })));
    expect(fake.requests).toHaveLength(0);
    expect(await countLlmCalls(offline.ctx.sql)).toBe(0);
  });

  it('asks the model with the classifier prompts and keeps its topics', async () => {
    await updateSetting(service.ctx, 'article-classifier-user-prompt', { promptText: 'Headline: {title}\nText: {content}\nWhich topic, as JSON?' });
    fake.respondWith((request) => ({ kind: 'json', value: { topic: topicOfRequest(request) } }));
    const before = await countLlmCalls(service.ctx.sql);
    const topics = await assignTopics(service.ctx, articles);
    expect(topics).toEqual([
      { topic: 'food', source: 'model' },
      { topic: 'finance', source: 'model' },
      { topic: 'health', source: 'model' },
    ]);
    const [first] = fake.chatRequests();
    expect(first!.model).toBe('fake-small');
    expect(first!.messages[0]!.role).toBe('system');
    expect(first!.messages[0]!.content).toMatch(/exactly one topic/);
    expect(first!.messages[1]!.content).toBe(`Headline: ${articles[0]!.title}\nText: ${articles[0]!.text}\nWhich topic, as JSON?`);
    expect(await countLlmCalls(service.ctx.sql)).toBe(before + 3);
    const calls = await service.ctx.sql<{ ok: boolean; totalTokens: number }[]>`
      select ok, total_tokens from llm_calls where feature = 'article-classifier' order by id desc limit 3`;
    expect(calls.every((call) => call.ok && call.totalTokens === 18)).toBe(true);
  });

  it('falls back article by article when the model answers nonsense', async () => {
    fake.respondWith((request) => {
      const repair = request.messages.some((message) => message.role === 'assistant');
      if (/bank/.test(request.messages[1]!.content)) return repair ? { kind: 'json', value: { topic: 'sports' } } : { kind: 'malformed' };
      return { kind: 'json', value: { topic: topicOfRequest(request) } };
    });
    const result = await classifyArticles(service.ctx, articles);
    expect(result.topics[0]).toEqual({ topic: 'food', source: 'model' });
    expect(result.topics[1]!.source).toBe('offline');
    expect(result.topics[2]).toEqual({ topic: 'health', source: 'model' });
    expect(result.fallbacks).toBe(1);
  });

  it('stops asking a model that is down and classifies the rest offline', async () => {
    fake.respondWith(() => ({ kind: 'status', status: 503 }));
    const result = await classifyArticles(service.ctx, articles);
    expect(result.topics.every((topic) => topic.source === 'offline')).toBe(true);
    expect(result.fallbacks).toBe(3);
    // Concurrency 1: the first failure tells the batch the provider is down.
    expect(fake.chatRequests()).toHaveLength(1);
    const [log] = await service.ctx.sql<
      { message: string }[]
    >`select message from logs where component = 'AI_MODEL' and level = 'warning' order by id desc limit 1`;
    expect(log!.message).toMatch(/3 of 3 articles classified offline \(the model is unavailable/);
  });

  it('leaves a model found down alone for a while, across calls', async () => {
    fake.respondWith(() => ({ kind: 'status', status: 500 }));
    await classifyArticles(service.ctx, articles.slice(0, 1));
    expect(fake.chatRequests()).toHaveLength(1);
    fake.respondWith((request) => ({ kind: 'json', value: { topic: topicOfRequest(request) } }));
    const during = await classifyArticles(service.ctx, articles);
    expect(during).toMatchObject({ fallbacks: 3, modelConfigured: true });
    expect(fake.chatRequests()).toHaveLength(1);
    // A caller without a job registry keeps no such memory and asks again.
    const { jobs: _jobs, ...withoutJobs } = service.ctx;
    expect((await assignTopics(withoutJobs, articles.slice(0, 1)))[0]!.source).toBe('model');
    const [log] = await service.ctx.sql<
      { message: string }[]
    >`select message from logs where component = 'AI_MODEL' and level = 'warning' and message like 'Topic%' order by id desc limit 1`;
    expect(log!.message).toMatch(/classifying offline for the next 5 minutes/);
  });

  it('falls back on a rate limit and on a slow model', async () => {
    fake.script({ kind: 'status', status: 429, retryAfter: '0' });
    const limited = await classifyArticles(service.ctx, articles.slice(0, 1));
    expect(limited.topics[0]!.source).toBe('offline');
    const slow = await createServiceContext({ fake, env: { NEWSCTL_LLM_MAX_RETRIES: '0', NEWSCTL_LLM_TIMEOUT_MS: '200' } });
    try {
      fake.script({ kind: 'slow', delayMs: 2_000, reply: { kind: 'json', value: { topic: 'food' } } });
      const timedOut = await classifyArticles(slow.ctx, articles.slice(0, 1));
      expect(timedOut.topics[0]!.source).toBe('offline');
    } finally {
      await slow.close();
    }
  });

  it('returns nothing for nothing, without calling the model', async () => {
    expect(await assignTopics(service.ctx, [])).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('normalizeTopic', () => {
  it('maps the names a model may use onto the eight topics', () => {
    expect(normalizeTopic(' Food & Drink ')).toBe('food');
    expect(normalizeTopic('U.S.')).toBe('usa');
    expect(normalizeTopic('World News')).toBe('international');
    expect(normalizeTopic('Technology')).toBe('tech');
    expect(normalizeTopic('ENERGY')).toBe('energy');
    expect(normalizeTopic('sports')).toBe('sports');
  });
});

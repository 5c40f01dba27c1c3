// The trends calls of spec 001 §7 over real HTTP, with the model pointed at the fake OpenAI server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTopicRequest, startFakeOpenAi, withTopics, type FakeOpenAi, type RecordedRequest } from '../fixtures/fake-openai/server.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { bridgeVote, harbourFire, rateDecision, storeCorpus, unrelated } from '../services/reader/trends/corpus.js';

let server: TestServer;
let fake: FakeOpenAi;
let cookie: string;

async function call(method: string, path: string, options: { anonymous?: boolean; body?: unknown } = {}) {
  const headers: Record<string, string> = options.anonymous ? {} : { cookie };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}${path}`, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function untilIdle(): Promise<Record<string, unknown>> {
  for (let i = 0; i < 300; i++) {
    const { body } = await call('GET', '/api/status');
    if (body.trendsAnalyzerStatus === 'idle') return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the analyzer did not finish');
}

function groupedReply(request: RecordedRequest) {
  const lines = request.messages
    .at(-1)!
    .content.split('\n')
    .filter((line) => /^\[\d+\]/.test(line));
  const idsWith = (word: string) => lines.filter((line) => line.includes(word)).map((line) => Number(/^\[(\d+)\]/.exec(line)![1]));
  const trends = [
    { title: 'Port Linden warehouse fire', description: 'A warehouse fire forced evacuations.', relevanceScore: 8, articleIds: idsWith('Port Linden') },
    { title: 'Old Mill bridge to be rebuilt', description: 'Commissioners approved the rebuild.', relevanceScore: 5, articleIds: idsWith('Old Mill') },
    { title: 'Arland central bank holds rates', description: 'Rates stay at 4 percent.', relevanceScore: 6, articleIds: idsWith('Arland') },
  ].filter((trend) => trend.articleIds.length > 0);
  return { kind: 'json' as const, value: { trends } };
}

// Each story's topic as the fake model files it (the analyzer asks once per story).
const storyTopic = (prompt: string) => (prompt.includes('Arland') ? 'finance' : 'usa');
const trendRequests = () => fake.chatRequests().filter((request) => !isTopicRequest(request));

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({
    env: { NEWSCTL_LLM_BASE_URL: fake.baseUrl, NEWSCTL_LLM_API_KEY: 'sk-fake', NEWSCTL_LLM_MODEL: 'fake-small', NEWSCTL_LLM_MAX_RETRIES: '0' },
  });
  cookie = await server.loginCookie();
  await storeCorpus(server.sql, [...harbourFire, ...bridgeVote, ...unrelated, ...rateDecision]);
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('trends API', () => {
  it('is for administrators only', async () => {
    for (const [method, path] of [
      ['GET', '/api/trends'],
      ['GET', '/api/trends/by-topic/usa'],
      ['GET', '/api/trends/statistics'],
      ['POST', '/api/trends-analyzer/run'],
      ['POST', '/api/trends-analyzer/stop'],
      ['DELETE', '/api/trends'],
      ['POST', '/api/trends/recategorize'],
    ] as const) {
      expect((await call(method, path, { anonymous: true })).status).toBe(401);
    }
  });

  it('starts empty', async () => {
    expect((await call('GET', '/api/trends')).body).toEqual([]);
    const statistics = (await call('GET', '/api/trends/statistics')).body;
    expect(statistics).toHaveLength(8);
    expect(statistics[0]).toEqual({ topic: 'health', totalTrends: 0, trendsWithArticles: 0 });
    expect((await call('POST', '/api/trends-analyzer/stop')).body).toEqual({ message: 'The trends analyzer is not running', status: 'idle' });
  });

  it('runs, refuses a second start and the bulk edits while running, shows its action, and stops', async () => {
    fake.respondWith(withTopics(() => ({ kind: 'slow', delayMs: 5_000, reply: { kind: 'json', value: { trends: [] } } }), storyTopic));
    expect(await call('POST', '/api/trends-analyzer/run')).toEqual({ status: 200, body: { message: 'Trends analyzer started', status: 'running' } });
    // A refused start names the live run it lost to, as `GET /api/jobs` shows it.
    expect(await call('POST', '/api/trends-analyzer/run')).toMatchObject({
      status: 409,
      // The run may still wait for a worker (queued) on a busy machine; either is the live run.
      body: { message: 'The trends analyzer is already running', run: { status: expect.stringMatching(/^(queued|running)$/) } },
    });
    expect((await call('DELETE', '/api/trends')).body).toEqual({ message: 'Stop the analyzer before clearing trends', code: 'conflict' });
    expect((await call('POST', '/api/trends/recategorize')).status).toBe(409);
    for (let i = 0; i < 100 && trendRequests().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    const status = (await call('GET', '/api/status')).body;
    expect(status.trendsAnalyzerStatus).toBe('analyzing');
    expect(status.trendsAnalyzerCurrentAction).toMatch(/^Analyzing 2 finance articles with fake-small/);
    expect(await call('POST', '/api/trends-analyzer/stop')).toEqual({ status: 200, body: { message: 'Trends analyzer stopped', status: 'idle' } });
    expect((await call('GET', '/api/status')).body).toMatchObject({
      trendsAnalyzerStatus: 'idle',
      trendsAnalyzerCurrentAction: null,
      trendsAnalyzerLastRun: null,
    });
  });

  it('lists the trends of a finished run, all topics and by topic', async () => {
    fake.reset();
    fake.respondWith(withTopics(groupedReply, storyTopic));
    expect((await call('POST', '/api/trends-analyzer/run')).status).toBe(200);
    const status = await untilIdle();
    expect(status.totalTrendsIdentified).toBe(3);
    expect(status.mistralQueriesCount).toBeGreaterThanOrEqual(2);
    expect(status.trendsAnalyzerLastRun).toEqual(expect.stringMatching(/Z$/));

    const all = (await call('GET', '/api/trends?limit=50')).body;
    expect(all.map((trend: { title: string }) => trend.title)).toEqual([
      'Port Linden warehouse fire',
      'Arland central bank holds rates',
      'Old Mill bridge to be rebuilt',
    ]);
    expect(all[0]).toEqual({
      id: expect.any(Number),
      title: 'Port Linden warehouse fire',
      description: 'A warehouse fire forced evacuations.',
      relevanceScore: 8,
      articlesAnalyzed: 9,
      batchNumber: 2,
      topic: 'usa',
      category: 'usa',
      identifiedAt: expect.stringMatching(/Z$/),
      htmlFilePath: null,
      articleCount: 4,
      pageUrl: expect.stringMatching(/^\/story\/\d+-port-linden-warehouse-fire$/),
      // The model filed the story (one call per story); the offline reading stays as its evidence.
      topicEvidence: expect.objectContaining({ source: 'model', words: expect.any(Array) }),
    });
    expect((await call('GET', '/api/trends?limit=1')).body).toHaveLength(1);
    const usa = (await call('GET', '/api/trends/by-topic/usa?limit=50')).body;
    expect(usa.map((trend: { title: string }) => trend.title)).toEqual(['Port Linden warehouse fire', 'Old Mill bridge to be rebuilt']);
    expect((await call('GET', '/api/trends/by-topic/usa?limit=1')).body).toHaveLength(1);
    expect((await call('GET', '/api/trends/by-topic/health')).body).toEqual([]);
  });

  it('answers 400 for an unknown topic or a bad limit', async () => {
    const unknown = await call('GET', '/api/trends/by-topic/sports');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/Unknown topic "sports"/);
    expect((await call('GET', '/api/trends?limit=0')).status).toBe(400);
    expect((await call('GET', '/api/trends?limit=many')).status).toBe(400);
  });

  it('feeds the home page: top trends of the latest batch and the last run', async () => {
    const home = (await call('GET', '/api/home-page-data', { anonymous: true })).body;
    expect(home.topTrends.usa.map((trend: { title: string }) => trend.title)).toEqual(['Port Linden warehouse fire', 'Old Mill bridge to be rebuilt']);
    expect(home.topTrends.finance[0]).toMatchObject({ title: 'Arland central bank holds rates', category: 'finance' });
    expect(home.lastRunTimes.trendsAnalyzerLastRun).toEqual(expect.stringMatching(/Z$/));
  });

  it('counts trends per topic', async () => {
    const statistics = (await call('GET', '/api/trends/statistics')).body;
    expect(statistics.find((row: { topic: string }) => row.topic === 'usa')).toEqual({ topic: 'usa', totalTrends: 2, trendsWithArticles: 0 });
  });

  it('re-categorizes and clears', async () => {
    const result = await call('POST', '/api/trends/recategorize');
    expect(result.status).toBe(200);
    expect(result.body.recategorized + result.body.unchanged).toBe(3);
    expect(await call('DELETE', '/api/trends')).toEqual({ status: 200, body: { deleted: 3 } });
    expect((await call('GET', '/api/trends')).body).toEqual([]);
  });

  it("files a story under the administrator's topic and keeps it there across analyses, until given back", async () => {
    const analyze = async () => {
      expect((await call('POST', '/api/trends-analyzer/run')).status).toBe(200);
      await untilIdle();
    };
    await analyze();
    const bridge = (await call('GET', '/api/trends/by-topic/usa')).body.find((trend: { title: string }) => trend.title === 'Old Mill bridge to be rebuilt');
    expect(bridge.topicEvidence).toMatchObject({ source: 'model' });

    const set = await call('PUT', `/api/trends/${bridge.id}/topic`, { body: { topic: 'finance' } });
    expect(set.status).toBe(200);
    expect(set.body.message).toBe('"Old Mill bridge to be rebuilt" is filed under finance; later analyses keep it there');
    expect(set.body.trend).toMatchObject({ id: bridge.id, topic: 'finance', topicEvidence: { source: 'override', runnerUp: 'usa' } });
    const articles = await server.sql<{ topic: string }[]>`
      select a.topic from articles a join trend_articles ta on ta.article_id = a.id where ta.trend_id = ${bridge.id}`;
    expect(articles.map((article) => article.topic)).toEqual(['finance', 'finance']);

    // The model would say usa again; the administrator's choice holds, and the model is not asked.
    const asked = fake.chatRequests().filter(isTopicRequest).length;
    await analyze();
    const finance = (await call('GET', '/api/trends/by-topic/finance')).body;
    expect(finance.find((trend: { title: string }) => trend.title === 'Old Mill bridge to be rebuilt')).toMatchObject({
      topic: 'finance',
      topicEvidence: { source: 'override' },
    });
    expect(fake.chatRequests().filter(isTopicRequest).length - asked).toBe(2);
    // Re-categorizing leaves it too.
    await call('POST', '/api/trends/recategorize');
    expect((await call('GET', '/api/trends/by-topic/finance')).body.map((trend: { title: string }) => trend.title)).toContain('Old Mill bridge to be rebuilt');

    expect(await call('PUT', `/api/trends/${bridge.id}/topic`, { body: { topic: 'sports' } })).toEqual({
      status: 400,
      body: { message: 'Unknown topic "sports"; topics are health, food, finance, usa, international, tech, energy, science', code: 'invalid' },
    });
    expect((await call('PUT', '/api/trends/999999/topic', { body: { topic: 'food' } })).status).toBe(404);
    expect((await call('PUT', `/api/trends/${bridge.id}/topic`, { anonymous: true, body: { topic: 'food' } })).status).toBe(401);

    const cleared = await call('DELETE', `/api/trends/${bridge.id}/topic`);
    expect(cleared.body.message).toBe('"Old Mill bridge to be rebuilt" stays under finance until the next analysis decides its topic');
    await analyze();
    expect((await call('GET', '/api/trends/by-topic/usa')).body.map((trend: { title: string }) => trend.title)).toContain('Old Mill bridge to be rebuilt');
  });
});

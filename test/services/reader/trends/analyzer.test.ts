// The trends analyzer over stored articles: the offline engine on a corpus written for the tests,
// the model path through the fake OpenAI server, its fallbacks, batches, continuity and stop.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lastAnalysisAt } from '../../../../src/services/reader/trends/status.js';
import { topTrends } from '../../../../src/services/reader/home/index.js';
import { updateSetting } from '../../../../src/services/platform/settings/index.js';
import { getStatus } from '../../../../src/status.js';
import {
  clearTrends,
  listTrends,
  listTrendsOfTopic,
  recategorizeTrends,
  runTrendsAnalyzer,
  startTrendsAnalyzer,
  stopTrendsAnalyzer,
  trendStatistics,
} from '../../../../src/services/reader/trends/index.js';
import type { Trend } from '../../../../src/api/trends.js';
import { createServiceContext, type ServiceContext } from '../../../fixtures/fake-openai/context.js';
import { isTopicRequest, startFakeOpenAi, withTopics, type FakeOpenAi, type RecordedRequest, type Responder } from '../../../fixtures/fake-openai/server.js';
import { bareSentence, bridgeVote, harbourFire, oldFireArticle, rateDecision, sourceSentences, storeCorpus, unrelated } from './corpus.js';
import { slugOf } from '../../../../src/shared/pages.js';

const corpus = [...harbourFire, ...bridgeVote, ...unrelated, ...rateDecision, oldFireArticle];

async function reset(service: ServiceContext): Promise<void> {
  const sql = service.ctx.sql;
  await sql`delete from trends`;
  await sql`delete from articles`;
  await sql`delete from job_runs`;
  await sql`delete from logs`;
  await sql`delete from settings`;
  service.events.length = 0;
}

async function linkedKeys(service: ServiceContext, trend: Trend, ids: Map<string, number>): Promise<string[]> {
  const rows = await service.ctx.sql<{ articleId: number }[]>`select article_id from trend_articles where trend_id = ${trend.id} order by article_id`;
  const keyOf = new Map([...ids].map(([key, id]) => [id, key]));
  return rows.map((row) => keyOf.get(row.articleId)!).sort();
}

describe('trends analyzer, offline engine', () => {
  let service: ServiceContext;
  let ids: Map<string, number>;
  beforeAll(async () => {
    service = await createServiceContext();
  });
  afterAll(async () => service?.close());
  beforeEach(async () => {
    await reset(service);
    ids = await storeCorpus(service.ctx.sql, corpus);
  });

  it('puts one event covered by different sources in one trend, and leaves unrelated articles out', async () => {
    const summary = await runTrendsAnalyzer(service.ctx);
    expect(summary).toMatchObject({ batchNumber: 1, analyzer: 'offline', stopped: false, error: null });
    const usa = await listTrendsOfTopic(service.ctx, 'usa');
    expect(usa).toHaveLength(2);
    const [fire, bridge] = usa;
    expect(await linkedKeys(service, fire!, ids)).toEqual(['fire-1', 'fire-2', 'fire-3', 'fire-4']);
    expect(await linkedKeys(service, bridge!, ids)).toEqual(['bridge-1', 'bridge-2']);
    // Four sources beat two.
    expect(fire!.relevanceScore).toBeGreaterThan(bridge!.relevanceScore);
    const [rates] = await listTrendsOfTopic(service.ctx, 'finance');
    expect(await linkedKeys(service, rates!, ids)).toEqual(['rates-1', 'rates-2']);
    expect(summary.trends).toBe(3);
  });

  it('stores the same trends when the window is grouped in a worker thread', async () => {
    const trendsOf = async () =>
      Promise.all(
        (await listTrends(service.ctx)).map(async (trend) => ({
          topic: trend.topic,
          title: trend.title,
          // Described from leads read again: the worker's window comes back without them.
          description: trend.description,
          keys: await linkedKeys(service, trend, ids),
        })),
      );
    await runTrendsAnalyzer(service.ctx);
    const inThread = await trendsOf();
    await clearTrends(service.ctx);
    const summary = await runTrendsAnalyzer(service.ctx, { offThreadFrom: 0 });
    expect(summary).toMatchObject({ trends: 3, stopped: false, error: null });
    expect(await trendsOf()).toEqual(inThread);
  });

  it('titles and describes each trend with real sentences of its sources', async () => {
    await runTrendsAnalyzer(service.ctx);
    const sentences = sourceSentences(corpus);
    for (const trend of await listTrends(service.ctx)) {
      expect(sentences.has(trend.title)).toBe(true);
      expect(trend.description).not.toBe('');
      for (const sentence of trend.description.split(/(?<=[.!?])\s+/)) expect(sentences).toContain(bareSentence(sentence));
    }
  });

  it('stores the trend shape the console reads, under one batch number per run', async () => {
    await runTrendsAnalyzer(service.ctx);
    const [fire] = await listTrendsOfTopic(service.ctx, 'usa');
    expect(fire).toEqual({
      id: expect.any(Number),
      title: expect.any(String),
      description: expect.any(String),
      relevanceScore: expect.any(Number),
      // The usa articles inside the window: 4 fire, 2 bridge, 3 unrelated (the old one is out).
      articlesAnalyzed: 9,
      batchNumber: 1,
      topic: 'usa',
      category: 'usa',
      identifiedAt: expect.stringMatching(/Z$/),
      htmlFilePath: null,
      articleCount: 4,
      pageUrl: `/story/${fire!.id}-${slugOf(fire!.title)}`,
      // Why usa: the offline classifier's reading of the story, in the story's own words.
      topicEvidence: {
        source: 'offline',
        confidence: expect.any(Number),
        runnerUp: expect.any(String),
        runnerUpConfidence: expect.any(Number),
        words: expect.arrayContaining([expect.any(String)]),
        sentence: expect.any(String),
      },
    });
    const storyText = corpus
      .filter((article) => article.key.startsWith('fire-'))
      .map((article) => `${article.title} ${article.body}`.toLowerCase())
      .join(' ');
    for (const word of fire!.topicEvidence!.words) expect(storyText).toContain(word);
    expect(storyText).toContain(fire!.topicEvidence!.sentence!.toLowerCase().slice(0, 40));
    expect(fire!.relevanceScore).toBeGreaterThanOrEqual(0);
    expect(fire!.relevanceScore).toBeLessThanOrEqual(10);
    const [source] = await service.ctx.sql<{ source: string }[]>`select source from trends where id = ${fire!.id}`;
    expect(source!.source).toBe('offline');
  });

  it('continues a story seen again in the next run instead of adding a duplicate', async () => {
    await runTrendsAnalyzer(service.ctx);
    const [first] = await listTrendsOfTopic(service.ctx, 'usa');
    const more = await storeCorpus(service.ctx.sql, [
      {
        key: 'fire-5',
        topic: 'usa',
        host: 'skyline-news.test',
        title: 'Port Linden warehouse fire: owner promises to rebuild',
        body: 'The owner of the burned Port Linden warehouse said it would be rebuilt within a year.',
        hoursAgo: 0.5,
      },
    ]);
    const second = await runTrendsAnalyzer(service.ctx);
    expect(second.batchNumber).toBe(2);
    expect(second.continued).toBe(3);
    const usa = await listTrendsOfTopic(service.ctx, 'usa');
    expect(usa).toHaveLength(2);
    const fire = usa.find((trend) => trend.id === first!.id)!;
    expect(fire).toMatchObject({ batchNumber: 2, identifiedAt: first!.identifiedAt, articleCount: 5 });
    expect(await linkedKeys(service, fire, new Map([...ids, ...more]))).toContain('fire-5');
  });

  it('records the run for the home page and tells the live channel', async () => {
    await runTrendsAnalyzer(service.ctx);
    const lastRunAt = await lastAnalysisAt(service.ctx);
    expect(Date.now() - Date.parse(lastRunAt!)).toBeLessThan(60_000);
    const [run] = await service.ctx.sql<{ batch: number }[]>`select (progress->>'batchNumber')::int as batch from job_runs where job = 'trends-analyzer'`;
    expect(run!.batch).toBe(1);
    const home = await topTrends(service.ctx);
    expect(home.usa.map((trend) => trend.title)).toHaveLength(2);
    expect(home.finance).toHaveLength(1);
    const actions = service.eventsOf('trendsAnalyzerAction').map((event) => event.action);
    expect(actions[0]).toBe('Starting');
    expect(actions).toContain('Analyzing 9 usa articles (batch 1)');
    expect(actions.at(-1)).toBe('Done: 3 trends in batch 1');
    expect(service.eventsOf('home_data_updated')).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const updates = service.eventsOf('status_update');
    expect(updates.at(-1)).toMatchObject({ trendsAnalyzerStatus: 'idle', totalTrendsIdentified: 3, trendsAnalyzerCurrentAction: null });
    const [log] = await service.ctx.sql<{ message: string }[]>`select message from logs where component = 'TRENDS' order by id desc limit 1`;
    expect(log!.message).toBe('Trends analyzer finished: batch 1, 3 trends (0 continued from earlier runs)');
  });

  it('refuses a second start, and clear or re-categorize, while a run is under way', async () => {
    await startTrendsAnalyzer(service.ctx);
    await expect(startTrendsAnalyzer(service.ctx)).rejects.toThrow(/already running/);
    await expect(clearTrends(service.ctx)).rejects.toThrow(/Stop the analyzer before clearing trends/);
    await expect(recategorizeTrends(service.ctx)).rejects.toThrow(/Stop the analyzer before re-categorizing/);
    await stopTrendsAnalyzer(service.ctx);
    expect((await getStatus(service.ctx)).trendsAnalyzerStatus).toBe('idle');
  });

  it('counts trends per topic, re-categorizes by the offline classifier, and clears', async () => {
    await runTrendsAnalyzer(service.ctx);
    const statistics = await trendStatistics(service.ctx);
    expect(statistics.map((row) => row.topic)).toEqual(['health', 'food', 'finance', 'usa', 'international', 'tech', 'energy', 'science']);
    expect(statistics.find((row) => row.topic === 'usa')).toEqual({ topic: 'usa', totalTrends: 2, trendsWithArticles: 0 });
    const [bridge] = (await listTrendsOfTopic(service.ctx, 'usa')).slice(-1);
    await service.ctx.sql`insert into generated_articles (trend_id, title, content) values (${bridge!.id}, 'Bridge', 'Text')`;
    expect((await trendStatistics(service.ctx)).find((row) => row.topic === 'usa')!.trendsWithArticles).toBe(1);

    // A trend filed under the wrong topic moves; the others stay.
    await service.ctx.sql`update trends set topic = 'food' where id = ${(await listTrendsOfTopic(service.ctx, 'finance'))[0]!.id}`;
    const result = await recategorizeTrends(service.ctx);
    expect(result.recategorized + result.unchanged).toBe(3);
    expect(result.recategorized).toBeGreaterThanOrEqual(1);
    expect(await listTrendsOfTopic(service.ctx, 'food')).toEqual([]);

    expect(await clearTrends(service.ctx)).toEqual({ deleted: 3 });
    expect(await listTrends(service.ctx)).toEqual([]);
  });

  it('refuses an unknown topic', async () => {
    await expect(listTrendsOfTopic(service.ctx, 'sports')).rejects.toThrow(/Unknown topic "sports"/);
  });
});

describe('trends analyzer, with a model', () => {
  let fake: FakeOpenAi;
  let service: ServiceContext;
  let ids: Map<string, number>;

  // The fake model groups the articles of the prompt by a word of their titles.
  function modelReply(request: RecordedRequest) {
    const prompt = request.messages.at(-1)!.content;
    const lines = prompt.split('\n').filter((line) => /^\[\d+\]/.test(line));
    const idsWith = (word: string) => lines.filter((line) => line.includes(word)).map((line) => Number(/^\[(\d+)\]/.exec(line)![1]));
    const trends = [];
    if (idsWith('Port Linden').length)
      trends.push({
        title: 'Port Linden warehouse fire',
        description: 'A warehouse fire forced evacuations.',
        relevanceScore: 8.46,
        articleIds: idsWith('Port Linden'),
      });
    if (idsWith('Arland').length)
      trends.push({ title: 'Arland holds rates', description: 'Rates stay at 4 percent.', relevanceScore: '6', articleIds: idsWith('Arland').map(String) });
    return { kind: 'json' as const, value: { trends } };
  }

  // Each story's topic, as the fake model files it (one classifier call per story).
  const respond = (responder: Responder) => fake.respondWith(withTopics(responder, (prompt) => (prompt.includes('Arland') ? 'finance' : 'usa')));
  const trendRequests = () => fake.chatRequests().filter((request) => !isTopicRequest(request));
  const topicRequests = () => fake.chatRequests().filter(isTopicRequest);

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    service = await createServiceContext({ fake, env: { NEWSCTL_LLM_MAX_RETRIES: '0' } });
  });
  afterAll(async () => {
    await service?.close();
    await fake?.close();
  });
  beforeEach(async () => {
    fake.reset();
    await reset(service);
    ids = await storeCorpus(service.ctx.sql, corpus);
  });

  it('sends the configured prompts and model, and stores the validated trends', async () => {
    await updateSetting(service.ctx, 'trends-analyzer-model-name', { modelName: 'fake-large' });
    await updateSetting(service.ctx, 'trends-analyzer-system-prompt', { promptText: 'You find trends. JSON only.' });
    respond(modelReply);
    const summary = await runTrendsAnalyzer(service.ctx);
    expect(summary).toMatchObject({ analyzer: 'model', trends: 2, fallbackTopics: [] });

    const requests = trendRequests();
    // Topics with fewer than two recent articles are not worth a call.
    expect(requests).toHaveLength(2);
    expect(requests.every((request) => request.model === 'fake-large')).toBe(true);
    const usaRequest = requests.find((request) => request.messages[1]!.content.includes('recent usa articles'))!;
    expect(usaRequest.messages[0]).toEqual({ role: 'system', content: 'You find trends. JSON only.' });
    expect(usaRequest.messages[1]!.content).toContain(
      `[${ids.get('fire-1')}] harbor-times.test: Warehouse fire at Port Linden forces evacuation of nearby homes — A fire broke out`,
    );
    expect(usaRequest.messages[1]!.content).not.toContain('2019 remembered');
    expect(usaRequest.body!.response_format).toEqual({ type: 'json_object' });

    const [fire] = await listTrendsOfTopic(service.ctx, 'usa');
    expect(fire).toMatchObject({ title: 'Port Linden warehouse fire', relevanceScore: 8.5, articleCount: 4, articlesAnalyzed: 9, batchNumber: 1 });
    const [rates] = await listTrendsOfTopic(service.ctx, 'finance');
    expect(rates).toMatchObject({ title: 'Arland holds rates', relevanceScore: 6, articleCount: 2 });
    const [source] = await service.ctx.sql<{ source: string }[]>`select source from trends where id = ${fire!.id}`;
    expect(source!.source).toBe('model');
    // One classifier call per story several sources cover (the fire, the bridge vote, the rates), two analyses.
    expect(topicRequests()).toHaveLength(3);
    expect(topicRequests()[0]!.messages[1]!.content).toMatch(/^Title: .+\n\nOne story, as \d articles tell it:\n/);
    expect((await getStatus(service.ctx)).mistralQueriesCount).toBe(5);
    const actions = service.eventsOf('trendsAnalyzerAction').map((event) => event.action);
    expect(actions).toContain('Analyzing 9 usa articles with fake-large (batch 1)');
  });

  it('shows the model the same leads when the window is grouped in a worker thread', async () => {
    respond(modelReply);
    await runTrendsAnalyzer(service.ctx);
    const prompts = () => fake.chatRequests().map((request) => request.messages.at(-1)!.content);
    const inThread = prompts();
    fake.reset();
    respond(modelReply);
    await clearTrends(service.ctx);
    await runTrendsAnalyzer(service.ctx, { offThreadFrom: 0 });
    expect(prompts().sort()).toEqual([...inThread].sort());
    expect(
      inThread.some((prompt) =>
        prompt.includes(`[${ids.get('fire-1')}] harbor-times.test: Warehouse fire at Port Linden forces evacuation of nearby homes — A fire broke out`),
      ),
    ).toBe(true);
    expect(inThread.some((prompt) => /One story, as \d articles tell it:\n.+ — .{20,}/.test(prompt))).toBe(true);
  });

  it("files each story by the model's answer, and by the offline reading of the story when the model fails", async () => {
    // The model says the fire is a science story: its answer wins, the offline topic is the runner-up.
    fake.respondWith(
      withTopics(modelReply, (prompt) => (prompt.includes('Arland') ? 'finance' : prompt.includes('Port Linden warehouse') ? 'science' : 'usa')),
    );
    await runTrendsAnalyzer(service.ctx);
    const [fire] = await listTrendsOfTopic(service.ctx, 'science');
    expect(fire).toMatchObject({ title: 'Port Linden warehouse fire', topicEvidence: { source: 'model', runnerUp: 'usa' } });
    const articles = await service.ctx.sql<
      { topic: string }[]
    >`select a.topic from articles a join trend_articles ta on ta.article_id = a.id where ta.trend_id = ${fire!.id}`;
    expect(new Set(articles.map((article) => article.topic))).toEqual(new Set(['science']));

    // The classifier calls fail: every story keeps the offline reading, and the log says so.
    await reset(service);
    ids = await storeCorpus(service.ctx.sql, corpus);
    fake.reset();
    fake.respondWith((request) => (isTopicRequest(request) ? { kind: 'status', status: 400, message: 'bad request' } : modelReply(request)));
    const summary = await runTrendsAnalyzer(service.ctx);
    expect(summary.trends).toBe(2);
    const [again] = await listTrendsOfTopic(service.ctx, 'usa');
    expect(again).toMatchObject({ title: 'Port Linden warehouse fire', topicEvidence: { source: 'offline' } });
    const warnings = await service.ctx.sql<{ message: string }[]>`select message from logs where component = 'AI_MODEL' and level = 'warning'`;
    expect(warnings.map((row) => row.message)).toEqual([
      expect.stringMatching(/^Topic classification: 3 of 3 stories classified offline \(the model is unavailable: HTTP 400/),
    ]);
  });

  it('drops article ids the model invents', async () => {
    respond((request) => {
      const reply = modelReply(request);
      for (const trend of reply.value.trends) trend.articleIds = [...trend.articleIds, 999_999] as never;
      return reply;
    });
    await runTrendsAnalyzer(service.ctx);
    const [fire] = await listTrendsOfTopic(service.ctx, 'usa');
    expect(await linkedKeys(service, fire!, ids)).toEqual(['fire-1', 'fire-2', 'fire-3', 'fire-4']);
  });

  it('sends the stories already grouped, and keeps them: a trend citing two stories stands for the one it cites most', async () => {
    respond((request) => {
      const reply = modelReply(request);
      const fire = reply.value.trends.find((trend) => trend.title === 'Port Linden warehouse fire');
      if (fire) fire.articleIds = [ids.get('fire-1')!, ids.get('fire-2')!, ids.get('bridge-1')!];
      return reply;
    });
    await runTrendsAnalyzer(service.ctx);
    const usaPrompt = trendRequests().find((request) => request.messages[1]!.content.includes('recent usa articles'))!.messages[1]!.content;
    expect(usaPrompt).toMatch(/Story 1 \(4 sources\):\n\[\d+\] /);
    expect(usaPrompt).toContain('Story 2 (2 sources):');
    // Lone articles are no story: they are not sent.
    expect(usaPrompt).not.toContain('robotics');
    const usa = await listTrendsOfTopic(service.ctx, 'usa');
    expect(usa).toHaveLength(1);
    expect(await linkedKeys(service, usa[0]!, ids)).toEqual(['fire-1', 'fire-2', 'fire-3', 'fire-4']);
  });

  it('falls back to the offline engine for a topic whose model reply is unusable', async () => {
    respond((request) => (request.messages[1]!.content.includes('recent usa articles') ? { kind: 'malformed' } : modelReply(request)));
    const summary = await runTrendsAnalyzer(service.ctx);
    expect(summary.fallbackTopics).toEqual(['usa']);
    const usa = await listTrendsOfTopic(service.ctx, 'usa');
    // The engine's two stories, with real headlines.
    expect(usa).toHaveLength(2);
    expect(sourceSentences(corpus).has(usa[0]!.title)).toBe(true);
    const [rates] = await listTrendsOfTopic(service.ctx, 'finance');
    expect(rates!.title).toBe('Arland holds rates');
    const warnings = await service.ctx.sql<{ message: string }[]>`select message from logs where component = 'TRENDS' and level = 'warning'`;
    expect(warnings[0]!.message).toMatch(/^Model analysis of usa failed \(The model's reply was unusable/);
  });

  it('falls back when the model is down or cites no article of the batch', async () => {
    respond((request) =>
      request.messages[1]!.content.includes('recent usa articles')
        ? { kind: 'status', status: 500 }
        : { kind: 'json', value: { trends: [{ title: 'Invented', description: '', relevanceScore: 9, articleIds: [424242] }] } },
    );
    const summary = await runTrendsAnalyzer(service.ctx);
    expect(summary.fallbackTopics).toEqual(['finance', 'usa']);
    expect((await listTrends(service.ctx)).map((trend) => trend.title)).not.toContain('Invented');
    expect(await listTrendsOfTopic(service.ctx, 'finance')).toHaveLength(1);
  });

  it('stops during a slow model call: status idle, no last run recorded, nothing half-stored', async () => {
    respond(() => ({ kind: 'slow', delayMs: 5_000, reply: { kind: 'json', value: { trends: [] } } }));
    await startTrendsAnalyzer(service.ctx);
    for (let i = 0; i < 100 && trendRequests().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    const during = await getStatus(service.ctx);
    expect(during.trendsAnalyzerStatus).toBe('analyzing');
    expect(during.trendsAnalyzerCurrentAction).toMatch(/^Analyzing \d+ \w+ articles with fake-small/);
    expect(await stopTrendsAnalyzer(service.ctx)).toEqual({ message: 'Trends analyzer stopped', status: 'idle' });
    const after = await getStatus(service.ctx);
    expect(after).toMatchObject({ trendsAnalyzerStatus: 'idle', trendsAnalyzerCurrentAction: null, trendsAnalyzerLastRun: null });
    expect(await listTrends(service.ctx)).toEqual([]);
    expect(trendRequests()).toHaveLength(1);
    expect(service.eventsOf('trendsAnalyzerAction').at(-1)!.action).toBe('Stopped: 0 trends in batch 1');
    expect(await stopTrendsAnalyzer(service.ctx)).toEqual({ message: 'The trends analyzer is not running', status: 'idle' });
  });
});

// Answers that fastify serialises from their schemas (src/api/response-schemas.ts) carry exactly
// what their services build: no field dropped, no value coerced (a schema that drifted from its
// service would lose data silently). The trends and generated articles are checked beside the
// generated article they need (generator-pages.test.ts).
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiPath, endpoints, settingEndpoints } from '../../src/api/endpoints.js';
import { attachRouteSchemas } from '../../src/server/route-schemas.js';
import { ANSWER_SCHEMAS } from '../../src/api/response-schemas.js';
import { answerWriter } from '../../src/services/reader/snapshot/answers.js';
import { homePageData } from '../../src/services/reader/home/index.js';
import { readSetting, SETTINGS } from '../../src/services/platform/settings/index.js';
import { describeSettings } from '../../src/services/platform/settings/describe.js';
import { domainStats, exportDomains, relatedSites } from '../../src/services/reader/domains/index.js';
import { listWebhookDeliveries } from '../../src/services/platform/webhooks/index.js';
import { addAvoidDomain, addDomain, listAvoidDomains, listDomains } from '../../src/services/reader/domains/index.js';
import { listLogs, logEvent } from '../../src/services/platform/logs/index.js';
import { insertMusicTrack } from '../../src/db/music-tracks.js';
import { createApiToken, listTokens } from '../../src/services/platform/auth/index.js';
import { foodRecategorizationStatus, startFoodRecategorization } from '../../src/services/reader/food-recategorization/index.js';
import { spiderStatus } from '../../src/services/reader/spider/controller.js';
import { refetchStatus } from '../../src/services/reader/spider/refetch.js';
import { queueStatus } from '../../src/services/newsroom/generator/status.js';
import { jobStates } from '../../src/services/platform/jobs/index.js';
import { listTracks } from '../../src/services/newsroom/music/index.js';
import { getStatus } from '../../src/status.js';
import { trendStatistics } from '../../src/services/reader/trends/index.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.loginCookie();
});

afterAll(async () => {
  await server?.close();
});

async function answer(path: string): Promise<unknown> {
  const response = await server.app.inject({ method: 'GET', url: path, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('answers serialised from their schemas', () => {
  it('list domains with every field, nulls and numbers as the service gives them', async () => {
    await addDomain(server.ctx, { url: 'https://schemas-one.example', priority: 2, startingUrl: 'https://schemas-one.example/news', throttle: 3 });
    await addDomain(server.ctx, { url: 'http://127.0.0.9:8871', status: 'error' });
    await server.sql`update domains set error_message = 'Connection refused', last_scraped = now() where url like '%127.0.0.9%'`;
    const domains = await listDomains(server.ctx);
    expect(domains.some((domain) => domain.priority === null) && domains.some((domain) => domain.errorMessage !== null)).toBe(true);
    expect(await answer(apiPath(endpoints.domains))).toEqual(asJson(domains));
  });

  it('list the avoid list, with and without a reason', async () => {
    await addAvoidDomain(server.ctx, { url: 'https://spam-one.example', reason: 'Copies other sites' });
    await addAvoidDomain(server.ctx, { url: 'https://spam-two.example' });
    const avoided = await listAvoidDomains(server.ctx);
    expect(avoided.map((row) => row.reason)).toContain(null);
    expect(await answer(apiPath(endpoints.avoidDomains))).toEqual(asJson(avoided));
  });

  it('list the system log at every level, escaped text kept as stored', async () => {
    for (const level of ['error', 'warning', 'info', 'debug'] as const) {
      await logEvent(server.ctx, 'SCHEMAS', level, `A ${level} line with "quotes", <markup> and a tab\there`);
    }
    const logs = await listLogs(server.ctx, { limit: 100, component: 'SCHEMAS' });
    expect(logs).toHaveLength(4);
    expect(await answer(apiPath(endpoints.logs, undefined, { limit: 100, component: 'SCHEMAS' }))).toEqual(asJson(logs));
  });

  it('give the status object whole: every part of it, nulls and lists as the service builds them', async () => {
    const status = await getStatus(server.ctx);
    expect(Object.keys(status).length).toBeGreaterThan(20);
    expect(await answer(apiPath(endpoints.status))).toEqual(asJson(status));
  });

  it("list music tracks, pending and failed, the topics' trend counts and the generator's queue", async () => {
    await insertMusicTrack(server.sql, { title: 'Harbor Song', lyrics: 'la la', config: { tempo: 96 }, provider: 'offline', style: 'folk' });
    const failed = await insertMusicTrack(server.sql, { title: 'Second Song', lyrics: 'la', config: {}, provider: 'music.example', style: 'pop' });
    await server.sql`update music_tracks set status = 'failed', error = 'The music service answered 500' where id = ${failed}`;
    const tracks = await listTracks(server.ctx);
    expect(tracks.map((track) => track.status).sort()).toEqual(['failed', 'pending']);
    expect(await answer(apiPath(endpoints.musicTracks))).toEqual(asJson(tracks));

    await storeStoryTrend(server.sql, { title: 'Storm floods Port Linden harbor', topic: 'usa', sources: harborStorm(3) });
    const statistics = await trendStatistics(server.ctx);
    expect(statistics.some((row) => row.totalTrends > 0)).toBe(true);
    expect(await answer(apiPath(endpoints.trendStatistics))).toEqual(asJson(statistics));
    expect(await answer(apiPath(endpoints.generatorQueue))).toEqual(asJson(await queueStatus(server.ctx)));
  });

  it("list the jobs with their last runs, each run's progress as the job reported it", async () => {
    await startFoodRecategorization(server.ctx);
    let jobs = await jobStates(server.ctx);
    for (let i = 0; i < 200 && !jobs.some((job) => job.run?.status === 'completed'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      jobs = await jobStates(server.ctx);
    }
    const ran = jobs.find((job) => job.run?.status === 'completed');
    // Progress of every kind of value a job may report (the schema leaves it open).
    const progress = { done: 3, total: 8, message: 'Re-categorizing "Food" articles', nested: { ids: [1, 2], ok: true, none: null } };
    await server.sql`update job_runs set progress = ${server.sql.json(progress)} where id = ${ran!.run!.id}`;
    expect((await jobStates(server.ctx)).find((job) => job.name === ran!.name)?.run?.progress).toEqual(progress);
    expect(await answer(apiPath(endpoints.jobs))).toEqual(asJson(await jobStates(server.ctx)));
    // The run's own progress back: it is the job's summary (the food pass's counts and times).
    await server.sql`update job_runs set progress = ${server.sql.json(ran!.run!.progress as never)} where id = ${ran!.run!.id}`;
  });

  it('give the spider, re-fetcher and food re-categorization statuses, and the API tokens, as their services build them', async () => {
    expect(await answer(apiPath(endpoints.spiderStatus))).toEqual(asJson(await spiderStatus(server.ctx)));
    expect(await answer(apiPath(endpoints.refetchStatus))).toEqual(asJson(await refetchStatus(server.ctx)));
    // The food pass of the previous test has ended: its times are set.
    const food = await foodRecategorizationStatus(server.ctx);
    expect(food.finishedAt).not.toBeNull();
    expect(await answer(apiPath(endpoints.foodStatus))).toEqual(asJson(food));
    const { token } = await createApiToken(server.ctx, 'Reader app');
    await createApiToken(server.ctx, 'Never used');
    await server.app.inject({ method: 'GET', url: apiPath(endpoints.status), headers: { authorization: `Bearer ${token}` } });
    const tokens = await listTokens(server.ctx);
    expect(tokens.map((row) => row.lastUsedAt === null).sort()).toEqual([false, true]);
    expect(await answer(apiPath(endpoints.tokens))).toEqual(asJson({ tokens }));
  });
});

describe('every answer declared once', () => {
  it('refuses to register a route whose answer is not declared', async () => {
    const app = Fastify({ logger: false });
    const registering = app.register(
      async (api) => {
        attachRouteSchemas(api, 'Test News');
        api.get('/not-in-the-table', async () => ({ ok: true }));
      },
      { prefix: API_PREFIX },
    );
    await expect(registering).rejects.toThrow('GET /api/not-in-the-table has no answer declared');
    await app.close().catch(() => {});
  });

  it('fails the call when an answer drifted from its schema (a field it lacks, a value it writes differently)', async () => {
    expect(process.env.NEWSCTL_CHECK_ANSWERS).toBe('1');
    const app = Fastify({ logger: false });
    let answer: unknown = { utcTime: '2026-11-29T05:00:00.000Z' };
    await app.register(
      async (api) => {
        attachRouteSchemas(api, 'Test News');
        api.get(endpoints.currentTime.path, async () => answer);
      },
      { prefix: API_PREFIX },
    );
    const call = () => app.inject({ method: 'GET', url: apiPath(endpoints.currentTime) });
    expect((await call()).json()).toEqual(answer);
    answer = { utcTime: '2026-11-29T05:00:00.000Z', timeZone: 'Europe/Paris' };
    expect((await call()).statusCode).toBe(500);
    answer = { utcTime: 1_780_000_000 };
    expect((await call()).statusCode).toBe(500);
    await app.close();
  });

  it('writes the public snapshot through the same schemas, and fails a part that drifted', async () => {
    const write = answerWriter('test', ANSWER_SCHEMAS.siteInfo);
    expect(JSON.parse(write({ siteName: 'A', assistantUrl: '', timeZone: 'UTC', digests: false }))).toEqual({
      siteName: 'A',
      assistantUrl: '',
      timeZone: 'UTC',
      digests: false,
    });
    expect(() => write({ siteName: 'A', assistantUrl: '', timeZone: 'UTC', digests: false, secret: 'kept by the service' })).toThrow(
      "the answer's schema changed it",
    );
    // Earlier tests wrote rows directly, without the change events that rebuild the snapshot.
    server.app.snapshot.invalidate();
    const home = await homePageData(server.ctx);
    expect(home.recentArticlesByCategory.usa.length).toBeGreaterThan(0);
    expect(await answer(apiPath(endpoints.homePageData))).toEqual(asJson(home));
  });

  it('serialises every setting from its definition, on read and on write', async () => {
    for (const definition of SETTINGS) {
      const { read } = settingEndpoints(definition.key);
      const stored = await readSetting(server.ctx, definition.key);
      // Snapshot settings are sent as stored bytes; the others through the schema (checked against the service).
      expect(await answer(apiPath(read)), definition.key).toEqual(asJson(stored));
    }
    const response = await server.app.inject({ method: 'GET', url: apiPath(endpoints.settings), headers: { cookie } });
    expect(response.json()).toEqual(asJson(await describeSettings(server.ctx)));
  });

  it('answers the domain tools and the webhook deliveries as their services build them', async () => {
    expect(await answer(apiPath(endpoints.domainStats))).toEqual(asJson(await domainStats(server.ctx)));
    expect(await answer(apiPath(endpoints.relatedSites))).toEqual(asJson(await relatedSites(server.ctx)));
    expect(await answer(apiPath(endpoints.exportDomains))).toEqual(asJson(await exportDomains(server.ctx, 'txt')));
    expect(await answer(apiPath(endpoints.webhookDeliveries))).toEqual(asJson(await listWebhookDeliveries(server.ctx, 50)));
    const health = (await answer(apiPath(endpoints.health))) as Record<string, unknown>;
    expect(Object.keys(health).sort()).toEqual(['database', 'databaseLatencyMs', 'ok', 'uptimeSeconds']);
  });
});

// The job runner's calls over HTTP (issue 12): GET /api/jobs lists every job of the product's catalog,
// and a stop while nothing runs answers 200 with "<job> is not running" for every job — on
// /api/jobs/{name}/stop and on each job's own stop call (beside its status there) — changing nothing.
// Each timed job's state carries its row of the schedule, which follows its setting.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobState } from '../../src/api/jobs.js';
import { jobDefinitions } from '../../src/services/platform/jobs/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let cookie: string;

async function call(method: string, path: string, session = cookie) {
  const response = await fetch(`${server.baseUrl}${path}`, { method, headers: { cookie: session } });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function post(path: string, body: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.loginCookie();
});
afterAll(async () => server?.close());

describe('jobs', () => {
  it('lists every declared job, idle, for administrators only', async () => {
    expect((await call('GET', '/api/jobs', '')).status).toBe(401);
    const listed = await call('GET', '/api/jobs');
    expect(listed.status).toBe(200);
    const states = listed.body as JobState[];
    const declared = jobDefinitions(server.ctx)
      .map((def) => def.name)
      .sort();
    expect(states.map((state) => state.name)).toEqual(declared);
    // The spider, the re-fetcher, the analyzer and food re-categorization are on the runner too.
    expect(declared).toEqual(expect.arrayContaining(['spider', 'refetch', 'trends-analyzer', 'food-recategorization']));
    for (const state of states) expect(state, state.name).toMatchObject({ status: 'idle', liveRuns: 0, run: null });
  });

  it('shows the schedule: each timed job’s row, its times from its setting, and its next slot', async () => {
    const rows = () =>
      call('GET', '/api/jobs').then((answer) =>
        Object.fromEntries((answer.body as JobState[]).flatMap((state) => (state.schedule ? [[state.name, state.schedule]] : []))),
      );
    const before = Date.now();
    let schedule = await rows();
    expect(Object.keys(schedule).sort()).toEqual(['email-digest', 'latest-news-audio', 'spider', 'trends-analyzer', 'upkeep']);
    expect(schedule.spider).toMatchObject({
      slot: 'spider',
      setting: 'schedule-settings',
      when: expect.stringMatching(/^at minute 01 of the spider's hours \(18 a weekday, 9 a weekend day\), /),
    });
    expect(schedule['trends-analyzer']).toMatchObject({ slot: 'trends', when: expect.stringMatching(/^at minute 31 of the spider's hours/) });
    expect(schedule.upkeep).toMatchObject({ slot: 'upkeep', setting: null, when: 'at the top of every hour' });
    expect(new Date(schedule.upkeep!.nextAt!).getTime() % 3_600_000).toBe(0);
    for (const row of Object.values(schedule)) {
      if (row.nextAt) expect(new Date(row.nextAt).getTime()).toBeGreaterThan(before);
    }
    // Edited in settings: the bulletin follows its setting, on and off.
    expect((await post('/api/latest-news-audio-settings', { dailyEnabled: true, dailyTime: '07:15' })).status).toBe(200);
    schedule = await rows();
    expect(schedule['latest-news-audio']).toMatchObject({
      slot: 'bulletin',
      setting: 'latest-news-audio-settings',
      when: expect.stringMatching(/^daily at 07:15, /),
    });
    expect(schedule['latest-news-audio']!.nextAt).not.toBeNull();
    expect((await post('/api/latest-news-audio-settings', { dailyEnabled: false })).status).toBe(200);
    expect((await rows())['latest-news-audio']).toMatchObject({ when: 'off', nextAt: null });
    // A trends minute of 0 on both slots switches the analysis off.
    expect((await post('/api/schedule-settings', { trendsMinuteA: 0, trendsMinuteB: 0 })).status).toBe(200);
    expect((await rows())['trends-analyzer']).toMatchObject({ when: 'off', nextAt: null });
    expect((await post('/api/schedule-settings', { trendsMinuteA: 31 })).status).toBe(200);
  });

  it('answers a stop while idle with 200 and "<job> is not running", for every job, and starts nothing', async () => {
    for (const def of jobDefinitions(server.ctx)) {
      expect(await call('POST', `/api/jobs/${def.name}/stop`), def.name).toEqual({ status: 200, body: { message: `${def.label} is not running` } });
    }
    const own: [string, string][] = [
      ['/api/spider/stop', 'The spider is not running'],
      ['/api/spider/refetch/stop', 'The article re-fetcher is not running'],
      ['/api/trends-analyzer/stop', 'The trends analyzer is not running'],
      ['/api/food-recategorization/stop', 'Food re-categorization is not running'],
      ['/api/generator/stop', 'The article generator is not running'],
    ];
    for (const [path, message] of own) {
      const answer = await call('POST', path);
      expect(answer.status, path).toBe(200);
      expect(answer.body.message, path).toBe(message);
    }
    expect(await call('POST', '/api/jobs/no-such-job/stop')).toMatchObject({ status: 404 });
    const [runs] = await server.sql<{ count: number }[]>`select count(*)::int as count from job_runs`;
    expect(runs!.count).toBe(0);
  });
});

// The job runner's calls over HTTP (issue 12): GET /api/jobs lists every job of the product's catalog,
// and a stop while nothing runs answers 200 with "<job> is not running" for every job — on
// /api/jobs/{name}/stop and on each job's own stop call (beside its status there) — changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobState } from '../../src/api/jobs.js';
import { jobDefinitions } from '../../src/services/jobs/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let cookie: string;

async function call(method: string, path: string, session = cookie) {
  const response = await fetch(`${server.baseUrl}${path}`, { method, headers: { cookie: session } });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
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
    const declared = jobDefinitions(server.ctx).map((def) => def.name).sort();
    expect(states.map((state) => state.name)).toEqual(declared);
    // The spider, the re-fetcher, the analyzer and food re-categorization are on the runner too.
    expect(declared).toEqual(expect.arrayContaining(['spider', 'refetch', 'trends-analyzer', 'food-recategorization']));
    for (const state of states) expect(state, state.name).toMatchObject({ status: 'idle', liveRuns: 0, run: null });
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

// The food re-categorization calls of spec 001 §7 over real HTTP (offline classifier).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let cookie: string;

async function call(method: string, path: string, options: { anonymous?: boolean } = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, { method, headers: options.anonymous ? {} : { cookie } });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.loginCookie();
  const titles: [string, string][] = [
    ['Ten easy pasta recipes for busy weeknights', 'health'],
    ['The best chocolate chip cookie recipe, tested', 'science'],
    ['Central bank raises interest rates again', 'finance'],
  ];
  for (const [title, topic] of titles) {
    const url = `https://food.test/${encodeURIComponent(title)}`;
    await server.sql`insert into articles (domain_name, source_url, canonical_url, title, topic, topic_source)
                     values ('food.test', ${url}, ${url}, ${title}, ${topic}, 'offline')`;
  }
});
afterAll(async () => server?.close());

describe('food re-categorization API', () => {
  it('is for administrators only', async () => {
    expect((await call('GET', '/api/food-recategorization/status', { anonymous: true })).status).toBe(401);
    expect((await call('POST', '/api/food-recategorization/start', { anonymous: true })).status).toBe(401);
    expect((await call('POST', '/api/food-recategorization/stop', { anonymous: true })).status).toBe(401);
  });

  it('reports an idle status, runs to the end, and reports its counts', async () => {
    expect((await call('GET', '/api/food-recategorization/status')).body).toMatchObject({ isRunning: false, processed: 0, recategorized: 0, errors: 0 });
    const started = await call('POST', '/api/food-recategorization/start');
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ isRunning: true, total: 3 });
    let status = started.body;
    for (let i = 0; i < 200 && status.isRunning; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      status = (await call('GET', '/api/food-recategorization/status')).body;
    }
    expect(status).toMatchObject({ isRunning: false, processed: 3, recategorized: 2, errors: 0, total: 3, progress: 100 });
    const [food] = await server.sql<{ count: number }[]>`select count(*)::int as count from articles where topic = 'food'`;
    expect(food!.count).toBe(2);
  });

  it('answers 409 to a start while running, and stops', async () => {
    // Enough articles that the pass is still running when the second start arrives, however busy the
    // machine (three finished before it once, and both starts were accepted).
    await server.sql`insert into articles (domain_name, source_url, canonical_url, title, topic, topic_source)
      select 'food.test', 'https://food.test/more/' || n, 'https://food.test/more/' || n, 'Slow-cooker soup recipe number ' || n, 'health', 'offline'
      from generate_series(1, 3000) as n`;
    const [first, second] = await Promise.all([call('POST', '/api/food-recategorization/start'), call('POST', '/api/food-recategorization/start')]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    expect([first, second].find((r) => r.status === 409)!.body.message).toBe('Food re-categorization is already running');
    const stopped = await call('POST', '/api/food-recategorization/stop');
    expect(stopped.status).toBe(200);
    expect(stopped.body.isRunning).toBe(false);
  });
});

// The URL table (src/api/endpoints.ts) is the one place a route is written: the server registers
// exactly its entries, and the client and the web build every address from it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, allEndpoints, apiPath, endpoints, namedScrapeEndpoint, READER_API_PREFIX, settingEndpoints } from '../../src/api/endpoints.js';
import { buildApp } from '../../src/server/app.js';
import { SETTINGS } from '../../src/services/platform/settings/index.js';
import { startTestServer, TEST_ADMIN, type TestServer } from '../helpers/server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

describe('the URL table', () => {
  it('holds exactly the routes the server registers under /api', async () => {
    const { apiRoutes, app } = await buildApp(server.ctx, { logger: false });
    await app.close();
    const registered = new Set(apiRoutes.filter((route) => !route.url.startsWith(READER_API_PREFIX)).map((route) => `${route.method} ${route.url}`));

    const declared = new Set(allEndpoints().map((endpoint) => `${endpoint.method} ${API_PREFIX}${endpoint.path}`));
    for (const definition of SETTINGS) {
      const { read, write } = settingEndpoints(definition.key);
      for (const endpoint of [read, write]) declared.add(`${endpoint.method} ${API_PREFIX}${endpoint.path}`);
    }
    const named = namedScrapeEndpoint(server.ctx.config.siteName);
    if (named) declared.add(`${named.method} ${API_PREFIX}${named.path}`);

    expect(
      [...registered].filter((route) => !declared.has(route)),
      'registered but not in the table',
    ).toEqual([]);
    expect(
      [...declared].filter((route) => !registered.has(route)),
      'in the table but not registered',
    ).toEqual([]);
    expect(registered.size).toBeGreaterThan(90);
  });

  it('builds addresses with escaped parameters and only the query values given', () => {
    expect(apiPath(endpoints.trendsByTopic, { topic: 'a b/c' }, { limit: 5, skip: undefined })).toBe('/api/trends/by-topic/a%20b%2Fc?limit=5');
    expect(apiPath(endpoints.stopJob, { name: 'spider' })).toBe('/api/jobs/spider/stop');
    expect(apiPath(endpoints.homePageData)).toBe('/api/home-page-data');
    expect(apiPath(endpoints.dbDump, undefined, { media: false, includeSecrets: true })).toBe('/api/db/dump?media=false&includeSecrets=true');
    // A caller that bypasses the types still cannot send a request with a hole in its path.
    expect(() => apiPath(endpoints.removeDomain, {} as { id: number })).toThrow('no value for :id');
  });

  it('is what the typed client calls: a parameterised route reaches its handler', async () => {
    const login = await server.app.inject({ method: 'POST', url: apiPath(endpoints.login), payload: TEST_ADMIN });
    expect(login.statusCode).toBe(200);
    const cookie = login.headers['set-cookie'];
    const answer = await server.app.inject({
      method: endpoints.trendsByTopic.method,
      url: apiPath(endpoints.trendsByTopic, { topic: 'health' }, { limit: 3 }),
      headers: { cookie: String(cookie) },
    });
    expect(answer.statusCode).toBe(200);
    expect(Array.isArray(answer.json())).toBe(true);
  });
});

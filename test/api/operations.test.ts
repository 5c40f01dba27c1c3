// What operators' tools ask: /healthz and /readyz answer without a session; /metrics answers an
// administrator or an API token in Prometheus text (anonymous callers get 401 unless
// NEWSCTL_METRICS_PUBLIC), with per-route request counts and latency, content and job figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiToken } from '../../src/services/platform/auth/index.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await createApiToken(server.ctx, 'prometheus')).token;
  await storeStoryTrend(server.sql, { title: 'Storm floods Port Linden', topic: 'usa', sources: harborStorm(3) });
}, 60_000);
afterAll(async () => server?.close());

/** A sample's value from Prometheus text, by its full series name with labels. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('operations endpoints', () => {
  it('healthz says the process answers; readyz that the database does, with every migration', async () => {
    const health = await fetch(`${server.baseUrl}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true });
    const ready = await fetch(`${server.baseUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true, database: server.ctx.db.kind, migrations: expect.any(Number) });
  });

  it('readyz answers 503 with the reason when a migration this version ships is missing', async () => {
    const [last] = await server.sql<{ version: number }[]>`select max(version)::int as version from schema_migrations`;
    const [row] = await server.sql<{ version: number; name: string }[]>`delete from schema_migrations where version = ${last!.version} returning version, name`;
    try {
      const ready = await fetch(`${server.baseUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({ message: `Migrations not applied yet: ${last!.version}`, code: 'unavailable' });
    } finally {
      await server.sql`insert into schema_migrations (version, name) values (${row!.version}, ${row!.name})`;
    }
  });

  it('metrics refuse an anonymous caller and answer a token with route, content and job figures', async () => {
    expect((await fetch(`${server.baseUrl}/metrics`)).status).toBe(401);
    for (let i = 0; i < 3; i++) await fetch(`${server.baseUrl}/api/trends/by-topic/usa`, { headers: { authorization: `Bearer ${token}` } });
    const response = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await response.text();
    // One series per route pattern, whatever the path asked.
    expect(sample(text, 'newsctl_http_requests_total{method="GET",route="/api/trends/by-topic/:topic",status="200"}')).toBe(3);
    expect(sample(text, 'newsctl_http_request_duration_seconds_count{method="GET",route="/api/trends/by-topic/:topic"}')).toBe(3);
    expect(sample(text, 'newsctl_http_request_duration_seconds_bucket{method="GET",route="/api/trends/by-topic/:topic",le="+Inf"}')).toBe(3);
    expect(sample(text, 'newsctl_articles')).toBe(3);
    expect(sample(text, 'newsctl_trends')).toBe(1);
    expect(sample(text, 'newsctl_database_up')).toBe(1);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    // Every sample line is `name{labels} number` or `name number`.
    for (const line of text
      .trim()
      .split('\n')
      .filter((candidate) => !candidate.startsWith('#'))) {
      expect(line).toMatch(/^[a-z_]+(\{[^}]*\})? -?[0-9.e+]+$/);
    }
  });

  it('open to anonymous scrapers only with NEWSCTL_METRICS_PUBLIC', async () => {
    const open = await startTestServer({ env: { NEWSCTL_METRICS_PUBLIC: 'true' } });
    try {
      expect((await fetch(`${open.baseUrl}/metrics`)).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

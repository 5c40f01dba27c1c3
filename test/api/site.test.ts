import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
const webRoot = mkdtempSync(join(tmpdir(), 'newsctl-web-'));

beforeAll(async () => {
  writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>app shell</title><div id="root"></div>');
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'assets', 'main-abc123.js'), 'console.log(1)');
  server = await startTestServer({ app: { webRoot } });
});
afterAll(async () => server?.close());

describe('the built site with an SPA fallback', () => {
  it('loads the app for /, /search, /login, /admin and any unknown page path', async () => {
    for (const path of ['/', '/search?q=oil', '/login', '/admin', '/no/such/page']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(await response.text(), path).toContain('app shell');
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable', async () => {
    const response = await fetch(`${server.baseUrl}/assets/main-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/immutable/);
  });

  it('never answers the daemon’s own prefixes with the app', async () => {
    for (const path of ['/api/unknown', '/audio/none.mp3', '/favicons/none.test']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect((await response.json()).message, path).toMatch(/Not found/);
    }
    const post = await fetch(`${server.baseUrl}/some/page`, { method: 'POST' });
    expect(post.status).toBe(404);
  });
});

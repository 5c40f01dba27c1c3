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
  writeFileSync(join(webRoot, 'assets', 'big-def456.js'), '/* precompressed */');
  const { brotliCompressSync } = await import('node:zlib');
  writeFileSync(join(webRoot, 'assets', 'big-def456.js.br'), brotliCompressSync('/* precompressed */'));
  server = await startTestServer({ app: { webRoot } });
});
afterAll(async () => server?.close());

describe('the built site with an SPA fallback', () => {
  it('loads the app for /, /search, /login and /admin', async () => {
    for (const path of ['/', '/search?q=oil', '/login', '/admin']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(await response.text(), path).toContain('app shell');
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('loads the app for any unknown page path too, whose 404 page shows, with a 404 status', async () => {
    for (const path of ['/no/such/page', '/search/extra', '/usa/no-such-article-1.html', '/feeds/sports.xml']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(await response.text(), path).toContain('app shell');
    }
  });

  it("serves the home page's prerendered first screen for / only, and every other page the empty shell", async () => {
    const prerendered = mkdtempSync(join(tmpdir(), 'newsctl-web-'));
    writeFileSync(join(prerendered, 'index.html'), '<!doctype html><div id="root"><main>home first screen</main></div>');
    writeFileSync(join(prerendered, 'app.html'), '<!doctype html><div id="root"></div>');
    const site = await startTestServer({ app: { webRoot: prerendered } });
    try {
      for (const path of ['/', '/?utm=x']) {
        const response = await fetch(`${site.baseUrl}${path}`);
        expect(response.status, path).toBe(200);
        expect(await response.text(), path).toContain('home first screen');
      }
      for (const [path, status] of [
        ['/search?q=oil', 200],
        ['/admin', 200],
        ['/login', 200],
        ['/no/such/page', 404],
      ] as const) {
        const response = await fetch(`${site.baseUrl}${path}`);
        expect(response.status, path).toBe(status);
        const body = await response.text();
        expect(body, path).toContain('<div id="root"></div>');
        expect(body, path).not.toContain('home first screen');
        expect(response.headers.get('cache-control'), path).toBe('no-cache');
      }
    } finally {
      await site.close();
    }
  });

  it('serves precompressed files when the client accepts them', async () => {
    const response = await fetch(`${server.baseUrl}/assets/big-def456.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(await response.text()).toBe('/* precompressed */');
  });

  it('compresses large JSON answers', async () => {
    const { request } = await import('node:http');
    const encoding = await new Promise<string | undefined>((resolve, reject) => {
      request(`${server.baseUrl}/api/settings-probe-not-found`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        res.resume();
        resolve(res.headers['content-encoding']);
      })
        .on('error', reject)
        .end();
    });
    // A short 404 body stays uncompressed (threshold); a large answer is compressed.
    expect(encoding).toBeUndefined();
    const cookie = await server.loginCookie();
    await server.app.inject({
      method: 'POST',
      url: '/api/trends-analyzer-user-prompt',
      headers: { 'x-newsctl-local': server.localSecret },
      payload: { promptText: 'Group the articles into trends. '.repeat(100) },
    });
    const big = await new Promise<string | undefined>((resolve, reject) => {
      request(`${server.baseUrl}/api/trends-analyzer-user-prompt`, { headers: { 'accept-encoding': 'gzip', cookie } }, (res) => {
        res.resume();
        resolve(res.headers['content-encoding']);
      })
        .on('error', reject)
        .end();
    });
    expect(big).toBe('gzip');
  });

  it('serves hashed assets as immutable', async () => {
    const response = await fetch(`${server.baseUrl}/assets/main-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/immutable/);
  });

  it('never answers the daemon’s own prefixes with the app', async () => {
    for (const path of ['/api/unknown', '/audio/none.mp3', '/favicons/not%20a%20host']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('app shell');
    }
    const post = await fetch(`${server.baseUrl}/some/page`, { method: 'POST' });
    expect(post.status).toBe(404);
  });
});

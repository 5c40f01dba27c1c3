// Nothing a client sends ends up in a shared cache, and answers carry the headers that keep them
// where they belong: admin answers are never stored, answers depending on the cookie say so, HTML
// comes with its content security policy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.js';

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function server(env: Record<string, string> = {}): Promise<TestServer> {
  const started = await startTestServer({ env });
  servers.push(started);
  return started;
}

const PAGES = ['/usa.html', '/podcast.xml', '/feeds/usa.xml'];

describe('absolute links and shared caches', () => {
  it('never puts a forged X-Forwarded-Host into a page, and keeps request-built pages out of shared caches', async () => {
    const plain = await server();
    for (const path of PAGES) {
      const response = await plain.app.inject({ url: path, headers: { host: 'news.example:3000', 'x-forwarded-host': 'evil.example' } });
      expect(response.statusCode, path).toBe(200);
      expect(response.body, path).not.toContain('evil.example');
      expect(response.body, path).toContain('http://news.example:3000/');
      // Built from the request's own Host: a browser may keep it, a CDN may not.
      expect(response.headers['cache-control'], path).toBe('private, no-cache');
    }
  });

  it('with NEWSCTL_PUBLIC_URL, links name only it, whatever Host says, and the pages may be shared', async () => {
    const pinned = await server({ NEWSCTL_PUBLIC_URL: 'https://news.example.org' });
    for (const path of PAGES) {
      const response = await pinned.app.inject({ url: path, headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' } });
      expect(response.body, path).not.toContain('evil.example');
      expect(response.body, path).toContain('https://news.example.org/');
    }
    const topic = await pinned.app.inject({ url: '/usa.html', headers: { host: 'evil.example' } });
    expect(topic.headers['cache-control']).toMatch(/s-maxage=30/);
  });

  it('believes X-Forwarded-Host only from a proxy NEWSCTL_TRUST_PROXY names', async () => {
    const proxied = await server({ NEWSCTL_TRUST_PROXY: '127.0.0.1' });
    const viaProxy = await fetch(`${proxied.baseUrl}/usa.html`, { headers: { 'x-forwarded-host': 'news.example.net', 'x-forwarded-proto': 'https' } });
    expect(await viaProxy.text()).toContain('https://news.example.net/');
    expect(viaProxy.headers.get('cache-control')).toBe('private, no-cache');
    const other = await server({ NEWSCTL_TRUST_PROXY: '10.0.0.1' });
    const direct = await fetch(`${other.baseUrl}/usa.html`, { headers: { 'x-forwarded-host': 'evil.example' } });
    expect(await direct.text()).not.toContain('evil.example');
  });
});

describe('headers', () => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    s = await server();
    cookie = await s.loginCookie();
  });

  it('marks admin answers no-store and answers that depend on the cookie Vary: Cookie', async () => {
    for (const path of ['/api/logs', '/api/status', '/api/settings', '/api/auth/check']) {
      const response = await fetch(`${s.baseUrl}${path}`, { headers: { cookie } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('vary'), path).toMatch(/Cookie/);
    }
    const refused = await fetch(`${s.baseUrl}/api/logs`);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    // The public snapshot keeps its shared caching.
    expect((await fetch(`${s.baseUrl}/api/home-page-data`)).headers.get('cache-control')).toMatch(/s-maxage/);
  });

  it('sends HTML with a content security policy, no framing, a referrer policy and nosniff', async () => {
    for (const path of ['/', '/admin', '/login', '/usa.html', '/no-such-page']) {
      const response = await fetch(`${s.baseUrl}${path}`);
      expect(response.headers.get('content-type'), path).toMatch(/text\/html/);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toMatch(/frame-ancestors 'none'/);
      expect(csp, path).toMatch(/script-src 'self'(;|$)/);
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { createApiToken } from '../../src/services/platform/auth/index.js';
import { startTestServer, TEST_ADMIN, type TestServer } from '../helpers/server.js';

let server: TestServer;

async function login(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());
beforeEach(async () => {
  await server.sql`delete from login_failures`;
});

describe('login', () => {
  it('sets an HttpOnly, SameSite=Lax session cookie that makes the caller an admin', async () => {
    const response = await login(TEST_ADMIN);
    expect(response.status).toBe(200);
    const setCookie = response.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/^newsctl_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i); // served over plain http here
    const cookie = setCookie.split(';')[0]!;
    const check = await fetch(`${server.baseUrl}/api/auth/check`, { headers: { cookie } });
    expect(await check.json()).toEqual({ isAdmin: true });
    const anonymous = await fetch(`${server.baseUrl}/api/auth/check`);
    expect(await anonymous.json()).toEqual({ isAdmin: false });
  });

  it('stores only a hash of the session token, so the database alone grants nothing', async () => {
    const cookie = await server.loginCookie();
    const token = decodeURIComponent(cookie.split('=')[1]!);
    const rows = await server.sql<{ id: string }[]>`select id from sessions`;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.id)).not.toContain(token);
  });

  it('gives the same 401 for an unknown user and a wrong password', async () => {
    const wrong = await login({ username: TEST_ADMIN.username, password: 'not the password' });
    const unknown = await login({ username: 'nobody', password: 'not the password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const a = await wrong.json();
    const b = await unknown.json();
    expect(a).toEqual(b);
    expect(a.error).toBe('Invalid username or password');
    expect(a.message).toBe(a.error);
  });

  it('answers 429 after 5 failures for one username from one address, even with the right password, until the window passes', async () => {
    for (let i = 0; i < 5; i++) expect((await login({ username: 'ADMIN', password: `guess ${i}` })).status).toBe(401);
    const blocked = await login(TEST_ADMIN);
    expect(blocked.status).toBe(429);
    const body = await blocked.json();
    expect(body.error).toMatch(/Too many failed login attempts/);
    expect(body.message).toBe(body.error);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // Sixteen minutes later the window has passed.
    await server.sql`update login_failures set failed_at = failed_at - interval '16 minutes'`;
    expect((await login(TEST_ADMIN)).status).toBe(200);
  });

  it('answers 429 after 10 failures from one client address across usernames', async () => {
    for (let i = 0; i < 10; i++) expect((await login({ username: `user${i}`, password: 'whatever1' })).status).toBe(401);
    expect((await login({ username: 'someone-else', password: 'whatever1' })).status).toBe(429);
  });

  it('cannot be turned against the administrator: failures from many addresses slow the name down but never lock it', async () => {
    // Behind one trusted proxy, X-Forwarded-For gives each attacker's address.
    const proxied = await startTestServer({ env: { NEWSCTL_TRUST_PROXY: '127.0.0.1' } });
    try {
      const from = (ip: string, body: unknown) =>
        fetch(`${proxied.baseUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify(body),
        });
      for (let i = 0; i < 8; i++) expect((await from(`203.0.113.${i + 1}`, { username: TEST_ADMIN.username, password: `guess ${i}` })).status).toBe(401);
      // The right password from an address that never failed gets in (after a short wait).
      const started = Date.now();
      expect((await from('198.51.100.7', TEST_ADMIN)).status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      // A forged X-Forwarded-For hop in front of the real client does not choose its address:
      // only the proxy's own entry (the right-most) counts.
      for (let i = 0; i < 5; i++) expect((await from(`10.9.9.${i}, 192.0.2.50`, { username: 'mallory', password: `guess ${i}` })).status).toBe(401);
      expect((await from('10.9.9.99, 192.0.2.50', { username: 'mallory', password: 'again' })).status).toBe(429);
      const addresses = await proxied.sql<{ ip: string }[]>`select distinct ip from login_failures where username = 'mallory'`;
      expect(addresses.map((row) => row.ip)).toEqual(['192.0.2.50']);
    } finally {
      await proxied.close();
    }
  });

  it('writes a login name as one escaped line of the log, whatever it holds', async () => {
    const forged = 'nobody\n2026-11-27 10:00:00 SYSTEM  info  Backup restored by admin\u001b[2J';
    expect((await login({ username: forged, password: 'whatever1' })).status).toBe(401);
    const [row] = await server.sql<{ message: string }[]>`select message from logs where component = 'AUTH' order by id desc limit 1`;
    expect(row!.message).not.toMatch(/[\n\r\u001b]/);
    expect(row!.message).toContain('nobody\\n2026-11-27');
  });

  it('validates the body: missing fields and malformed JSON are 400 with a message', async () => {
    const missing = await login({ username: 'admin' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toMatch(/password/);
    const malformed = await fetch(`${server.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": "admin",',
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toMatch(/Malformed JSON/);
  });
});

describe('logout', () => {
  it('deletes the session server-side: the old cookie is refused afterwards', async () => {
    const cookie = await server.loginCookie();
    expect((await fetch(`${server.baseUrl}/api/logs`, { headers: { cookie } })).status).toBe(200);
    const out = await fetch(`${server.baseUrl}/api/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(out.status).toBe(200);
    expect(out.headers.get('set-cookie')).toMatch(/newsctl_session=;/);
    expect((await fetch(`${server.baseUrl}/api/logs`, { headers: { cookie } })).status).toBe(401);
    expect(await (await fetch(`${server.baseUrl}/api/auth/check`, { headers: { cookie } })).json()).toEqual({ isAdmin: false });
  });

  it('expired sessions are refused', async () => {
    const cookie = await server.loginCookie();
    await server.sql`update sessions set expires_at = now() - interval '1 second'`;
    expect((await fetch(`${server.baseUrl}/api/logs`, { headers: { cookie } })).status).toBe(401);
  });
});

describe('access control', () => {
  it('refuses every admin route to an anonymous caller with 401 and an error body', async () => {
    const { apiRoutes, app } = await buildApp(server.ctx, { logger: false });
    await app.close();
    const adminRoutes = apiRoutes.filter((route) => !route.public);
    expect(adminRoutes.length).toBeGreaterThan(30);
    for (const route of adminRoutes) {
      const url = route.url.replace(/:(\w+)/g, '1');
      const response = await server.app.inject({
        method: route.method as 'GET',
        url,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${route.method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: 'Authentication required', error: 'Authentication required', code: 'unauthorized' });
    }
  });

  it('answers 404 JSON for unknown /api paths, to anyone', async () => {
    const response = await fetch(`${server.baseUrl}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found: GET /api/no-such-thing', code: 'not_found' });
  });

  it('answers addresses the router refuses in the same error format', async () => {
    // A broken %-escape, in /api and outside it.
    for (const path of ['/api/domains/%ZZ', '/%ZZ']) {
      const response = await fetch(`${server.baseUrl}${path}`);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ message: `Invalid address: '${path}' is not a valid url component`, code: 'invalid' });
    }
    // A path parameter longer than the router accepts.
    const long = `/api/jobs/${'a'.repeat(150)}/stop`;
    const response = await fetch(`${server.baseUrl}${long}`, { method: 'POST' });
    expect(response.status).toBe(414);
    expect(await response.json()).toEqual({ message: `Invalid address: '${long}' is exceeding the max param length`, code: 'invalid' });
  });

  it('refuses cookie-authenticated writes from another site', async () => {
    const cookie = await server.loginCookie();
    const body = JSON.stringify({ promptText: 'x' });
    const headers = { cookie, 'content-type': 'application/json' };
    const evil = await fetch(`${server.baseUrl}/api/system-prompt`, { method: 'POST', headers: { ...headers, origin: 'https://evil.example' }, body });
    expect(evil.status).toBe(403);
    const crossSite = await fetch(`${server.baseUrl}/api/system-prompt`, { method: 'POST', headers: { ...headers, 'sec-fetch-site': 'cross-site' }, body });
    expect(crossSite.status).toBe(403);
    const same = await fetch(`${server.baseUrl}/api/system-prompt`, {
      method: 'POST',
      headers: { ...headers, origin: server.baseUrl, 'sec-fetch-site': 'same-origin' },
      body,
    });
    expect(same.status).toBe(200);
    const loginFromElsewhere = await login(TEST_ADMIN, { origin: 'https://evil.example' });
    expect(loginFromElsewhere.status).toBe(403);
  });

  it('accepts an API token as Bearer, without the cross-site check', async () => {
    const { token } = await createApiToken(server.ctx, 'test');
    const response = await fetch(`${server.baseUrl}/api/system-prompt`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: 'https://elsewhere.example' },
      body: JSON.stringify({ promptText: 'from a token' }),
    });
    expect(response.status).toBe(200);
    const wrong = await fetch(`${server.baseUrl}/api/logs`, { headers: { authorization: 'Bearer nct_wrong' } });
    expect(wrong.status).toBe(401);
  });

  it('marks the cookie Secure when served over https behind a trusted proxy', async () => {
    const proxied = await startTestServer({ env: { NEWSCTL_TRUST_PROXY: 'true' } });
    try {
      const response = await fetch(`${proxied.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        body: JSON.stringify(TEST_ADMIN),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('set-cookie')).toMatch(/Secure/);
    } finally {
      await proxied.close();
    }
  });
});

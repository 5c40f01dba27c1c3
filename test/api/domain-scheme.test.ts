// A domain typed as host:port or an IP address is stored with the scheme its site answers (https,
// then http); a domain is one entry whatever scheme it was typed with, and adding it with the other
// scheme moves the entry there instead of refusing it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemeIsUncertain } from '../../src/services/reader/domains/scheme.js';
import { startNewsWeb, type NewsWeb } from '../fixtures/news-web/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let web: NewsWeb;
let server: TestServer;
let cookie: string;

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  web = await startNewsWeb({ sites: 2, articlesPerSite: 1, hostile: false });
  server = await startTestServer({ env: { NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(',') } });
  cookie = await server.loginCookie();
}, 60_000);
afterAll(async () => {
  await server?.close();
  await web?.close();
});

describe('the scheme of a typed domain', () => {
  it('is asked of the site only for a port or an IP address', () => {
    expect(schemeIsUncertain('127.0.0.2:8871')).toBe(true);
    expect(schemeIsUncertain('10.0.0.5')).toBe(true);
    expect(schemeIsUncertain('news.example:8443/world')).toBe(true);
    expect(schemeIsUncertain('example.com')).toBe(false);
    expect(schemeIsUncertain('http://127.0.0.2:8871')).toBe(false);
  });

  it('host:port of a plain-http site is stored as http, and the crawler can fetch it', async () => {
    const site = new URL(web.sites[0]!.origin);
    const added = await call('POST', '/api/domains', { url: site.host });
    expect(added.status).toBe(201);
    expect(added.body.url).toBe(`http://${site.host}`);
    // The probe reached the site itself.
    expect(web.requestsTo(site.hostname).length).toBeGreaterThan(0);
  });

  it('is one entry whatever its scheme: the other scheme moves it, the same one is refused', async () => {
    const site = new URL(web.sites[1]!.origin);
    const wrong = await call('POST', '/api/domains', { url: `https://${site.host}` });
    expect(wrong.body.url).toBe(`https://${site.host}`);
    const moved = await call('POST', '/api/domains', { url: `http://${site.host}` });
    expect(moved.status).toBe(201);
    expect(moved.body).toMatchObject({ id: wrong.body.id, url: `http://${site.host}` });
    const again = await call('POST', '/api/domains', { url: `http://${site.host}` });
    expect(again).toEqual({ status: 409, body: { message: `Domain http://${site.host} is already in the list`, code: 'conflict' } });
    const listed = (await call('GET', '/api/domains')).body as { host: string; url: string }[];
    expect(listed.filter((domain) => domain.host === site.host)).toEqual([expect.objectContaining({ url: `http://${site.host}` })]);
  });
});

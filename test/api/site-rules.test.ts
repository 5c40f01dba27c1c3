// Per-site rules: a crawled local site's extraction rules are read, refused with a 400 when a
// selector cannot run, tried on one of its pages before saving (the page read with the rules and
// without), saved, and applied again to its stored articles by the re-fetcher; another site's
// articles stay as they were. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDomain, listDomains } from '../../src/services/reader/domains/index.js';
import { startSpider, waitForRefetch, waitForSpider } from '../../src/services/reader/spider/index.js';
import { startNewsWeb, type NewsWeb } from '../fixtures/news-web/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { PIER_LEAD, PIER_STORY, PIER_TITLE } from '../fixtures/stories/harbor-pier.js';

/** What the rules calls answer (the fields these tests read). */
interface Answer {
  message?: string;
  url?: string;
  articles?: number;
  rules?: unknown;
  withRules: { text: string; wordCount: number; bodyMatched: boolean };
  withoutRules: { text: string; wordCount: number };
}

let web: NewsWeb;
let server: TestServer;
let cookie: string;
let domainId: number;
let otherId: number;
let storyUrl: string;

async function call(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

beforeAll(async () => {
  web = await startNewsWeb({
    sites: 2,
    hostile: false,
    articlesPerSite: 2,
    extraArticles: (site) => (site === 0 ? [{ title: PIER_TITLE, paragraphs: PIER_STORY, hoursAgo: 1 }] : []),
  });
  server = await startTestServer({
    env: { NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(','), NEWSCTL_SPIDER_REQUEST_TIMEOUT_MS: '3000' },
  });
  cookie = await server.loginCookie();
  for (const site of web.sites) await addDomain(server.ctx, { url: site.origin, throttle: 1 });
  await startSpider(server.ctx);
  await waitForSpider(server.ctx);
  const domains = await listDomains(server.ctx);
  domainId = domains.find((domain) => domain.url.includes(new URL(web.sites[0]!.origin).host))!.id;
  otherId = domains.find((domain) => domain.id !== domainId)!.id;
  storyUrl = web.sites[0]!.articles.find((article) => article.title === PIER_TITLE)!.url;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await web?.close();
});

describe('per-site rules', () => {
  it('are none at first, and refuse a selector that cannot run, naming it', async () => {
    expect(await call('GET', `/api/domains/${domainId}/rules`)).toEqual({ status: 200, body: { domainId, rules: null } });
    const bad = await call('PUT', `/api/domains/${domainId}/rules`, { body: 'div[', remove: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('Invalid CSS selector "div["');
    const badRemove = await call('PUT', `/api/domains/${domainId}/rules`, { remove: ['.ok', 'p:::nope'] });
    expect(badRemove.status).toBe(400);
    expect(badRemove.body.message).toContain('"p:::nope"');
    expect((await call('PUT', `/api/domains/${domainId}/rules`, { remove: Array.from({ length: 51 }, (_, i) => `.x${i}`) })).status).toBe(400);
    expect((await call('PUT', `/api/domains/${domainId}/rules`, { body: 'a', extra: true })).status).toBe(400);
    expect((await call('PUT', '/api/domains/999999/rules', { body: 'article' })).status).toBe(404);
    // Nothing was saved by the refusals.
    expect((await call('GET', `/api/domains/${domainId}/rules`)).body.rules).toBeNull();
  });

  it('are tried on a page of the site before saving: with them and without', async () => {
    const preview = await call('POST', `/api/domains/${domainId}/rules/preview`, { url: storyUrl, rules: { remove: ['p:first-of-type'] } });
    expect(preview.status).toBe(200);
    expect(preview.body.url).toBe(storyUrl);
    expect(preview.body.withoutRules.text).toContain(PIER_LEAD);
    expect(preview.body.withRules.text).not.toContain(PIER_LEAD);
    expect(preview.body.withRules.text).toContain(PIER_STORY[1]);
    expect(preview.body.withRules.wordCount).toBeLessThan(preview.body.withoutRules.wordCount);
    // A body selector naming nothing on the page leaves the extractor to choose.
    const missing = await call('POST', `/api/domains/${domainId}/rules/preview`, { url: storyUrl, rules: { body: '.no-such-body' } });
    expect(missing.body.withRules).toMatchObject({ bodyMatched: false, text: missing.body.withoutRules.text });
    // Only the site's own pages.
    const elsewhere = await call('POST', `/api/domains/${domainId}/rules/preview`, { url: `${web.sites[1]!.origin}/` });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toMatch(/is not a page of/);
    // Still nothing saved.
    expect((await call('GET', `/api/domains/${domainId}/rules`)).body.rules).toBeNull();
  });

  it('are saved, and the site’s stored articles read again with them; other sites stay as they were', async () => {
    const otherBefore = await server.sql<{ id: number; content: string }[]>`select id, content from articles where domain_id = ${otherId} order by id`;
    const saved = await call('PUT', `/api/domains/${domainId}/rules`, { body: null, remove: [' p:first-of-type ', 'p:first-of-type'] });
    expect(saved).toEqual({ status: 200, body: { domainId, rules: { body: null, remove: ['p:first-of-type'] } } });
    const started = await call('POST', `/api/domains/${domainId}/reextract`);
    expect(started.status).toBe(200);
    expect(started.body.articles).toBeGreaterThanOrEqual(3);
    await waitForRefetch(server.ctx);
    const [story] = await server.sql<{ content: string }[]>`select content from articles where source_url = ${storyUrl}`;
    expect(story!.content).not.toContain(PIER_LEAD);
    expect(story!.content).toContain(PIER_STORY[2]);
    expect(await server.sql`select id, content from articles where domain_id = ${otherId} order by id`).toEqual(otherBefore);
    // Cleared: the extractor decides alone again.
    expect((await call('PUT', `/api/domains/${domainId}/rules`, null)).body).toEqual({ domainId, rules: null });
  }, 60_000);
});

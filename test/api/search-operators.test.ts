// The search page's query language — "phrases", -words, OR, topic:, site:, before:/after: — on the
// public search, in saved searches (the administrator's, listed for everyone) and in every search's
// Atom feed, newest first.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSearch } from '../../src/services/reader/search/query.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let cookie: string;

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    type: response.headers.get('content-type') ?? '',
    text,
    body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : null,
  };
}
const titles = async (q: string) => {
  const answer = await call('GET', `/api/search?q=${encodeURIComponent(q)}`);
  expect(answer.status, answer.text).toBe(200);
  return (answer.body.results as { title: string }[]).map((result) => result.title).sort();
};

const ARTICLES = [
  { title: 'Storm floods the harbor district', host: 'alpha.example', topic: 'usa', day: '2026-11-10' },
  { title: 'Storm closes schools across the county', host: 'www.beta.example', topic: 'usa', day: '2026-11-20' },
  { title: 'Storm season raises insurance costs', host: 'news.alpha.example', topic: 'finance', day: '2026-11-25' },
  { title: 'Flood defences tested by the storm surge', host: 'gamma.example', topic: 'international', day: '2026-11-28' },
  { title: 'Hospitals treat flu patients in record numbers', host: 'beta.example', topic: 'health', day: '2026-11-29' },
];

beforeAll(async () => {
  server = await startTestServer({ env: { NEWSCTL_TIME_ZONE: 'America/Chicago' } });
  cookie = await server.loginCookie();
  for (const [i, article] of ARTICLES.entries()) {
    // Noon in Chicago on its day.
    await server.sql`
      insert into articles (domain_name, source_url, canonical_url, title, content, topic, word_count, scraped_at)
      values (${article.host}, ${`https://${article.host}/a${i}`}, ${`https://${article.host}/a${i}`}, ${article.title},
              ${`${article.title}. The report continues with more detail about what happened.`}, ${article.topic}, 12, ${`${article.day}T18:00:00Z`})`;
  }
}, 60_000);
afterAll(async () => server?.close());

describe('search operators', () => {
  it('are read out of the words, outside quotes only, and refused with a reason when their value is unusable', () => {
    expect(parseSearch('storm topic:usa site:https://www.Alpha.example/news after:2026-11-01 flood')).toEqual({
      main: 'storm',
      tail: 'flood',
      filters: { topics: ['usa'], notTopics: [], sites: ['alpha.example'], notSites: [], before: null, after: '2026-11-01' },
    });
    expect(parseSearch('"topic:usa is a phrase" -site:beta.example').filters).toMatchObject({ topics: [], notSites: ['beta.example'] });
    expect(parseSearch('"topic:usa is a phrase"').main).toBe('"topic:usa is a phrase"');
    expect(() => parseSearch('storm topic:sports')).toThrow(
      'Unknown topic "sports" (topics: health, food, finance, usa, international, tech, energy, science)',
    );
    expect(() => parseSearch('storm before:2026-02-30')).toThrow('before: needs a date as YYYY-MM-DD');
    expect(() => parseSearch('storm site:')).toThrow('site: needs a value');
    expect(() => parseSearch('storm -after:2026-11-01')).toThrow('-after: cannot be negated');
  });

  it('narrow the public search by topic, site (with its sub-domains and www.), and day, or search by them alone', async () => {
    expect(await titles('storm topic:usa')).toEqual(['Storm closes schools across the county', 'Storm floods the harbor district']);
    expect(await titles('storm -topic:usa')).toEqual(['Flood defences tested by the storm surge', 'Storm season raises insurance costs']);
    expect(await titles('storm site:alpha.example')).toEqual(['Storm floods the harbor district', 'Storm season raises insurance costs']);
    expect(await titles('storm site:beta.example')).toEqual(['Storm closes schools across the county']);
    expect(await titles('storm -site:alpha.example -site:gamma.example')).toEqual(['Storm closes schools across the county']);
    expect(await titles('storm after:2026-11-20 before:2026-11-28')).toEqual(['Storm closes schools across the county', 'Storm season raises insurance costs']);
    expect(await titles('topic:health')).toEqual(['Hospitals treat flu patients in record numbers']);
    expect(await titles('schools OR insurance')).toEqual(['Storm closes schools across the county', 'Storm season raises insurance costs']);
    expect(await titles('"storm surge" topic:international')).toEqual(['Flood defences tested by the storm surge']);
    const refused = await call('GET', `/api/search?q=${encodeURIComponent('storm topic:sports')}`);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Unknown topic "sports"/);
  });

  it('saves a search for the site (administrator only), lists it for everyone, and serves its feed newest first', async () => {
    const anonymous = await call('POST', '/api/saved-searches', { name: 'Storms in the USA', query: 'storm topic:usa' });
    expect(anonymous.status).toBe(401);
    const saved = await call('POST', '/api/saved-searches', { name: 'Storms in the USA', query: 'storm  topic:usa' }, { cookie });
    expect(saved.status).toBe(201);
    expect(saved.body).toMatchObject({
      name: 'Storms in the USA',
      slug: 'storms-in-the-usa',
      query: 'storm topic:usa',
      feedUrl: '/feeds/search/storms-in-the-usa.xml',
    });
    expect((await call('POST', '/api/saved-searches', { name: 'Storms in the USA!', query: 'storm' }, { cookie })).status).toBe(409);
    expect((await call('POST', '/api/saved-searches', { name: 'Bad', query: 'storm after:yesterday' }, { cookie })).status).toBe(400);
    expect((await call('GET', '/api/saved-searches')).body).toEqual([saved.body]);

    const feed = await call('GET', saved.body.feedUrl);
    expect(feed.status).toBe(200);
    expect(feed.type).toMatch(/^application\/atom\+xml/);
    expect([...feed.text.matchAll(/<title type="text">([^<]+)<\/title>/g)].map((m) => m[1])).toEqual([
      `Storms in the USA — ${server.config.siteName}`,
      'Storm closes schools across the county',
      'Storm floods the harbor district',
    ]);
    expect(feed.text).toContain('<link rel="alternate" type="text/html" href="https://www.beta.example/a1"/>');

    // Any search has a feed, for a reader who saved it in their browser.
    const adHoc = await call('GET', `/feeds/search.xml?q=${encodeURIComponent('flu topic:health')}`);
    expect(adHoc.status).toBe(200);
    expect(adHoc.text).toContain('Hospitals treat flu patients in record numbers');
    expect((await call('GET', `/feeds/search.xml?q=${encodeURIComponent('topic:sports')}`)).status).toBe(400);

    expect((await call('DELETE', `/api/saved-searches/${saved.body.id}`, undefined, { cookie })).status).toBe(200);
    expect((await call('GET', saved.body.feedUrl)).status).toBe(404);
  });
});

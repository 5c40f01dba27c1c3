// The Domains tab and the Domain Avoid List over HTTP (spec 001 §5, §7, §8; decisions.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventType } from '../../src/api/live.js';
import { startNewsWeb, type NewsWeb } from '../fixtures/news-web/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let cookie: string;

async function call(method: string, path: string, body?: unknown, target = server, session = cookie) {
  const response = await fetch(`${target.baseUrl}${path}`, {
    method,
    headers: { cookie: session, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

function recordEvents(target: TestServer, types: EventType[]) {
  const seen: EventType[] = [];
  const offs = types.map((type) => target.ctx.events.on(type, () => seen.push(type)));
  return { seen, stop: () => offs.forEach((off) => off()) };
}

beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.loginCookie();
});
afterAll(async () => server?.close());

describe('domains', () => {
  it('adds a trimmed domain as active, refuses an empty or duplicate one with a clear message', async () => {
    const events = recordEvents(server, ['domains_updated']);
    const added = await call('POST', '/api/domains', { url: '  Example.COM ', status: 'active' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({
      url: 'example.com',
      status: 'active',
      priority: null,
      throttle: 2,
      startingUrl: null,
      articlesCount: 0,
      lastScraped: null,
    });
    expect(events.seen).toEqual(['domains_updated']);
    events.stop();

    expect(await call('POST', '/api/domains', { url: 'https://example.com/', status: 'active' })).toEqual({
      status: 409,
      body: { message: 'Domain example.com is already in the list', code: 'conflict' },
    });
    expect(await call('POST', '/api/domains', { url: '   ', status: 'active' })).toEqual({
      status: 400,
      body: { message: 'Please enter a domain', code: 'invalid' },
    });
    expect((await call('POST', '/api/domains', { url: 'javascript:alert(1)' })).status).toBe(400);
    expect((await call('POST', '/api/domains', { status: 'active' })).status).toBe(400);

    const local = await call('POST', '/api/domains', { url: 'http://127.0.0.2:8080', status: 'active' });
    expect(local.body).toMatchObject({ url: 'http://127.0.0.2:8080', host: '127.0.0.2:8080' });
    const withPath = await call('POST', '/api/domains', { url: 'news.example/world' });
    expect(withPath.body).toMatchObject({ url: 'news.example', startingUrl: 'https://news.example/world' });
  });

  it('lists by priority, highest first, a missing priority counting as 4', async () => {
    const { body: list } = await call('GET', '/api/domains');
    const low = list.find((d: { url: string }) => d.url === 'news.example');
    const high = list.find((d: { url: string }) => d.url === 'example.com');
    expect((await call('PATCH', `/api/domains/${low.id}`, { priority: 3 })).body.priority).toBe(3);
    expect((await call('PATCH', `/api/domains/${high.id}`, { priority: 9 })).body.priority).toBe(9);
    const ordered = (await call('GET', '/api/domains')).body.map((d: { url: string }) => d.url);
    expect(ordered).toEqual(['example.com', 'http://127.0.0.2:8080', 'news.example']);
    expect((await call('PATCH', `/api/domains/${high.id}`, { priority: null })).body.priority).toBeNull();
  });

  it('patches the status; avoided keeps the row and puts its host on the avoid list', async () => {
    const { body: list } = await call('GET', '/api/domains');
    const domain = list.find((d: { url: string }) => d.url === 'news.example');
    const events = recordEvents(server, ['domains_updated', 'avoid_domains_updated']);
    const avoided = await call('PATCH', `/api/domains/${domain.id}`, { status: 'avoided' });
    expect(avoided.body.status).toBe('avoided');
    expect(events.seen.sort()).toEqual(['avoid_domains_updated', 'domains_updated']);
    events.stop();
    expect((await call('GET', '/api/avoid-domains')).body.map((a: { url: string }) => a.url)).toContain('news.example');
    expect((await call('GET', '/api/domains')).body.map((d: { url: string }) => d.url)).toContain('news.example');

    // Back to active: off the avoid list again.
    await call('PATCH', `/api/domains/${domain.id}`, { status: 'active' });
    expect((await call('GET', '/api/avoid-domains')).body.map((a: { url: string }) => a.url)).not.toContain('news.example');

    // And the other way: removing the avoid-list entry of a domain marked avoided makes it active again.
    await call('PATCH', `/api/domains/${domain.id}`, { status: 'avoided' });
    const entry = (await call('GET', '/api/avoid-domains')).body.find((a: { url: string }) => a.url === 'news.example');
    const removed = await call('DELETE', `/api/avoid-domains/${entry.id}`);
    expect(removed.body.message).toBe('news.example removed from the avoid list; news.example active again');
    expect((await call('GET', '/api/domains')).body.find((d: { id: number }) => d.id === domain.id).status).toBe('active');

    expect((await call('PATCH', `/api/domains/${domain.id}`, { status: 'sleeping' })).status).toBe(400);
    expect((await call('PATCH', `/api/domains/${domain.id}`, {})).status).toBe(400);
    expect((await call('PATCH', `/api/domains/${domain.id}`, { priority: '5' })).status).toBe(400);
    expect(await call('PATCH', '/api/domains/999999', { priority: 1 })).toEqual({
      status: 404,
      body: { message: 'Domain 999999 not found', code: 'not_found' },
    });
  });

  it('names the field when a priority or an id is past what the database holds', async () => {
    const { body: list } = await call('GET', '/api/domains');
    const id = list[0].id;
    expect(await call('PATCH', `/api/domains/${id}`, { priority: 99_999_999_999 })).toEqual({
      status: 400,
      body: { message: 'Invalid body: priority must be <= 2147483647', code: 'invalid' },
    });
    expect(await call('POST', '/api/domains', { url: 'big.example', priority: 1e30 })).toEqual({
      status: 400,
      body: { message: 'Invalid body: priority must be <= 2147483647', code: 'invalid' },
    });
    for (const [method, path] of [
      ['PATCH', '/api/domains/99999999999'],
      ['DELETE', '/api/domains/99999999999'],
      ['DELETE', '/api/avoid-domains/99999999999'],
    ] as const) {
      expect(await call(method, path, method === 'PATCH' ? { priority: 1 } : undefined), path).toEqual({
        status: 400,
        body: { message: 'Invalid params: id must be <= 2147483647', code: 'invalid' },
      });
    }
    // An import line carries whatever number it was given: skipped with the reason, not the database's.
    const imported = await call('POST', '/api/domains/import', { domains: ['huge-priority.example,99999999999', 'port-zero.example:0,3'] });
    expect(imported.body).toMatchObject({ added: 0, skipped: 2 });
    expect(imported.body.skippedLines).toEqual([
      { line: 'huge-priority.example', reason: 'priority must be a whole number from -2147483647 to 2147483647, got 99999999999' },
      { line: 'port-zero.example:0', reason: 'Invalid domain "port-zero.example:0": port 0 cannot be connected to' },
    ]);
    expect(await call('POST', '/api/domains', { url: 'example.com:0' })).toEqual({
      status: 400,
      body: { message: 'Invalid domain "example.com:0": port 0 cannot be connected to', code: 'invalid' },
    });
    expect((await call('GET', '/api/domains')).body).toHaveLength(list.length);
  });

  it('deletes a domain', async () => {
    const { body } = await call('POST', '/api/domains', { url: 'short-lived.example' });
    expect(await call('DELETE', `/api/domains/${body.id}`)).toEqual({ status: 200, body: { message: 'Domain short-lived.example removed', id: body.id } });
    expect((await call('DELETE', `/api/domains/${body.id}`)).status).toBe(404);
    expect((await call('DELETE', '/api/domains/abc')).status).toBe(400);
  });

  it('imports domain,priority lines and the #AVOID section, and exports the same format', async () => {
    expect(await call('POST', '/api/domains/import', { domains: ['', '  '] })).toEqual({
      status: 400,
      body: { message: 'No domains found in the file', code: 'invalid' },
    });
    const imported = await call('POST', '/api/domains/import', {
      domains: ['imported-one.example,6', 'imported-two.example', 'example.com,2', 'not a domain,1', '#AVOID', 'spam.example', 'imported-three.example'],
    });
    expect(imported.status).toBe(200);
    // example.com exists, "not a domain" is invalid.
    expect(imported.body).toMatchObject({ added: 4, skipped: 2 });
    const { body: domains } = await call('GET', '/api/domains');
    expect(domains.find((d: { url: string }) => d.url === 'imported-one.example').priority).toBe(6);
    expect((await call('GET', '/api/avoid-domains')).body.map((a: { url: string }) => a.url).sort()).toEqual(['imported-three.example', 'spam.example']);

    const exported = await call('GET', '/api/domains/export');
    expect(exported.body.lines).toContain('imported-one.example,6');
    expect(exported.body.lines).toContain('imported-two.example,4');
    expect(exported.body.lines.slice(exported.body.lines.indexOf('#AVOID'))).toEqual(['#AVOID', 'imported-three.example', 'spam.example']);
    expect(exported.body.text).toBe(`${exported.body.lines.join('\n')}\n`);

    // A domain on the avoid list (or under it) cannot be added.
    expect((await call('POST', '/api/domains', { url: 'www.spam.example' })).body.message).toMatch(/avoid list/);
  });

  // It starts a second daemon (a fresh database): more than the default 30 s on a busy machine.
  it('exports the sources as OPML in topic folders, which a fresh daemon imports as the same list; a malformed file imports nothing', {
    timeout: 120_000,
  }, async () => {
    const { body: list } = await call('GET', '/api/domains');
    const example = list.find((d: { url: string }) => d.url === 'example.com');
    await server.sql`
      insert into articles (domain_id, domain_name, source_url, canonical_url, title, topic)
      values (${example.id}, 'example.com', 'https://example.com/opml-1', 'https://example.com/opml-1', 'A budget story', 'finance')`;
    const exported = await call('GET', '/api/domains/export?format=opml');
    expect(exported.status).toBe(200);
    const opml: string = exported.body.text;
    expect(opml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<opml version="2.0"/);
    // The folder is the topic most of the site's articles have; sites not crawled yet have their own.
    expect(opml).toMatch(
      /<outline text="Finance" title="Finance">\n\s+<outline type="link" text="example.com" title="example.com" htmlUrl="https:\/\/example.com\/" newsctl:priority="\d+"\/>/,
    );
    expect(opml).toContain('<outline text="Not crawled yet"');
    expect(opml).not.toContain('spam.example');
    expect((await call('GET', '/api/domains/export?format=csv')).status).toBe(400);

    const fresh = await startTestServer();
    try {
      const session = await fresh.loginCookie();
      const lines = opml.split('\n');
      expect((await call('POST', '/api/domains/import', { domains: lines.slice(0, -4) }, fresh, session)).body).toEqual({
        message: 'The OPML file is cut short or malformed (no closing </opml>); nothing was imported',
        code: 'invalid',
      });
      expect((await call('GET', '/api/domains', undefined, fresh, session)).body).toEqual([]);
      const imported = await call('POST', '/api/domains/import', { domains: lines }, fresh, session);
      expect(imported.status).toBe(200);
      const shape = (domains: { url: string; priority: number | null; status: string }[]) =>
        domains
          .filter((d) => d.status !== 'avoided')
          .map((d) => `${d.url},${d.priority ?? 4}`)
          .sort();
      expect(shape((await call('GET', '/api/domains', undefined, fresh, session)).body)).toEqual(shape((await call('GET', '/api/domains')).body));
    } finally {
      await fresh.close();
      await server.sql`delete from articles where canonical_url = 'https://example.com/opml-1'`;
    }
  });

  it('counts articles per domain name and per domain', async () => {
    const { body: list } = await call('GET', '/api/domains');
    const domain = list.find((d: { url: string }) => d.url === 'example.com');
    for (const n of [1, 2]) {
      await server.sql`
        insert into articles (domain_id, domain_name, source_url, canonical_url, title)
        values (${domain.id}, 'example.com', ${`https://example.com/${n}`}, ${`https://example.com/${n}`}, ${`Story ${n}`})`;
    }
    expect((await call('GET', '/api/domain-stats')).body).toEqual({ 'example.com': 2 });
    expect((await call('GET', '/api/domains')).body.find((d: { id: number }) => d.id === domain.id).articlesCount).toBe(2);
  });
});

describe('avoid list', () => {
  it('adds a trimmed host with an optional reason, refuses empty and duplicate entries, and removes', async () => {
    const events = recordEvents(server, ['avoid_domains_updated']);
    const added = await call('POST', '/api/avoid-domains', { url: '  https://Tracker.example/x ', reason: '  ads  ' });
    expect(added).toEqual({ status: 201, body: { id: added.body.id, url: 'tracker.example', reason: 'ads' } });
    const plain = await call('POST', '/api/avoid-domains', { url: 'plain.example', reason: '   ' });
    expect(plain.body.reason).toBeNull();
    expect(await call('POST', '/api/avoid-domains', { url: 'tracker.example' })).toEqual({
      status: 409,
      body: { message: 'tracker.example is already on the avoid list', code: 'conflict' },
    });
    expect(await call('POST', '/api/avoid-domains', { url: ' ' })).toEqual({
      status: 400,
      body: { message: 'Please enter a domain to avoid', code: 'invalid' },
    });
    expect(await call('DELETE', `/api/avoid-domains/${added.body.id}`)).toEqual({
      status: 200,
      body: { message: 'tracker.example removed from the avoid list', id: added.body.id },
    });
    expect((await call('DELETE', `/api/avoid-domains/${added.body.id}`)).status).toBe(404);
    expect(events.seen).toEqual(['avoid_domains_updated', 'avoid_domains_updated', 'avoid_domains_updated']);
    events.stop();
  });

  it('is for administrators only', async () => {
    expect((await call('GET', '/api/avoid-domains', undefined, server, '')).status).toBe(401);
    expect((await call('POST', '/api/domains', { url: 'x.example' }, server, '')).status).toBe(401);
    expect((await call('GET', '/api/domain-stats', undefined, server, '')).status).toBe(401);
  });
});

describe('scrape domains from a related site', () => {
  it('answers 400 when no related site is configured', async () => {
    expect(await call('POST', '/api/domains/scrape-related')).toEqual({ status: 400, body: { message: 'No related site configured', code: 'invalid' } });
    expect((await call('POST', '/api/domains/scrape-newsctl')).status).toBe(400);
    expect(await call('GET', '/api/domains/related-sites')).toEqual({ status: 200, body: { sites: [] } });
  });

  it('adds the news domains a related site links to, under its own name too', async () => {
    const web: NewsWeb = await startNewsWeb({ sites: 0, hostile: true });
    const related = await startTestServer({
      env: {
        NEWSCTL_RELATED_SITES: web.hostile!.urls.hostileLinks,
        NEWSCTL_SITE_NAME: 'Daily Planet',
        NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(','),
      },
    });
    try {
      const session = await related.loginCookie();
      const site = new URL(web.hostile!.urls.hostileLinks);
      expect(await call('GET', '/api/domains/related-sites', undefined, related, session)).toEqual({
        status: 200,
        body: { sites: [{ url: web.hostile!.urls.hostileLinks, host: site.host }] },
      });
      expect((await call('GET', '/api/domains/related-sites', undefined, related, '')).status).toBe(401);
      const scraped = await call('POST', '/api/domains/scrape-daily-planet', undefined, related, session);
      expect(scraped.status).toBe(200);
      // The page links to javascript:, data:, mailto:, ftp:, loopback and IP hosts, its own site and
      // one other named host: only that host becomes a domain.
      expect(scraped.body).toMatchObject({ added: 1, skipped: 0, domains: ['elsewhere.invalid'] });
      expect(scraped.body.message).toMatch(/1 added/);
      const again = await call('POST', '/api/domains/scrape-related', undefined, related, session);
      expect(again.body).toMatchObject({ added: 0, skipped: 1 });
      // robots.txt first, then the page (each scrape): nothing else, and never the 127.0.0.1 sentinel.
      expect(web.requestsTo(web.hostile!.hosts.links).map((r) => r.path)).toEqual(['/robots.txt', '/', '/robots.txt', '/']);
      expect(web.sentinelLog).toEqual([]);
    } finally {
      await related.close();
      await web.close();
    }
  });
});

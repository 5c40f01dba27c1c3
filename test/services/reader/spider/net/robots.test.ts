import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HttpStatusError,
  NetworkError,
  TimeoutError,
  UnsupportedContentTypeError,
  createGuardedClient,
  createRobotsCache,
  matchesPattern,
  parseRobots,
  parseRobotsFile,
  productTokenOf,
  type FetchedResponse,
  type GuardedClient,
} from '../../../../../src/services/reader/spider/net/index.js';
import { startNewsWeb, type NewsWeb } from '../../../../fixtures/news-web/index.js';

const UA = 'newsctl/0.1 (+https://newsctl.invalid/bot)';

describe('parseRobots: groups', () => {
  const robots = `
User-agent: *
Disallow: /private/

User-agent: NewsCtl
User-agent: otherbot
Disallow: /only-for-us/
Crawl-delay: 4

User-agent: newsctl-images
Disallow: /

user-agent: NEWSCTL/2.0
disallow: /merged/
`;

  it('obeys every group naming our product token, case-insensitively, merged', () => {
    const policy = parseRobots(robots, 'newsctl');
    expect(policy.isAllowed('/only-for-us/x')).toBe(false);
    expect(policy.isAllowed('/merged/x')).toBe(false);
    // The * group no longer applies once a group names us.
    expect(policy.isAllowed('/private/x')).toBe(true);
    expect(policy.crawlDelayMs).toBe(4000);
  });

  it('does not confuse a longer token with ours', () => {
    expect(parseRobots('User-agent: newsctl-images\nDisallow: /\n', 'newsctl').isAllowed('/a')).toBe(true);
  });

  it('falls back to the * groups', () => {
    const policy = parseRobots(robots, 'somebot');
    expect(policy.isAllowed('/private/x')).toBe(false);
    expect(policy.isAllowed('/only-for-us/x')).toBe(true);
    expect(policy.crawlDelayMs).toBeNull();
  });

  it('allows everything when no group applies, or the file is empty', () => {
    expect(parseRobots('User-agent: otherbot\nDisallow: /\n', 'newsctl').isAllowed('/x')).toBe(true);
    expect(parseRobots('', 'newsctl').isAllowed('/x')).toBe(true);
  });

  it('ignores rules before any user-agent line, comments and unknown lines', () => {
    const policy = parseRobots('Disallow: /early/\n# User-agent: *\nFoo: bar\nUser-agent: * # everyone\nDisallow: /late/ # comment\n', 'newsctl');
    expect(policy.isAllowed('/early/x')).toBe(true);
    expect(policy.isAllowed('/late/x')).toBe(false);
  });

  it('reads CR, LF and CRLF line ends and a BOM', () => {
    expect(parseRobots('\uFEFFUser-agent: *\r\nDisallow: /a/\rDisallow: /b/\n', 'newsctl').isAllowed('/b/x')).toBe(false);
  });

  it('accepts common misspellings of the keys', () => {
    const policy = parseRobots('useragent: *\ndissallow: /a/\n', 'newsctl');
    expect(policy.isAllowed('/a/x')).toBe(false);
  });

  it('reads Sitemap lines anywhere, resolving relative ones', () => {
    const file = parseRobotsFile(
      'Sitemap: https://example.com/a.xml\nUser-agent: *\nSitemap: /b.xml\nSitemap: ftp://example.com/c.xml\nSitemap: https://example.com/a.xml\n',
      'https://example.com/robots.txt',
    );
    expect(file.sitemaps).toEqual(['https://example.com/a.xml', 'https://example.com/b.xml']);
  });

  it('takes the product token from a User-Agent', () => {
    expect(productTokenOf(UA)).toBe('newsctl');
    expect(productTokenOf('Mozilla/5.0 (compatible)')).toBe('mozilla');
  });
});

describe('parseRobots: rules', () => {
  it('picks the longest match, Allow winning a tie', () => {
    const policy = parseRobots('User-agent: *\nDisallow: /folder/\nAllow: /folder/page\nDisallow: /folder/page.html\nAllow: /tie\nDisallow: /tie\n', 'newsctl');
    expect(policy.isAllowed('/folder/other')).toBe(false);
    expect(policy.isAllowed('/folder/page')).toBe(true);
    expect(policy.isAllowed('/folder/page.html')).toBe(false);
    expect(policy.isAllowed('/tie')).toBe(true);
  });

  it('matches * and $', () => {
    const policy = parseRobots('User-agent: *\nDisallow: /*.pdf$\nDisallow: /*?print=\nDisallow: /exact$\nAllow: /*.pdf$public\n', 'newsctl');
    expect(policy.isAllowed('/files/report.pdf')).toBe(false);
    expect(policy.isAllowed('/files/report.pdf?x=1')).toBe(true);
    expect(policy.isAllowed('/story?print=1')).toBe(false);
    expect(policy.isAllowed('/story?a=1&print=1')).toBe(true);
    expect(policy.isAllowed('/exact')).toBe(false);
    expect(policy.isAllowed('/exactly')).toBe(true);
  });

  it('treats an empty Disallow as allowing everything', () => {
    expect(parseRobots('User-agent: *\nDisallow:\n', 'newsctl').isAllowed('/anything')).toBe(true);
  });

  it('always allows /robots.txt', () => {
    expect(parseRobots('User-agent: *\nDisallow: /\n', 'newsctl').isAllowed('/robots.txt')).toBe(true);
  });

  it('compares percent-encoded and literal forms alike (RFC 9309 §2.2.2)', () => {
    const policy = parseRobots('User-agent: *\nDisallow: /foo/bar/ツ\nDisallow: /%62%61%7A\nDisallow: /a%2fb\nDisallow: /sp ace\n', 'newsctl');
    expect(policy.isAllowed('/foo/bar/%E3%83%84')).toBe(false);
    expect(policy.isAllowed('/foo/bar/%e3%83%84')).toBe(false);
    expect(policy.isAllowed('/baz')).toBe(false);
    expect(policy.isAllowed('/a%2Fb')).toBe(false);
    expect(policy.isAllowed('/a/b')).toBe(true); // %2F is reserved: not the same as /
    expect(policy.isAllowed('/sp%20ace')).toBe(false);
  });

  it('matches the path and query of full URLs', () => {
    const policy = parseRobots('User-agent: *\nDisallow: /search\n', 'newsctl');
    expect(policy.isAllowed('https://example.com/search?q=x')).toBe(false);
    expect(policy.isAllowed('https://example.com/news')).toBe(true);
  });

  it('reads only the first 500 KiB', () => {
    const padding = '# padding padding padding padding padding padding\n'.repeat(11_000);
    const policy = parseRobots(`User-agent: *\nDisallow: /early/\n${padding}Disallow: /late/\n`, 'newsctl');
    expect(policy.isAllowed('/early/x')).toBe(false);
    expect(policy.isAllowed('/late/x')).toBe(true);
  });

  it('survives patterns built to make a backtracking matcher explode', () => {
    const pattern = `/${'a*'.repeat(40)}b`;
    expect(matchesPattern(pattern, `/${'a'.repeat(5000)}`)).toBe(false);
    expect(matchesPattern('/a*b*c$', '/axxbyyc')).toBe(true);
    expect(matchesPattern('/a*b*c$', '/axxbyycd')).toBe(false);
  });
});

/** A stand-in client answering robots.txt requests from a script, for the status rules. */
function scriptedClient(answers: Array<string | Error>): Pick<GuardedClient, 'fetch' | 'userAgent'> & { calls: string[] } {
  const calls: string[] = [];
  return {
    userAgent: UA,
    calls,
    async fetch(url) {
      calls.push(String(url));
      const answer = answers.shift();
      if (answer === undefined) throw new Error('no scripted answer left');
      if (answer instanceof Error) throw answer;
      return {
        url: String(url),
        status: 200,
        headers: {},
        contentType: 'text/plain',
        body: Buffer.from(answer),
        text: () => answer,
        redirects: [],
      } satisfies FetchedResponse;
    },
  };
}

describe('robots cache: status rules', () => {
  const origin = 'https://example.com';

  it.each([400, 401, 403, 404, 410])('allows everything after a %i', async (status) => {
    const robots = createRobotsCache({ client: scriptedClient([new HttpStatusError(status, `${origin}/robots.txt`)]) });
    expect(await robots.isAllowed(`${origin}/private/x`)).toBe(true);
  });

  it.each([429, 500, 503])('disallows everything after a %i', async (status) => {
    const robots = createRobotsCache({ client: scriptedClient([new HttpStatusError(status, `${origin}/robots.txt`)]) });
    expect(await robots.isAllowed(`${origin}/`)).toBe(false);
    expect(await robots.isAllowed(`${origin}/robots.txt`)).toBe(true);
  });

  it('disallows everything when the server is unreachable', async () => {
    for (const error of [new NetworkError('Connection refused', undefined), new TimeoutError('total', 1000)]) {
      const robots = createRobotsCache({ client: scriptedClient([error]) });
      expect(await robots.isAllowed(`${origin}/news`)).toBe(false);
    }
  });

  it('treats a robots.txt that is not text as absent', async () => {
    const robots = createRobotsCache({ client: scriptedClient([new UnsupportedContentTypeError('image/png')]) });
    expect(await robots.isAllowed(`${origin}/news`)).toBe(true);
  });

  it('caches per origin for the TTL, and asks again after it', async () => {
    let now = 0;
    const client = scriptedClient(['User-agent: *\nDisallow: /a/\n', 'User-agent: *\nDisallow: /b/\n']);
    const robots = createRobotsCache({ client, ttlMs: 60_000, now: () => now });
    expect(await robots.isAllowed(`${origin}/a/1`)).toBe(false);
    expect(await robots.isAllowed(`${origin}/b/1`)).toBe(true);
    now = 59_999;
    expect(await robots.isAllowed(`${origin}/a/2`)).toBe(false);
    expect(client.calls).toHaveLength(1);
    now = 60_000;
    expect(await robots.isAllowed(`${origin}/a/3`)).toBe(true);
    expect(await robots.isAllowed(`${origin}/b/3`)).toBe(false);
    expect(client.calls).toEqual([`${origin}/robots.txt`, `${origin}/robots.txt`]);
  });

  it('keeps its last good copy while the origin is briefly unreachable, then retries', async () => {
    let now = 0;
    const client = scriptedClient(['User-agent: *\nDisallow: /a/\n', new HttpStatusError(503, ''), 'User-agent: *\nDisallow: /c/\n']);
    const robots = createRobotsCache({ client, ttlMs: 1000, unreachableTtlMs: 5000, now: () => now });
    expect(await robots.isAllowed(`${origin}/a/1`)).toBe(false);
    now = 1000;
    expect(await robots.isAllowed(`${origin}/a/1`)).toBe(false);
    expect(await robots.isAllowed(`${origin}/b/1`)).toBe(true);
    now = 6000;
    expect(await robots.isAllowed(`${origin}/c/1`)).toBe(false);
    expect(client.calls).toHaveLength(3);
  });

  it('shares one request among concurrent callers', async () => {
    const client = scriptedClient(['User-agent: *\nDisallow: /a/\n']);
    const robots = createRobotsCache({ client });
    const answers = await Promise.all([1, 2, 3, 4, 5].map((i) => robots.isAllowed(`${origin}/a/${i}`)));
    expect(answers).toEqual([false, false, false, false, false]);
    expect(client.calls).toHaveLength(1);
  });

  it('keeps origins apart: scheme, host and port', async () => {
    const client = scriptedClient(['User-agent: *\nDisallow: /\n', '', '']);
    const robots = createRobotsCache({ client });
    expect(await robots.isAllowed('https://example.com/x')).toBe(false);
    expect(await robots.isAllowed('http://example.com/x')).toBe(true);
    expect(await robots.isAllowed('https://example.com:8443/x')).toBe(true);
    expect(client.calls).toEqual(['https://example.com/robots.txt', 'http://example.com/robots.txt', 'https://example.com:8443/robots.txt']);
  });

  it('calls the pacing hook before each fetch and reports the outcome after', async () => {
    const events: string[] = [];
    const client = scriptedClient([new HttpStatusError(429, '', 2000)]);
    const robots = createRobotsCache({
      client,
      beforeFetch: async (url) => {
        events.push(`before ${url}`);
      },
      afterFetch: (url, outcome) => events.push(`after ${url} ${outcome.status}`),
    });
    await robots.isAllowed(`${origin}/x`);
    expect(events).toEqual([`before ${origin}/robots.txt`, `after ${origin}/robots.txt 429`]);
  });
});

describe('robots cache against the local news web', () => {
  let web: NewsWeb;
  let client: GuardedClient;

  beforeAll(async () => {
    web = await startNewsWeb({ sites: 8 });
    client = createGuardedClient({ userAgent: UA, allowPrivateNetworks: web.allowPrivateNetworks, totalTimeoutMs: 5000 });
  });
  afterAll(async () => {
    client.close();
    await web.close();
  });

  it('applies each site’s rules: /private/ disallowed, /private/open/ allowed by the longer rule', async () => {
    const robots = createRobotsCache({ client });
    for (const site of web.sites) {
      for (const url of site.disallowedArticleUrls) expect(await robots.isAllowed(url)).toBe(false);
      for (const url of site.expectedArticleUrls) expect(await robots.isAllowed(url)).toBe(true);
      expect(await robots.isAllowed(`${site.origin}/2024/01/01/some-story/?print=1`)).toBe(false);
      expect(await robots.isAllowed(`${site.origin}/search?q=x`)).toBe(false);
    }
    expect(web.sites.some((s) => s.expectedArticleUrls.some((u) => u.includes('/private/open/')))).toBe(true);
  });

  it('reads Crawl-delay from the group naming newsctl, and Sitemap lines', async () => {
    const robots = createRobotsCache({ client });
    for (const site of web.sites) {
      expect(await robots.crawlDelayMs(site.origin)).toBe(site.crawlDelayMs);
      expect(await robots.sitemaps(site.origin)).toEqual(site.robotsSitemaps);
    }
    expect(web.sites.some((s) => s.crawlDelayMs !== null)).toBe(true);
  });

  it('fetches robots.txt once per origin, with our User-Agent', async () => {
    web.clearLog();
    const robots = createRobotsCache({ client });
    const site = web.sites[0]!;
    await Promise.all(site.expectedArticleUrls.map((url) => robots.isAllowed(url)));
    const requests = web.requestsTo(site.host);
    expect(requests.map((r) => r.path)).toEqual(['/robots.txt']);
    expect(requests[0]!.userAgent).toBe(UA);
  });

  it('disallows everything when robots.txt answers 500, allows everything on 404', async () => {
    const robots = createRobotsCache({ client });
    const hostile = web.hostile!;
    expect(await robots.isAllowed(`${hostile.origins.robotsError}/story`)).toBe(false);
    expect(await robots.isAllowed(`${hostile.origins.robotsMissing}/secret/story`)).toBe(true);
  });

  it('follows a robots.txt redirect', async () => {
    const robots = createRobotsCache({ client });
    const origin = web.hostile!.origins.robotsRedirect;
    expect(await robots.isAllowed(`${origin}/secret/x`)).toBe(false);
    expect(await robots.isAllowed(`${origin}/public`)).toBe(true);
  });

  it('disallows everything when robots.txt redirects to a refused address', async () => {
    const robots = createRobotsCache({ client });
    expect(await robots.isAllowed(`${web.hostile!.origins.robotsToMetadata}/story`)).toBe(false);
    expect(web.sentinelLog).toEqual([]);
  });

  it('obeys rules in the first 500 KiB of an oversized robots.txt and ignores the rest', async () => {
    const robots = createRobotsCache({ client });
    const origin = web.hostile!.origins.robotsHuge;
    expect(await robots.isAllowed(`${origin}/secret/x`)).toBe(false);
    expect(await robots.isAllowed(`${origin}/beyond-limit/x`)).toBe(true);
  });
});

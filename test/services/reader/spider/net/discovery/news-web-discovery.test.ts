// The whole network layer at work on the local news web: robots.txt first, then the home page,
// feeds (announced or at common paths) and sitemaps, every request paced per host. The union of
// what discovery finds must be exactly each site's expected article list, and the servers' logs
// must show no robots-disallowed request and no host hit faster than its interval.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HttpStatusError,
  SITEMAP_CONTENT_TYPES,
  articleLinks,
  commonFeedUrls,
  createGuardedClient,
  createHostPacer,
  createRobotsCache,
  discoverFeedLinks,
  hostOf,
  parseDomainInput,
  parseFeed,
  parseSitemap,
  sitemapOrder,
  type FetchOptions,
  type GuardedClient,
} from '../../../../../../src/services/reader/spider/net/index.js';
import { startNewsWeb, type NewsSite, type NewsWeb } from '../../../../../fixtures/news-web/index.js';

const UA = 'newsctl/0.1 (+https://newsctl.invalid/contact)';
const THROTTLE_MS = 1000;

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

describe('discovery over the local news web', () => {
  it('finds every expected article of every site, politely', { timeout: 90_000 }, async () => {
    web.clearLog();
    const pacer = createHostPacer();
    const starts = new Map<string, number[]>();
    const intervals = new Map<string, number>();
    // As the crawl's host queue does, a host's pause also counts from when its last answer came:
    // the servers, in this process, log a request when its event loop gets to it, so a pause
    // counted from a request's start alone can reach them shortened by a stall.
    const answeredAt = new Map<string, number>();
    const answered = {
      ...client,
      fetch: (url: string | URL, options?: FetchOptions) => client.fetch(url, options).finally(() => answeredAt.set(hostOf(String(url)), Date.now())),
    };
    const letThrough = async (host: string, interval: number) => {
      const ready = (answeredAt.get(host) ?? 0) + interval;
      if (ready > Date.now()) await new Promise((resolve) => setTimeout(resolve, ready - Date.now()));
      return pacer.wait(host, interval);
    };
    const robots = createRobotsCache({
      client: answered,
      beforeFetch: async (url) => record(url, await letThrough(hostOf(url), THROTTLE_MS)),
    });
    const record = (url: string, startedAt: number) => {
      const host = hostOf(url);
      starts.set(host, [...(starts.get(host) ?? []), startedAt]);
    };

    async function politeFetch(url: string, options?: FetchOptions) {
      const host = hostOf(url);
      const interval = Math.max(THROTTLE_MS, (await robots.crawlDelayMs(url)) ?? 0);
      intervals.set(host, interval);
      record(url, await letThrough(host, interval));
      try {
        const response = await answered.fetch(url, options);
        pacer.succeeded(host);
        return response;
      } catch (error) {
        if (error instanceof HttpStatusError && (error.status === 429 || error.status === 503)) {
          pacer.backOff(host, error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs });
        }
        throw error;
      }
    }

    async function discover(site: NewsSite): Promise<string[]> {
      const { host, origin, startUrl } = parseDomainInput(site.origin);
      const sameSiteAndAllowed = async (url: string) => hostOf(url) === host && (await robots.isAllowed(url));
      const found = new Set<string>();

      const home = await politeFetch(startUrl);
      for (const link of articleLinks(home.text(), home.url)) if (await sameSiteAndAllowed(link.url)) found.add(link.url);

      const announced = discoverFeedLinks(home.text(), home.url);
      for (const feedUrl of announced.length ? announced : commonFeedUrls(origin)) {
        if (!(await sameSiteAndAllowed(feedUrl))) continue;
        const feed = await politeFetch(feedUrl)
          .then((r) => parseFeed(r.text(), r.url))
          .catch(() => null);
        if (!feed) continue;
        for (const article of feed.articles) if (await sameSiteAndAllowed(article.url)) found.add(article.url);
        break;
      }

      // The sitemaps as the crawl reads them: breadth first, an index's children in sitemapOrder.
      const listed = await robots.sitemaps(origin);
      const queue = listed.length ? [...listed] : [`${origin}/sitemap.xml`];
      const seen = new Set(queue);
      while (queue.length > 0) {
        const url = queue.shift()!;
        if (!(await sameSiteAndAllowed(url))) continue;
        const response = await politeFetch(url, { accept: SITEMAP_CONTENT_TYPES }).catch(() => null);
        const sitemap = response ? parseSitemap(response.body, response.url) : null;
        if (sitemap?.kind === 'sitemapindex') {
          for (const child of sitemapOrder(sitemap.sitemaps)) {
            if (seen.has(child.url)) continue;
            seen.add(child.url);
            queue.push(child.url);
          }
        } else if (sitemap) {
          for (const article of sitemap.articles) if (await sameSiteAndAllowed(article.url)) found.add(article.url);
        }
      }
      return [...found].sort();
    }

    const results = await Promise.all(web.sites.map(discover));
    web.sites.forEach((site, i) => {
      expect(results[i], site.name).toEqual([...site.expectedArticleUrls].sort());
    });

    // robots.txt obeyed: no disallowed article, print view or search page was ever requested.
    for (const entry of web.requestLog) {
      expect(entry.path.startsWith('/private/') && !entry.path.startsWith('/private/open/'), entry.path).toBe(false);
      expect(entry.path).not.toMatch(/\?print=|^\/search/);
      expect(entry.userAgent).toBe(UA);
    }
    // The pacer let each host's requests through at least its interval apart, and the servers saw
    // them at least 1 s apart: a request reaches its server before its answer leaves it.
    for (const [host, times] of starts) {
      const interval = intervals.get(host) ?? THROTTLE_MS;
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!, host).toBeGreaterThanOrEqual(interval);
    }
    for (const [host, gap] of web.minGapByHost()) expect(gap, host).toBeGreaterThanOrEqual(THROTTLE_MS);
    expect(web.sites.some((s) => s.crawlDelayMs !== null && intervals.get(s.host) === s.crawlDelayMs)).toBe(true);
    expect(web.sentinelLog).toEqual([]);
  });
});

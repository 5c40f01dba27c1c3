// The discovery steps of a domain's crawl (crawl.ts runs them from its host queue): robots.txt,
// the starting page (its feed links and article links), its feeds (announced, else the common
// paths), its sitemaps (robots.txt Sitemap: lines, else /sitemap.xml; indexes followed, news
// sitemaps first), and the article links they find, queued once each when on the site, allowed
// and not stored yet.
import type { AppContext } from '../../../context.js';
import { storedArticleUrls } from '../../../db/crawl.js';
import { readableAddress } from '../domains/host-names.js';
import type { CrawlTask, HostQueue } from './host-queue.js';
import {
  AbortedError,
  DISALLOW_ALL,
  PAGE_CONTENT_TYPES,
  SITEMAP_CONTENT_TYPES,
  articleLinks,
  canonicalizeUrl,
  commonFeedUrls,
  discoverFeedLinks,
  hostOf,
  parseFeed,
  parseSitemap,
  sitemapOrder,
  sameSiteAs,
  tryParseUrl,
  type FetchedResponse,
  type RobotsCache,
} from './net/index.js';
import type { RobotsOutcome } from './network.js';
import {
  MAX_ANNOUNCED_FEEDS,
  MAX_CANDIDATES_PER_DOMAIN,
  MAX_FEED_PROBES,
  MAX_SITEMAP_DEPTH,
  MAX_SITEMAP_ENTRIES,
  MAX_SITEMAPS_PER_DOMAIN,
  type CrawlHooks,
  type DomainState,
} from './crawl-types.js';

/** What the steps use of the crawl running them. */
export interface DiscoveryDeps {
  ctx: Pick<AppContext, 'sql'>;
  hooks: CrawlHooks;
  robots: RobotsCache;
  outcomes: Map<string, RobotsOutcome>;
  queue: HostQueue;
  enqueue(state: DomainState, task: Omit<CrawlTask, 'domainId' | 'host'>): void;
  isAllowed(url: string): Promise<boolean>;
  fetchPage(state: DomainState, url: string, accept: readonly string[]): Promise<FetchedResponse>;
  failDomain(state: DomainState, message: string): void;
  raiseInterval(host: string, ms: number): void;
}

export function discoverySteps(deps: DiscoveryDeps) {
  const { ctx, hooks, robots, outcomes, queue, enqueue, isAllowed, fetchPage, failDomain, raiseInterval } = deps;

  /** Queues the article URLs a discovery step found that are on the site, allowed and not stored yet. */
  async function admitArticles(state: DomainState, found: { url: string; listedAt?: number }[]): Promise<void> {
    const fresh: { url: string; listedAt?: number }[] = [];
    for (const candidate of found) {
      const url = canonicalizeUrl(candidate.url);
      const parsed = url ? tryParseUrl(url) : null;
      if (!url || !parsed || !state.sameSite(parsed)) continue;
      if (state.seen.has(url)) {
        if (candidate.listedAt !== undefined) queue.raiseListedAt(hostOf(parsed), url, candidate.listedAt);
        continue;
      }
      if (!(await isAllowed(url))) continue;
      state.seen.add(url);
      fresh.push({ url, ...(candidate.listedAt === undefined ? {} : { listedAt: candidate.listedAt }) });
    }
    if (fresh.length === 0) return;
    const stored = await storedArticleUrls(
      ctx.sql,
      fresh.map((c) => c.url),
    );
    for (const candidate of fresh) {
      if (stored.has(candidate.url)) {
        state.alreadyStored++;
        continue;
      }
      if (state.candidates >= MAX_CANDIDATES_PER_DOMAIN) break;
      state.candidates++;
      enqueue(state, { step: 'article', url: candidate.url, ...(candidate.listedAt === undefined ? {} : { listedAt: candidate.listedAt }) });
    }
  }

  async function handleRobots(state: DomainState): Promise<void> {
    const { domain } = state;
    const policy = await robots.policy(domain.origin);
    if (policy === DISALLOW_ALL) {
      const outcome: RobotsOutcome | undefined = outcomes.get(domain.origin);
      const why = outcome?.error ? outcome.error.message : outcome?.status ? `HTTP ${outcome.status}` : 'unreachable';
      failDomain(state, `robots.txt could not be read (${why}); the site is not crawled`);
      return;
    }
    state.robots = policy;
    if (policy.crawlDelayMs !== null) raiseInterval(state.hostName, policy.crawlDelayMs);
    if (!policy.isAllowed(domain.startUrl)) {
      failDomain(state, `robots.txt disallows the starting page ${new URL(domain.startUrl).pathname}`);
      return;
    }
    enqueue(state, { step: 'start', url: domain.startUrl });
  }

  async function handleStart(state: DomainState): Promise<void> {
    const { domain } = state;
    const response = await fetchPage(state, domain.startUrl, PAGE_CONTENT_TYPES);
    const html = response.text();
    const finalUrl = new URL(response.url);
    if (hostOf(finalUrl) !== state.hostName) {
      // example.com → www.example.com: the site lives where the start page ended up.
      const redirected = sameSiteAs(finalUrl);
      const before = state.sameSite;
      state.sameSite = (url) => before(url) || redirected(url);
    }

    const announced = response.contentType.includes('html') ? discoverFeedLinks(html, response.url).slice(0, MAX_ANNOUNCED_FEEDS) : [];
    for (const feedUrl of announced) if (await isAllowed(feedUrl)) enqueue(state, { step: 'feed', url: feedUrl });
    if (announced.length === 0) enqueue(state, { step: 'feed', url: commonFeedUrls(finalUrl.origin)[0]!, probe: 0 });

    const listed = state.robots?.sitemaps ?? [];
    const roots = listed.length > 0 ? listed : [`${finalUrl.origin}/sitemap.xml`];
    for (const url of roots.slice(0, MAX_SITEMAPS_PER_DOMAIN)) {
      state.sitemapsQueued++;
      enqueue(state, { step: 'sitemap', url, depth: 0 });
    }

    const links = articleLinks(html, response.url, { isSameSite: state.sameSite });
    await admitArticles(
      state,
      links.map((link) => ({ url: link.url })),
    );
  }

  async function handleFeed(state: DomainState, task: CrawlTask): Promise<void> {
    const probing = task.probe !== undefined;
    let articles: { url: string; listedAt?: number }[] | null = null;
    try {
      if (await isAllowed(task.url)) {
        const response = await fetchPage(state, task.url, PAGE_CONTENT_TYPES);
        const feed = parseFeed(response.text(), response.url, { maxArticles: MAX_CANDIDATES_PER_DOMAIN });
        if (feed) articles = feed.articles.map((a) => ({ url: a.url, ...(a.publishedAt ? { listedAt: a.publishedAt.getTime() } : {}) }));
      }
    } catch (error) {
      if (!probing || error instanceof AbortedError) throw error;
    }
    if (articles) {
      await admitArticles(state, articles);
      return;
    }
    if (probing && task.probe! + 1 < MAX_FEED_PROBES) {
      const next = commonFeedUrls(new URL(task.url).origin)[task.probe! + 1];
      if (next) enqueue(state, { step: 'feed', url: next, probe: task.probe! + 1 });
    } else if (!probing) {
      hooks.activity(`${readableAddress(state.domain.url)}: ${task.url} is not a feed`);
    }
  }

  async function handleSitemap(state: DomainState, task: CrawlTask): Promise<void> {
    // robots.txt governs sitemaps too, including those it names itself.
    if (!(await isAllowed(task.url))) return;
    const response = await fetchPage(state, task.url, SITEMAP_CONTENT_TYPES);
    const sitemap = parseSitemap(response.body, response.url, { maxEntries: MAX_SITEMAP_ENTRIES });
    if (!sitemap) return;
    if (sitemap.kind === 'sitemapindex') {
      if ((task.depth ?? 0) >= MAX_SITEMAP_DEPTH) return;
      for (const child of sitemapOrder(sitemap.sitemaps)) {
        if (state.sitemapsQueued >= MAX_SITEMAPS_PER_DOMAIN) break;
        if (state.seen.has(`sitemap:${child.url}`)) continue;
        state.seen.add(`sitemap:${child.url}`);
        state.sitemapsQueued++;
        enqueue(state, { step: 'sitemap', url: child.url, depth: (task.depth ?? 0) + 1 });
      }
      return;
    }
    await admitArticles(
      state,
      sitemap.articles.map((a) => {
        const date = a.news?.publishedAt ?? a.lastModified;
        return { url: a.url, ...(date ? { listedAt: date.getTime() } : {}) };
      }),
    );
  }

  return { handleRobots, handleStart, handleFeed, handleSitemap };
}

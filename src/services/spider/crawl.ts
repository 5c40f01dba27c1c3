// One crawl run over the domains table on crawlee's BasicCrawler. For each domain:
// robots.txt, the starting page (its feed links and article links), its feeds (announced, else the
// common paths), its sitemaps (robots.txt Sitemap: lines, else /sitemap.xml; indexes followed, news
// sitemaps first), then the article pages not stored yet, newest first, up to the per-run cap.
// Every request goes through the guarded client and the shared host pacer; crawlee's own HTTP,
// robots.txt and sitemap loaders are never used (they would bypass the address checks).
import { BasicCrawler, Configuration, Log, LogLevel, type Request, type RequestProvider } from '@crawlee/basic';
import { setMaxListeners } from 'node:events';
import { join } from 'node:path';
import type { AppContext } from '../../context.js';
import { insertCrawledArticle, storedArticleUrls } from '../../db/crawl.js';
import { assignTopics } from '../article-topics/index.js';
import { readableAddress } from '../domains/host-names.js';
import { parsePublishedAt, readArticlePage } from './extraction.js';
import { HostQueue, type ArticleGate, type CrawlTask } from './host-queue.js';
import {
  AbortedError,
  DISALLOW_ALL,
  FetchError,
  HttpStatusError,
  PAGE_CONTENT_TYPES,
  SITEMAP_CONTENT_TYPES,
  articleLinks,
  canonicalizeUrl,
  commonFeedUrls,
  discoverFeedLinks,
  hostOf,
  parseFeed,
  parseSitemap,
  sameSiteAs,
  tryParseUrl,
  type RobotsPolicy,
} from './net/index.js';
import { createPacedRobots, politeFetch, type CrawlNetwork, type RobotsOutcome } from './network.js';
import { reportProblem } from '../../diagnostics.js';

/** A domain as one run crawls it. */
export interface CrawlDomain {
  id: number;
  /** As listed (activity lines show it as people read it: readableAddress). */
  url: string;
  /** host[:port]: stored as each article's domain name. */
  hostKey: string;
  origin: string;
  startUrl: string;
  /** The domain's own pause between requests (ms); the pacer never goes under 1 s. */
  throttleMs: number;
  /** Articles already stored for it in this run (by a daemon that crawled it before this one). */
  initialStored?: number;
  /** No request to its host before this time (ms): another daemon asked it something until recently. */
  notBefore?: number;
}

export interface DomainResult {
  status: 'success' | 'error';
  errorMessage: string | null;
  articlesStored: number;
}

export interface CrawlHooks {
  activity(line: string): void;
  domainStarted(domain: CrawlDomain): void;
  articleStored(domain: CrawlDomain, article: { id: number; title: string; url: string }): void;
  /** Awaited before run() resolves (recording the result). */
  domainFinished(domain: CrawlDomain, result: DomainResult): void | Promise<void>;
}

export interface CrawlOptions {
  domains: CrawlDomain[];
  network: CrawlNetwork;
  articlesPerDomain: number;
  concurrency: number;
  requestTimeoutMs: number;
  /** Where crawlee keeps its storage ({dataDir}/crawlee); in memory, nothing is written there. */
  storageDir: string;
  hooks: CrawlHooks;
  /** Keep running when out of work until finish(): domains are added as they are claimed. */
  keepOpen?: boolean;
  /** Whether an error means the database is away for now (such a task is tried again, not failed). */
  isStorageOutage?: (error: unknown) => boolean;
}

/** What a daemon sharing a crawl reports of one domain it holds. */
export interface DomainFigures {
  /** Tasks queued or in flight. */
  pending: number;
  /** Requests in flight (at most one per host). */
  active: number;
  stored: number;
  /** When a request to its host last went out from this crawl (ms), or null. */
  lastRequestAt: number | null;
  /** The pause its host needs between requests (ms): throttle, raised by robots.txt Crawl-delay. */
  intervalMs: number;
  /** Share of its crawl done, 0–1 (see siteProgress); 1 once finished. */
  progress: number;
}

/** What siteProgress weighs: one site's tasks, as its crawl counts them. */
export interface SiteWork {
  /** Tasks settled after running (a page fetched or failed for good; a URL robots.txt closed). */
  done: number;
  /** Discovery tasks queued or in flight (robots.txt, start page, feeds, sitemaps). */
  discoveryPending: number;
  /** Article pages queued or in flight. */
  articlesPending: number;
  /** Articles stored for it in this run. */
  stored: number;
  /** The per-run cap of articles per domain. */
  budget: number;
}

/**
 * How much of one site's crawl is done, 0–1: tasks done against tasks done plus those still ahead.
 * Ahead are the discovery tasks queued and the article pages the cap still allows: while discovery
 * goes on, the whole remaining cap (a site's candidates are not all known yet, and most sites have
 * more than the cap); after it, only the candidates queued, when fewer. Pages are what a crawl's time
 * goes on (one request a second or slower per host), so this tracks the site's time as well as its
 * article count, and a site with little new to fetch jumps ahead once its feeds and sitemaps are read.
 */
export function siteProgress(work: SiteWork): number {
  const budgetLeft = Math.max(0, work.budget - work.stored);
  const articlesAhead = work.discoveryPending > 0 ? budgetLeft : Math.min(budgetLeft, work.articlesPending);
  const total = work.done + work.discoveryPending + articlesAhead;
  return total > 0 ? work.done / total : 0;
}

export interface CrawlSummary {
  articlesStored: number;
  domainsFinished: number;
  requestsHandled: number;
}

export interface Crawl {
  run(): Promise<CrawlSummary>;
  pause(): void;
  resume(): void;
  /** Stops handing out requests and aborts those in flight; run() then resolves. */
  stop(): void;
  activeRequests(): number;
  pendingRequests(): number;
  /** The domain of the request most recently started. */
  currentDomain(): CrawlDomain | null;
  /** Adds a domain to a running crawl (one claimed from a shared run). */
  addDomain(domain: CrawlDomain): void;
  /** Gives a domain up (its claim was lost): its queued tasks go, nothing more is reported of it. */
  dropDomain(domainId: number): void;
  /** A keepOpen crawl ends once what it holds is done. */
  finish(): void;
  domainFigures(domainId: number): DomainFigures | null;
}

/** Feeds tried at common paths when a site announces none. */
const MAX_FEED_PROBES = 5;
/** Feeds read per site when it announces several (the first are the main ones). */
const MAX_ANNOUNCED_FEEDS = 3;
const MAX_SITEMAPS_PER_DOMAIN = 10;
const MAX_SITEMAP_DEPTH = 2;
/** Sitemap entries read per file; the protocol allows 50,000, the cap keeps a run's work bounded. */
const MAX_SITEMAP_ENTRIES = 5_000;
/** Candidate article URLs kept per domain and run (a few runs' worth beyond the cap). */
const MAX_CANDIDATES_PER_DOMAIN = 1_000;
const ARTICLE_CONTENT_TYPES = ['text/html', 'application/xhtml+xml'];
const MAX_RETRIES = 2;
const MIN_INTERVAL_MS = 1000;
const DEFAULT_INTERVAL_MS = 2000;

interface DomainState {
  domain: CrawlDomain;
  sameSite: (url: URL) => boolean;
  hostName: string;
  robots: RobotsPolicy | null;
  started: boolean;
  finished: boolean;
  pending: number;
  /** Of pending, the article pages. */
  articlesPending: number;
  /** Tasks settled after running (pending ones that were handled, not dropped). */
  handled: number;
  /** The largest share done reported so far: a sitemap index found late never moves a site back. */
  progress: number;
  stored: number;
  candidates: number;
  alreadyStored: number;
  articleAttempts: number;
  articleFailures: number;
  lastArticleError: string | null;
  sitemapsQueued: number;
  error: string | null;
  /** Given up (its claim went to another daemon). */
  dropped: boolean;
}

/** 429/503 and dropped connections are worth another try; a 404, a refusal or a timeout is not. */
function isRetriable(error: unknown): boolean {
  if (error instanceof HttpStatusError) return [429, 502, 503, 504].includes(error.status);
  return error instanceof FetchError && error.code === 'NETWORK';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function createCrawl(ctx: Pick<AppContext, 'config' | 'sql' | 'events'>, options: CrawlOptions): Crawl {
  const { network, hooks } = options;
  const controller = new AbortController();
  const signal = controller.signal;
  // Every request in flight (and every pacer wait) listens to the run's signal.
  setMaxListeners(0, signal);
  const states = new Map<number, DomainState>();
  const seen = new Set<string>();
  const finishing = new Set<Promise<void>>();
  let articlesStored = 0;
  let domainsFinished = 0;
  let requestsHandled = 0;
  let current: CrawlDomain | null = null;
  let stopped = false;
  let running = false;

  // Pause per host: the domain's throttle, raised by robots.txt Crawl-delay; hosts that are no
  // domain of their own (a feed elsewhere) get the default throttle.
  const intervals = new Map<string, number>();
  const intervalOf = (host: string): number => intervals.get(host) ?? DEFAULT_INTERVAL_MS;
  const raiseInterval = (host: string, ms: number) => {
    intervals.set(host, Math.max(intervals.get(host) ?? MIN_INTERVAL_MS, ms, MIN_INTERVAL_MS));
    queue.setInterval(host, intervalOf(host));
  };

  const queue = new HostQueue({
    articleGate: (domainId, inFlight): ArticleGate => {
      const state = states.get(domainId)!;
      if (state.finished || state.error || state.stored >= options.articlesPerDomain) return 'no';
      return state.stored + inFlight >= options.articlesPerDomain ? 'wait' : 'yes';
    },
    pausedUntil: (host) => network.pacer.pausedUntil(host),
    onSettled: (task, outcome) => {
      requestsHandled += outcome === 'handled' ? 1 : 0;
      const state = states.get(task.domainId);
      if (!state) return;
      if (task.step === 'article') state.articlesPending--;
      if (outcome === 'handled') state.handled++;
      state.pending--;
      if (state.pending === 0 && !stopped) finishDomain(state);
    },
  });
  const noteStarted = (host: string, startedAt: number) => queue.noteStarted(host, startedAt);
  const { robots, outcomes } = createPacedRobots(network, intervalOf, { signal, onStarted: noteStarted });

  function addState(domain: CrawlDomain): DomainState {
    const start = new URL(domain.startUrl);
    const origin = new URL(domain.origin);
    const sameOrigin = sameSiteAs(origin);
    const sameStart = sameSiteAs(start);
    const state: DomainState = {
      domain,
      sameSite: (url) => sameOrigin(url) || sameStart(url),
      hostName: hostOf(origin),
      robots: null,
      started: false,
      finished: false,
      pending: 0,
      articlesPending: 0,
      handled: 0,
      progress: 0,
      stored: domain.initialStored ?? 0,
      candidates: 0,
      alreadyStored: 0,
      articleAttempts: 0,
      articleFailures: 0,
      lastArticleError: null,
      sitemapsQueued: 0,
      error: null,
      dropped: false,
    };
    states.set(domain.id, state);
    raiseInterval(state.hostName, domain.throttleMs);
    if (domain.notBefore) queue.holdUntil(state.hostName, domain.notBefore);
    return state;
  }

  for (const domain of options.domains) addState(domain);

  function enqueue(state: DomainState, task: Omit<CrawlTask, 'domainId' | 'host'>): void {
    if (stopped || state.finished || state.error) return;
    const host = hostOf(task.url);
    // A sister host of the site (www.) is paced like the site itself.
    if (!intervals.has(host)) raiseInterval(host, host === state.hostName || !state.sameSite(new URL(task.url)) ? DEFAULT_INTERVAL_MS : intervalOf(state.hostName));
    state.pending++;
    if (task.step === 'article') state.articlesPending++;
    queue.add({ ...task, domainId: state.domain.id, host });
  }

  function failDomain(state: DomainState, message: string): void {
    if (state.error) return;
    state.error = message;
    hooks.activity(`${readableAddress(state.domain.url)}: ${message}`);
    queue.dropDomain(state.domain.id);
  }

  function finishDomain(state: DomainState): void {
    if (state.finished) return;
    state.finished = true;
    const result = domainResult(state);
    domainsFinished++;
    const done = Promise.resolve()
      .then(() => hooks.domainFinished(state.domain, result))
      .catch((error: unknown) => reportProblem(`recording the crawl of ${state.domain.url} failed`, error))
      .finally(() => finishing.delete(done));
    finishing.add(done);
  }

  function domainResult(state: DomainState): DomainResult {
    const articles = { articlesStored: state.stored };
    if (state.error) return { status: 'error', errorMessage: state.error, ...articles };
    if (state.candidates === 0 && state.alreadyStored === 0) {
      return { status: 'error', errorMessage: 'No articles found (no feed, sitemap or article links)', ...articles };
    }
    if (state.articleAttempts > 0 && state.stored === 0 && state.articleFailures === state.articleAttempts && state.alreadyStored === 0) {
      return { status: 'error', errorMessage: `All ${state.articleAttempts} article pages failed: ${state.lastArticleError}`, ...articles };
    }
    return { status: 'success', errorMessage: null, ...articles };
  }

  const fetchPage = (url: string, accept: readonly string[]) =>
    politeFetch(network, url, { intervalMs: intervalOf(hostOf(url)), accept, signal, onStarted: noteStarted });

  async function isAllowed(url: string): Promise<boolean> {
    return !network.isAvoided(url) && (await robots.isAllowed(url));
  }

  /** Queues the article URLs a discovery step found that are on the site, allowed and not stored yet. */
  async function admitArticles(state: DomainState, found: { url: string; rank?: number }[]): Promise<void> {
    const fresh: { url: string; rank?: number }[] = [];
    for (const candidate of found) {
      const url = canonicalizeUrl(candidate.url);
      const parsed = url ? tryParseUrl(url) : null;
      if (!url || !parsed || !state.sameSite(parsed)) continue;
      if (seen.has(url)) {
        if (candidate.rank !== undefined) queue.raiseRank(hostOf(parsed), url, candidate.rank);
        continue;
      }
      if (!(await isAllowed(url))) continue;
      seen.add(url);
      fresh.push({ url, ...(candidate.rank === undefined ? {} : { rank: candidate.rank }) });
    }
    if (fresh.length === 0) return;
    const stored = await storedArticleUrls(ctx.sql, fresh.map((c) => c.url));
    for (const candidate of fresh) {
      if (stored.has(candidate.url)) {
        state.alreadyStored++;
        continue;
      }
      if (state.candidates >= MAX_CANDIDATES_PER_DOMAIN) break;
      state.candidates++;
      enqueue(state, { step: 'article', url: candidate.url, ...(candidate.rank === undefined ? {} : { rank: candidate.rank }) });
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
    const response = await fetchPage(domain.startUrl, PAGE_CONTENT_TYPES);
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
    await admitArticles(state, links.map((link) => ({ url: link.url })));
  }

  async function handleFeed(state: DomainState, task: CrawlTask): Promise<void> {
    const probing = task.probe !== undefined;
    let articles: { url: string; rank?: number }[] | null = null;
    try {
      if (await isAllowed(task.url)) {
        const response = await fetchPage(task.url, PAGE_CONTENT_TYPES);
        const feed = parseFeed(response.text(), response.url, { maxArticles: MAX_CANDIDATES_PER_DOMAIN });
        if (feed) articles = feed.articles.map((a) => ({ url: a.url, ...(a.publishedAt ? { rank: a.publishedAt.getTime() } : {}) }));
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
    const response = await fetchPage(task.url, SITEMAP_CONTENT_TYPES);
    const sitemap = parseSitemap(response.body, response.url, { maxEntries: MAX_SITEMAP_ENTRIES });
    if (!sitemap) return;
    if (sitemap.kind === 'sitemapindex') {
      if ((task.depth ?? 0) >= MAX_SITEMAP_DEPTH) return;
      const children = [...sitemap.sitemaps].sort(
        (a, b) =>
          Number(/news/i.test(new URL(b.url).pathname)) - Number(/news/i.test(new URL(a.url).pathname)) ||
          (b.lastModified?.getTime() ?? 0) - (a.lastModified?.getTime() ?? 0),
      );
      for (const child of children) {
        if (state.sitemapsQueued >= MAX_SITEMAPS_PER_DOMAIN) break;
        if (seen.has(`sitemap:${child.url}`)) continue;
        seen.add(`sitemap:${child.url}`);
        state.sitemapsQueued++;
        enqueue(state, { step: 'sitemap', url: child.url, depth: (task.depth ?? 0) + 1 });
      }
      return;
    }
    await admitArticles(
      state,
      sitemap.articles.map((a) => {
        const date = a.news?.publishedAt ?? a.lastModified;
        return { url: a.url, ...(date ? { rank: date.getTime() } : {}) };
      }),
    );
  }

  async function handleArticle(state: DomainState, task: CrawlTask): Promise<void> {
    if (!(await isAllowed(task.url))) return;
    state.articleAttempts++;
    const response = await fetchPage(task.url, ARTICLE_CONTENT_TYPES);
    // A redirect may have led somewhere robots.txt closes, or off the site.
    const final = new URL(response.url);
    if (!state.sameSite(final) || !(await isAllowed(response.url))) return;
    const page = readArticlePage(response.text(), response.url);
    if (!page.title) return;
    const sourceUrl = canonicalizeUrl(response.url) ?? task.url;
    const declared = page.canonicalUrl ? canonicalizeUrl(page.canonicalUrl, response.url) : null;
    const declaredUrl = declared ? new URL(declared) : null;
    // A canonical link to the home page (a common misconfiguration) would merge every article.
    const canonicalUrl = declaredUrl && state.sameSite(declaredUrl) && declaredUrl.pathname !== '/' ? declared! : sourceUrl;
    const [topic] = await assignTopics(ctx, [{ title: page.title, text: page.text }]);
    const id = await insertCrawledArticle(ctx.sql, {
      domainId: state.domain.id,
      domainName: state.domain.hostKey,
      sourceUrl,
      canonicalUrl,
      title: page.title,
      content: page.text,
      excerpt: page.excerpt,
      author: page.author,
      publishedAt: parsePublishedAt(page.publishedAt),
      imageUrl: page.imageUrl,
      language: page.language,
      wordCount: page.wordCount,
      topic: topic?.topic ?? null,
      topicSource: topic?.source ?? null,
      siteName: page.siteName,
    });
    seen.add(canonicalUrl);
    if (id === null) {
      state.alreadyStored++;
      return;
    }
    state.stored++;
    articlesStored++;
    if (!state.dropped) hooks.articleStored(state.domain, { id, title: page.title, url: sourceUrl });
  }

  async function handle(request: Request): Promise<void> {
    const task = request.userData as CrawlTask;
    const state = states.get(task.domainId)!;
    current = state.domain;
    if (!state.started) {
      state.started = true;
      hooks.domainStarted(state.domain);
    }
    if (state.error || stopped) return;
    try {
      switch (task.step) {
        case 'robots':
          return await handleRobots(state);
        case 'start':
          return await handleStart(state);
        case 'feed':
          return await handleFeed(state, task);
        case 'sitemap':
          return await handleSitemap(state, task);
        case 'article':
          return await handleArticle(state, task);
      }
    } catch (error) {
      // The database is away (the share of the crawl pauses until it is back): the page is asked
      // again after the host's pause, without using up its retries.
      if (options.isStorageOutage?.(error) && !stopped) {
        request.retryCount = Math.max(0, request.retryCount - 1);
        throw error;
      }
      // Crawlee settles a request before its failedRequestHandler runs, so the last failure is
      // recorded here, while the domain still counts the task as pending.
      if (!isRetriable(error) || stopped || request.retryCount >= MAX_RETRIES) {
        request.noRetry = true;
        recordFailure(task, state, error);
      }
      throw error;
    }
  }

  function recordFailure(task: CrawlTask, state: DomainState, error: unknown): void {
    if (stopped || error instanceof AbortedError) return;
    const message = messageOf(error);
    if (task.step === 'robots' || task.step === 'start') {
      failDomain(state, message);
    } else if (task.step === 'article') {
      state.articleFailures++;
      state.lastArticleError = message;
      hooks.activity(`${readableAddress(state.domain.url)}: ${task.url}: ${message}`);
    } else {
      hooks.activity(`${readableAddress(state.domain.url)}: ${task.step} ${task.url}: ${message}`);
    }
  }

  const crawler = new BasicCrawler(
    {
      // (crawlee 3.18 types a `requestManager` option but its validator rejects it; under this name
      // only fetchNextRequest/addRequest are checked and the queue is used as the request manager.)
      requestQueue: queue as unknown as RequestProvider,
      minConcurrency: options.concurrency,
      maxConcurrency: options.concurrency,
      maxRequestRetries: MAX_RETRIES,
      requestHandlerTimeoutSecs: Math.ceil((options.requestTimeoutMs * 2) / 1000) + 60,
      useSessionPool: false,
      statusMessageLoggingInterval: 24 * 3600,
      log: new Log({ level: LogLevel.OFF }),
      // Lanes become ready on their own clock; look for ready work often.
      autoscaledPoolOptions: { maybeRunIntervalSecs: 0.05, loggingIntervalSecs: null },
      requestHandler: async ({ request }) => handle(request),
    },
    new Configuration({
      storageClientOptions: { localDataDirectory: join(options.storageDir), persistStorage: false, writeMetadata: false },
      persistStorage: false,
      purgeOnStart: false,
      // Concurrency is fixed, so crawlee's CPU and memory sampling (which spawns `ps`) has nothing to decide.
      systemInfoIntervalMillis: 10 * 60_000,
      persistStateIntervalMillis: 10 * 60_000,
    }),
  );

  return {
    async run() {
      running = true;
      queue.keepOpen = options.keepOpen ?? false;
      for (const state of states.values()) enqueue(state, { step: 'robots', url: new URL('/robots.txt', state.domain.origin).href });
      if (states.size > 0 || queue.keepOpen) await crawler.run();
      await Promise.all([...finishing]);
      return { articlesStored, domainsFinished, requestsHandled };
    },
    pause() {
      queue.paused = true;
    },
    resume() {
      queue.paused = false;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      queue.close();
      controller.abort(new AbortedError());
      crawler.stop('The spider was stopped.');
    },
    activeRequests: () => queue.inFlightCount,
    pendingRequests: () => queue.getPendingCount(),
    currentDomain: () => current,
    addDomain(domain) {
      if (stopped || states.has(domain.id)) return;
      const state = addState(domain);
      if (running) enqueue(state, { step: 'robots', url: new URL('/robots.txt', domain.origin).href });
    },
    dropDomain(domainId) {
      const state = states.get(domainId);
      if (!state || state.finished) return;
      state.dropped = true;
      state.finished = true;
      queue.dropDomain(domainId);
    },
    finish() {
      queue.keepOpen = false;
    },
    domainFigures(domainId) {
      const state = states.get(domainId);
      if (!state) return null;
      const active = queue.isBusy(state.hostName) ? 1 : 0;
      const share = state.finished
        ? 1
        : siteProgress({
            done: state.handled,
            discoveryPending: state.pending - state.articlesPending,
            articlesPending: state.articlesPending,
            stored: state.stored,
            budget: options.articlesPerDomain,
          });
      state.progress = Math.max(state.progress, share);
      return {
        pending: Math.max(0, state.pending - active),
        active,
        stored: state.stored,
        lastRequestAt: queue.lastStartedAt(state.hostName),
        intervalMs: intervalOf(state.hostName),
        progress: state.progress,
      };
    },
  };
}

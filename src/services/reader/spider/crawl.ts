// One crawl run over the domains table, its requests run by crawlee's AutoscaledPool. For each domain:
// the discovery steps (crawl-discovery.ts: robots.txt, the starting page, feeds, sitemaps), then the
// article pages not stored yet, newest first, up to the per-run cap.
// Every request goes through the guarded client and the shared host pacer; crawlee's own HTTP,
// robots.txt and sitemap loaders are never used (they would bypass the address checks). crawlee is
// used for what it is built to be used for standalone: its AutoscaledPool runs up to `concurrency`
// requests at once, asking the host queue (one lane per host, each paced) what is ready; the queue,
// retries and the handler's time limit are ours, so nothing is handed to crawlee through a cast.
import type { AutoscaledPool } from '@crawlee/basic';
import { setMaxListeners } from 'node:events';
import type { AppContext } from '../../../context.js';
import { readableAddress } from '../domains/host-names.js';
import { diskFull, diskStatus } from '../../platform/health/disk-monitor.js';
import { keptLanguages, storeArticlePage } from './article-page.js';
import { discoverySteps } from './crawl-discovery.js';
import { HostQueue, type ArticleGate, type CrawlTask, type QueuedRequest } from './host-queue.js';
import { AbortedError, DEFAULT_HOST_INTERVAL_MS, hostInterval, hostOf, sameSiteAs } from './net/index.js';
import { createPacedRobots, politeFetch } from './network.js';
import { reportProblem } from '../../../diagnostics.js';
import {
  ARTICLE_CONTENT_TYPES,
  MAX_RETRIES,
  domainResult,
  isRetriable,
  LeaseLapsedError,
  messageOf,
  siteProgress,
  type Crawl,
  type CrawlDomain,
  type CrawlOptions,
  type DomainState,
} from './crawl-types.js';

export function createCrawl(ctx: Pick<AppContext, 'config' | 'sql' | 'events' | 'jobs'>, options: CrawlOptions): Crawl {
  const { network, hooks } = options;
  const controller = new AbortController();
  const signal = controller.signal;
  // Every request in flight (and every pacer wait) listens to the run's signal.
  setMaxListeners(0, signal);
  const states = new Map<number, DomainState>();
  // Each task belongs to the state it was queued for: a domain dropped and claimed again gets a new
  // state, and its old requests still in flight settle against the old one.
  const stateOf = new WeakMap<CrawlTask, DomainState>();
  const finishing = new Set<Promise<void>>();
  // Handlers still working: crawlee's abort ends the pool's run without waiting for them.
  const handling = new Set<Promise<void>>();
  // The languages kept, read once per run (a change applies from the next crawl).
  const chosenLanguages = keptLanguages(ctx);
  let articlesStored = 0;
  let domainsFinished = 0;
  let requestsHandled = 0;
  let current: CrawlDomain | null = null;
  let stopped = false;
  let running = false;

  // Pause per host: the domain's throttle, raised by robots.txt Crawl-delay; hosts that are no
  // domain of their own (a feed elsewhere) get the default throttle.
  const intervals = new Map<string, number>();
  const intervalOf = (host: string): number => intervals.get(host) ?? DEFAULT_HOST_INTERVAL_MS;
  const raiseInterval = (host: string, ms: number) => {
    intervals.set(host, hostInterval(intervals.get(host), ms));
    queue.setInterval(host, intervalOf(host));
  };

  // Each claimed domain's lease as last confirmed (a shared crawl): a daemon whose renewal is late,
  // its process stalled or the database slow, sends nothing once its lease may have lapsed, so a
  // host another daemon took over is never asked by both.
  const leaseEnds = new Map<number, number>();
  const leaseHolds = (domainId: number) => (leaseEnds.get(domainId) ?? Infinity) > Date.now();

  const queue = new HostQueue({
    mayRequest: leaseHolds,
    articleGate: (domainId, inFlight): ArticleGate => {
      const state = states.get(domainId)!;
      if (state.finished || state.error || state.stored >= options.articlesPerDomain) return 'no';
      return state.stored + inFlight >= options.articlesPerDomain ? 'wait' : 'yes';
    },
    pausedUntil: (host) => network.pacer.pausedUntil(host),
    onSettled: (task, outcome) => {
      requestsHandled += outcome === 'handled' ? 1 : 0;
      const state = stateOf.get(task);
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
      skipped: 0,
      articleAttempts: 0,
      articleFailures: 0,
      lastArticleError: null,
      sitemapsQueued: 0,
      error: null,
      dropped: false,
      seen: new Set(),
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
    if (!intervals.has(host))
      raiseInterval(host, host === state.hostName || !state.sameSite(new URL(task.url)) ? DEFAULT_HOST_INTERVAL_MS : intervalOf(state.hostName));
    state.pending++;
    if (task.step === 'article') state.articlesPending++;
    const queued: CrawlTask = { ...task, domainId: state.domain.id, host };
    stateOf.set(queued, state);
    queue.add(queued);
  }

  function failDomain(state: DomainState, message: string): void {
    // A dropped state's late failure must not drop the tasks of the domain's next claim.
    if (state.error || state.dropped) return;
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

  // Checked again as the request goes out: the host's pause may have outlasted the lease.
  const fetchPage = (state: DomainState, url: string, accept: readonly string[]) =>
    politeFetch(network, url, {
      intervalMs: intervalOf(hostOf(url)),
      accept,
      signal,
      onStarted: (host, startedAt) => {
        if (!leaseHolds(state.domain.id)) throw new LeaseLapsedError();
        noteStarted(host, startedAt);
      },
    });

  async function isAllowed(url: string): Promise<boolean> {
    return !network.isAvoided(url) && (await robots.isAllowed(url));
  }

  const { handleRobots, handleStart, handleFeed, handleSitemap } = discoverySteps({
    ctx,
    hooks,
    robots,
    outcomes,
    queue,
    enqueue,
    isAllowed,
    fetchPage,
    failDomain,
    raiseInterval,
  });

  async function handleArticle(state: DomainState, request: QueuedRequest): Promise<void> {
    const task = request.userData;
    if (!(await isAllowed(task.url))) return;
    // Below the disk's floor no article is stored: the site ends with the reason (not one failure
    // per article), and the next run, once there is room, crawls it again.
    const disk = diskStatus(ctx);
    if (disk.full) return failDomain(state, diskFull(disk, 'articles not stored').message);
    state.articleAttempts++;
    const response = await fetchPage(state, task.url, ARTICLE_CONTENT_TYPES);
    // Only an article lets the host go before its handler ends: a discovery step's handler queues
    // what it found, which must be in the lane before its next request is chosen (newest first).
    queue.markHostDone(request);
    // A redirect may have led somewhere robots.txt closes, or off the site.
    const final = new URL(response.url);
    if (!state.sameSite(final) || !(await isAllowed(response.url))) return;
    const page = { html: response.text(), url: response.url, requestedUrl: task.url, listedAt: task.listedAt };
    const stored = await storeArticlePage(ctx, page, state.domain, state.sameSite, await chosenLanguages);
    if (!stored) return;
    const { id, title, sourceUrl, canonicalUrl } = stored;
    state.seen.add(canonicalUrl);
    if (stored.skipped) {
      state.skipped++;
      return;
    }
    if (id === null) {
      state.alreadyStored++;
      return;
    }
    state.stored++;
    articlesStored++;
    if (!state.dropped) hooks.articleStored(state.domain, { id, title, url: sourceUrl });
  }

  async function handle(request: QueuedRequest): Promise<void> {
    const task = request.userData;
    const state = stateOf.get(task)!;
    current = state.domain;
    if (!state.started) {
      state.started = true;
      hooks.domainStarted(state.domain);
    }
    if (state.error || state.dropped || stopped) return;
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
          return await handleArticle(state, request);
      }
    } catch (error) {
      // The database is away (the share of the crawl pauses until it is back), or the claim's lease
      // is unconfirmed: the page is asked again later, without using up its retries.
      // Its claim was lost meanwhile: nothing more is asked for this state of the domain.
      if (state.dropped) {
        request.noRetry = true;
        throw error;
      }
      if ((options.isStorageOutage?.(error) || error instanceof LeaseLapsedError) && !stopped) {
        request.retryCount = Math.max(0, request.retryCount - 1);
        throw error;
      }
      // The last failure is recorded here, while the domain still counts the task as pending.
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

  // A handler still running after this (its requests each have their own time limits) is given up:
  // its request is retried, like any failure.
  const handlerTimeoutMs = (Math.ceil((options.requestTimeoutMs * 2) / 1000) + 60) * 1000;

  /** One request from the queue: handled, or after a retriable failure back in its lane (MAX_RETRIES times at most). */
  async function runTask(): Promise<void> {
    const request = queue.nextReadyRequest();
    if (!request) return;
    try {
      const work = handle(request);
      handling.add(work);
      void work.catch(() => {}).finally(() => handling.delete(work));
      await withTimeout(work, handlerTimeoutMs);
      queue.markRequestHandled(request);
    } catch {
      if (!request.noRetry && !stopped && request.retryCount < MAX_RETRIES) {
        request.retryCount++;
        queue.reclaimRequest(request);
      } else {
        queue.markRequestHandled(request);
      }
    }
  }

  // crawlee is loaded when a crawl runs: a command or a daemon that never crawls does not pay its load.
  let pool: AutoscaledPool | null = null;
  async function makePool(): Promise<AutoscaledPool> {
    const { AutoscaledPool, Configuration, Log, LogLevel } = await import('@crawlee/basic');
    return new AutoscaledPool(
      {
        minConcurrency: options.concurrency,
        maxConcurrency: options.concurrency,
        runTaskFunction: runTask,
        isTaskReadyFunction: async () => queue.hasReadyRequest(),
        isFinishedFunction: async () => queue.isFinished(),
        // Lanes become ready on their own clock; look for ready work often.
        maybeRunIntervalSecs: 0.05,
        loggingIntervalSecs: null,
        log: new Log({ level: LogLevel.OFF }),
      },
      // Concurrency is fixed, so crawlee's CPU and memory sampling has nothing to decide: rarely.
      new Configuration({ systemInfoIntervalMillis: 10 * 60_000, persistStorage: false }),
    );
  }

  return {
    async run() {
      running = true;
      queue.keepOpen = options.keepOpen ?? false;
      for (const state of states.values()) enqueue(state, { step: 'robots', url: new URL('/robots.txt', state.domain.origin).href });
      if (states.size > 0 || queue.keepOpen) {
        pool = await makePool();
        if (!stopped) await pool.run();
      }
      // After a stop, a page already fetched may still be storing: the caller hands its domains
      // over once run() returns, so what was stored must be counted by then.
      if (handling.size > 0) await withTimeout(Promise.allSettled([...handling]), handlerTimeoutMs).catch(() => {});
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
      void pool?.abort();
    },
    activeRequests: () => queue.inFlightCount,
    pendingRequests: () => queue.getPendingCount(),
    currentDomain: () => current,
    addDomain(domain) {
      // A domain dropped earlier (its lease lapsed) and claimed again starts afresh.
      if (stopped || (states.has(domain.id) && !states.get(domain.id)!.dropped)) return;
      const state = addState(domain);
      if (running) enqueue(state, { step: 'robots', url: new URL('/robots.txt', domain.origin).href });
    },
    holdLease(domainId, until) {
      leaseEnds.set(domainId, until);
    },
    dropDomain(domainId) {
      // A request of it still waiting for its host's turn is not sent either.
      leaseEnds.set(domainId, 0);
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
        lastRequestAt: queue.lastRequestAt(state.hostName),
        intervalMs: intervalOf(state.hostName),
        progress: state.progress,
      };
    },
  };
}

/** The work's result, or a rejection once `ms` have passed (the work itself is not stopped). */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`The request handler did not finish in ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}

// The process's one way out to the web for crawling: a guarded client that refuses avoided hosts
// and private addresses, and one host pacer shared by the spider, the re-fetcher, favicons and the
// related-site scrape, so that together they never ask one host more than once a second.
import type { AppContext } from '../../../context.js';
import { contextJob, contextSlot, existingContextJob } from '../../../context.js';
import { listAvoidDomains } from '../../../db/avoid-domains.js';
import {
  type FetchError,
  HttpStatusError,
  createGuardedClient,
  createHostPacer,
  createRobotsCache,
  hostOf,
  type FetchOptions,
  type FetchedResponse,
  type GuardedClient,
  type HostPacer,
  type Resolver,
  type RobotsCache,
  createAvoidMatcher,
} from './net/index.js';
import { reportProblem } from '../../../diagnostics.js';
import { countCrawlAnswer, countCrawlFailure } from '../../platform/metrics/crawl-counters.js';

async function loadAvoidMatcher(ctx: Pick<AppContext, 'sql'>): Promise<(hostOrUrl: string) => boolean> {
  return createAvoidMatcher((await listAvoidDomains(ctx.sql)).map((row) => row.url));
}

export interface CrawlNetwork {
  client: GuardedClient;
  pacer: HostPacer;
  /** Whether a host or URL is on the avoid list (sub-domains included), as last read. */
  isAvoided(hostOrUrl: string): boolean;
  /** Re-reads the avoid list; done on every avoid_domains_updated message too. */
  refreshAvoidList(): Promise<void>;
  close(): void;
}

export interface PoliteFetchOptions extends FetchOptions {
  /** Pause between two requests to the host (the pacer never goes under 1 s). */
  intervalMs: number;
  /** Told when the request was let through, for the caller's own scheduling. */
  onStarted?: (host: string, startedAt: number) => void;
}

/** Test seams: a resolver for host names, nothing else. */
export interface CrawlNetworkOptions {
  lookup?: Resolver;
}

interface NetworkJob {
  network: Promise<CrawlNetwork> | null;
}

const CRAWL_NETWORK = contextSlot<NetworkJob>('crawl-network');

/** The context's crawl network, created on first use and closed with `closeCrawlNetwork`. */
export function crawlNetwork(ctx: Pick<AppContext, 'config' | 'sql' | 'events' | 'jobs'>, options: CrawlNetworkOptions = {}): Promise<CrawlNetwork> {
  const job = contextJob(ctx, CRAWL_NETWORK, () => ({ network: null }));
  job.network ??= openCrawlNetwork(ctx, options).catch((error: unknown) => {
    job.network = null;
    throw error;
  });
  return job.network;
}

export async function closeCrawlNetwork(ctx: Pick<AppContext, 'jobs'>): Promise<void> {
  const job = existingContextJob(ctx, CRAWL_NETWORK);
  if (!job?.network) return;
  const network = await job.network.catch(() => null);
  job.network = null;
  network?.close();
}

async function openCrawlNetwork(ctx: Pick<AppContext, 'config' | 'sql' | 'events'>, options: CrawlNetworkOptions): Promise<CrawlNetwork> {
  let isAvoided = await loadAvoidMatcher(ctx);
  const timeout = ctx.config.spider.requestTimeoutMs;
  const client = createGuardedClient({
    userAgent: ctx.config.userAgent,
    allowPrivateNetworks: ctx.config.allowPrivateNetworks,
    totalTimeoutMs: timeout,
    readTimeoutMs: Math.min(20_000, timeout),
    connectTimeoutMs: Math.min(10_000, timeout),
    // Asked for the first URL and every redirect: an avoided host is never fetched, even when linked.
    isHostAllowed: (host) => !isAvoided(host),
    ...(options.lookup ? { lookup: options.lookup } : {}),
  });
  const refreshAvoidList = async () => {
    isAvoided = await loadAvoidMatcher(ctx);
  };
  const unsubscribe = ctx.events.on('avoid_domains_updated', () => {
    refreshAvoidList().catch((error: unknown) => reportProblem('avoid list refresh failed', error));
  });
  return {
    client,
    pacer: createHostPacer(),
    isAvoided: (hostOrUrl) => isAvoided(hostOrUrl),
    refreshAvoidList,
    close() {
      unsubscribe();
      client.close();
    },
  };
}

/** One request through the pacer: waits for the host's turn, fetches, and records 429/503 back-offs. */
export async function politeFetch(network: CrawlNetwork, url: string, options: PoliteFetchOptions): Promise<FetchedResponse> {
  const host = hostOf(url);
  const { intervalMs, onStarted, ...fetchOptions } = options;
  const startedAt = await network.pacer.wait(host, intervalMs, options.signal);
  onStarted?.(host, startedAt);
  try {
    const response = await network.client.fetch(url, {
      ...fetchOptions,
      onSent: (at) => {
        network.pacer.sent(host, at);
        fetchOptions.onSent?.(at);
      },
    });
    network.pacer.succeeded(host);
    countCrawlAnswer(response.status, response.body.length);
    return response;
  } catch (error) {
    countCrawlFailure(error);
    if (error instanceof HttpStatusError && (error.status === 429 || error.status === 503)) {
      network.pacer.backOff(host, error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs });
    }
    throw error;
  }
}

export interface RobotsOutcome {
  status?: number;
  error?: FetchError;
}

/** A robots.txt cache for one run, paced like every other request, remembering how each fetch went. */
export function createPacedRobots(
  network: CrawlNetwork,
  intervalFor: (host: string) => number,
  options: { signal?: AbortSignal; onStarted?: (host: string, startedAt: number) => void } = {},
): { robots: RobotsCache; outcomes: Map<string, RobotsOutcome> } {
  const outcomes = new Map<string, RobotsOutcome>();
  const robots = createRobotsCache({
    client: network.client,
    beforeFetch: async (url) => {
      const host = hostOf(url);
      const startedAt = await network.pacer.wait(host, intervalFor(host), options.signal);
      options.onStarted?.(host, startedAt);
    },
    onSent: (url, at) => network.pacer.sent(hostOf(url), at),
    afterFetch: (url, outcome) => {
      outcomes.set(new URL(url).origin, outcome);
      if (outcome.status === 429 || outcome.status === 503) {
        const retryAfterMs = outcome.error instanceof HttpStatusError ? outcome.error.retryAfterMs : undefined;
        network.pacer.backOff(hostOf(url), retryAfterMs === undefined ? {} : { retryAfterMs });
      }
    },
  });
  return { robots, outcomes };
}

// The shapes of one crawl run (crawl.ts): the domains it crawls, what it reports per site and at
// its end, its hooks and options, and the limits that keep a run's work per site bounded.
import { FetchError, HttpStatusError, type RobotsPolicy } from './net/index.js';
import type { CrawlNetwork } from './network.js';
import type { SiteRules } from '../../../api/domains.js';

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
  /** The administrator's extraction rules for its pages. */
  rules?: SiteRules | null;
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
  /** When this crawl's last request to its host was done with (ms; HostQueue.lastRequestAt), or null. */
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
  /** Adds a domain to a running crawl (one claimed from a shared run; a dropped one starts afresh). */
  addDomain(domain: CrawlDomain): void;
  /** Gives a domain up (its claim was lost): its queued tasks go, nothing more is reported of it. */
  dropDomain(domainId: number): void;
  /**
   * No request for the domain goes out from `until` (clock ms) on, until a later call: the end of
   * its claim's lease as this daemon last confirmed it. Domains never given one are not limited.
   */
  holdLease(domainId: number, until: number): void;
  /** A keepOpen crawl ends once what it holds is done. */
  finish(): void;
  domainFigures(domainId: number): DomainFigures | null;
}

/** Feeds tried at common paths when a site announces none. */
export const MAX_FEED_PROBES = 5;
/** Feeds read per site when it announces several (the first are the main ones). */
export const MAX_ANNOUNCED_FEEDS = 3;
export const MAX_SITEMAPS_PER_DOMAIN = 10;
export const MAX_SITEMAP_DEPTH = 2;
/** Sitemap entries read per file; the protocol allows 50,000, the cap keeps a run's work bounded. */
export const MAX_SITEMAP_ENTRIES = 5_000;
/** Candidate article URLs kept per domain and run (a few runs' worth beyond the cap). */
export const MAX_CANDIDATES_PER_DOMAIN = 1_000;
export const ARTICLE_CONTENT_TYPES = ['text/html', 'application/xhtml+xml'];
export const MAX_RETRIES = 2;

export interface DomainState {
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
  /** Pages read and not kept (a language not chosen). */
  skipped: number;
  articleAttempts: number;
  articleFailures: number;
  lastArticleError: string | null;
  sitemapsQueued: number;
  error: string | null;
  /** Given up (its claim went to another daemon); a later claim of the domain starts a new state. */
  dropped: boolean;
  /** URLs (and `sitemap:` URLs) this domain's crawl has met. */
  seen: Set<string>;
}

/** A request not sent: the domain's claim lease was not confirmed in time (tried again once it is). */
export class LeaseLapsedError extends Error {
  constructor() {
    super('The crawl claim lapsed before the request went out');
  }
}

/** 429/503 and dropped connections are worth another try; a 404, a refusal or a timeout is not. */
export function isRetriable(error: unknown): boolean {
  if (error instanceof HttpStatusError) return [429, 502, 503, 504].includes(error.status);
  return error instanceof FetchError && error.code === 'NETWORK';
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** How a domain's crawl ended, from what its steps found and stored. */
export function domainResult(state: DomainState): DomainResult {
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

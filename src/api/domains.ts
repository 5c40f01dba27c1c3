// Wire types of source domains and the avoid list.

/** The statuses an administrator can set on a domain (PUT /api/domains/:id). */
export const DOMAIN_STATUSES = ['active', 'success', 'error', 'avoided'] as const;
export type SettableDomainStatus = (typeof DOMAIN_STATUSES)[number];
/** A domain's status as stored: the settable ones, and the crawler's own paused and idle. */
export type DomainStatus = SettableDomainStatus | 'paused' | 'idle';

/** DELETE /api/domains/:id and /api/avoid-domains/:id. */
export interface RemovedDomain {
  message: string;
  id: number;
}

/** GET /api/domains/export. */
export interface DomainExport {
  lines: string[];
  text: string;
}

/** A domain as the console lists it. */
export interface DomainView {
  id: number;
  url: string;
  host: string;
  status: DomainStatus;
  priority: number | null;
  /** Seconds between two requests to the site (never under 1). */
  throttle: number;
  startingUrl: string | null;
  errorMessage: string | null;
  lastScraped: string | null;
  articlesCount: number;
}

export interface AvoidDomainView {
  id: number;
  url: string;
  reason: string | null;
}

export interface NewDomainInput {
  url: string;
  status?: SettableDomainStatus;
  priority?: number | null;
  startingUrl?: string | null;
  throttle?: number;
}

export interface DomainChanges {
  priority?: number | null;
  status?: SettableDomainStatus;
  throttle?: number;
  startingUrl?: string | null;
}

export interface ImportResult {
  added: number;
  skipped: number;
  /** Why each skipped line was skipped. */
  skippedLines: { line: string; reason: string }[];
}

export interface RelatedScrapeResult {
  message: string;
  added: number;
  skipped: number;
  /** Domains added, as listed. */
  domains: string[];
}

export interface RelatedSite {
  url: string;
  /**
   * The host the console shows ("Scrape Domains from {host}") and looks its article count up by in
   * /api/domain-stats: the crawler's key, so with its port when it has one (127.0.0.2:8080).
   */
  host: string;
}

/** GET /api/domains/related-sites. */
export interface RelatedSites {
  sites: RelatedSite[];
}

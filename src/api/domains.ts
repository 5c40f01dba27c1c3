// Wire types of source domains and the avoid list.
import type { z } from 'zod';
import type { DOMAIN_STATUSES } from './domain-statuses.js';
import type { avoidDomainView, domainView } from './response-schemas.js';

export { DOMAIN_STATUSES } from './domain-statuses.js';
export type SettableDomainStatus = (typeof DOMAIN_STATUSES)[number];
/** A domain's status as stored: the settable ones, and the crawler's own paused and idle. */
export type DomainStatus = DomainView['status'];

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
export type DomainView = z.infer<typeof domainView>;

export type AvoidDomainView = z.infer<typeof avoidDomainView>;

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

// Wire types of source domains and the avoid list.
import type { z } from 'zod';
import type * as schemas from './schemas/domains.js';
import type * as requests from './request-schemas.js';

/** A domain's status as stored: the settable ones, and the crawler's own paused and idle. */
export type DomainStatus = DomainView['status'];

/** DELETE /api/domains/:id and /api/avoid-domains/:id. */
export type RemovedDomain = z.infer<typeof schemas.removedDomain>;

/** GET /api/domains/export. */
export type DomainExport = z.infer<typeof schemas.domainExport>;

/** A domain as the console lists it. */
export type DomainView = z.infer<typeof schemas.domainView>;

export type AvoidDomainView = z.infer<typeof schemas.avoidDomainView>;

export type NewDomainInput = z.input<typeof requests.newDomainInput>;

export type DomainChanges = z.input<typeof requests.domainChanges>;

export type ImportResult = z.infer<typeof schemas.importResult>;

export type RelatedScrapeResult = z.infer<typeof schemas.relatedScrapeResult>;

/** GET /api/domains/related-sites. */
export type RelatedSites = z.infer<typeof schemas.relatedSites>;

export type SiteRules = z.infer<typeof schemas.siteRules>;

/** GET and PUT /api/domains/:id/rules. */
export type DomainRules = z.infer<typeof schemas.domainRules>;

/** PUT /api/domains/:id/rules (null clears them). */
export type SiteRulesInput = z.input<typeof requests.siteRulesInput>;

/** POST /api/domains/:id/rules/preview. */
export type RulesPreview = z.infer<typeof schemas.rulesPreview>;
export type RulesPreviewRequest = z.input<typeof requests.rulesPreviewRequest>;

/** POST /api/domains/:id/reextract. */
export type ReextractResult = z.infer<typeof schemas.reextractResult>;

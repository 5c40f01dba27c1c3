// Answers of source domains and the avoid list.
import { z } from 'zod';
import { DOMAIN_STATUSES } from '../domain-statuses.js';

/** A site's extraction rules: CSS selectors of its article body (null: found by the extractor) and of parts to drop. */
export const siteRules = z.object({ body: z.string().nullable(), remove: z.array(z.string()) });

/** A domain as the console lists it (GET /api/domains). */
export const domainView = z.object({
  id: z.number(),
  url: z.string(),
  host: z.string(),
  /** The settable statuses, and the crawler's own paused and idle. */
  status: z.enum([...DOMAIN_STATUSES, 'paused', 'idle']),
  priority: z.number().nullable(),
  /** Seconds between two requests to the site (never under 1). */
  throttle: z.number(),
  startingUrl: z.string().nullable(),
  errorMessage: z.string().nullable(),
  lastScraped: z.string().nullable(),
  articlesCount: z.number(),
  /** Of its articles, those the site showed only in part (a paywall's teaser). */
  teasers: z.number(),
  /** Pages read and not kept, by reason (`language`: a language the `languages` setting leaves out). */
  skipped: z.record(z.string(), z.number()),
  /** Its extraction rules, when the administrator gave some (GET/PUT /api/domains/:id/rules). */
  rules: siteRules.nullable(),
});

/** GET and PUT /api/domains/:id/rules. */
export const domainRules = z.object({ domainId: z.number(), rules: siteRules.nullable() });

/** POST /api/domains/:id/rules/preview: a page of the site read with the rules and without. */
export const rulesPreview = z.object({
  url: z.string(),
  title: z.string().nullable(),
  rules: siteRules.nullable(),
  withRules: z.object({
    text: z.string(),
    wordCount: z.number(),
    /** Whether the body selector named an element holding text (else the extractor chose, after the removals). */
    bodyMatched: z.boolean(),
  }),
  withoutRules: z.object({ text: z.string(), wordCount: z.number() }),
});

/** POST /api/domains/:id/reextract. */
export const reextractResult = z.object({ message: z.string(), articles: z.number() });

/** GET /api/avoid-domains, one element. */
export const avoidDomainView = z.object({ id: z.number(), url: z.string(), reason: z.string().nullable() });

/** DELETE /api/domains/:id and /api/avoid-domains/:id. */
export const removedDomain = z.object({ message: z.string(), id: z.number() });

/** GET /api/domains/export. */
export const domainExport = z.object({ lines: z.array(z.string()), text: z.string() });

/** POST /api/domains/import. */
export const importResult = z.object({
  added: z.number(),
  skipped: z.number(),
  /** Why each skipped line was skipped. */
  skippedLines: z.array(z.object({ line: z.string(), reason: z.string() })),
});

/** POST /api/domains/scrape-related (and under the product's name). */
export const relatedScrapeResult = z.object({
  message: z.string(),
  added: z.number(),
  skipped: z.number(),
  /** Domains added, as listed. */
  domains: z.array(z.string()),
});

/** GET /api/domains/related-sites. */
export const relatedSites = z.object({
  sites: z.array(
    z.object({
      url: z.string(),
      /**
       * The host the console shows ("Scrape Domains from {host}") and looks its article count up by in
       * /api/domain-stats: the crawler's key, so with its port when it has one (127.0.0.2:8080).
       */
      host: z.string(),
    }),
  ),
});

/** GET /api/domain-stats: articles stored per host. */
export const domainStats = z.record(z.string(), z.number());

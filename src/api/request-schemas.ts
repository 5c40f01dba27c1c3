// What each /api route reads — its path's parameters, its query and its body — by URL-table entry
// (src/api/endpoints.ts), beside what it answers (response-schemas.ts). The server gives each route
// these schemas as it registers it (src/server/route-schemas.ts) and fastify validates every request
// against them: a refused request gets 400 "Invalid body: …" before a handler runs. Only the server
// imports this module at run time.
import { z } from 'zod';
import { EDITABLE_SCRIPT_KINDS } from './audio-kinds.js';
import { DOMAIN_STATUSES } from './domain-statuses.js';
import type { endpoints } from './endpoints.js';
import { DEFAULT_GENERATED_ARTICLES_LIMIT, DEFAULT_TRENDS_LIMIT, REFETCH_ACTIONS, SCRIPT_MAX, SEARCH_QUERY_MAX, SPIDER_ACTIONS } from './limits.js';
import { TOPICS } from '../shared/topics.js';

/** A PostgreSQL integer column's bounds: a value past them is refused with the field's name, not by the database. */
const INT_MAX = 2_147_483_647;
const rowId = z.object({ id: z.int().min(1).max(INT_MAX) });
const limit = (max: number, fallback: number) => z.object({ limit: z.int().min(1).max(max).default(fallback) });
const credentials = z.strictObject({ username: z.string().min(1).max(200), password: z.string().min(1).max(1024) });
/** A body that may be left out (or sent as JSON null): an optional text field. */
const optionalText = (field: string, max: number) => z.strictObject({ [field]: z.string().max(max).optional() }).nullable();
const priority = z.int().min(-2_147_483_648).max(INT_MAX).nullable();
const throttle = z.number().min(1).max(3600);
const domainStatus = z.enum(DOMAIN_STATUSES);
const siteUrl = z.string().max(2000);

/** A CSS selector of a site rule (checked by the extractor's own engine when saved). */
const selector = z.string().trim().min(1).max(500);

/** PUT /api/domains/:id/rules. */
export const siteRulesInput = z.strictObject({ body: selector.nullable().optional(), remove: z.array(selector).max(50).optional() });

/** POST /api/domains/:id/rules/preview: a page of the site (default: its newest article) and rules to try (default: the saved ones). */
export const rulesPreviewRequest = z.strictObject({ url: siteUrl.optional(), rules: siteRulesInput.optional() });

/** POST /api/domains. */
export const newDomainInput = z.strictObject({
  url: siteUrl,
  status: domainStatus.optional(),
  priority: priority.optional(),
  startingUrl: siteUrl.nullable().optional(),
  throttle: throttle.optional(),
});
/** PATCH /api/domains/:id: at least one field. */
export const domainChanges = z
  .strictObject({ priority: priority.optional(), status: domainStatus.optional(), throttle: throttle.optional(), startingUrl: siteUrl.nullable().optional() })
  .meta({ minProperties: 1 });
/** POST /api/generate-social-content: exactly one of trendText (a trend's title, or a part of exactly one title), generatedArticleId (the post links to its page), articleId (a crawled article). */
export const socialContentRequest = z
  .object({
    trendText: z.string().min(1).max(2000).optional(),
    generatedArticleId: z.int().min(1).max(INT_MAX).optional(),
    articleId: z.int().min(1).max(INT_MAX).optional(),
    // A topic key, as the console sends; anything else is a client error, not a silent default.
    category: z.enum(TOPICS).optional(),
  })
  .meta({ oneOf: [{ required: ['trendText'] }, { required: ['generatedArticleId'] }, { required: ['articleId'] }] });
/** POST /api/generate-music. `musicConfig`: the JSON music configuration (text or object). */
export const generateMusicRequest = z.strictObject({
  lyrics: z.string().max(50_000).optional(),
  musicConfig: z.union([z.string().max(50_000), z.record(z.string(), z.unknown())]).optional(),
});
/** PUT /api/audio-scripts/:kind. */
export const saveScriptRequest = z.strictObject({ scriptText: z.string().max(SCRIPT_MAX) });
/** POST /api/generator/generate-from-trend. */
export const generateFromTrendRequest = z.object({ trendTitle: z.string().min(1).max(1000) });

export interface RequestSchemas {
  params?: z.ZodObject;
  querystring?: z.ZodObject;
  body?: z.ZodType;
}

export const REQUEST_SCHEMAS: { [K in keyof typeof endpoints]?: RequestSchemas } = {
  search: { querystring: z.object({ q: z.string().max(SEARCH_QUERY_MAX * 2) }) },
  saveSearch: {
    body: z.strictObject({
      name: z.string().min(1).max(100),
      query: z
        .string()
        .min(1)
        .max(SEARCH_QUERY_MAX * 2),
    }),
  },
  removeSavedSearch: { params: rowId },

  login: { body: credentials },
  setAdmin: { body: credentials },
  createToken: { body: z.strictObject({ name: z.string().min(1).max(100) }) },
  revokeToken: { params: rowId },

  dbDump: { querystring: z.strictObject({ media: z.boolean().default(true), includeSecrets: z.boolean().default(false) }) },
  stopJob: { params: z.object({ name: z.string().max(100) }) },
  logs: {
    querystring: z.object({
      limit: z.int().min(1).max(1000).default(100),
      component: z.string().max(50).optional(),
      level: z.enum(['error', 'warning', 'info', 'debug']).optional(),
    }),
  },
  webhookDeliveries: { querystring: limit(500, 50) },
  subscribe: {
    body: z.strictObject({
      email: z.string().max(320),
      topics: z.array(z.enum(TOPICS)).min(1).max(TOPICS.length),
      frequency: z.enum(['daily', 'weekly']),
    }),
  },
  subscribers: { querystring: limit(5000, 500) },
  pushSubscribe: {
    // The browser's PushSubscription.toJSON(), with the topics it follows (expirationTime ignored).
    body: z.object({
      endpoint: z.string().min(1).max(2000),
      keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
      topics: z.array(z.enum(TOPICS)).min(1).max(TOPICS.length),
      expirationTime: z.number().nullable().optional(),
    }),
  },
  pushUnsubscribe: { body: z.strictObject({ endpoint: z.string().min(1).max(2000) }) },
  removeSubscriber: { params: rowId },
  sendDigest: { body: z.strictObject({ frequency: z.enum(['daily', 'weekly']).optional(), to: z.string().max(320).optional() }).nullable() },

  refetchControl: { params: z.object({ action: z.enum(REFETCH_ACTIONS) }) },
  // start takes an optional {domain} (our addition, for `newsctl crawl --once --domain D`).
  spiderControl: { params: z.object({ action: z.enum(SPIDER_ACTIONS) }), body: z.strictObject({ domain: z.string().min(1).max(2000).optional() }).nullable() },

  addDomain: {
    body: newDomainInput,
  },
  updateDomain: {
    params: rowId,
    body: domainChanges,
  },
  removeDomain: { params: rowId },
  domainRules: { params: rowId },
  setDomainRules: { params: rowId, body: siteRulesInput.nullable() },
  previewDomainRules: { params: rowId, body: rulesPreviewRequest.nullable() },
  reextractDomain: { params: rowId },
  importDomains: { body: z.object({ domains: z.array(siteUrl).max(20_000) }) },
  exportDomains: { querystring: z.object({ format: z.enum(['txt', 'opml']).optional() }) },
  addAvoidDomain: { body: z.strictObject({ url: siteUrl, reason: z.string().max(2000).nullable().optional() }) },
  removeAvoidDomain: { params: rowId },

  trends: { querystring: limit(500, DEFAULT_TRENDS_LIMIT) },
  trendsByTopic: { params: z.object({ topic: z.string().max(100) }), querystring: limit(500, DEFAULT_TRENDS_LIMIT) },
  setStoryTopic: { params: rowId, body: z.strictObject({ topic: z.string().max(100) }) },
  clearStoryTopic: { params: rowId },

  generateFromTrend: { body: generateFromTrendRequest },
  generatedArticles: { querystring: limit(500, DEFAULT_GENERATED_ARTICLES_LIMIT) },
  removeGeneratedArticle: { params: rowId },
  exportGeneratedArticle: { params: rowId, querystring: z.object({ format: z.enum(['txt', 'docx']).default('txt') }) },
  regenerateImage: { params: rowId },
  socialContent: { body: socialContentRequest },

  saveScript: { params: z.object({ kind: z.enum(EDITABLE_SCRIPT_KINDS) }), body: saveScriptRequest },
  enhancePodcastScript: { body: optionalText('script', SCRIPT_MAX) },
  podcastAudio: { body: optionalText('script', SCRIPT_MAX) },
  refineInterview: { body: optionalText('interview', SCRIPT_MAX) },
  interviewAudio: { body: optionalText('script', SCRIPT_MAX) },
  music: { body: generateMusicRequest.nullable() },
  removeMusicTrack: { params: rowId },
};

/**
 * A request schema as fastify's validator reads it (JSON Schema draft 7, as the caller sends it:
 * defaults optional). A nullable value is written as `type: [T, 'null']`, so a refusal names both
 * ("must be integer,null") rather than a bare "must match a schema in anyOf".
 */
export function requestJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return joinNullable(json) as Record<string, unknown>;
}

function joinNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(joinNullable);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, joinNullable(value)])) as Record<string, unknown>;
  const anyOf = entries.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((option) => (option as { type?: unknown }).type === 'null' && Object.keys(option as object).length === 1);
    const other = anyOf[1 - nullIndex] as Record<string, unknown> | undefined;
    if (nullIndex >= 0 && other && typeof other.type === 'string' && !('enum' in other)) {
      const { anyOf: _replaced, ...rest } = entries;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return entries;
}

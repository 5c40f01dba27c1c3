// Each /api route's response schema, taken from its declaration (src/api/response-schemas.ts) as
// the route is registered: the routes stay free of it, and a route without a declared answer stops
// the daemon at start instead of answering unchecked. With NEWSCTL_CHECK_ANSWERS=1 (the test suite)
// every JSON answer is also compared with what the service built, so a field the schema lacks or
// writes differently fails the test that made the call instead of vanishing from the wire.
import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { API_PREFIX, endpoints, namedScrapeEndpoint, settingEndpoints, type Endpoint } from '../api/endpoints.js';
import { ANSWER_SCHEMAS, jsonSchemaOf, NAMED_SCRAPE_ANSWER } from '../api/response-schemas.js';
import { SETTINGS } from '../services/settings/index.js';

/** Fields a service keeps for itself and its answer's schema leaves out on purpose. */
const INTERNAL_FIELDS = new Set(['assetId']);

const routeKey = (method: string, path: string) => `${method} ${path}`;

/** Every /api route's answer schema in JSON Schema ("METHOD /path" under API_PREFIX); null: a file or a stream. */
function answerSchemasByRoute(siteName: string): Map<string, Record<string, unknown> | null> {
  const byRoute = new Map<string, Record<string, unknown> | null>();
  const add = (endpoint: Endpoint<unknown, unknown>, schema: z.ZodType | null) => byRoute.set(routeKey(endpoint.method, endpoint.path), schema && jsonSchemaOf(schema));
  for (const [name, endpoint] of Object.entries(endpoints)) add(endpoint, ANSWER_SCHEMAS[name as keyof typeof endpoints]);
  // A setting answers its stored value (secrets masked) on read and on write.
  for (const definition of SETTINGS) {
    const route = settingEndpoints(definition.key);
    add(route.read, definition.schema);
    add(route.write, definition.schema);
  }
  const named = namedScrapeEndpoint(siteName);
  if (named) add(named, NAMED_SCRAPE_ANSWER);
  return byRoute;
}

/**
 * Gives each route registered on `api` (mounted at API_PREFIX) its answer's schema; throws for a
 * route the declarations do not know.
 */
export function attachAnswerSchemas(api: FastifyInstance, siteName: string): void {
  const byRoute = answerSchemasByRoute(siteName);
  api.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const path = route.url.slice(API_PREFIX.length);
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const schema = byRoute.get(routeKey(method, path));
      if (schema === undefined) throw new Error(`${method} ${route.url} has no answer declared in src/api/response-schemas.ts`);
      if (schema) route.schema = { ...route.schema, response: { '2xx': schema } };
    }
  });
  if (process.env.NEWSCTL_CHECK_ANSWERS === '1') checkAnswers(api);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The answer as the service built it, written plainly (NEWSCTL_CHECK_ANSWERS only). */
    builtAnswer?: unknown;
  }
}

function withoutInternalFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutInternalFields);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).filter(([key]) => !INTERNAL_FIELDS.has(key)).map(([key, field]) => [key, withoutInternalFields(field)]));
  }
  return value;
}

function checkAnswers(api: FastifyInstance): void {
  api.addHook('preSerialization', async (request, _reply, payload) => {
    request.builtAnswer = JSON.parse(JSON.stringify(payload)) as unknown;
    return payload;
  });
  api.addHook('onSend', async (request, reply, payload) => {
    if (request.builtAnswer === undefined || typeof payload !== 'string' || reply.statusCode >= 300) return payload;
    const sent = JSON.parse(payload) as unknown;
    const built = withoutInternalFields(request.builtAnswer);
    if (!isDeepStrictEqual(sent, built)) {
      throw new Error(`${request.method} ${request.url}: the answer's schema changed it.\nbuilt: ${JSON.stringify(built).slice(0, 2000)}\nsent:  ${payload.slice(0, 2000)}`);
    }
    return payload;
  });
}

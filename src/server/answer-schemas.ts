// Each /api route's response schema, taken from its declaration (src/api/response-schemas.ts) as
// the route is registered: the routes stay free of it, and a route without a declared answer stops
// the daemon at start instead of answering unchecked. With NEWSCTL_CHECK_ANSWERS=1 (the test suite)
// every JSON answer is also compared with what the service built, so a field the schema lacks or
// writes differently fails the test that made the call instead of vanishing from the wire.
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { API_PREFIX, endpoints, namedScrapeEndpoint, settingEndpoints, type Endpoint } from '../api/endpoints.js';
import { ANSWER_SCHEMAS, jsonSchemaOf, NAMED_SCRAPE_ANSWER } from '../api/response-schemas.js';
import { SETTINGS } from '../services/settings/index.js';
import { assertAnswerKept, checkingAnswers } from '../services/answers.js';

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
  if (checkingAnswers()) checkAnswers(api);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The answer as the service built it, written plainly (NEWSCTL_CHECK_ANSWERS only). */
    builtAnswer?: unknown;
  }
}

function checkAnswers(api: FastifyInstance): void {
  api.addHook('preSerialization', async (request, _reply, payload) => {
    // Written out now: a service may change the object after answering.
    request.builtAnswer = JSON.parse(JSON.stringify(payload)) as unknown;
    return payload;
  });
  api.addHook('onSend', async (request, reply, payload) => {
    if (request.builtAnswer === undefined || typeof payload !== 'string' || reply.statusCode >= 300) return payload;
    assertAnswerKept(`${request.method} ${request.url}`, request.builtAnswer, payload);
    return payload;
  });
}

// Each /api route's schemas, taken from their declarations as the route is registered — what it
// reads (src/api/request-schemas.ts; a setting's body from its definition) and what it answers
// (src/api/response-schemas.ts): the routes stay free of them, and a route without a declared
// answer stops the daemon at start instead of answering unchecked. With NEWSCTL_CHECK_ANSWERS=1
// (the test suite) every JSON answer is also compared with what the service built, so a field the
// schema lacks or writes differently fails the test that made the call instead of vanishing.
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { API_PREFIX, endpoints, namedScrapeEndpoint, settingEndpoints } from '../api/endpoints.js';
import { ANSWER_SCHEMAS, jsonSchemaOf, NAMED_SCRAPE_ANSWER } from '../api/response-schemas.js';
import { REQUEST_SCHEMAS, requestJsonSchema, type RequestSchemas } from '../api/request-schemas.js';
import { SETTINGS } from '../services/platform/settings/index.js';
import { assertAnswerKept, checkingAnswers } from '../services/reader/snapshot/answers.js';

const routeKey = (method: string, path: string) => `${method} ${path}`;

interface RouteSchemas {
  /** The answer's schema; null: a file or a stream. */
  answer: Record<string, unknown> | null;
  request: Record<string, Record<string, unknown>>;
}

const schemasOf = (answer: z.ZodType | null, request: RequestSchemas = {}): RouteSchemas => ({
  answer: answer && jsonSchemaOf(answer),
  request: Object.fromEntries(Object.entries(request).map(([part, schema]) => [part, requestJsonSchema(schema)])),
});

let declared: Map<string, RouteSchemas> | null = null;

/**
 * The declared routes' schemas in JSON Schema, by "METHOD /path" under API_PREFIX: written once per
 * process (about 40 ms), not again for every app an in-process command or a test builds.
 */
function declaredSchemas(): Map<string, RouteSchemas> {
  if (declared) return declared;
  declared = new Map();
  for (const [name, endpoint] of Object.entries(endpoints)) {
    declared.set(
      routeKey(endpoint.method, endpoint.path),
      schemasOf(ANSWER_SCHEMAS[name as keyof typeof endpoints], REQUEST_SCHEMAS[name as keyof typeof endpoints]),
    );
  }
  // A setting answers its stored value (secrets masked) on read and on write, and reads the whole
  // value or, for a partial setting, any of its fields (updateSetting refuses an empty one).
  for (const definition of SETTINGS) {
    const { read, write } = settingEndpoints(definition.key);
    declared.set(routeKey(read.method, read.path), schemasOf(definition.schema));
    declared.set(
      routeKey(write.method, write.path),
      schemasOf(definition.schema, { body: definition.partial ? definition.schema.partial() : definition.schema }),
    );
  }
  return declared;
}

/** Every /api route's schemas: the declared ones, and the related-sites scrape under the product's name (the fuzz test reads them too). */
export function schemasByRoute(siteName: string): Map<string, RouteSchemas> {
  const named = namedScrapeEndpoint(siteName);
  if (!named) return declaredSchemas();
  return new Map([...declaredSchemas(), [routeKey(named.method, named.path), schemasOf(NAMED_SCRAPE_ANSWER)]]);
}

/**
 * Gives each route registered on `api` (mounted at API_PREFIX) its request and answer schemas;
 * throws for a route the declarations do not know.
 */
export function attachRouteSchemas(api: FastifyInstance, siteName: string): void {
  const byRoute = schemasByRoute(siteName);
  api.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const path = route.url.slice(API_PREFIX.length);
    for (const method of methods) {
      if (method === 'HEAD') continue;
      const schemas = byRoute.get(routeKey(method, path));
      if (!schemas) throw new Error(`${method} ${route.url} has no answer declared in src/api/response-schemas.ts`);
      route.schema = { ...route.schema, ...schemas.request, ...(schemas.answer && { response: { '2xx': schemas.answer } }) };
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

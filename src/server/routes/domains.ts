// Source domains and the avoid list.
import type { FastifyInstance } from 'fastify';
import { DOMAIN_STATUSES } from '../../api/domains.js';
import { addAvoidDomain, addDomain, domainStats, exportDomains, importDomains, listAvoidDomains, listDomains, relatedSites, removeAvoidDomain, removeDomain, scrapeRelatedDomains, updateDomain } from '../../services/domains/index.js';
import type { DomainChanges, NewDomainInput } from '../../api/domains.js';
import { endpoints, namedScrapeEndpoint } from '../../api/endpoints.js';

// The columns are PostgreSQL integers: a value past them is refused here with the field's name,
// not by the database as "Invalid value in request".
const idParams = { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } }, required: ['id'] } as const;
const priority = { type: ['integer', 'null'], minimum: -2_147_483_648, maximum: 2_147_483_647 } as const;
const status = { type: 'string', enum: [...DOMAIN_STATUSES] } as const;

export default async function domainRoutes(app: FastifyInstance): Promise<void> {
  app.get(endpoints.domains.path, async () => listDomains(app.ctx));

  app.post<{ Body: NewDomainInput }>(
    endpoints.addDomain.path,
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            url: { type: 'string', maxLength: 2000 },
            status,
            priority,
            startingUrl: { type: ['string', 'null'], maxLength: 2000 },
            throttle: { type: 'number', minimum: 1, maximum: 3600 },
          },
          required: ['url'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await addDomain(app.ctx, request.body)),
  );

  app.patch<{ Params: { id: number }; Body: DomainChanges }>(
    endpoints.updateDomain.path,
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          properties: {
            priority,
            status,
            throttle: { type: 'number', minimum: 1, maximum: 3600 },
            startingUrl: { type: ['string', 'null'], maxLength: 2000 },
          },
          minProperties: 1,
          additionalProperties: false,
        },
      },
    },
    async (request) => updateDomain(app.ctx, request.params.id, request.body),
  );

  app.delete<{ Params: { id: number } }>(endpoints.removeDomain.path, { schema: { params: idParams } }, async (request) =>
    removeDomain(app.ctx, request.params.id),
  );

  app.post<{ Body: { domains: string[] } }>(
    endpoints.importDomains.path,
    {
      schema: {
        body: {
          type: 'object',
          properties: { domains: { type: 'array', items: { type: 'string', maxLength: 2000 }, maxItems: 20_000 } },
          required: ['domains'],
        },
      },
    },
    async (request) => importDomains(app.ctx, request.body.domains),
  );

  app.get<{ Querystring: { format?: 'txt' | 'opml' } }>(
    endpoints.exportDomains.path,
    { schema: { querystring: { type: 'object', properties: { format: { type: 'string', enum: ['txt', 'opml'] } } } } },
    async (request) => exportDomains(app.ctx, request.query.format ?? 'txt'),
  );

  // `POST /api/domains/scrape-{product}`: under the fixed name and under the configured site name.
  app.post(endpoints.scrapeRelated.path, async () => scrapeRelatedDomains(app.ctx));
  const named = namedScrapeEndpoint(app.ctx.config.siteName);
  if (named) app.post(named.path, async () => scrapeRelatedDomains(app.ctx));
  app.get(endpoints.relatedSites.path, async () => relatedSites(app.ctx));

  app.get(endpoints.domainStats.path, async () => domainStats(app.ctx));

  app.get(endpoints.avoidDomains.path, async () => listAvoidDomains(app.ctx));

  app.post<{ Body: { url: string; reason?: string | null } }>(
    endpoints.addAvoidDomain.path,
    {
      schema: {
        body: {
          type: 'object',
          properties: { url: { type: 'string', maxLength: 2000 }, reason: { type: ['string', 'null'], maxLength: 2000 } },
          required: ['url'],
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await addAvoidDomain(app.ctx, request.body)),
  );

  app.delete<{ Params: { id: number } }>(endpoints.removeAvoidDomain.path, { schema: { params: idParams } }, async (request) =>
    removeAvoidDomain(app.ctx, request.params.id),
  );
}

// Source domains and the avoid list.
import type { FastifyInstance } from 'fastify';
import {
  addAvoidDomain,
  addDomain,
  domainStats,
  exportDomains,
  importDomains,
  listAvoidDomains,
  listDomains,
  relatedSites,
  removeAvoidDomain,
  removeDomain,
  scrapeRelatedDomains,
  updateDomain,
} from '../../services/reader/domains/index.js';
import { domainRules, previewDomainRules, reextractDomain, saveDomainRules } from '../../services/reader/domains/rules.js';
import type { DomainChanges, NewDomainInput, RulesPreviewRequest, SiteRulesInput } from '../../api/domains.js';
import { endpoints, namedScrapeEndpoint } from '../../api/endpoints.js';

export default async function domainRoutes(app: FastifyInstance): Promise<void> {
  app.get(endpoints.domains.path, async () => listDomains(app.ctx));

  app.post<{ Body: NewDomainInput }>(endpoints.addDomain.path, async (request, reply) => reply.code(201).send(await addDomain(app.ctx, request.body)));

  app.patch<{ Params: { id: number }; Body: DomainChanges }>(endpoints.updateDomain.path, async (request) =>
    updateDomain(app.ctx, request.params.id, request.body),
  );

  app.delete<{ Params: { id: number } }>(endpoints.removeDomain.path, async (request) => removeDomain(app.ctx, request.params.id));

  app.get<{ Params: { id: number } }>(endpoints.domainRules.path, async (request) => domainRules(app.ctx, request.params.id));
  app.put<{ Params: { id: number }; Body: SiteRulesInput | null }>(endpoints.setDomainRules.path, async (request) =>
    saveDomainRules(app.ctx, request.params.id, request.body),
  );
  app.post<{ Params: { id: number }; Body: RulesPreviewRequest | null }>(endpoints.previewDomainRules.path, async (request) =>
    previewDomainRules(app.ctx, request.params.id, request.body),
  );
  app.post<{ Params: { id: number } }>(endpoints.reextractDomain.path, async (request) => reextractDomain(app.ctx, request.params.id));

  app.post<{ Body: { domains: string[] } }>(endpoints.importDomains.path, async (request) => importDomains(app.ctx, request.body.domains));

  app.get<{ Querystring: { format?: 'txt' | 'opml' } }>(endpoints.exportDomains.path, async (request) => exportDomains(app.ctx, request.query.format ?? 'txt'));

  // `POST /api/domains/scrape-{product}`: under the fixed name and under the configured site name.
  app.post(endpoints.scrapeRelated.path, async () => scrapeRelatedDomains(app.ctx));
  const named = namedScrapeEndpoint(app.ctx.config.siteName);
  if (named) app.post(named.path, async () => scrapeRelatedDomains(app.ctx));
  app.get(endpoints.relatedSites.path, async () => relatedSites(app.ctx));

  app.get(endpoints.domainStats.path, async () => domainStats(app.ctx));

  app.get(endpoints.avoidDomains.path, async () => listAvoidDomains(app.ctx));

  app.post<{ Body: { url: string; reason?: string | null } }>(endpoints.addAvoidDomain.path, async (request, reply) =>
    reply.code(201).send(await addAvoidDomain(app.ctx, request.body)),
  );

  app.delete<{ Params: { id: number } }>(endpoints.removeAvoidDomain.path, async (request) => removeAvoidDomain(app.ctx, request.params.id));
}

// The spider and the article re-fetcher.
import type { FastifyInstance } from 'fastify';
import { acceptEmptyJson } from './empty-json.js';
import { controlSpider, refetchStatus, spiderStatus, startRefetch, stopRefetch, type SpiderAction } from '../../services/reader/spider/index.js';
import { endpoints } from '../../api/endpoints.js';
import type { REFETCH_ACTIONS } from '../../api/limits.js';

export default async function spiderRoutes(app: FastifyInstance): Promise<void> {
  acceptEmptyJson(app);

  app.get(endpoints.spiderStatus.path, async () => spiderStatus(app.ctx));

  app.get(endpoints.refetchStatus.path, async () => refetchStatus(app.ctx));

  app.post<{ Params: { action: (typeof REFETCH_ACTIONS)[number] } }>(endpoints.refetchControl.path, async (request) =>
    request.params.action === 'start' ? startRefetch(app.ctx) : stopRefetch(app.ctx),
  );

  // start takes an optional {domain} (our addition, for `newsctl crawl --once --domain D`).
  app.post<{ Params: { action: SpiderAction }; Body: { domain?: string } | null }>(endpoints.spiderControl.path, async (request) =>
    controlSpider(app.ctx, request.params.action, { domain: request.body?.domain }),
  );
}

// The public site's calls plus site-info, which carries the deployment's own settings
// (site name, assistant address, time zone).
// The reads come from the public snapshot (services/snapshot): built on change events, sent as
// pre-compressed bytes with an ETag, and still served while the database is down.
import type { FastifyInstance } from 'fastify';
import { searchArticlesByText } from '../../services/reader/search/index.js';
import { listSavedSearches, removeSavedSearch, saveSearch } from '../../services/reader/search/saved.js';
import { SNAPSHOT_DATA_KEYS, SNAPSHOT_ENDPOINTS } from '../../services/reader/snapshot/index.js';
import { fromSnapshot, sendSnapshot } from '../snapshot-reply.js';
import { endpoints } from '../../api/endpoints.js';

const pub = { config: { public: true } } as const;

export default async function publicRoutes(app: FastifyInstance): Promise<void> {
  app.get(endpoints.currentTime.path, { config: { public: true, withoutDatabase: true } }, async () => ({ utcTime: new Date().toISOString() }));

  // home-page-data, articles/recent-by-topic, trends/top-by-category, articles-by-domain,
  // latest-news-audio, site-info.
  for (const key of SNAPSHOT_DATA_KEYS) {
    app.get(endpoints[SNAPSHOT_ENDPOINTS[key]].path, fromSnapshot, async (request, reply) => sendSnapshot(request, reply, await app.snapshot.read(key)));
  }

  app.get<{ Querystring: { q: string } }>(
    endpoints.search.path,
    {
      ...pub,
    },
    async (request) => searchArticlesByText(app.ctx, request.query.q),
  );
  app.get(endpoints.savedSearches.path, pub, async () => listSavedSearches(app.ctx));
  app.post<{ Body: { name: string; query: string } }>(endpoints.saveSearch.path, async (request, reply) =>
    reply.code(201).send(await saveSearch(app.ctx, request.body)),
  );
  app.delete<{ Params: { id: number } }>(endpoints.removeSavedSearch.path, async (request) => removeSavedSearch(app.ctx, request.params.id));
}

// The public site's calls (spec 000 §7) plus site-info, which carries the settings the spec leaves
// as placeholders (site name, assistant address, time zone).
import type { FastifyInstance } from 'fastify';
import { latestNewsAudio } from '../../services/audio/latest-news.js';
import { homePageData, recentArticlesByTopic, topTrends } from '../../services/home/index.js';
import { searchArticlesByText, SEARCH_QUERY_MAX } from '../../services/search/index.js';

const pub = { config: { public: true } } as const;

export default async function publicRoutes(app: FastifyInstance): Promise<void> {
  app.get('/current-time', pub, async () => ({ utcTime: new Date().toISOString() }));

  app.get('/site-info', pub, async () => ({
    siteName: app.ctx.config.siteName,
    assistantUrl: app.ctx.config.assistantUrl,
    timeZone: app.ctx.config.timeZone,
  }));

  app.get('/home-page-data', pub, async () => homePageData(app.ctx));
  app.get('/articles/recent-by-topic', pub, async () => recentArticlesByTopic(app.ctx));
  app.get('/trends/top-by-category', pub, async () => topTrends(app.ctx));
  app.get('/articles-by-domain', pub, async () => (await homePageData(app.ctx)).articlesByDomain);

  app.get<{ Querystring: { q: string } }>(
    '/search',
    {
      ...pub,
      schema: {
        querystring: {
          type: 'object',
          required: ['q'],
          properties: { q: { type: 'string', maxLength: SEARCH_QUERY_MAX * 2 } },
        },
      },
    },
    async (request) => searchArticlesByText(app.ctx, request.query.q),
  );

  app.get('/latest-news-audio', pub, async () => latestNewsAudio(app.ctx));
}

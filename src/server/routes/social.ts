// Social posts about a trend, a generated article or a crawled article; the prompts and model are settings rows.
import type { FastifyInstance } from 'fastify';
import type { SocialContentRequest } from '../../api/generator.js';
import { TOPICS } from '../../shared/topics.js';
import { generateSocialContent } from '../../services/social/index.js';
import { requestOrigin } from '../pages.js';
import { endpoints } from '../../api/endpoints.js';

export default async function socialRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: SocialContentRequest }>(
    endpoints.socialContent.path,
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            trendText: { type: 'string', minLength: 1, maxLength: 2000 },
            generatedArticleId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
            articleId: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
            // A topic key, as the console sends; anything else is a client error, not a silent default.
            category: { type: 'string', enum: [...TOPICS] },
          },
          oneOf: [{ required: ['trendText'] }, { required: ['generatedArticleId'] }, { required: ['articleId'] }],
        },
      },
    },
    async (request) => generateSocialContent(app.ctx, request.body, requestOrigin(app, request)),
  );
}

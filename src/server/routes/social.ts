// Social posts about a trend, a generated article or a crawled article; the prompts and model are settings rows.
import type { FastifyInstance } from 'fastify';
import type { SocialContentRequest } from '../../api/generator.js';
import { generateSocialContent } from '../../services/newsroom/social/index.js';
import { requestOrigin } from '../pages.js';
import { endpoints } from '../../api/endpoints.js';

export default async function socialRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: SocialContentRequest }>(endpoints.socialContent.path, async (request) =>
    generateSocialContent(app.ctx, request.body, requestOrigin(app, request)),
  );
}

// GET /favicons/:domain — the domain cards' icons (public, like every image the home page shows).
import type { FastifyInstance } from 'fastify';
import { domainFavicon } from '../services/spider/index.js';
import { sendError } from './errors.js';

export async function registerFavicons(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { domain: string } }>('/favicons/:domain', async (request, reply) => {
    const favicon = await domainFavicon(app.ctx, request.params.domain);
    if (!favicon) return sendError(reply, 404, { message: 'No favicon for that domain' });
    return reply
      .header('cache-control', 'public, max-age=604800')
      .header('x-content-type-options', 'nosniff')
      // An SVG icon opened on its own must not run script from our origin.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .type(favicon.contentType)
      .send(favicon.body);
  });
}

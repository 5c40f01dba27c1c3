// GET /favicons/:domain — the domain cards' icons (public, like every image the home page shows).
// A site without an icon gets its initial, so the page never shows a broken image or logs a 404.
import type { FastifyInstance } from 'fastify';
import { readDomainEntry } from '../services/reader/domains/index.js';
import { domainFavicon, letterIcon } from '../services/reader/spider/index.js';
import { sendError } from './errors.js';

export async function registerFavicons(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { domain: string } }>('/favicons/:domain', async (request, reply) => {
    let host: string;
    try {
      host = readDomainEntry(request.params.domain).host.replace(/:\d+$/, '');
    } catch {
      return sendError(reply, 404, { message: 'No favicon for that domain' });
    }
    const own = await domainFavicon(app.ctx, request.params.domain);
    const icon = own ?? letterIcon(host);
    return (
      reply
        // The letter stands in until the site's own icon is fetched, so it is kept for an hour only.
        .header('cache-control', own ? 'public, max-age=604800' : 'public, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        // An SVG icon opened on its own must not run script from our origin.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .type(icon.contentType)
        .send(icon.body)
    );
  });
}

// Headers that keep answers out of places they do not belong. HTML: a content security policy the
// site passes (no inline script anywhere; styles may be inline, the server-rendered pages carry
// theirs), no framing, a referrer that names only our origin to other sites, no type sniffing.
// /api answers that are not the public snapshot: never stored by any cache (they are an
// administrator's, or depend on who asks), and marked as depending on the cookie.
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../api/endpoints.js';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // data: for the inline SVG icon; every other image (covers, favicons) is served by the daemon.
  "img-src 'self' data:",
  "media-src 'self'",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    void reply.header('x-content-type-options', 'nosniff');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      void reply
        .header('content-security-policy', CONTENT_SECURITY_POLICY)
        .header('x-frame-options', 'DENY')
        .header('referrer-policy', 'strict-origin-when-cross-origin');
    }
    if (request.url.startsWith(`${API_PREFIX}/`) && !request.routeOptions.config?.snapshot) {
      void reply.header('cache-control', 'no-store');
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/\bcookie\b/i.test(vary)) void reply.header('vary', vary ? `${vary}, Cookie` : 'Cookie');
    }
    return payload;
  });
}

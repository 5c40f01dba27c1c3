// Sends one answer of the public snapshot: the pre-compressed bytes the client accepts, an ETag,
// 304 for a matching If-None-Match, and caching a CDN or reverse proxy may use (public, with s-maxage).
// Browsers revalidate every time (max-age=0), which the ETag makes cheap.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, etagOf, matchesIfNoneMatch, type EncodedBody } from '../services/reader/snapshot/index.js';

/** Route options of a snapshot read: public, no session lookup, and compress: false (the snapshot carries its own gzip and brotli bytes). */
export const fromSnapshot = { config: { public: true, snapshot: true }, compress: false } as const;

export const SNAPSHOT_CACHE_CONTROL = 'public, max-age=0, s-maxage=30, stale-while-revalidate=30';

/** For answers whose links come from the request's own address (no NEWSCTL_PUBLIC_URL): browsers only. */
const PRIVATE_CACHE_CONTROL = 'private, no-cache';

/** `shared: false`: the body holds links made from the request's address, which no shared cache may keep. */
export function sendSnapshot(request: FastifyRequest, reply: FastifyReply, body: EncodedBody, options: { shared?: boolean } = {}): FastifyReply {
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  void reply
    .header('cache-control', options.shared === false ? PRIVATE_CACHE_CONTROL : SNAPSHOT_CACHE_CONTROL)
    .header('vary', 'accept-encoding')
    .header('etag', etagOf(body, encoding));
  if (matchesIfNoneMatch(request.headers['if-none-match'], body)) return reply.code(304).send();
  const bytes = encoding === 'identity' ? body.identity : body[encoding];
  if (encoding !== 'identity') void reply.header('content-encoding', encoding);
  return reply.type(body.type).header('content-length', bytes.length).send(bytes);
}

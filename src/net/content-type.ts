// Which responses the spider reads. Only documents it can parse (HTML, XML, feeds) are downloaded
// by default; robots.txt, compressed sitemaps and favicons ask for their own types per request.

export const PAGE_CONTENT_TYPES: readonly string[] = Object.freeze([
  'text/html',
  'application/xhtml+xml',
  'application/xml',
  'text/xml',
  'application/rss+xml',
  'application/atom+xml',
  'application/rdf+xml',
  'application/x-rss+xml',
  'application/x-atom+xml',
  'application/x-rdf+xml',
  'text/rss+xml',
  'text/atom+xml',
]);

/** Sitemaps may also be plain text (one URL per line) or a .gz file served as such. */
export const SITEMAP_CONTENT_TYPES: readonly string[] = Object.freeze([
  ...PAGE_CONTENT_TYPES,
  'text/plain',
  'application/gzip',
  'application/x-gzip',
  'application/octet-stream',
]);

/** robots.txt is text/plain by the RFC, but servers label it every which way. */
export const ROBOTS_CONTENT_TYPES: readonly string[] = Object.freeze(['text/*', 'application/octet-stream']);

export const IMAGE_CONTENT_TYPES: readonly string[] = Object.freeze(['image/*']);

/** The lower-case type/subtype of a Content-Type header value, '' if absent. */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Whether a media type is matched by one of the patterns (`text/html`, `text/*`, `*\/*`). */
export function isAcceptedType(mediaType: string, patterns: readonly string[]): boolean {
  if (mediaType === '') return false;
  const [type] = mediaType.split('/');
  return patterns.some((raw) => {
    const pattern = raw.toLowerCase();
    return pattern === '*/*' || pattern === mediaType || (pattern.endsWith('/*') && pattern.slice(0, -2) === type);
  });
}

/** An Accept header listing the patterns. */
export function acceptHeader(patterns: readonly string[]): string {
  return patterns.join(', ');
}

/**
 * Guesses a media type from the first bytes, for responses without a usable Content-Type (absent,
 * or the catch-all application/octet-stream).
 */
export function sniffMediaType(body: Uint8Array): string {
  if (body[0] === 0x1f && body[1] === 0x8b) return 'application/gzip';
  const head = Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, 1024))
    .toString('latin1')
    .replace(/^\uFEFF|^\xEF\xBB\xBF|^\xFF\xFE|^\xFE\xFF/, '')
    .trimStart()
    .toLowerCase();
  if (/^<\?xml|^<(rss|feed|urlset|sitemapindex|rdf:rdf)\b/.test(head)) return 'application/xml';
  if (head.startsWith('<')) return 'text/html';
  if (/[\x00-\x08\x0e-\x1a]/.test(head)) return 'application/octet-stream';
  return 'text/plain';
}

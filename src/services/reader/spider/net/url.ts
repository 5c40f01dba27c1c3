// URL handling for the spider: one canonical form per article (so an article seen through a feed,
// a sitemap and the home page is stored once), domain entries as typed by people, and the avoid
// list.
import { classifyHost } from '../../../../net/address-policy.js';

/** Query parameters that only say where a click came from; never part of an article's identity. */
// Kept to names that are tracking-only everywhere: stripping a meaningful one (an id, a page
// number) would merge distinct articles.
const TRACKING_PARAMETERS = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'li_fat_id',
  'mc_cid',
  'mc_eid',
  'igshid',
  'igsh',
  'ref',
  'ref_src',
  'ref_url',
  '_ga',
  '_gl',
  '_hsenc',
  '_hsmi',
  '__hssc',
  '__hstc',
  '__hsfp',
  'hsctatracking',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  'vero_conv',
  'wickedid',
  's_cid',
  'cmpid',
  'ncid',
  'sr_share',
  'smid',
  'xtor',
  'at_medium',
  'at_campaign',
  'spm',
]);
const TRACKING_PREFIXES = ['utm_', 'pk_', 'mtm_'];

export function isTrackingParameter(name: string): boolean {
  const key = name.toLowerCase();
  return TRACKING_PARAMETERS.has(key) || TRACKING_PREFIXES.some((p) => key.startsWith(p));
}

/** True for an absolute http: or https: URL with a host. */
export function isHttpUrl(input: string): boolean {
  const url = tryParseUrl(input);
  return url !== null && (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

export function tryParseUrl(input: string, base?: string | URL): URL | null {
  try {
    return new URL(input, base);
  } catch {
    return null;
  }
}

/**
 * The host name of a URL, lower-cased, without port (IPv6 in brackets, as URL.hostname has it).
 * Politeness and the avoid list work on this: two ports of one machine are one host.
 */
export function hostOf(input: string | URL): string {
  const url = typeof input === 'string' ? tryParseUrl(input) : input;
  return url ? url.hostname.toLowerCase().replace(/\.$/, '') : '';
}

/** scheme://host[:port] of a URL. */
export function originOf(input: string | URL): string {
  const url = typeof input === 'string' ? tryParseUrl(input) : input;
  return url && url.origin !== 'null' ? url.origin : '';
}

// RFC 3986 unreserved characters: their percent-encodings mean the same thing, so decode them.
const UNRESERVED = /[A-Za-z0-9\-._~]/;

function normalisePercentEncoding(component: string): string {
  return component.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/**
 * The canonical form of an article URL: lower-case scheme and host, no default port, no fragment,
 * no tracking parameters, remaining parameters sorted (stable for repeated names), dot segments
 * resolved and percent-encoding normalised. Returns null for anything that is not http(s).
 */
export function canonicalizeUrl(input: string | URL, base?: string | URL): string | null {
  const url = typeof input === 'string' ? tryParseUrl(input.trim(), base) : new URL(input.href);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  if (url.hostname.endsWith('.')) url.hostname = url.hostname.slice(0, -1);
  url.pathname = normalisePercentEncoding(url.pathname);

  // Works on the raw query rather than URLSearchParams, which would turn %20 into + and re-encode
  // other characters, changing what the server receives.
  const pairs = url.search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair, index) => ({ pair: normalisePercentEncoding(pair), key: safeDecode(pair.split('=')[0] ?? ''), index }))
    .filter(({ key }) => !isTrackingParameter(key))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.index - b.index));
  url.search = pairs.length ? `?${pairs.map((p) => p.pair).join('&')}` : '';
  return url.href;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

export interface DomainTarget {
  /** Host name, lower-case, without port: what the avoid list and politeness key on. */
  host: string;
  /** scheme://host[:port], e.g. https://example.com or http://127.0.0.2:8080. */
  origin: string;
  /** Where crawling begins: the path given, else the origin's root. */
  startUrl: string;
}

export class InvalidDomainError extends Error {
  readonly code = 'INVALID_DOMAIN';
  constructor(input: string, reason: string) {
    super(`Invalid domain "${input}": ${reason}`);
    this.name = 'InvalidDomainError';
  }
}

/**
 * Reads a domain as people type it: `Example.com`, `example.com/news`, `https://example.com/path`
 * or `http://127.0.0.2:8080` (a scheme and port are kept, for local and intranet sites). Without
 * a scheme, https is assumed. An explicit starting URL, when the domain row has one, wins over
 * the path given here.
 */
export function parseDomainInput(input: string, startingUrl?: string | null): DomainTarget {
  const trimmed = input.trim();
  if (trimmed === '') throw new InvalidDomainError(input, 'empty');
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed);
  const url = tryParseUrl(hasScheme ? trimmed : `https://${trimmed}`);
  if (!url) throw new InvalidDomainError(input, 'not a host name or URL');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidDomainError(input, `scheme ${url.protocol.slice(0, -1)} is not http or https`);
  }
  const host = hostOf(url);
  if (host === '' || classifyHost(host).kind === 'invalid') throw new InvalidDomainError(input, 'not a valid host');
  if (url.port === '0') throw new InvalidDomainError(input, 'port 0 cannot be connected to');
  url.hash = '';
  url.username = '';
  url.password = '';
  let startUrl = url.pathname === '/' && url.search === '' ? `${url.origin}/` : url.href;
  if (startingUrl && startingUrl.trim() !== '') {
    const start = tryParseUrl(startingUrl.trim(), url.origin);
    if (!start || (start.protocol !== 'http:' && start.protocol !== 'https:')) {
      throw new InvalidDomainError(startingUrl, 'starting URL is not an http(s) URL');
    }
    start.hash = '';
    startUrl = start.href;
  }
  return { host, origin: url.origin, startUrl };
}

/**
 * Normalises avoid-list entries (which may carry a scheme, port or path, as domains do) to host
 * names, and returns a matcher: a host is avoided when it equals an entry or is a subdomain of it.
 */
export function createAvoidMatcher(avoided: readonly string[]): (hostOrUrl: string) => boolean {
  const hosts = new Set<string>();
  for (const entry of avoided) {
    try {
      hosts.add(parseDomainInput(entry).host);
    } catch {
      // An unreadable entry can't match any host we would fetch.
    }
  }
  return (hostOrUrl: string) => {
    const host = hostOrUrl.includes('/') ? hostOf(hostOrUrl) : hostOrUrl.toLowerCase().replace(/\.$/, '').replace(/:\d+$/, '');
    if (hosts.size === 0 || host === '') return false;
    let candidate = host;
    for (;;) {
      if (hosts.has(candidate)) return true;
      const dot = candidate.indexOf('.');
      if (dot === -1) return false;
      candidate = candidate.slice(dot + 1);
    }
  };
}

/** One-off form of createAvoidMatcher. */
export function isHostAvoided(hostOrUrl: string, avoided: readonly string[]): boolean {
  return createAvoidMatcher(avoided)(hostOrUrl);
}

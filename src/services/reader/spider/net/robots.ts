// robots.txt per RFC 9309: parsing and matching, and a per-origin cache that fetches through the
// guarded client and applies the RFC's rules for missing and unreachable files.
import { FetchError, HttpStatusError } from '../../../../net/errors.js';
import { ROBOTS_CONTENT_TYPES } from '../../../../net/content-type.js';
import type { GuardedClient } from '../../../../net/guarded-client.js';
import { originOf, tryParseUrl } from './url.js';

/** RFC 9309 §2.5: parsers must read at least 500 KiB; we read exactly that much. */
const ROBOTS_MAX_BYTES = 500 * 1024;

export interface RobotsRule {
  allow: boolean;
  /** Normalised pattern, `*` and a trailing `$` kept. */
  pattern: string;
}

export interface RobotsGroup {
  /** User-agent values of the group, lower-case. */
  agents: string[];
  rules: RobotsRule[];
  /** Crawl-delay in seconds, when the group gave a valid one. */
  crawlDelaySeconds?: number;
}

export interface RobotsFile {
  groups: RobotsGroup[];
  /** Absolute URLs from Sitemap: lines (relative ones resolved against the robots.txt URL). */
  sitemaps: string[];
}

/** What one crawler must obey for one origin. */
export interface RobotsPolicy {
  /** Whether a path (with query) or URL may be fetched. */
  isAllowed(pathOrUrl: string): boolean;
  /** Crawl-delay for our group, in milliseconds, or null. */
  crawlDelayMs: number | null;
  sitemaps: string[];
}

const KEYS: Record<string, 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'crawl-delay'> = {
  'user-agent': 'user-agent',
  useragent: 'user-agent',
  'user agent': 'user-agent',
  allow: 'allow',
  disallow: 'disallow',
  // Misspellings seen in the wild and accepted by the major crawlers.
  dissallow: 'disallow',
  dissalow: 'disallow',
  disalow: 'disallow',
  diasllow: 'disallow',
  disallaw: 'disallow',
  sitemap: 'sitemap',
  'site-map': 'sitemap',
  'crawl-delay': 'crawl-delay',
  crawldelay: 'crawl-delay',
};

/** Parses robots.txt text. `baseUrl` (the robots.txt URL) resolves relative Sitemap: lines. */
export function parseRobotsFile(text: string, baseUrl?: string): RobotsFile {
  const groups: RobotsGroup[] = [];
  const sitemaps: string[] = [];
  let current: RobotsGroup | null = null;
  let lastWasAgent = false;
  const body = text.replace(/^\uFEFF/, '').slice(0, ROBOTS_MAX_BYTES);
  for (const rawLine of body.split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim();
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const key = KEYS[line.slice(0, colon).trim().toLowerCase()];
    const value = line.slice(colon + 1).trim();
    if (!key) continue;
    if (key === 'sitemap') {
      const url = tryParseUrl(value, baseUrl);
      if (url && (url.protocol === 'http:' || url.protocol === 'https:') && !sitemaps.includes(url.href)) sitemaps.push(url.href);
      continue;
    }
    if (key === 'user-agent') {
      if (!lastWasAgent || !current) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current) continue; // rules before any user-agent line belong to no group
    if (key === 'crawl-delay') {
      const seconds = Number(value);
      if (value !== '' && Number.isFinite(seconds) && seconds >= 0 && current.crawlDelaySeconds === undefined) {
        current.crawlDelaySeconds = seconds;
      }
      continue;
    }
    // An empty Disallow means "nothing disallowed"; an empty Allow says nothing either.
    if (value === '') continue;
    current.rules.push({ allow: key === 'allow', pattern: normalisePattern(value) });
  }
  return { groups, sitemaps };
}

/** The product token a User-Agent line or header names: its leading letters, `_` and `-`. */
export function productTokenOf(userAgent: string): string {
  return (/^[a-z_-]+/i.exec(userAgent.trim())?.[0] ?? '').toLowerCase();
}

/**
 * The rules for one crawler: all groups naming its product token (case-insensitive), merged; if
 * none does, all `*` groups, merged; if none, no rules.
 */
function robotsPolicyFor(file: RobotsFile, productToken: string): RobotsPolicy {
  const token = productToken.toLowerCase();
  let chosen = file.groups.filter((g) => g.agents.some((a) => a !== '*' && productTokenOf(a) === token));
  if (chosen.length === 0) chosen = file.groups.filter((g) => g.agents.includes('*'));
  const rules = chosen.flatMap((g) => g.rules);
  const delays = chosen.map((g) => g.crawlDelaySeconds).filter((d): d is number => d !== undefined);
  return {
    isAllowed: (pathOrUrl) => isPathAllowed(rules, pathOrUrl),
    crawlDelayMs: delays.length ? Math.round(Math.max(...delays) * 1000) : null,
    sitemaps: file.sitemaps,
  };
}

/** Parse and pick in one step. */
export function parseRobots(text: string, productToken: string, baseUrl?: string): RobotsPolicy {
  return robotsPolicyFor(parseRobotsFile(text, baseUrl), productToken);
}

const ALLOW_ALL: RobotsPolicy = Object.freeze({ isAllowed: () => true, crawlDelayMs: null, sitemaps: [] });
export const DISALLOW_ALL: RobotsPolicy = Object.freeze({
  isAllowed: (pathOrUrl: string) => pathOf(pathOrUrl) === '/robots.txt',
  crawlDelayMs: null,
  sitemaps: [],
});

function pathOf(pathOrUrl: string): string {
  if (pathOrUrl.startsWith('/')) return pathOrUrl;
  const url = tryParseUrl(pathOrUrl);
  return url ? `${url.pathname}${url.search}` : `/${pathOrUrl}`;
}

/** Longest match wins; on equal length Allow wins (RFC 9309 §2.2.2). /robots.txt is always allowed. */
function isPathAllowed(rules: readonly RobotsRule[], pathOrUrl: string): boolean {
  const path = normalisePath(pathOf(pathOrUrl));
  if (path === '/robots.txt') return true;
  let best: RobotsRule | null = null;
  for (const rule of rules) {
    if (!matchesPattern(rule.pattern, path)) continue;
    if (!best || rule.pattern.length > best.pattern.length || (rule.pattern.length === best.pattern.length && rule.allow && !best.allow)) {
      best = rule;
    }
  }
  return best ? best.allow : true;
}

// RFC 3986 unreserved characters: their %-encodings are decoded before comparing.
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

/**
 * Puts a path or pattern in the comparable form of RFC 9309 §2.2.2: non-ASCII and unsafe octets
 * percent-encoded (UTF-8), %-encoded unreserved characters decoded, hex digits upper-cased.
 */
function normaliseOctets(text: string, keep: RegExp): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '%' && /^[0-9a-fA-F]{2}$/.test(text.slice(i + 1, i + 3))) {
      const decoded = String.fromCharCode(parseInt(text.slice(i + 1, i + 3), 16));
      out += UNRESERVED.test(decoded) ? decoded : `%${text.slice(i + 1, i + 3).toUpperCase()}`;
      i += 2;
    } else if (keep.test(char)) {
      out += char;
    } else {
      const code = text.codePointAt(i)!;
      const symbol = String.fromCodePoint(code);
      if (symbol.length === 2) i++;
      out += [...Buffer.from(symbol, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
    }
  }
  return out;
}

// Everything URLs carry literally in a path and query (reserved and unreserved characters).
const PATH_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]$/;

function normalisePath(path: string): string {
  return normaliseOctets(path, PATH_CHARS);
}

function normalisePattern(pattern: string): string {
  return normaliseOctets(pattern, PATH_CHARS);
}

/**
 * Wildcard match without regular expressions (no backtracking blow-up on hostile patterns):
 * `*` matches any run of characters, a final `$` anchors at the end, otherwise a prefix match.
 */
export function matchesPattern(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const glob = anchored ? pattern.slice(0, -1) : `${pattern}*`;
  let p = 0;
  let s = 0;
  let starAt = -1;
  let resumeAt = 0;
  while (s < path.length) {
    if (p < glob.length && glob[p] === '*') {
      starAt = p++;
      resumeAt = s;
    } else if (p < glob.length && glob[p] === path[s]) {
      p++;
      s++;
    } else if (starAt !== -1) {
      p = starAt + 1;
      s = ++resumeAt;
    } else {
      return false;
    }
  }
  while (p < glob.length && glob[p] === '*') p++;
  return p === glob.length;
}

// ---------------------------------------------------------------------------------------------
// Cache

export interface RobotsCacheOptions {
  client: Pick<GuardedClient, 'fetch' | 'userAgent'>;
  /** Product token matched against User-agent lines; default: the client's User-Agent token. */
  productToken?: string;
  /** How long a fetched robots.txt is trusted (RFC 9309 §2.4 suggests at most 24 h). */
  ttlMs?: number;
  /** How long "unreachable, so disallow all" lasts before asking again. */
  unreachableTtlMs?: number;
  now?: () => number;
  /** Called before each robots.txt request, e.g. to wait for the host's politeness slot. */
  beforeFetch?: (url: string) => Promise<void>;
  /** Told when a robots.txt request has gone out, e.g. to count the host's pause from then. */
  onSent?: (url: string, at: number) => void;
  /** Called after each robots.txt request, e.g. to record a 429/503 back-off. */
  afterFetch?: (url: string, outcome: { status?: number; error?: FetchError }) => void;
}

export interface RobotsCache {
  isAllowed(url: string): Promise<boolean>;
  crawlDelayMs(originOrUrl: string): Promise<number | null>;
  sitemaps(originOrUrl: string): Promise<string[]>;
  policy(originOrUrl: string): Promise<RobotsPolicy>;
}

interface CacheEntry {
  policy: RobotsPolicy;
  expiresAt: number;
  /** Whether the policy came from a real file (kept while the origin is briefly unreachable). */
  fetched: boolean;
}

type Outcome = { kind: 'file'; text: string } | { kind: 'none' } | { kind: 'unreachable' };

export function createRobotsCache(options: RobotsCacheOptions): RobotsCache {
  const ttlMs = options.ttlMs ?? 24 * 60 * 60 * 1000;
  const unreachableTtlMs = options.unreachableTtlMs ?? 10 * 60 * 1000;
  const now = options.now ?? Date.now;
  const token = options.productToken ?? productTokenOf(options.client.userAgent);
  const entries = new Map<string, CacheEntry>();
  const pending = new Map<string, Promise<CacheEntry>>();

  async function load(origin: string): Promise<CacheEntry> {
    const robotsUrl = `${origin}/robots.txt`;
    await options.beforeFetch?.(robotsUrl);
    const outcome = await fetchRobots(robotsUrl);
    const previous = entries.get(origin);
    let entry: CacheEntry;
    if (outcome.kind === 'file') {
      entry = { policy: parseRobots(outcome.text, token, robotsUrl), expiresAt: now() + ttlMs, fetched: true };
    } else if (outcome.kind === 'none') {
      entry = { policy: ALLOW_ALL, expiresAt: now() + ttlMs, fetched: true };
    } else if (previous?.fetched) {
      // RFC 9309 §2.4: while unreachable, the last fetched copy may stand in.
      entry = { ...previous, expiresAt: now() + unreachableTtlMs };
    } else {
      entry = { policy: DISALLOW_ALL, expiresAt: now() + unreachableTtlMs, fetched: false };
    }
    entries.set(origin, entry);
    return entry;
  }

  async function fetchRobots(robotsUrl: string): Promise<Outcome> {
    try {
      const { onSent } = options;
      const response = await options.client.fetch(robotsUrl, {
        accept: ROBOTS_CONTENT_TYPES,
        ...(onSent ? { onSent: (at: number) => onSent(robotsUrl, at) } : {}),
      });
      options.afterFetch?.(robotsUrl, { status: response.status });
      const head = response.body.subarray(0, ROBOTS_MAX_BYTES);
      return { kind: 'file', text: new TextDecoder('utf-8').decode(head) };
    } catch (error) {
      const failure = error instanceof FetchError ? error : undefined;
      options.afterFetch?.(robotsUrl, failure ? { error: failure, ...(failure instanceof HttpStatusError ? { status: failure.status } : {}) } : {});
      if (error instanceof HttpStatusError) {
        // 4xx: "unavailable", crawl freely (RFC 9309 §2.3.1.3). 429 is a request to slow down, not an
        // absence, so it counts as unreachable like 5xx (RFC 9309 §2.3.1.4).
        return error.status >= 400 && error.status < 500 && error.status !== 429 ? { kind: 'none' } : { kind: 'unreachable' };
      }
      // A robots.txt that is not text at all (an image, JSON) is no robots.txt.
      if (failure?.code === 'UNSUPPORTED_CONTENT_TYPE') return { kind: 'none' };
      // Network failures, timeouts, oversize files, and redirects to refused hosts or addresses.
      return { kind: 'unreachable' };
    }
  }

  async function policy(originOrUrl: string): Promise<RobotsPolicy> {
    const origin = originOf(originOrUrl);
    if (!origin) return DISALLOW_ALL;
    const cached = entries.get(origin);
    if (cached && cached.expiresAt > now()) return cached.policy;
    let inFlight = pending.get(origin);
    if (!inFlight) {
      inFlight = load(origin).finally(() => pending.delete(origin));
      pending.set(origin, inFlight);
    }
    return (await inFlight).policy;
  }

  return {
    policy,
    async isAllowed(url) {
      const parsed = tryParseUrl(url);
      if (!parsed) return false;
      return (await policy(parsed.origin)).isAllowed(`${parsed.pathname}${parsed.search}`);
    },
    async crawlDelayMs(originOrUrl) {
      return (await policy(originOrUrl)).crawlDelayMs;
    },
    async sitemaps(originOrUrl) {
      return (await policy(originOrUrl)).sitemaps;
    },
  };
}

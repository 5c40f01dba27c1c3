// Favicons for the home page's domain cards: fetched once per domain through the
// guarded client (/favicon.ico, else the page's <link rel=icon>), kept under {dataDir}/favicons.
// Only hosts in the domains table are ever fetched: the route is public and must not become a way
// to make the daemon fetch arbitrary addresses.
import { mkdirSync, readFileSync } from 'node:fs';
import { writeFileWhole } from '../../platform/media.js';
import { join } from 'node:path';
import { parseHTML } from '../extract/dom.js';
import type { AppContext } from '../../../context.js';
import { contextJob, contextSlot } from '../../../context.js';
import { findDomainByHost } from '../../../db/domains.js';
import { readDomainEntry } from '../domains/entries.js';
import { IMAGE_CONTENT_TYPES, MIN_HOST_INTERVAL_MS, parseDomainInput, tryParseUrl } from './net/index.js';
import { crawlNetwork, politeFetch, type CrawlNetwork } from './network.js';
import { siteHost } from '../../../shared/site-names.js';

export interface Favicon {
  body: Buffer;
  contentType: string;
}

interface FaviconRecord {
  contentType: string | null;
  fetchedAt: string;
}

const MAX_FAVICON_BYTES = 256 * 1024;
/** A site without a favicon is asked again after a day. */
const RETRY_MISSING_MS = 24 * 60 * 60 * 1000;
/** Fetches in progress per domain, so concurrent requests for one icon share one fetch. */
const FAVICONS_IN_FLIGHT = contextSlot<Map<string, Promise<Favicon | null>>>('favicons');

type Ctx = Pick<AppContext, 'config' | 'sql' | 'events' | 'jobs'>;

function faviconDir(config: Pick<AppContext['config'], 'dataDir'>): string {
  return join(config.dataDir, 'favicons');
}

function fileStem(hostKey: string): string {
  return hostKey.replace(/[^a-z0-9.-]/gi, '_');
}

function readCached(dir: string, stem: string): { record: FaviconRecord; body: Buffer | null } | null {
  try {
    const record = JSON.parse(readFileSync(join(dir, `${stem}.json`), 'utf8')) as FaviconRecord;
    const body = record.contentType ? readFileSync(join(dir, `${stem}.icon`)) : null;
    return { record, body };
  } catch {
    return null;
  }
}

function writeCached(dir: string, stem: string, favicon: Favicon | null): void {
  mkdirSync(dir, { recursive: true });
  if (favicon) writeFileWhole(join(dir, `${stem}.icon`), favicon.body);
  const record: FaviconRecord = { contentType: favicon?.contentType ?? null, fetchedAt: new Date().toISOString() };
  writeFileWhole(join(dir, `${stem}.json`), JSON.stringify(record));
}

async function fetchIcon(network: CrawlNetwork, url: string): Promise<Favicon | null> {
  try {
    const response = await politeFetch(network, url, { intervalMs: MIN_HOST_INTERVAL_MS, accept: IMAGE_CONTENT_TYPES, maxBodyBytes: MAX_FAVICON_BYTES });
    if (response.body.length === 0 || !response.contentType.startsWith('image/')) return null;
    return { body: response.body, contentType: response.contentType };
  } catch {
    return null;
  }
}

/** The icon a page declares (<link rel="icon">, "shortcut icon", "apple-touch-icon"), absolute. */
function declaredIconUrl(html: string, pageUrl: string): string | null {
  const { document } = parseHTML(html);
  const links = Array.from(document.querySelectorAll('link[rel][href]')) as Element[];
  const rank = (rel: string) => (rel.includes('icon') && !rel.includes('apple') && !rel.includes('mask') ? 0 : rel.includes('apple-touch-icon') ? 1 : 2);
  const icons = links
    .map((link) => ({ rel: (link.getAttribute('rel') ?? '').toLowerCase(), href: link.getAttribute('href')!.trim() }))
    .filter((link) => rank(link.rel) < 2)
    .sort((a, b) => rank(a.rel) - rank(b.rel));
  for (const icon of icons) {
    const url = tryParseUrl(icon.href, pageUrl);
    if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return url.href;
  }
  return null;
}

async function fetchFavicon(ctx: Ctx, origin: string, startUrl: string): Promise<Favicon | null> {
  const network = await crawlNetwork(ctx);
  const atRoot = await fetchIcon(network, `${origin}/favicon.ico`);
  if (atRoot) return atRoot;
  try {
    const page = await politeFetch(network, startUrl, { intervalMs: MIN_HOST_INTERVAL_MS, accept: ['text/html', 'application/xhtml+xml'] });
    const declared = declaredIconUrl(page.text(), page.url);
    return declared ? await fetchIcon(network, declared) : null;
  } catch {
    return null;
  }
}

/**
 * The favicon of a listed domain, given as its url or host (`example.com`, `http://127.0.0.2:8080`);
 * null when the domain is unknown or has no icon.
 */
const LETTER_COLOURS = ['#1d4ed8', '#047857', '#b45309', '#7c3aed', '#be123c', '#0e7490', '#4d7c0f', '#9a3412'];

/**
 * The icon a site without one (or not fetched yet, or not listed any more) is shown with: its
 * initial on a colour its host name picks, so cards stay tellable apart and the browser never
 * meets a broken image.
 */
export function letterIcon(host: string): Favicon {
  const name = siteHost(host);
  const letter = /^[a-z0-9]/.test(name) ? name[0]!.toUpperCase() : '#';
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  const colour = LETTER_COLOURS[hash % LETTER_COLOURS.length]!;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="${colour}"/>` +
    `<text x="16" y="22" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-size="18" font-weight="700" fill="#fff">${letter}</text></svg>`;
  return { body: Buffer.from(svg), contentType: 'image/svg+xml' };
}

/**
 * A domain's own favicon, fetched once and cached; null when it has none (or is not listed): the
 * caller shows `letterIcon` then.
 */
export async function domainFavicon(ctx: Ctx, domain: string): Promise<Favicon | null> {
  let hostKey: string;
  try {
    hostKey = readDomainEntry(domain).host;
  } catch {
    return null;
  }
  const row = await findDomainByHost(ctx.sql, hostKey);
  if (!row) return null;
  const dir = faviconDir(ctx.config);
  const stem = fileStem(hostKey);
  const cached = readCached(dir, stem);
  if (cached?.body && cached.record.contentType) return { body: cached.body, contentType: cached.record.contentType };
  if (cached && Date.now() - Date.parse(cached.record.fetchedAt) < RETRY_MISSING_MS) return null;

  // One fetch per host at a time, however many cards ask at once.
  const inFlight = contextJob(ctx, FAVICONS_IN_FLIGHT, () => new Map<string, Promise<Favicon | null>>());
  let pending = inFlight.get(hostKey);
  if (!pending) {
    const target = parseDomainInput(row.url, row.startingUrl);
    pending = fetchFavicon(ctx, target.origin, `${target.origin}/`)
      .then((favicon) => {
        writeCached(dir, stem, favicon);
        return favicon;
      })
      .finally(() => inFlight.delete(hostKey));
    inFlight.set(hostKey, pending);
  }
  return pending;
}

// "Scrape Domains from {host}": the news sites a configured
// related site links to become source domains. Fetched like any crawl request: guarded, paced,
// robots.txt obeyed.
import { parseHTML } from '../extract/dom.js';
import type { AppContext } from '../../../context.js';
import { insertDomain } from '../../../db/domains.js';
import { Invalid, Upstream } from '../../../errors.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { classifyHost, tryParseUrl } from '../spider/net/index.js';
import { createPacedRobots, crawlNetwork, politeFetch } from '../spider/network.js';
import { readDomainEntry } from './entries.js';
import { counted } from '../../../shared/words.js';
import type { RelatedScrapeResult, RelatedSites } from '../../../api/domains.js';
import { siteHost } from '../../../shared/site-names.js';

/** Hosts every page links to that are no news source of their own. */
const PLATFORM_HOSTS = [
  'facebook.com',
  'fb.com',
  'twitter.com',
  'x.com',
  't.co',
  'instagram.com',
  'youtube.com',
  'youtu.be',
  'linkedin.com',
  'pinterest.com',
  'tiktok.com',
  'reddit.com',
  'whatsapp.com',
  'telegram.org',
  't.me',
  'google.com',
  'apple.com',
  'microsoft.com',
  'amazon.com',
  'wikipedia.org',
  'wikimedia.org',
  'github.com',
  'doubleclick.net',
  'googletagmanager.com',
  'gravatar.com',
  'wordpress.com',
  'disqus.com',
  'bit.ly',
];
/** At most this many domains join from one scrape; a link farm must not flood the list. */
const MAX_DOMAINS_PER_SCRAPE = 200;
const RELATED_SITE_INTERVAL_MS = 2000;

function isPlatform(host: string): boolean {
  return PLATFORM_HOSTS.some((platform) => host === platform || host.endsWith(`.${platform}`));
}

function siteKey(host: string): string {
  return siteHost(host);
}

/** Hosts of the http(s) links on a page that lead off the page's own site, in document order. */
function linkedHosts(html: string, pageUrl: string): string[] {
  const page = new URL(pageUrl);
  const own = siteKey(page.hostname.toLowerCase());
  const { document } = parseHTML(html);
  const hosts: string[] = [];
  for (const anchor of Array.from(document.querySelectorAll('a[href]')) as Element[]) {
    const url = tryParseUrl((anchor.getAttribute('href') ?? '').trim(), page);
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) continue;
    const host = url.hostname.toLowerCase().replace(/\.$/, '');
    const kind = classifyHost(host).kind;
    if (kind !== 'name' || !host.includes('.')) continue;
    const key = siteKey(host);
    if (key === own || key.endsWith(`.${own}`) || own.endsWith(`.${key}`) || isPlatform(key)) continue;
    if (!hosts.includes(host)) hosts.push(host);
  }
  return hosts;
}

/** The configured related sites (NEWSCTL_RELATED_SITES), in order; empty when none is set. */
export function relatedSites(ctx: Pick<AppContext, 'config'>): RelatedSites {
  return { sites: ctx.config.relatedSites.map((url) => ({ url, host: new URL(url).host })) };
}

export async function scrapeRelatedDomains(ctx: Pick<AppContext, 'config' | 'sql' | 'events' | 'jobs'>): Promise<RelatedScrapeResult> {
  const sites = ctx.config.relatedSites;
  if (sites.length === 0) throw Invalid('No related site configured');
  const network = await crawlNetwork(ctx);
  const { robots, outcomes } = createPacedRobots(network, () => RELATED_SITE_INTERVAL_MS);
  const found: string[] = [];
  const names: string[] = [];
  for (const site of sites) {
    const siteUrl = new URL(site);
    names.push(siteUrl.host);
    if (!(await robots.isAllowed(siteUrl.href))) {
      const outcome = outcomes.get(siteUrl.origin);
      const why = outcome?.error ? `robots.txt could not be read (${outcome.error.message})` : 'robots.txt disallows it';
      throw Upstream(`Could not scrape ${siteUrl.host}: ${why}`);
    }
    let html: string;
    let finalUrl: string;
    try {
      const response = await politeFetch(network, siteUrl.href, { intervalMs: RELATED_SITE_INTERVAL_MS, accept: ['text/html', 'application/xhtml+xml'] });
      html = response.text();
      finalUrl = response.url;
    } catch (error) {
      throw Upstream(`Could not scrape ${siteUrl.host}: ${error instanceof Error ? error.message : String(error)}`);
    }
    for (const host of linkedHosts(html, finalUrl)) if (!found.includes(host)) found.push(host);
  }

  let added = 0;
  let skipped = 0;
  const domains: string[] = [];
  for (const host of found) {
    if (network.isAvoided(host) || added >= MAX_DOMAINS_PER_SCRAPE) {
      skipped++;
      continue;
    }
    const entry = readDomainEntry(host);
    const row = await insertDomain(ctx.sql, { url: entry.url, host: entry.host });
    if (row) {
      added++;
      domains.push(row.url);
    } else skipped++;
  }
  const from = names.join(', ');
  const message =
    found.length === 0
      ? `No linked news domains found on ${from}`
      : `Found ${counted(found.length, 'linked domain')} on ${from}: ${added} added, ${skipped} already known or avoided`;
  await logEvent(ctx, LOG_COMPONENTS.domainManager, 'info', message);
  if (added > 0) ctx.events.emit('domains_updated', {});
  return { message, added, skipped, domains };
}

// How articles and their source domains are presented on the home page.
import { readableHost } from './hosts.js';

const TITLE_LIMIT = 120;
export const DEFAULT_DOMAIN_PRIORITY = 4;

/** The first 120 characters of a title, with an ellipsis when something was cut. */
export function cutTitle(title: string): string {
  return title.length > TITLE_LIMIT ? `${title.slice(0, TITLE_LIMIT)}…` : title;
}

/**
 * Host name of a domain's url, which may carry a scheme and port (`http://127.0.0.2:8080`), as people
 * read it: an internationalised name in Unicode when that is safe (lib/hosts).
 */
export function domainHost(url: string): string {
  try {
    return readableHost(new URL(url.includes('://') ? url : `http://${url}`).hostname);
  } catch {
    return url; // Not a URL: show it as stored.
  }
}

/** The home grid's name of a domain: its host name, first letter capitalised. */
export function domainDisplayName(url: string): string {
  const host = domainHost(url);
  return host.charAt(0).toUpperCase() + host.slice(1);
}

/** Highest priority first; a missing priority counts as 4; equal priorities keep their order. */
export function sortByPriority<T extends { domain: { priority: number | null } }>(domains: readonly T[]): T[] {
  const priority = (entry: T): number => entry.domain.priority ?? DEFAULT_DOMAIN_PRIORITY;
  return [...domains].sort((a, b) => priority(b) - priority(a));
}

/**
 * A crawled address as a link target: only http(s) and same-site paths. Crawled text is hostile;
 * anything else (javascript:, data:, vbscript:) renders as plain text instead of a link.
 */
export function safeHref(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    if (url.startsWith('/')) {
      // Resolved as the browser will: '//host', '/\\host' and '/<tab>/host' all leave the site.
      return new URL(url, 'http://site.invalid').origin === 'http://site.invalid' ? url : undefined;
    }
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

// How the console lists source domains.
import type { ConsoleDomain } from '../api/types.js';
import { DEFAULT_DOMAIN_PRIORITY } from './articles.js';

const ERROR_TEXT_LIMIT = 50;

/** Highest priority first, a missing priority counting as 4; then by address, so rows keep their place. */
export function sortDomainsByPriority<T extends Pick<ConsoleDomain, 'priority' | 'url'>>(domains: readonly T[]): T[] {
  const priority = (domain: T) => domain.priority ?? DEFAULT_DOMAIN_PRIORITY;
  return [...domains].sort((a, b) => priority(b) - priority(a) || a.url.localeCompare(b.url));
}

/** The notes after a row's address: "(Custom URL)", "(Success)", "(Error: first 50 characters…)". */
export function domainNotes(
  domain: Pick<ConsoleDomain, 'startingUrl' | 'status' | 'errorMessage'> & { skipped?: Record<string, number>; teasers?: number },
): string[] {
  const notes: string[] = [];
  if (domain.startingUrl) notes.push('(Custom URL)');
  if (domain.status === 'success') notes.push('(Success)');
  if (domain.status === 'error' && domain.errorMessage) {
    const cut = domain.errorMessage.length > ERROR_TEXT_LIMIT ? `${domain.errorMessage.slice(0, ERROR_TEXT_LIMIT)}…` : domain.errorMessage;
    notes.push(`(Error: ${cut})`);
  }
  // Pages read and not kept: which sites write in a language the crawler leaves out.
  for (const [reason, count] of Object.entries(domain.skipped ?? {})) if (count > 0) notes.push(`(${count} skipped: ${reason})`);
  // Which sites are paywalled: their articles are stored as the part they show.
  if (domain.teasers) notes.push(`(${domain.teasers} paywalled)`);
  return notes;
}

export interface DomainCounts {
  total: number;
  active: number;
  success: number;
  errors: number;
  /** Domains the spider visits (all but the avoided). */
  spidered: number;
}

export function countDomains(domains: readonly Pick<ConsoleDomain, 'status'>[]): DomainCounts {
  const count = (status: string) => domains.filter((domain) => domain.status === status).length;
  return {
    total: domains.length,
    active: count('active'),
    success: count('success'),
    errors: count('error'),
    spidered: domains.length - count('avoided'),
  };
}

/** A priority as typed: a whole number, or null when it is not a number (then ignored). */
export function parsePriority(text: string): number | null {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isNaN(value) ? null : value;
}

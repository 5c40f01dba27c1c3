// How prose names a news site, written or spoken: the name the site gives itself, else a name
// read from its registrable domain ("Metro Ledger" from `metro-ledger.example`), never an address:
// an IP address, `localhost` or a port is not a name anyone says, so such a site has no name here
// and the sentence says "one source" instead. No Node module: the web app may import this file.
import { readableHost } from './readable-host.js';

/** Second-level labels under which registrations sit one level deeper (`news.co.uk`). */
const SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'gov', 'ac', 'edu', 'ne', 'or', 'go']);
/** Labels before the registrable name that say nothing about the site. */
const SERVICE_LABELS = new Set(['www', 'm', 'amp', 'mobile', 'edition', 'beta']);

/** The host without a port, a trailing dot or brackets, lower-cased. */
function bareHost(host: string): string {
  const trimmed = host.trim().toLowerCase().replace(/\.$/, '');
  if (trimmed.startsWith('[')) return trimmed.slice(1, trimmed.indexOf(']') > 0 ? trimmed.indexOf(']') : undefined);
  return trimmed.replace(/:\d+$/, '');
}

/**
 * The host a site is known by, whichever address a page or a list gives: lower case, without a
 * port, a trailing dot or a leading `www.` (`WWW.Example.com:443` → `example.com`). Two addresses
 * of one site compare equal by it.
 */
export function siteHost(host: string): string {
  return bareHost(host).replace(/^www\./, '');
}

/** An IP address or a name of this machine: nothing to say aloud. */
export function isAddressHost(host: string): boolean {
  const bare = bareHost(host);
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(bare) || bare.includes(':') || bare === 'localhost' || bare.endsWith('.localhost') || !bare.includes('.');
}

/**
 * A readable name from the registrable part of a host name: its label split at hyphens (and into
 * words by `split`, when given a word list's splitter), each word capitalised, initials in
 * capitals (`bbc` → BBC, `cbsnews` → CBS News). Null for an address.
 */
export function nameFromHost(host: string, split?: (label: string) => string[]): string | null {
  if (isAddressHost(host)) return null;
  const labels = readableHost(bareHost(host)).split('.').filter(Boolean);
  while (labels.length > 2 && SERVICE_LABELS.has(labels[0]!)) labels.shift();
  const suffixLength = labels.length >= 3 && SECOND_LEVEL.has(labels.at(-2)!) && labels.at(-1)!.length === 2 ? 2 : 1;
  const label = labels[labels.length - suffixLength - 1];
  if (!label) return null;
  const words = label
    .split('-')
    .filter(Boolean)
    .flatMap((part) => (split ? split(part) : [part]));
  if (words.length === 0) return null;
  // Letters without a vowel, or a short name alone, are initials: CBS News, NY Times, NPR.
  const initials = (word: string) => !/[aeiou]/.test(word) || (word.length <= 3 && words.length === 1);
  return words.map((word) => (initials(word) ? word.toUpperCase() : word.charAt(0).toUpperCase() + word.slice(1))).join(' ');
}

/** The site's name for prose: its declared name, else one read from its host; null when it has none. */
export function siteNameForProse(host: string, declared?: string | null, split?: (label: string) => string[]): string | null {
  const name = declared?.replace(/\s+/g, ' ').trim();
  // A page may declare its address as its name ("127.0.0.4:8871"): that is no name either.
  if (name && !/^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-f:.]+\]|localhost)(:\d+)?$/i.test(name)) return name;
  return nameFromHost(host, split);
}

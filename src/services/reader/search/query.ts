// The search page's query language, read once for the page, saved searches and their feeds:
// words (stemmed), "a phrase", -word, OR between words, and the operators topic:, site:, before:
// and after: (each may be negated with a leading -, and repeated: topic:health topic:science is
// either). An operator inside quotes is a phrase's words, not an operator.
import { Invalid } from '../../../errors.js';
import { siteHost } from '../../../shared/site-names.js';
import { TOPICS, isTopic, type Topic } from '../../../shared/topics.js';
import { storedHost } from '../domains/host-names.js';

export interface SearchFilters {
  topics: Topic[];
  notTopics: Topic[];
  /** Hosts as stored (lower-case, ASCII, no "www."); a site's sub-domains match too. */
  sites: string[];
  notSites: string[];
  /** Crawled before / on or after this day (YYYY-MM-DD, in the product's time zone). */
  before: string | null;
  after: string | null;
}

export interface ParsedSearch {
  /** websearch syntax: words, "phrases", -words, OR. */
  main: string;
  /** The last word as typed so far, matched as a word or as a prefix of a title word. */
  tail: string;
  filters: SearchFilters;
}

const OPERATOR = /(^|\s)(-?)(topic|site|before|after):(\S*)/gi;

export const noFilters = (): SearchFilters => ({ topics: [], notTopics: [], sites: [], notSites: [], before: null, after: null });

export function hasFilters(filters: SearchFilters): boolean {
  return (
    filters.topics.length + filters.notTopics.length + filters.sites.length + filters.notSites.length > 0 || filters.before !== null || filters.after !== null
  );
}

function topicOf(value: string): Topic {
  const topic = value.toLowerCase();
  if (!isTopic(topic)) throw Invalid(`Unknown topic "${value}" (topics: ${TOPICS.join(', ')})`);
  return topic;
}

function hostOf(value: string): string {
  const bare = value
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/\.$/, '');
  const host = siteHost(storedHost(bare));
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host)) throw Invalid(`site: needs a site's host name, like site:apnews.com (got "${value}")`);
  return host;
}

function dayOf(operator: string, value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || date.toISOString().slice(0, 10) !== value)
    throw Invalid(`${operator}: needs a date as YYYY-MM-DD, like ${operator}:2026-11-30 (got "${value}")`);
  return value;
}

/** Splits the text into websearch syntax and the trailing word to prefix-match, if any. */
export function parseSearchQuery(text: string): { main: string; tail: string } {
  const query = text.trim();
  const quotes = (query.match(/"/g) ?? []).length;
  // A trailing word inside an open or closed phrase, or after an operator, is not a prefix.
  const last = /(^|\s)([\p{L}\p{N}]+)$/u.exec(query);
  if (!last || quotes % 2 === 1 || query.endsWith('"')) return { main: query, tail: '' };
  const before = query.slice(0, last.index + last[1]!.length).trimEnd();
  if (/(^|\s)-$/.test(before) || /\bor$/i.test(before)) return { main: query, tail: '' };
  return { main: before, tail: last[2]!.toLowerCase() };
}

/** The words and the operators of a search; an operator with a value it cannot use is a 400 saying why. */
export function parseSearch(text: string): ParsedSearch {
  const filters = noFilters();
  // Outside quotes only: the even-numbered pieces between double quotes.
  const pieces = text.split('"');
  for (let i = 0; i < pieces.length; i += 2) {
    pieces[i] = pieces[i]!.replace(OPERATOR, (_whole, space: string, minus: string, name: string, value: string) => {
      const operator = name.toLowerCase();
      if (!value)
        throw Invalid(
          `${operator}: needs a value, like ${operator === 'topic' ? 'topic:health' : operator === 'site' ? 'site:apnews.com' : `${operator}:2026-11-30`}`,
        );
      if (operator === 'topic') (minus ? filters.notTopics : filters.topics).push(topicOf(value));
      else if (operator === 'site') (minus ? filters.notSites : filters.sites).push(hostOf(value));
      else if (minus) throw Invalid(`-${operator}: cannot be negated; use ${operator === 'before' ? 'after' : 'before'}: instead`);
      else filters[operator as 'before' | 'after'] = dayOf(operator, value);
      return space;
    });
  }
  return { ...parseSearchQuery(pieces.join('"').replace(/\s+/g, ' ')), filters };
}

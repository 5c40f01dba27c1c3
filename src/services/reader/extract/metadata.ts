// Article metadata: picks, field by field, the declared value from the source that proved most
// reliable on real pages (the visible headline when the page's titles confirm it, then JSON-LD,
// OpenGraph and <meta>) and cleans it (site names off titles, authors joined, ISO dates).
import { authorFromUrl, cleanAuthor } from './author.js';
import { isoDate } from './dates.js';
import { AUTHOR_ORDER, type MetadataCandidates } from './metadata-candidates.js';
import { httpUrl } from './urls.js';
import { siteHost } from '../../../shared/site-names.js';

export interface PageMetadata {
  title: string | null;
  author: string | null;
  publishedAt: string | null;
  canonicalUrl: string | null;
  imageUrl: string | null;
  language: string | null;
  description: string | null;
  siteName: string | null;
  /** JSON-LD `articleBody`: a second opinion on the article text. */
  articleBody: string | null;
  /** The article this page republishes, as its JSON-LD names it (`isBasedOn`). */
  basedOnUrl: string | null;
}

function normalised(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const TITLE_SEPARATOR = /\s+(?:[|\-–—:·•»]|::)\s+/g;

/** Drops site-name parts from either end of "Headline | Site" (or "Site - Headline"). */
export function stripSiteName(title: string, siteNames: readonly string[]): string {
  const sites = siteNames.map((name) => normalised(name).replace(/ /g, '')).filter(Boolean);
  const isSite = (part: string) => {
    const name = normalised(part).replace(/ /g, '');
    return name !== '' && sites.includes(name);
  };
  const parts: { text: string; start: number; end: number }[] = [];
  let from = 0;
  for (const match of title.matchAll(TITLE_SEPARATOR)) {
    parts.push({ text: title.slice(from, match.index), start: from, end: match.index });
    from = match.index + match[0].length;
  }
  parts.push({ text: title.slice(from), start: from, end: title.length });
  let first = 0;
  let last = parts.length - 1;
  while (last > first && isSite(parts[last]!.text)) last--;
  while (first < last && isSite(parts[first]!.text)) first++;
  return title.slice(parts[first]!.start, parts[last]!.end).trim();
}

/**
 * The name a site calls itself ("Skyline News"), fit to be said aloud in its place: one short name
 * with a letter in it, not an address or a sentence. Null otherwise (the host name is said instead).
 */
export function cleanSiteName(value: string | null | undefined): string | null {
  const name = (value ?? '')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (name.length < 2 || name.length > 60 || !/\p{L}/u.test(name)) return null;
  if (/[/@<>{}[\]\\]|:\/\/|\.(com|org|net|io|co|news)\b/i.test(name)) return null;
  if (name.split(' ').length > 6) return null;
  return name;
}

function siteNamesOf(candidates: MetadataCandidates, pageUrl?: string | null): string[] {
  const names = candidates.siteName.map((c) => c.value);
  const url = httpUrl(pageUrl) ?? candidates.canonicalUrl[0]?.value;
  if (url) {
    const host = siteHost(new URL(url).hostname);
    names.push(host, host.split('.')[0] ?? host);
  }
  return names;
}

function chooseTitle(candidates: MetadataCandidates, pageUrl?: string | null): string | null {
  const sites = siteNamesOf(candidates, pageUrl);
  const siteKeys = new Set(sites.map((name) => normalised(name).replace(/ /g, '')));
  const declared = candidates.title.filter((c) => c.source !== 'h1').map((c) => normalised(c.value));
  // The visible headline is what readers (and most gold titles) call the title, unless it is the
  // site's logo or a one- or two-word section label that no declared title confirms.
  for (const h1 of candidates.title.filter((c) => c.source === 'h1')) {
    const heading = normalised(h1.value);
    if (!heading || h1.value.length > 300 || siteKeys.has(heading.replace(/ /g, ''))) continue;
    const confirmed = declared.some((title) => title.includes(heading));
    if (confirmed || heading.split(' ').length > 2) {
      // Same words as a declared title: keep the publisher's own spelling of quotes and dashes.
      for (const source of ['jsonld:headline', 'meta:og:title', 'meta:twitter:title']) {
        const declaredTitle = candidates.title.find((c) => c.source === source);
        const title = declaredTitle ? stripSiteName(declaredTitle.value, sites) : null;
        if (title && normalised(title) === heading) return title;
      }
      return h1.value;
    }
  }
  const preferred = ['jsonld:headline', 'meta:og:title', 'meta:twitter:title', 'meta:title', 'meta:headline', 'jsonld:name', 'title'];
  for (const source of preferred) {
    const candidate = candidates.title.find((c) => c.source === source);
    if (!candidate) continue;
    const title = stripSiteName(candidate.value, sites);
    if (normalised(title)) return title;
  }
  return null;
}

function chooseAuthor(candidates: MetadataCandidates): string | null {
  for (const source of AUTHOR_ORDER) {
    for (const candidate of candidates.author.filter((c) => c.source === source)) {
      const author = cleanAuthor(candidate.value);
      if (author) return author;
    }
  }
  for (const candidate of candidates.author) {
    const author = authorFromUrl(candidate.value);
    if (author) return author;
  }
  return null;
}

function firstDate(candidates: MetadataCandidates): string | null {
  for (const candidate of candidates.publishedAt) {
    const date = isoDate(candidate.value);
    if (date) return date;
  }
  return null;
}

const LANGUAGE_TAG = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i;

function chooseLanguage(candidates: MetadataCandidates): string | null {
  for (const candidate of candidates.language) {
    const tag = candidate.value.split(',')[0]!.trim().replace(/_/g, '-');
    if (LANGUAGE_TAG.test(tag)) {
      const [primary, ...rest] = tag.split('-');
      return [primary!.toLowerCase(), ...rest.map((part) => (part.length === 2 ? part.toUpperCase() : part))].join('-');
    }
  }
  return null;
}

/** The name the site declares, else the one its front-page link gives and its own <title> confirms. */
function chooseSiteName(candidates: MetadataCandidates): string | null {
  const declared = candidates.siteName.filter((c) => c.source !== 'home-link');
  const named = declared.map((c) => cleanSiteName(c.value)).find(Boolean);
  if (named) return named;
  const title = candidates.title.find((c) => c.source === 'title')?.value;
  if (!title) return null;
  for (const link of candidates.siteName.filter((c) => c.source === 'home-link')) {
    const name = cleanSiteName(link.value);
    if (name && stripSiteName(title, [name]) !== title.trim()) return name;
  }
  return null;
}

/** Metadata the page declares, chosen from the candidates by how reliable each source proved on real pages. */
export function chooseMetadata(candidates: MetadataCandidates, pageUrl?: string | null): PageMetadata {
  const imageOrder = ['meta:og:image', 'meta:og:image:url', 'meta:og:image:secure_url', 'jsonld:image', 'meta:twitter:image', 'meta:twitter:image:src'];
  const image = imageOrder.map((source) => candidates.imageUrl.find((c) => c.source === source)).find(Boolean) ?? candidates.imageUrl[0];
  const canonical = candidates.canonicalUrl.find((c) => c.source === 'link:canonical') ?? candidates.canonicalUrl[0];
  return {
    title: chooseTitle(candidates, pageUrl),
    author: chooseAuthor(candidates),
    publishedAt: firstDate(candidates),
    canonicalUrl: canonical?.value ?? null,
    imageUrl: image?.value ?? null,
    language: chooseLanguage(candidates),
    description: candidates.description[0]?.value ?? null,
    siteName: chooseSiteName(candidates),
    articleBody: candidates.articleBody[0]?.value ?? null,
    basedOnUrl: candidates.basedOn[0]?.value ?? null,
  };
}

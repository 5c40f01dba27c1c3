// Article metadata from what the page declares: JSON-LD (NewsArticle, Article, BlogPosting, @graph),
// OpenGraph and other <meta> tags, <link rel=canonical>, <time>, <html lang> and the visible headline.
import { dateInText, isoDate } from './dates.js';
import { isArticleNode, jsonLdNodes, jsonNames, jsonText, jsonUrl, nodesById, nodeTypes, type JsonLdNode } from './json-ld.js';
import { documentBase, httpUrl } from './urls.js';

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
}

export interface Candidate {
  source: string;
  value: string;
}

export interface MetadataCandidates {
  title: Candidate[];
  author: Candidate[];
  publishedAt: Candidate[];
  canonicalUrl: Candidate[];
  imageUrl: Candidate[];
  language: Candidate[];
  description: Candidate[];
  siteName: Candidate[];
  articleBody: Candidate[];
}

function clean(text: string | null | undefined): string | null {
  if (!text) return null;
  const value = decodeEntities(text).replace(/\s+/g, ' ').trim();
  return value || null;
}

// Some pages double-encode entities inside attributes and JSON ("&amp;amp;", "&#8217;").
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt|nbsp);/gi, (whole, code: string) => {
    const lower = code.toLowerCase();
    if (lower === 'amp') return '&';
    if (lower === 'quot') return '"';
    if (lower === 'apos') return "'";
    if (lower === 'lt') return '<';
    if (lower === 'gt') return '>';
    if (lower === 'nbsp') return ' ';
    const point = lower.startsWith('#x') ? parseInt(lower.slice(2), 16) : parseInt(lower.slice(1), 10);
    return Number.isFinite(point) && point > 0 && point < 0x110000 ? String.fromCodePoint(point) : whole;
  });
}

/** `<meta>` contents by lower-cased property, name or itemprop, in page order: one pass over the page. */
type MetaIndex = Map<string, string[]>;

function indexMeta(document: Document): MetaIndex {
  const index: MetaIndex = new Map();
  for (const meta of document.querySelectorAll('meta[content]')) {
    const content = meta.getAttribute('content');
    if (!content) continue;
    for (const attribute of ['property', 'name', 'itemprop']) {
      const key = meta.getAttribute(attribute)?.trim().toLowerCase();
      if (!key) continue;
      const list = index.get(key);
      if (list) list.push(content);
      else index.set(key, [content]);
    }
  }
  return index;
}

function metaContent(index: MetaIndex, names: readonly string[]): Candidate[] {
  const found: Candidate[] = [];
  for (const name of names) {
    for (const content of index.get(name.toLowerCase()) ?? []) {
      const value = clean(content);
      if (value) found.push({ source: `meta:${name}`, value });
    }
  }
  return found;
}

const AUTHOR_PREFIX = /^(?:by|von|por|par|di|da|av|door|af|od|de|written by|posted by)[:\s]+/i;

/** Author sources, most reliable first (measured on the extraction data set). */
const AUTHOR_ORDER = [
  'jsonld:author', 'meta:author', 'meta:parsely-author', 'meta:sailthru.author', 'meta:article:author', 'itemprop:author',
  'meta:dc.creator', 'meta:byl', 'rel:author', 'meta:citation_author', 'byline',
];

const BYLINE_SELECTOR =
  '[class*="author" i], [class*="byline" i], [id*="author" i], [id*="byline" i], a[href*="/author/"], a[href*="/authors/"]';
const BYLINE_NOISE = /\b(?:updated|published|posted|written|reviewed|read|min|share|follow|about)\b|\d{4}|[|•·]/i;

/** Short names shown in byline-like elements, deepest first, so "Jane Doe" wins over a whole author box. */
function visibleBylines(document: Document): string[] {
  const names: string[] = [];
  let seen = 0;
  for (const element of document.querySelectorAll(BYLINE_SELECTOR)) {
    if (++seen > 200 || names.length >= 5) break;
    if (element.closest('script, style, nav, footer, [class*="comment" i]')) continue;
    const text = clean(spacedText(element))?.replace(AUTHOR_PREFIX, '').replace(/[\s\-–—,:|]+$/, '');
    if (!text || text.length < 3 || text.length > 60 || BYLINE_NOISE.test(text)) continue;
    const words = text.split(' ');
    if (words.length > 6 || !/\p{Lu}/u.test(text)) continue;
    names.push(text);
  }
  return names;
}

const DATE_SELECTOR = 'time, [class*="date" i], [class*="publish" i], [class*="posted" i], [class*="byline" i], [class*="meta" i], [id*="date" i]';

/** Dates written in the page's date and byline lines, skipping "updated" lines (they are not the publication date). */
function visibleDates(document: Document): string[] {
  const dates: string[] = [];
  let seen = 0;
  for (const element of document.querySelectorAll(DATE_SELECTOR)) {
    if (++seen > 200 || dates.length >= 3) break;
    if (element.closest('script, style, nav, footer, [class*="comment" i]')) continue;
    const text = clean(spacedText(element));
    if (!text || text.length > 200 || /\b(?:updated|modified|last edited)\b/i.test(text)) continue;
    const date = dateInText(text);
    if (date) dates.push(date);
  }
  return dates;
}

/** A date line right under the headline ("by Jane Doe, Dec 17, 2025"), often in class-less markup. */
function dateNearHeadline(document: Document): { date: string; updated: boolean } | null {
  const h1 = document.querySelector('article h1, main h1') ?? document.querySelector('h1');
  if (!h1) return null;
  let steps = 0;
  for (let element = nextInOrder(h1, true); element && steps < 25; element = nextInOrder(element, false), steps++) {
    if (element.childElementCount > 3) continue;
    const text = clean(spacedText(element));
    if (!text || text.length > 200) continue;
    const date = dateInText(text);
    if (date) return { date, updated: /\b(?:updated|modified)\b/i.test(text) };
  }
  return null;
}

/** The element after `element` in document order; `skipInside` steps over its descendants. */
function nextInOrder(element: Element, skipInside: boolean): Element | null {
  if (!skipInside && element.firstElementChild) return element.firstElementChild;
  for (let current: Element | null = element; current; current = current.parentElement) {
    if (current.nextElementSibling) return current.nextElementSibling;
  }
  return null;
}

/** Text with a space at every element boundary: `<span>By</span><a>Jane</a>` reads "By Jane", not "ByJane". */
function spacedText(root: Element): string {
  const parts: string[] = [];
  const stack: Node[] = [root];
  while (stack.length && parts.length < 200) {
    const node = stack.pop()!;
    if (node.nodeType === 3) parts.push(node.nodeValue ?? '');
    else if (node.nodeType === 1) {
      parts.push(' ');
      const children: Node[] = [];
      for (let child = node.firstChild; child; child = child.nextSibling) children.push(child);
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
  }
  return parts.join('');
}

function push(list: Candidate[], source: string, value: string | null | undefined): void {
  const cleaned = clean(value);
  if (cleaned) list.push({ source, value: cleaned });
}

/** The article node of the page's JSON-LD, preferring news/blog types and ones with a headline. */
function articleNode(nodes: readonly JsonLdNode[]): JsonLdNode | null {
  let best: JsonLdNode | null = null;
  let bestScore = -1;
  for (const node of nodes) {
    if (!isArticleNode(node)) continue;
    let score = 1;
    if (jsonText(node['headline'])) score += 2;
    if (node['datePublished']) score += 1;
    if (node['articleBody']) score += 1;
    if (nodeTypes(node).some((t) => /News|Blog/.test(t))) score += 1;
    if (score > bestScore) {
      best = node;
      bestScore = score;
    }
  }
  return best;
}

export function metadataCandidates(document: Document, pageUrl?: string | null): MetadataCandidates {
  const candidates: MetadataCandidates = {
    title: [], author: [], publishedAt: [], canonicalUrl: [], imageUrl: [], language: [], description: [], siteName: [], articleBody: [],
  };
  const meta = indexMeta(document);
  const nodes = jsonLdNodes(document);
  const byId = nodesById(nodes);
  const article = articleNode(nodes);
  const page = nodes.find((node) => nodeTypes(node).some((t) => /WebPage$/.test(t))) ?? null;

  if (article) {
    push(candidates.title, 'jsonld:headline', jsonText(article['headline']));
    push(candidates.title, 'jsonld:name', jsonText(article['name']));
    const authors = jsonNames(article['author'], byId).map((name) => clean(name)).filter((name): name is string => !!name);
    if (authors.length) push(candidates.author, 'jsonld:author', authors.join(', '));
    push(candidates.publishedAt, 'jsonld:datePublished', jsonText(article['datePublished']));
    push(candidates.publishedAt, 'jsonld:dateCreated', jsonText(article['dateCreated']));
    push(candidates.imageUrl, 'jsonld:image', jsonUrl(article['image']));
    push(candidates.imageUrl, 'jsonld:thumbnailUrl', jsonUrl(article['thumbnailUrl']));
    push(candidates.canonicalUrl, 'jsonld:url', jsonText(article['url']));
    push(candidates.language, 'jsonld:inLanguage', jsonText(article['inLanguage']));
    push(candidates.description, 'jsonld:description', jsonText(article['description']));
    push(candidates.siteName, 'jsonld:publisher', jsonNames(article['publisher'], byId)[0]);
    const body = article['articleBody'];
    if (typeof body === 'string' && body.trim()) candidates.articleBody.push({ source: 'jsonld:articleBody', value: body });
  }

  for (const c of metaContent(meta, ['og:title', 'twitter:title', 'title', 'headline', 'dc.title', 'parsely-title', 'sailthru.title'])) candidates.title.push(c);
  // Logos are often an <h1> wrapping a home link; headlines inside the article or <main> come first.
  const headings = [...document.querySelectorAll('article h1, main h1'), ...document.querySelectorAll('h1')];
  for (const h1 of new Set(headings)) {
    if (h1.closest('a, header nav, nav') || h1.querySelector('a[href="/"]')) continue;
    push(candidates.title, 'h1', h1.textContent);
    if (candidates.title.length > 6) break;
  }
  push(candidates.title, 'title', document.querySelector('title')?.textContent);
  if (page) push(candidates.title, 'jsonld:webpage', jsonText(page['headline'] ?? page['name']));

  for (const c of metaContent(meta, ['author', 'article:author', 'parsely-author', 'sailthru.author', 'dc.creator', 'byl', 'citation_author', 'twitter:creator'])) candidates.author.push(c);
  for (const element of document.querySelectorAll('[itemprop="author"]')) {
    const name = element.querySelector('[itemprop="name"]')?.textContent ?? element.getAttribute('content') ?? element.textContent;
    push(candidates.author, 'itemprop:author', name);
    if (candidates.author.length > 20) break;
  }
  push(candidates.author, 'rel:author', document.querySelector('a[rel="author"]')?.textContent);
  // Visible bylines cost a scan of the page: only when no declared author survives cleaning.
  if (!candidates.author.some((c) => AUTHOR_ORDER.includes(c.source) && cleanAuthor(c.value))) {
    for (const name of visibleBylines(document)) push(candidates.author, 'byline', name);
  }

  for (const c of metaContent(meta, [
    'article:published_time', 'og:article:published_time', 'datePublished', 'pubdate', 'publishdate', 'publish-date', 'publish_date',
    'date', 'dc.date', 'dc.date.issued', 'dcterms.created', 'parsely-pub-date', 'sailthru.date', 'article.published', 'published_time', 'citation_publication_date',
  ])) candidates.publishedAt.push(c);
  for (const element of document.querySelectorAll('[itemprop="datePublished"]')) {
    push(candidates.publishedAt, 'itemprop:datePublished', element.getAttribute('datetime') ?? element.getAttribute('content') ?? element.textContent);
  }
  const time = document.querySelector('article time[datetime], main time[datetime], time[pubdate][datetime]') ?? document.querySelector('time[datetime]');
  push(candidates.publishedAt, 'time', time?.getAttribute('datetime'));
  if (!candidates.publishedAt.some((c) => isoDate(c.value))) {
    for (const date of visibleDates(document)) push(candidates.publishedAt, 'visible', date);
    const nearHeadline = dateNearHeadline(document);
    if (nearHeadline) push(candidates.publishedAt, nearHeadline.updated ? 'headline-updated' : 'headline', nearHeadline.date);
  }

  push(candidates.canonicalUrl, 'link:canonical', document.querySelector('link[rel~="canonical" i]')?.getAttribute('href'));
  for (const c of metaContent(meta, ['og:url', 'twitter:url'])) candidates.canonicalUrl.push(c);

  for (const c of metaContent(meta, ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src', 'image', 'thumbnail'])) candidates.imageUrl.push(c);
  push(candidates.imageUrl, 'link:image_src', document.querySelector('link[rel="image_src" i]')?.getAttribute('href'));

  push(candidates.language, 'html:lang', document.documentElement?.getAttribute('lang'));
  for (const meta of document.querySelectorAll('meta[http-equiv="content-language" i]')) push(candidates.language, 'meta:content-language', meta.getAttribute('content'));
  for (const c of metaContent(meta, ['og:locale', 'language', 'dc.language'])) candidates.language.push(c);

  for (const c of metaContent(meta, ['og:description', 'description', 'twitter:description', 'dc.description'])) candidates.description.push(c);
  for (const c of metaContent(meta, ['og:site_name', 'application-name', 'publisher'])) candidates.siteName.push(c);

  const base = documentBase(document, pageUrl);
  candidates.canonicalUrl = candidates.canonicalUrl.flatMap((c) => {
    const url = httpUrl(c.value, base);
    return url ? [{ ...c, value: url }] : [];
  });
  candidates.imageUrl = candidates.imageUrl.flatMap((c) => {
    const url = httpUrl(c.value, base);
    return url ? [{ ...c, value: url }] : [];
  });
  return candidates;
}

function normalised(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
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

function siteNamesOf(candidates: MetadataCandidates, pageUrl?: string | null): string[] {
  const names = candidates.siteName.map((c) => c.value);
  const url = httpUrl(pageUrl) ?? candidates.canonicalUrl[0]?.value;
  if (url) {
    const host = new URL(url).hostname.replace(/^www\./, '');
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
    if (confirmed || heading.split(' ').length > 2) return h1.value;
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

const NAME_JOINERS = /\s+(?:and|und|og|och|en|et|y|e|i|és|ve|&)\s+/i;

/** "By Jane Doe and John Roe" → "Jane Doe, John Roe"; URLs and e-mail addresses are refused. */
export function cleanAuthor(raw: string): string | null {
  if (/^https?:\/\//i.test(raw) || /@\w+\.\w/.test(raw)) return null;
  const names: string[] = [];
  for (const part of raw.split(/\s*[,;]\s*|\s*\|\s*/)) {
    for (const piece of part.split(NAME_JOINERS)) {
      const name = piece.replace(AUTHOR_PREFIX, '').replace(/^@/, '').trim();
      if (name && name.length <= 80 && !names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
    }
  }
  const joined = names.join(', ');
  return joined && joined.length <= 200 ? joined : null;
}

/** "https://site/authors/jane-doe/" → "Jane Doe", for pages that only link their author. */
function authorFromUrl(raw: string): string | null {
  const match = /\/(?:authors?|autor(?:es)?|auteurs?|profile|journalist(?:s|en)?|redakteur|people|staff)\/([a-z][a-z0-9-]*[a-z])(?:\.html?)?\/?$/i.exec(raw);
  if (!match) return null;
  const words = match[1]!.split('-').filter((w) => !/^\d+$/.test(w));
  if (words.length < 2 || words.length > 4) return null;
  return words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
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

/** Metadata the page declares, chosen from the candidates by how reliable each source proved on real pages. */
export function readMetadata(document: Document, pageUrl?: string | null): PageMetadata {
  return chooseMetadata(metadataCandidates(document, pageUrl), pageUrl);
}

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
    siteName: candidates.siteName[0]?.value ?? null,
    articleBody: candidates.articleBody[0]?.value ?? null,
  };
}

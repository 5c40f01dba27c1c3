// Every value the page declares for each metadata field, labelled by where it came from: JSON-LD
// (NewsArticle, Article, BlogPosting, @graph), OpenGraph and other <meta> tags, itemprop, <link>,
// <time>, <html lang>, the visible <h1>, and as a last resort the visible byline and date lines.
import { cleanAuthor } from './author.js';
import { isoDate } from './dates.js';
import { isArticleNode, jsonLdNodes, jsonNames, jsonText, jsonUrl, nodesById, nodeTypes, type JsonLdNode } from './json-ld.js';
import { clean } from './page-text.js';
import { documentBase, httpUrl } from './urls.js';
import { dateNearHeadline, visibleBylines, visibleDates } from './visible-metadata.js';

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
  /** The article this page republishes, when its JSON-LD names it (`isBasedOn`). */
  basedOn: Candidate[];
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

/** Author sources, most reliable first (measured on the extraction data set). */
export const AUTHOR_ORDER = [
  'jsonld:author',
  'meta:author',
  'meta:parsely-author',
  'meta:sailthru.author',
  'meta:article:author',
  'itemprop:author',
  'meta:dc.creator',
  'meta:byl',
  'rel:author',
  'meta:citation_author',
  'byline',
];

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
    if (jsonText(node.headline)) score += 2;
    if (node.datePublished) score += 1;
    if (node.articleBody) score += 1;
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
    title: [],
    author: [],
    publishedAt: [],
    canonicalUrl: [],
    imageUrl: [],
    language: [],
    description: [],
    siteName: [],
    articleBody: [],
    basedOn: [],
  };
  const meta = indexMeta(document);
  const nodes = jsonLdNodes(document);
  const byId = nodesById(nodes);
  const article = articleNode(nodes);
  const page = nodes.find((node) => nodeTypes(node).some((t) => /WebPage$/.test(t))) ?? null;

  if (article) {
    push(candidates.title, 'jsonld:headline', jsonText(article.headline));
    push(candidates.title, 'jsonld:name', jsonText(article.name));
    const authors = jsonNames(article.author, byId)
      .map((name) => clean(name))
      .filter((name): name is string => !!name);
    if (authors.length) push(candidates.author, 'jsonld:author', authors.join(', '));
    push(candidates.publishedAt, 'jsonld:datePublished', jsonText(article.datePublished));
    push(candidates.publishedAt, 'jsonld:dateCreated', jsonText(article.dateCreated));
    push(candidates.imageUrl, 'jsonld:image', jsonUrl(article.image));
    push(candidates.imageUrl, 'jsonld:thumbnailUrl', jsonUrl(article.thumbnailUrl));
    push(candidates.canonicalUrl, 'jsonld:url', jsonText(article.url));
    push(candidates.basedOn, 'jsonld:isBasedOn', jsonUrl(article.isBasedOn));
    push(candidates.basedOn, 'jsonld:isBasedOnUrl', jsonUrl(article.isBasedOnUrl));
    push(candidates.language, 'jsonld:inLanguage', jsonText(article.inLanguage));
    push(candidates.description, 'jsonld:description', jsonText(article.description));
    push(candidates.siteName, 'jsonld:publisher', jsonNames(article.publisher, byId)[0]);
    const body = article.articleBody;
    if (typeof body === 'string' && body.trim()) candidates.articleBody.push({ source: 'jsonld:articleBody', value: body });
  }

  for (const c of metaContent(meta, ['og:title', 'twitter:title', 'title', 'headline', 'dc.title', 'parsely-title', 'sailthru.title']))
    candidates.title.push(c);
  // Logos are often an <h1> wrapping a home link; headlines inside the article or <main> come first.
  const headings = [...document.querySelectorAll('article h1, main h1'), ...document.querySelectorAll('h1')];
  for (const h1 of new Set(headings)) {
    if (h1.closest('a, header nav, nav') || h1.querySelector('a[href="/"]')) continue;
    push(candidates.title, 'h1', h1.textContent);
    if (candidates.title.length > 6) break;
  }
  push(candidates.title, 'title', document.querySelector('title')?.textContent);
  if (page) push(candidates.title, 'jsonld:webpage', jsonText(page.headline ?? page.name));

  for (const c of metaContent(meta, [
    'author',
    'article:author',
    'parsely-author',
    'sailthru.author',
    'dc.creator',
    'byl',
    'citation_author',
    'twitter:creator',
  ]))
    candidates.author.push(c);
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
    'article:published_time',
    'og:article:published_time',
    'datePublished',
    'pubdate',
    'publishdate',
    'publish-date',
    'publish_date',
    'date',
    'dc.date',
    'dc.date.issued',
    'dcterms.created',
    'parsely-pub-date',
    'sailthru.date',
    'article.published',
    'published_time',
    'citation_publication_date',
  ]))
    candidates.publishedAt.push(c);
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

  for (const c of metaContent(meta, ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src', 'image', 'thumbnail']))
    candidates.imageUrl.push(c);
  push(candidates.imageUrl, 'link:image_src', document.querySelector('link[rel="image_src" i]')?.getAttribute('href'));

  push(candidates.language, 'html:lang', document.documentElement?.getAttribute('lang'));
  for (const meta of document.querySelectorAll('meta[http-equiv="content-language" i]'))
    push(candidates.language, 'meta:content-language', meta.getAttribute('content'));
  for (const c of metaContent(meta, ['og:locale', 'language', 'dc.language'])) candidates.language.push(c);

  for (const c of metaContent(meta, ['og:description', 'description', 'twitter:description', 'dc.description'])) candidates.description.push(c);
  for (const c of metaContent(meta, ['og:site_name', 'application-name', 'publisher'])) candidates.siteName.push(c);

  const base = documentBase(document, pageUrl);
  for (const name of homeLinkNames(document, base)) push(candidates.siteName, 'home-link', name);
  // Addresses resolved against the page, http(s) only.
  const absolute = (list: Candidate[]) =>
    list.flatMap((c) => {
      const url = httpUrl(c.value, base);
      return url ? [{ ...c, value: url }] : [];
    });
  candidates.canonicalUrl = absolute(candidates.canonicalUrl);
  candidates.imageUrl = absolute(candidates.imageUrl);
  candidates.basedOn = absolute(candidates.basedOn);
  return candidates;
}

const HOME_LINKS_READ = 8;

/**
 * What the page's links to its own front page say (a masthead's text, a logo's alt text): the name
 * a site without declared metadata goes by. Only a title part equal to one is taken as the site's name.
 */
function homeLinkNames(document: Document, base: string | null): string[] {
  let origin: string | null = null;
  try {
    origin = base ? new URL(base).origin : null;
  } catch {
    origin = null;
  }
  const selectors = ['a[href="/"]', 'a[rel~="home" i]'];
  if (origin) selectors.push(`a[href="${origin}/"]`, `a[href="${origin}"]`);
  const names: string[] = [];
  for (const link of [...document.querySelectorAll(selectors.join(', '))].slice(0, HOME_LINKS_READ)) {
    const text = clean(link.textContent) || clean(link.querySelector('img[alt]')?.getAttribute('alt'));
    if (text && text.length <= 80) names.push(text);
  }
  return names;
}

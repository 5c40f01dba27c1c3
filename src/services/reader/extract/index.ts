// newsctl's article extractor: one HTML page in, the article out (title, plain text in blocks,
// metadata). Runs on every crawled page, so it never throws and bounds its work on hostile markup.
import { parseHTML } from './dom.js';
import { findArticleContent } from './article-text.js';
import { cleanAuthor } from './author.js';
import { chooseMetadata, type PageMetadata } from './metadata.js';
import { metadataCandidates } from './metadata-candidates.js';
import { joinBlocks, type TextBlock } from './text-blocks.js';
import { boundMarkup } from './markup-limits.js';
import { countWords } from './word-count.js';
import { readTeaserMarks, teaserReason, type TeaserMarks, type TeaserReason } from './teaser.js';
import { bodyBlocks, removeParts, type SiteRules } from './site-rules.js';

export interface ExtractedArticle {
  title: string | null;
  /** Plain text: one paragraph, heading or list item per block, blocks separated by a blank line. */
  text: string;
  /** ISO 8601, as the page gave it (date only, or date-time with its offset). */
  publishedAt: string | null;
  /** Several authors are joined with ", ". */
  author: string | null;
  /** Absolute http(s) URL only. */
  canonicalUrl: string | null;
  /** Absolute http(s) URL only. */
  imageUrl: string | null;
  /** BCP 47 tag as the page declares it ("en", "pt-BR"). */
  language: string | null;
  wordCount: number;
  /** The page's description, else the start of the first paragraph. */
  excerpt: string | null;
  /** The name the site gives itself (og:site_name, the JSON-LD publisher), when it is a plain name. */
  siteName: string | null;
  /** Why the page shows only part of its article (a paywall), null when it shows it all; `text` is the part shown. */
  teaser: TeaserReason | null;
  /** The article this page republishes, when its JSON-LD names it (`isBasedOn`); absolute http(s) URL only. */
  basedOnUrl: string | null;
}

export interface ExtractOptions {
  /** Where the page was fetched: relative links resolve against it. */
  url?: string;
  /** The site's rules (its body, parts to drop), when the administrator gave some. */
  rules?: SiteRules | null;
}

const EXCERPT_CHARS = 300;

const EMPTY: ExtractedArticle = {
  title: null,
  text: '',
  publishedAt: null,
  author: null,
  canonicalUrl: null,
  imageUrl: null,
  language: null,
  wordCount: 0,
  excerpt: null,
  siteName: null,
  teaser: null,
  basedOnUrl: null,
};

export function extractArticle(html: string, options: ExtractOptions = {}): ExtractedArticle {
  const markup = typeof html === 'string' ? boundMarkup(html) : '';
  if (!markup.trim()) return { ...EMPTY };
  let document: Document;
  try {
    document = parseHTML(markup).document as unknown as Document;
  } catch {
    return { ...EMPTY };
  }
  let metadata: PageMetadata | null = null;
  let titles: string[] = [];
  try {
    const candidates = metadataCandidates(document, options.url);
    metadata = chooseMetadata(candidates, options.url);
    titles = candidates.title.map((candidate) => candidate.value);
    if (metadata.title) titles.push(metadata.title);
  } catch {
    metadata = null;
  }
  let marks: TeaserMarks = { declared: false, declaredWords: null, walled: false };
  try {
    marks = readTeaserMarks(document);
  } catch {
    // Unreadable declarations: the page is read as it is.
  }
  let blocks: TextBlock[] = [];
  let readabilityTitle: string | null = null;
  let byline: string | null = null;
  if (options.rules) removeParts(document, options.rules);
  const ruled = options.rules ? bodyBlocks(document, options.rules) : null;
  try {
    const content = ruled ? null : findArticleContent(document, { articleBody: metadata?.articleBody, titles, author: metadata?.author ?? null });
    blocks = ruled ?? content?.blocks ?? [];
    readabilityTitle = content?.title ?? null;
    byline = content?.byline ?? null;
  } catch {
    blocks = [];
  }
  let text = joinBlocks(blocks);
  // Readability found nothing but the publisher gave the body in JSON-LD: better than nothing —
  // unless the article is closed, when that body is for search engines, never shown to readers.
  if (!text && metadata?.articleBody && !marks.declared) text = articleBodyText(metadata.articleBody);
  text = withoutControls(text) ?? '';
  const wordCount = countWords(text);
  const teaser = teaserReason(marks, wordCount);
  return {
    title: withoutControls(metadata?.title ?? clean(readabilityTitle)),
    text,
    publishedAt: metadata?.publishedAt ?? null,
    author: withoutControls(metadata?.author ?? (byline ? cleanAuthor(byline) : null)),
    canonicalUrl: metadata?.canonicalUrl ?? null,
    imageUrl: metadata?.imageUrl ?? null,
    language: metadata?.language ?? null,
    wordCount,
    excerpt: withoutControls(excerptOf(metadata?.description ?? null, blocks)),
    siteName: metadata?.siteName ?? null,
    teaser,
    basedOnUrl: metadata?.basedOnUrl ?? null,
  };
}

// Control characters (`&#1;`, `&#27;` and raw bytes survive HTML parsing) are never text a reader
// sees, yet they travel with the article: ESC sequences into an operator's terminal (`newsctl
// trends list`), and characters XML forbids into feeds and Word exports. Line breaks and tabs stay.
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\ufffe\uffff]/g;
const SPACING_CONTROLS = /[\u000b\u000c\r]/g;

function withoutControls(value: string): string;
function withoutControls(value: string | null): string | null;
function withoutControls(value: string | null): string | null {
  if (!value) return value;
  const cleaned = value.replace(CONTROLS, '').replace(SPACING_CONTROLS, ' ');
  if (cleaned === value) return value;
  return (
    cleaned
      .replace(/ {2,}/g, ' ')
      .replace(/ *\n */g, '\n')
      .trim() || null
  );
}

function clean(text: string | null | undefined): string | null {
  const value = text?.replace(/\s+/g, ' ').trim();
  return value ? value : null;
}

/** JSON-LD bodies are one string, sometimes with HTML tags or single line breaks between paragraphs. */
function articleBodyText(body: string): string {
  return body
    .replace(/<[^>]{0,500}>/g, ' ')
    .split(/\n\s*\n|\r?\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n\n');
}

function excerptOf(description: string | null, blocks: readonly TextBlock[]): string | null {
  if (description) return truncate(description);
  const first = blocks.find((block) => !/^H[1-6]$/.test(block.tag) && countWords(block.text) >= 8) ?? blocks[0];
  return first ? truncate(first.text.replace(/\s+/g, ' ')) : null;
}

function truncate(text: string): string {
  if (text.length <= EXCERPT_CHARS) return text;
  const cut = text.slice(0, EXCERPT_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > EXCERPT_CHARS * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

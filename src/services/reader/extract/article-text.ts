// Finds the article's main text: repairs and prunes the page, lets Readability pick the content
// element, then turns it into blocks and drops the blocks that are furniture rather than article.
import type { Readability as ReadabilityClass } from '@mozilla/readability';
import { onFirstUse } from '../../../load-on-use.js';
import { boilerplateGroup, boilerplateWordIndex } from './boilerplate.js';
import {
  capDepth,
  removeFurniture,
  removeHiddenElements,
  removeInertElements,
  resolveStreamedBoundaries,
  revealHiddenArticle,
  unwrapStrayRoots,
} from './cleanup.js';
import { dropRepeatedRuns, textBlocks, type TextBlock } from './text-blocks.js';
import { coveredShare, shingleSet, words } from './shingles.js';
import { ALL_RULES, filterBlocks, type BlockRule } from './block-filter.js';

const readability = onFirstUse<typeof import('@mozilla/readability')>('@mozilla/readability');
const furnitureWords = boilerplateWordIndex();

export interface ArticleHints {
  /** JSON-LD articleBody, when the page has one. */
  articleBody?: string | null;
  /** Titles the page declares: a block repeating one is the headline, not article text. */
  titles?: readonly string[];
  author?: string | null;
  /** Which block filters run (all by default). */
  rules?: ReadonlySet<BlockRule>;
}

export interface ArticleContent {
  blocks: TextBlock[];
  /** The element Readability chose (detached from the page), or null when it found nothing. */
  root: Element | null;
  title: string | null;
  byline: string | null;
}

/** Readability gives up (throws) on pages beyond this; real articles have a few thousand elements. */
const MAX_ELEMENTS = 50_000;

/** Mutates `document`: read metadata from it before calling this. */
export function findArticleContent(document: Document, hints: ArticleHints = {}): ArticleContent {
  capDepth(document);
  resolveStreamedBoundaries(document);
  unwrapStrayRoots(document);
  removeInertElements(document);
  revealHiddenArticle(document);
  removeHiddenElements(document);
  removeFurniture(document, (element) => boilerplateGroup(element, furnitureWords));
  let parsed: ReturnType<ReadabilityClass<Element>['parse']> = null;
  try {
    const { Readability } = readability();
    parsed = new Readability<Element>(document, { serializer: (node) => node as Element, maxElemsToParse: MAX_ELEMENTS }).parse();
  } catch {
    parsed = null;
  }
  const root = parsed?.content ?? null;
  let blocks = dropRepeatedRuns(root ? textBlocks(root) : proseBlocks(document));
  if (hints.articleBody) blocks = keepBlocksVouchedFor(blocks, hints.articleBody);
  blocks = filterBlocks(blocks, { titles: hints.titles ?? [], author: hints.author ?? null }, hints.rules ?? new Set(ALL_RULES));
  return { blocks, root, title: parsed?.title ?? null, byline: parsed?.byline ?? null };
}

/**
 * When the page's JSON-LD articleBody is substantial and our text contains nearly all of it, the
 * publisher has told us what the article is: blocks it does not contain are furniture (captions,
 * promos, bios). A short or different articleBody (a teaser, another story) vouches for nothing.
 */
function keepBlocksVouchedFor(blocks: TextBlock[], articleBody: string): TextBlock[] {
  const bodyTokens = words(articleBody);
  const ourTokens = blocks.flatMap((block) => words(block.text));
  if (bodyTokens.length < 50 || bodyTokens.length < ourTokens.length * 0.5) return blocks;
  const body = shingleSet(bodyTokens);
  if (coveredShare(bodyTokens, shingleSet(ourTokens)) < 0.9) return blocks;
  // Nothing to gain when the body already vouches for (nearly) all of our text.
  if (coveredShare(ourTokens, body) > 0.95) return blocks;
  const bodyText = ` ${bodyTokens.join(' ')} `;
  return blocks.filter((block) => {
    if (/^H[1-6]$/.test(block.tag)) return true;
    const tokens = words(block.text);
    if (tokens.length < 4) return bodyText.includes(` ${tokens.join(' ')} `);
    return coveredShare(tokens, body) >= 0.5;
  });
}

/** Without Readability's pick, the page's blocks that are mostly text rather than links. */
function proseBlocks(document: Document): TextBlock[] {
  const body = document.body ?? document.documentElement;
  if (!body) return [];
  return textBlocks(body).filter((block) => block.linkChars < block.text.length * 0.5 && words(block.text).length >= 3);
}

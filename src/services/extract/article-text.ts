// Finds the article's main text: repairs and prunes the page, lets Readability pick the content
// element, then turns it into blocks and drops the blocks that are furniture rather than article.
import { Readability } from '@mozilla/readability';
import { boilerplateGroup, boilerplateWordIndex } from './boilerplate.js';
import { removeFurniture, removeHiddenElements, removeInertElements, resolveStreamedBoundaries, revealHiddenArticle, unwrapStrayRoots } from './cleanup.js';
import { dropRepeatedRuns, textBlocks, type TextBlock } from './text-blocks.js';

const furnitureWords = boilerplateWordIndex();

export interface ArticleContent {
  blocks: TextBlock[];
  /** The element Readability chose (detached from the page), or null when it found nothing. */
  root: Element | null;
  title: string | null;
  byline: string | null;
}

/** Mutates `document`: read metadata from it before calling this. */
export function findArticleContent(document: Document): ArticleContent {
  resolveStreamedBoundaries(document);
  unwrapStrayRoots(document);
  removeInertElements(document);
  revealHiddenArticle(document);
  removeHiddenElements(document);
  removeFurniture(document, (element) => boilerplateGroup(element, furnitureWords));
  let parsed: ReturnType<Readability<Element>['parse']> = null;
  try {
    parsed = new Readability<Element>(document, { serializer: (node) => node as Element, keepClasses: true }).parse();
  } catch {
    parsed = null;
  }
  const root = parsed?.content ?? null;
  const blocks = root ? dropRepeatedRuns(textBlocks(root)) : [];
  return { blocks, root, title: parsed?.title ?? null, byline: parsed?.byline ?? null };
}

// Per-site rules (the idea of Miniflux's scraper rules and FiveFilters' site configs): CSS selectors
// of the parts to drop from a site's pages, and of its article body. Applied before the extractor
// reads a page; a body selector that matches nothing leaves the extractor to decide, so a rule made
// for last year's template never empties a site's articles.
import { parseHTML } from './dom.js';
import type { SiteRules } from '../../../api/domains.js';
import { textBlocks, type TextBlock } from './text-blocks.js';

export type { SiteRules };

/** The selector's syntax error, or null when every engine newsctl uses can run it. */
export function selectorError(selector: string): string | null {
  if (!selector.trim()) return 'it is empty';
  try {
    parseHTML('<html><body><p></p></body></html>').document.querySelectorAll(selector);
    return null;
  } catch (error) {
    // The selector engine's words end on what it found next: nothing, at the selector's end.
    const message = (error instanceof Error ? error.message.split('\n')[0]! : String(error)).trim();
    return /found$/.test(message) ? `${message} the end of the selector` : message || 'not a selector';
  }
}

/** Drops the parts `remove` names. */
export function removeParts(document: Document, rules: SiteRules): void {
  for (const selector of rules.remove) {
    try {
      for (const element of document.querySelectorAll(selector)) element.remove();
    } catch {
      // Checked when saved; a selector this engine cannot run removes nothing.
    }
  }
}

/** Whether the rules' body selector names an element holding text on this page. */
export function bodyMatches(html: string, rules: SiteRules): boolean {
  if (!rules.body) return false;
  try {
    const { document } = parseHTML(html);
    removeParts(document as unknown as Document, rules);
    return bodyBlocks(document as unknown as Document, rules) !== null;
  } catch {
    return false;
  }
}

/** The text blocks of the elements `body` names, or null when it names none that hold text. */
export function bodyBlocks(document: Document, rules: SiteRules): TextBlock[] | null {
  if (!rules.body) return null;
  let elements: Element[];
  try {
    elements = [...document.querySelectorAll(rules.body)];
  } catch {
    return null;
  }
  // A match inside another match would be read twice.
  const outer = elements.filter((element) => !elements.some((other) => other !== element && other.contains(element)));
  const blocks = outer.flatMap((element) => textBlocks(element));
  return blocks.some((block) => block.text.trim()) ? blocks : null;
}

// Teasers: pages that show only the start of their article (a paywall, a registration wall): a short
// body beside what the publisher declares (JSON-LD `isAccessibleForFree: false`, on the article or a
// part of it), a paywall's own markup or a "subscribe to continue" prompt; or a body much shorter than
// the page says its article is (JSON-LD `wordCount`). A page declared closed that still serves its
// whole text (a metered wall, bench/teasers.bench.ts: most declared pages of the extraction set) is
// stored whole: what the crawler read is what the page shows before its script draws the wall.
import { isArticleNode, jsonLdNodes, type JsonLdNode } from './json-ld.js';

export type TeaserReason = 'declared' | 'paywall' | 'shorter-than-declared';

/** A body at most this long beside a paywall's markup or prompt is a teaser; a longer one is the article. */
const TEASER_WORDS = 220;
/** A body under this share of the words the page declares for its article, and at most SHORT_WORDS, is a teaser. */
const DECLARED_SHARE = 0.5;
/** Pages declare word counts of their own making (characters, the whole page): a long body is never a teaser by them. */
const SHORT_WORDS = 400;

// Class and id fragments of the paywall and metering products and of publishers' own walls.
const PAYWALL_MARKUP =
  '[class*="paywall" i], [id*="paywall" i], [class*="regwall" i], [class*="subscriber-only" i], [class*="subscribers-only" i], ' +
  '[class*="premium-content" i], [class*="article-locked" i], [class*="meteredContent" i], [class*="piano-" i], [id*="piano" i], ' +
  '[class*="tp-modal" i], [class*="metered-wall" i], [data-paywall], [class*="pw-wall" i]';
const SUBSCRIBE_PROMPT =
  /\b(?:subscribe|sign up|register|log in|sign in)\b[^.!?\n]{0,40}\bto (?:continue|keep) reading\b|\bto (?:continue|keep) reading[^.!?\n]{0,30}\b(?:subscribe|subscription|log in|sign in|register)\b|\b(?:this|the rest of this) (?:article|story|content) is (?:only )?(?:available|reserved|exclusive) (?:to|for) (?:paying )?(?:subscribers|members)\b|\bsubscribe (?:now )?to (?:read|unlock) (?:the full|this|the rest)\b/i;

function declaredClosed(node: JsonLdNode): boolean {
  const free = node.isAccessibleForFree;
  return free === false || (typeof free === 'string' && free.trim().toLowerCase() === 'false');
}

export interface TeaserMarks {
  /** The publisher declares the article closed to non-subscribers, wholly or in part. */
  declared: boolean;
  /** The word count the page declares for its article, when it does. */
  declaredWords: number | null;
  /** A paywall's markup or a "subscribe to continue" prompt is on the page. */
  walled: boolean;
}

function hasClosedPart(node: JsonLdNode): boolean {
  const parts = Array.isArray(node.hasPart) ? node.hasPart : [node.hasPart];
  return parts.some((part) => part !== null && typeof part === 'object' && !Array.isArray(part) && declaredClosed(part));
}

/** What the page declares and shows of a wall. Call before the text is extracted, which changes the document. */
export function readTeaserMarks(document: Document): TeaserMarks {
  const articles = jsonLdNodes(document).filter(isArticleNode);
  const declared = articles.some((node) => declaredClosed(node) || hasClosedPart(node));
  const counts = articles.map((node) => Number(node.wordCount)).filter((n) => Number.isFinite(n) && n > 0);
  let walled = false;
  try {
    walled = document.querySelector(PAYWALL_MARKUP) !== null;
  } catch {
    walled = false;
  }
  walled ||= SUBSCRIBE_PROMPT.test((document.body?.textContent ?? '').replace(/\s+/g, ' '));
  return { declared, declaredWords: counts.length ? Math.max(...counts) : null, walled };
}

/** Why the page is a teaser, given the words of the text extracted from it; null when it shows its whole article. */
export function teaserReason(marks: TeaserMarks, words: number): TeaserReason | null {
  if (marks.declaredWords !== null && words <= SHORT_WORDS && words < marks.declaredWords * DECLARED_SHARE) return 'shorter-than-declared';
  if (words > TEASER_WORDS) return null;
  return marks.declared ? 'declared' : marks.walled ? 'paywall' : null;
}

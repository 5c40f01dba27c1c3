// Bylines and dates as the page shows them, for pages that declare neither in their metadata: short
// names in author/byline elements, date lines in date/meta elements or right under the headline.
import { AUTHOR_PREFIX } from './author.js';
import { dateInText } from './dates.js';
import { clean, nextInOrder, spacedText } from './page-text.js';

const BYLINE_SELECTOR = '[class*="author" i], [class*="byline" i], [id*="author" i], [id*="byline" i], a[href*="/author/"], a[href*="/authors/"]';
const BYLINE_NOISE = /\b(?:updated|published|posted|written|reviewed|read|min|share|follow|about)\b|\d{4}|[|•·]/i;

/** Clean text of the first 200 elements matching `selector`, outside scripts, navigation, footers and comments. */
function* shownTexts(document: Document, selector: string): Generator<string> {
  let seen = 0;
  for (const element of document.querySelectorAll(selector)) {
    if (++seen > 200) return;
    if (element.closest('script, style, nav, footer, [class*="comment" i]')) continue;
    const text = clean(spacedText(element));
    if (text) yield text;
  }
}

/** Short names shown in byline-like elements, deepest first, so "Jane Doe" wins over a whole author box. */
export function visibleBylines(document: Document): string[] {
  const names: string[] = [];
  for (const shown of shownTexts(document, BYLINE_SELECTOR)) {
    const text = shown.replace(AUTHOR_PREFIX, '').replace(/[\s\-–—,:|]+$/, '');
    if (text.length < 3 || text.length > 60 || BYLINE_NOISE.test(text)) continue;
    if (text.split(' ').length > 6 || !/\p{Lu}/u.test(text)) continue;
    names.push(text);
    if (names.length >= 5) break;
  }
  return names;
}

const DATE_SELECTOR = 'time, [class*="date" i], [class*="publish" i], [class*="posted" i], [class*="byline" i], [class*="meta" i], [id*="date" i]';

/** Dates written in the page's date and byline lines, skipping "updated" lines (they are not the publication date). */
export function visibleDates(document: Document): string[] {
  const dates: string[] = [];
  for (const text of shownTexts(document, DATE_SELECTOR)) {
    if (text.length > 200 || /\b(?:updated|modified|last edited)\b/i.test(text)) continue;
    const date = dateInText(text);
    if (date) dates.push(date);
    if (dates.length >= 3) break;
  }
  return dates;
}

/** A date line right under the headline ("by Jane Doe, Dec 17, 2025"), often in class-less markup. */
export function dateNearHeadline(document: Document): { date: string; updated: boolean } | null {
  const headline = document.querySelector('article h1, main h1') ?? document.querySelector('h1') ?? titledElement(document);
  if (!headline) return null;
  let steps = 0;
  for (let element = nextInOrder(headline, true); element && steps < 25; element = nextInOrder(element, false), steps++) {
    if (element.childElementCount > 3) continue;
    const text = clean(spacedText(element));
    if (!text || text.length > 200) continue;
    const date = dateInText(text);
    if (date) return { date, updated: /\b(?:updated|modified)\b/i.test(text) };
  }
  return null;
}

/**
 * A page without an <h1> (table layouts set the headline in <font> or <b>): the first element of
 * the body, holding text and no other element, whose text is a long part of the page's <title>
 * ("Site :: Headline"). Links are skipped: a title's words in a link are a teaser, not this page's
 * headline. Only such leaves are read: a wrapper's text is the whole page's.
 */
function titledElement(document: Document): Element | null {
  const title = clean(document.title);
  if (!title || title.length < 20) return null;
  let seen = 0;
  for (const element of document.querySelectorAll('body *')) {
    if (++seen > 400) return null;
    if (element.childElementCount > 0) continue;
    const text = clean(element.textContent);
    if (text && text.length >= 20 && title.includes(text) && text.split(' ').length >= 4 && !element.closest('a, nav, header, script, style')) return element;
  }
  return null;
}

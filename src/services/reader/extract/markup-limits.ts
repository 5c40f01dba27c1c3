// Bounds on the raw markup, applied before parsing: the parser's own work grows faster than linearly
// with nesting depth (100,000 nested <div>s take seconds), and a crawler meets such pages.

/** Pages beyond this are cut: the article is near the top, and parsing cost grows with size. */
const MAX_HTML_CHARS = 4_000_000;
/** Real article pages nest a few dozen levels; past this the rest of the page is dropped. */
const MAX_NESTING = 2_000;

// Tags that never hold children, or that the parser closes by itself when the next one opens, so
// old-style markup ("<p>one<p>two") does not look deep.
const UNNESTED = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
  'p',
  'li',
  'dt',
  'dd',
  'tr',
  'td',
  'th',
  'option',
  'optgroup',
  'rb',
  'rt',
  'rp',
  'tbody',
  'thead',
  'tfoot',
]);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noscript', 'template']);

/** The markup cut to `maxChars`, and cut again where tag nesting passes `maxNesting`. */
export function boundMarkup(html: string, maxChars = MAX_HTML_CHARS, maxNesting = MAX_NESTING): string {
  const markup = html.length > maxChars ? html.slice(0, maxChars) : html;
  // A hand-written scan rather than a tag regex: this runs over every crawled page, and the regex's
  // lazy attribute match cost a twentieth of extraction.
  const length = markup.length;
  let depth = 0;
  for (let at = markup.indexOf('<'); at >= 0; at = markup.indexOf('<', at + 1)) {
    let nameStart = at + 1;
    const closing = markup.charCodeAt(nameStart) === SLASH;
    if (closing) nameStart++;
    if (!isLetter(markup.charCodeAt(nameStart))) continue;
    let nameEnd = nameStart + 1;
    while (nameEnd < length && isNameChar(markup.charCodeAt(nameEnd))) nameEnd++;
    const end = markup.indexOf('>', nameEnd);
    if (end < 0) break;
    const name = markup.slice(nameStart, nameEnd).toLowerCase();
    if (!closing && RAW_TEXT.has(name)) {
      // Skip script/style content and its end tag: a "<div>" string inside is not a tag.
      const close = closingTag(markup, name, end + 1);
      if (close < 0) break;
      at = close;
      continue;
    }
    at = end;
    if (UNNESTED.has(name) || markup.charCodeAt(end - 1) === SLASH) continue;
    if (closing) depth = Math.max(0, depth - 1);
    else if (++depth > maxNesting) return markup.slice(0, nameStart - 1);
  }
  return markup;
}

const SLASH = 0x2f;
const isLetter = (code: number) => (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a);
const isNameChar = (code: number) => isLetter(code) || (code >= 0x30 && code <= 0x39) || code === 0x3a || code === 0x2d;

/** Where `</name …>` ends (its '>'), matching the name in any case; -1 when it never closes. */
function closingTag(markup: string, name: string, from: number): number {
  for (let at = markup.indexOf('</', from); at >= 0; at = markup.indexOf('</', at + 2)) {
    if (markup.slice(at + 2, at + 2 + name.length).toLowerCase() !== name) continue;
    if (isNameChar(markup.charCodeAt(at + 2 + name.length))) continue;
    return markup.indexOf('>', at);
  }
  return -1;
}

// Bounds on the raw markup, applied before parsing: the parser's own work grows faster than linearly
// with nesting depth (100,000 nested <div>s take seconds), and a crawler meets such pages.

/** Pages beyond this are cut: the article is near the top, and parsing cost grows with size. */
export const MAX_HTML_CHARS = 4_000_000;
/** Real article pages nest a few dozen levels; past this the rest of the page is dropped. */
export const MAX_NESTING = 2_000;

// Tags that never hold children, or that the parser closes by itself when the next one opens, so
// old-style markup ("<p>one<p>two") does not look deep.
const UNNESTED = new Set([
  'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr',
  'p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'option', 'optgroup', 'rb', 'rt', 'rp', 'tbody', 'thead', 'tfoot',
]);
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noscript', 'template']);

/** The markup cut to `maxChars`, and cut again where tag nesting passes `maxNesting`. */
export function boundMarkup(html: string, maxChars = MAX_HTML_CHARS, maxNesting = MAX_NESTING): string {
  const markup = html.length > maxChars ? html.slice(0, maxChars) : html;
  const tag = /<(\/?)([a-zA-Z][a-zA-Z0-9:-]*)\b[^>]*?(\/?)>/g;
  let lower: string | null = null;
  let depth = 0;
  for (let match = tag.exec(markup); match; match = tag.exec(markup)) {
    const [, closing, rawName, selfClosing] = match;
    const name = rawName!.toLowerCase();
    if (!closing && RAW_TEXT.has(name)) {
      // Skip to the end of script/style content: its "<div>" strings are not tags.
      lower ??= markup.toLowerCase();
      const end = lower.indexOf(`</${name}`, tag.lastIndex);
      if (end < 0) break;
      tag.lastIndex = end;
      continue;
    }
    if (UNNESTED.has(name) || selfClosing) continue;
    if (closing) depth = Math.max(0, depth - 1);
    else if (++depth > maxNesting) return markup.slice(0, match.index);
  }
  return markup;
}

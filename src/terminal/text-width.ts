// Terminal columns, not UTF-16 units: a Chinese, Japanese or Korean character (and most emoji)
// takes two columns, a combining mark none. CLI tables and the dashboard pad and cut by these, so
// a crawled title in any script keeps its columns aligned. ASCII text takes the fast path.
import stringWidth from 'string-width';

const PLAIN = /^[\x20-\x7e]*$/;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Columns the text takes on a terminal. */
export function displayWidth(text: string): number {
  return PLAIN.test(text) ? text.length : stringWidth(text);
}

/** The longest start of the text that fits in `width` columns (never splits a character). */
export function sliceToWidth(text: string, width: number): string {
  if (width <= 0) return '';
  if (PLAIN.test(text)) return text.slice(0, width);
  let used = 0;
  let out = '';
  for (const { segment } of graphemes.segment(text)) {
    const w = stringWidth(segment);
    if (used + w > width) break;
    used += w;
    out += segment;
  }
  return out;
}

/** Padded with spaces to `width` columns, on the right (left-aligned) or the left. */
export function padToWidth(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const room = ' '.repeat(Math.max(0, width - displayWidth(text)));
  return align === 'right' ? room + text : text + room;
}

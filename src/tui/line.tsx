// Every line the dashboard draws. Ink 6.8 caches the size of each distinct string it ever measures
// (build/measure-text.js, an unbounded Map), so a live screen whose counters change would grow by
// every value it has shown (bench/dash.bench.ts measured ~125 bytes per changed line per frame).
// Layout therefore measures a blank of the line's width — a handful of distinct strings — and the
// real text, fitted and coloured here, replaces it at output through <Transform>.
import { Text, Transform } from 'ink';
import type { ChalkInstance } from 'chalk';
import { colors } from '../terminal/colors.js';
import { terminalText } from '../terminal/text.js';
import { displayWidth, sliceToWidth } from '../terminal/text-width.js';

/** A piece of a line and how to colour it. */
export type Segment = string | [text: string, style: (c: ChalkInstance) => (text: string) => string];

/** The segments cut to `width` visible characters (an ellipsis marks a cut), coloured, padded. */
export function paint(segments: Segment[], width: number): string {
  const c = colors();
  let left = width;
  let out = '';
  // Titles and activity lines are crawled text: no control character reaches the terminal.
  const pieces = segments
    .map((s) => (typeof s === 'string' ? ([s, null] as const) : ([s[0], s[1]] as const)))
    .map(([text, style]) => [terminalText(text.replace(/[\r\n\t]/g, ' ')), style] as const);
  const total = pieces.reduce((n, [text]) => n + displayWidth(text), 0);
  const cut = total > width;
  for (const [raw, style] of pieces) {
    if (left <= 0) break;
    let text = raw;
    if (displayWidth(text) > left) text = sliceToWidth(text, left);
    left -= displayWidth(text);
    // The line is cut here (its last column reached, or one column left that the next character,
    // a wide one, does not fit): an ellipsis ends it.
    if (cut && (left === 0 || (left === 1 && displayWidth(raw) > displayWidth(text)))) {
      const room = displayWidth(text) + left;
      text = `${sliceToWidth(text, room - 1)}…`;
      left = room - displayWidth(text);
    }
    out += style ? style(c)(text) : text;
  }
  return out + ' '.repeat(Math.max(0, left));
}

/**
 * The selected tab of a bar (" 2 Trends "): reversed, or without colours (NO_COLOR, not a
 * terminal) in brackets ("[2 Trends]"), the same width, since a reversed blank would not show.
 */
export function selectedTab(label: string): Segment {
  return colors().level > 0 ? [label, (c) => c.inverse] : `[${label.slice(1, -1)}]`;
}

const blanks = new Map<number, string>();
const blank = (width: number) => {
  let text = blanks.get(width);
  if (text === undefined) blanks.set(width, (text = ' '.repeat(width)));
  return text;
};

export function Line({ segments, width }: { segments: Segment[]; width: number }) {
  const text = paint(segments, width);
  return (
    <Transform transform={() => text}>
      <Text>{blank(width)}</Text>
    </Transform>
  );
}

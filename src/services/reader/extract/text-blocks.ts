// Turns an element tree into the article text format: one paragraph, heading or list item per block,
// blocks separated by a blank line, so words from neighbouring blocks never glue into one token.

const BLOCK_TAGS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BODY',
  'CAPTION',
  'CENTER',
  'DD',
  'DETAILS',
  'DIALOG',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HGROUP',
  'HR',
  'LI',
  'MAIN',
  'MENU',
  'NAV',
  'OL',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TBODY',
  'TD',
  'TFOOT',
  'TH',
  'THEAD',
  'TR',
  'UL',
  'OPTION',
  'LEGEND',
  'IFRAME',
  'VIDEO',
  'AUDIO',
  'PICTURE',
  'IMG',
]);

// Never article text: code, inert templates, drawings and form controls (button labels, select options).
const SKIPPED_TAGS = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'SVG', 'BUTTON', 'SELECT', 'TEXTAREA', 'INPUT', 'OBJECT', 'EMBED', 'CANVAS', 'MATH']);

export interface TextBlock {
  text: string;
  /** Upper-case tag of the block's nearest block element (P, H2, LI, …). */
  tag: string;
  /** The block element the text came from (callers may inspect its context). */
  element: Element;
  /** Characters of the text that sit inside links: a block that is all link is usually a teaser. */
  linkChars: number;
}

interface Walk {
  blocks: TextBlock[];
  parts: string[];
  owner: Element;
  linkChars: number;
  linkDepth: number;
}

function flush(walk: Walk): void {
  const text = walk.parts
    .join('')
    .replace(/[ \t\f\v\u00a0\u200b\u2028\u2029]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .trim();
  walk.parts = [];
  if (text) walk.blocks.push({ text, tag: walk.owner.tagName.toUpperCase(), element: walk.owner, linkChars: Math.min(walk.linkChars, text.length) });
  walk.linkChars = 0;
}

function visit(node: Node, walk: Walk, depth: number): void {
  // Bounded recursion: hostile pages nest thousands of levels deep.
  if (depth > 400) return;
  if (node.nodeType === 3) {
    const text = (node.nodeValue ?? '').replace(/\s+/g, ' ');
    walk.parts.push(text);
    if (walk.linkDepth > 0) walk.linkChars += text.trim().length;
    return;
  }
  if (node.nodeType !== 1) return;
  const element = node as Element;
  const tag = element.tagName.toUpperCase();
  if (SKIPPED_TAGS.has(tag)) return;
  if (tag === 'BR') {
    walk.parts.push('\n');
    return;
  }
  const isBlock = BLOCK_TAGS.has(tag);
  if (!isBlock) {
    const isLink = tag === 'A';
    if (isLink) walk.linkDepth++;
    for (let child = element.firstChild; child; child = child.nextSibling) visit(child, walk, depth + 1);
    if (isLink) walk.linkDepth--;
    return;
  }
  flush(walk);
  const outer = walk.owner;
  walk.owner = element;
  for (let child = element.firstChild; child; child = child.nextSibling) visit(child, walk, depth + 1);
  flush(walk);
  walk.owner = outer;
  // Inline cells of a table row still need a separator between them.
  if (tag === 'TD' || tag === 'TH') walk.parts.push(' ');
}

/** The text blocks of `root` in document order. */
export function textBlocks(root: Element): TextBlock[] {
  const walk: Walk = { blocks: [], parts: [], owner: root, linkChars: 0, linkDepth: 0 };
  for (let child = root.firstChild; child; child = child.nextSibling) visit(child, walk, 0);
  flush(walk);
  return walk.blocks;
}

export function joinBlocks(blocks: readonly { text: string }[]): string {
  return blocks.map((b) => b.text).join('\n\n');
}

/**
 * Responsive layouts ship the article two or three times (one copy per screen size; media queries
 * the extractor cannot evaluate hide the others). Drops a run of blocks that repeats an earlier run
 * word for word when the run is long enough not to be a legitimately repeated label ("Pros", "Cons").
 */
export function dropRepeatedRuns<T extends { text: string }>(blocks: readonly T[], minChars = 200): T[] {
  const firstAt = new Map<string, number[]>();
  const kept: T[] = [];
  let i = 0;
  while (i < blocks.length) {
    const text = blocks[i]!.text;
    let skip = 0;
    for (const j of firstAt.get(text) ?? []) {
      let length = 0;
      let chars = 0;
      while (i + length < blocks.length && j + length < i && blocks[j + length]!.text === blocks[i + length]!.text) {
        chars += blocks[i + length]!.text.length;
        length++;
      }
      if (chars >= minChars && length > skip) skip = length;
    }
    if (skip > 0) {
      i += skip;
      continue;
    }
    const positions = firstAt.get(text);
    if (positions) {
      if (positions.length < 8) positions.push(i);
    } else firstAt.set(text, [i]);
    kept.push(blocks[i]!);
    i++;
  }
  return kept;
}

// How the console shows generated articles.

/** Each category tab shows at most this many ("last 25 articles"). */
export const ARTICLES_PER_TAB = 25;

/** "Generated just now", "Generated N minutes ago", "Generated N hours ago". */
export function formatGeneratedAge(iso: string, now: number): string {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (!(minutes >= 1)) return 'Generated just now';
  if (minutes < 60) return `Generated ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  const hours = Math.floor(minutes / 60);
  return `Generated ${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
}

/** A source address without a scheme gets https://. */
export function withScheme(url: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url.replace(/^\/+/, '')}`;
}

export type ArticleSegment = { text: string; bold: boolean; url?: string };
export type ArticleBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; segments: ArticleSegment[] }
  | { kind: 'list'; items: ArticleSegment[][] }
  | { kind: 'link'; url: string };

const ADDRESS = /(?:https?:\/\/|www\.)[^\s)]+[^\s).,;:!?'"]/gi;

/** A run of text with its addresses as links. */
function linkified(text: string, bold: boolean): ArticleSegment[] {
  const segments: ArticleSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    if (match.index > last) segments.push({ text: text.slice(last, match.index), bold });
    segments.push({ text: match[0], bold, url: withScheme(match[0]) });
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), bold });
  return segments;
}

/** **bold** runs of a line, addresses as links. */
function segmentsOf(text: string): ArticleSegment[] {
  const segments: ArticleSegment[] = [];
  const pattern = /\*\*(.+?)\*\*/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) segments.push(...linkified(text.slice(last, match.index), false));
    segments.push(...linkified(match[1]!, true));
    last = match.index + match[0].length;
  }
  if (last < text.length) segments.push(...linkified(text.slice(last), false));
  return segments;
}

/**
 * An article's text as blocks: paragraphs split on blank lines; a line wholly in ** is a heading;
 * a line that is only an address is a link; lines starting with "- " make a list; ** inside a line
 * is bold, and addresses in the text are links.
 */
export function articleBlocks(content: string): ArticleBlock[] {
  const blocks: ArticleBlock[] = [];
  for (const paragraph of content.split(/\n\s*\n/)) {
    const lines = paragraph
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    let prose: string[] = [];
    let items: string[] = [];
    const flush = () => {
      if (prose.length > 0) blocks.push({ kind: 'paragraph', segments: segmentsOf(prose.join(' ')) });
      if (items.length > 0) blocks.push({ kind: 'list', items: items.map(segmentsOf) });
      prose = [];
      items = [];
    };
    for (const line of lines) {
      const heading = /^\*\*([^*]+)\*\*:?$/.exec(line);
      const address = /^((?:https?:\/\/|www\.)\S+)$/i.exec(line);
      const item = /^[-•*]\s+(.*)$/.exec(line);
      if (heading) {
        flush();
        blocks.push({ kind: 'heading', text: heading[1]!.trim() });
      } else if (address) {
        flush();
        blocks.push({ kind: 'link', url: withScheme(address[1]!) });
      } else if (item) {
        if (prose.length > 0) {
          blocks.push({ kind: 'paragraph', segments: segmentsOf(prose.join(' ')) });
          prose = [];
        }
        items.push(item[1]!);
      } else {
        if (items.length > 0) flush();
        prose.push(line);
      }
    }
    flush();
  }
  return blocks;
}

/** Title without the ** markers a model may wrap it in. */
export function plainTitle(title: string): string {
  return title.replace(/^\s*\*\*(.*)\*\*\s*$/, '$1').trim();
}

/** What the copy button puts on the clipboard: the title, a blank line, the article. */
export function articleClipboardText(article: { title: string; content: string }): string {
  return `${plainTitle(article.title)}\n\n${article.content.replace(/\*\*/g, '')}`;
}

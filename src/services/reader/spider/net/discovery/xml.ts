// Small helpers over linkedom's lenient XML parser (htmlparser2 underneath): feeds and sitemaps
// in the wild are often not well-formed, and a strict parser would lose every article after the
// first stray ampersand.
import { DOMParser } from 'linkedom';

export function parseXml(text: string): Document {
  // Processing instructions and doctypes only confuse the lenient parser; they carry nothing we use.
  const cleaned = text
    .replace(/^\uFEFF/, '')
    .replace(/<\?xml[^>]*\?>/i, '')
    .replace(/<!DOCTYPE[^>[]*(\[[^\]]*\])?>/i, '');
  return new DOMParser().parseFromString(cleaned, 'text/xml') as unknown as Document;
}

/** Local name without namespace prefix, lower-case (`news:title` → `title`). */
export function localNameOf(element: Element): string {
  const name = (element.localName || element.tagName || '').toLowerCase();
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** Namespace prefix as written (`news:title` → `news`), '' if none. */
function prefixOf(element: Element): string {
  const name = (element.tagName || '').toLowerCase();
  const colon = name.indexOf(':');
  return colon === -1 ? '' : name.slice(0, colon);
}

export function childElements(parent: Element | Document, name?: string, prefix?: string): Element[] {
  const found: Element[] = [];
  for (const child of Array.from(parent.children ?? [])) {
    if (name !== undefined && localNameOf(child) !== name) continue;
    if (prefix !== undefined && prefixOf(child) !== prefix) continue;
    found.push(child);
  }
  return found;
}

export function firstChild(parent: Element, name: string, prefix?: string): Element | null {
  return childElements(parent, name, prefix)[0] ?? null;
}

/** Trimmed text of the first child with that name, or null when absent or empty. */
export function childText(parent: Element, name: string, prefix?: string): string | null {
  const text = firstChild(parent, name, prefix)?.textContent?.trim();
  return text ? text : null;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
};

/** Plain text of a title that may be escaped HTML (Atom type="html", CDATA with tags). */
export function plainText(text: string | null | undefined): string | null {
  if (!text) return null;
  const stripped = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, entity: string) => {
      if (entity[0] === '#') {
        const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
  return stripped || null;
}

/** A date from RFC 822 (RSS), ISO 8601 (Atom, sitemaps) or W3C-DTF text; null if unreadable. */
export function parseDate(text: string | null | undefined): Date | null {
  if (!text) return null;
  // W3C-DTF allows a bare year-month or year; Date.parse reads those as UTC, which is fine.
  const time = Date.parse(text.trim());
  if (Number.isNaN(time)) return null;
  return new Date(time);
}

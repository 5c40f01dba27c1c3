// Reads schema.org JSON-LD blocks: tolerant of the broken JSON pages ship, bounded in work, and
// resolving `@graph` and `@id` references so an article's author Person can live elsewhere.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonLdNode = { [key: string]: Json };

const MAX_SCRIPT_CHARS = 2_000_000;
const MAX_NODES = 5_000;

function parseLoosely(source: string): Json | undefined {
  try {
    return JSON.parse(source) as Json;
  } catch {
    // Common breakage: HTML comments or CDATA around the JSON, raw newlines in strings, trailing commas.
    const repaired = source
      .replace(/^\s*(?:<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)/, '')
      .replace(/(?:-->|\/\/\s*\]\]>|\]\]>)\s*$/, '')
      .replace(/[\u0000-\u001f]+/g, ' ')
      .replace(/,\s*([}\]])/g, '$1');
    try {
      return JSON.parse(repaired) as Json;
    } catch {
      return undefined;
    }
  }
}

/** Every object with an `@type` (or `@id`) in the page's JSON-LD, flattened out of arrays and `@graph`. */
export function jsonLdNodes(document: Document): JsonLdNode[] {
  const nodes: JsonLdNode[] = [];
  for (const script of document.querySelectorAll('script[type="application/ld+json" i]')) {
    const source = script.textContent ?? '';
    if (!source.trim() || source.length > MAX_SCRIPT_CHARS) continue;
    const parsed = parseLoosely(source);
    if (parsed !== undefined) collect(parsed, nodes, 0);
    if (nodes.length >= MAX_NODES) break;
  }
  return nodes;
}

function collect(value: Json, nodes: JsonLdNode[], depth: number): void {
  if (depth > 12 || nodes.length >= MAX_NODES || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const entry of value) collect(entry, nodes, depth + 1);
    return;
  }
  if ('@type' in value || '@id' in value) nodes.push(value);
  for (const [key, entry] of Object.entries(value)) {
    // Nested entities (author, publisher, mainEntity, @graph…) are nodes in their own right.
    if (entry !== null && typeof entry === 'object' && key !== 'itemListElement') collect(entry, nodes, depth + 1);
  }
}

export function nodeTypes(node: JsonLdNode): string[] {
  const type = node['@type'];
  const types = Array.isArray(type) ? type : [type];
  return types.filter((t): t is string => typeof t === 'string').map((t) => t.replace(/^.*[/#]/, ''));
}

const ARTICLE_TYPE = /(?:Article|BlogPosting|LiveBlogPosting|NewsArticle|Report|SocialMediaPosting)$/;

export function isArticleNode(node: JsonLdNode): boolean {
  return nodeTypes(node).some((t) => ARTICLE_TYPE.test(t));
}

/** Plain text of a JSON-LD value that should be a string (some pages put arrays or objects there). */
export function jsonText(value: Json | undefined): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    for (const entry of value) {
      const text = jsonText(entry);
      if (text) return text;
    }
    return null;
  }
  if (value && typeof value === 'object') return jsonText(value['@value'] ?? value.name);
  return null;
}

/** Names of the people in an `author` value: strings, Person objects, arrays, or `@id` references. */
export function jsonNames(value: Json | undefined, byId: Map<string, JsonLdNode>, depth = 0): string[] {
  if (value === undefined || value === null || depth > 4) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap((entry) => jsonNames(entry, byId, depth + 1));
  if (typeof value !== 'object') return [];
  const name = jsonText(value.name);
  if (name) return [name];
  const id = typeof value['@id'] === 'string' ? value['@id'] : null;
  const target = id ? byId.get(id) : undefined;
  return target && target !== value ? jsonNames(target, byId, depth + 1) : [];
}

/** URL of an `image`-like value: a string, an ImageObject, or an array of either. */
export function jsonUrl(value: Json | undefined, depth = 0): string | null {
  if (value === undefined || value === null || depth > 4) return null;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const entry of value) {
      const url = jsonUrl(entry, depth + 1);
      if (url) return url;
    }
    return null;
  }
  if (typeof value === 'object') return jsonUrl(value.url ?? value.contentUrl ?? value['@id'], depth + 1);
  return null;
}

export function nodesById(nodes: readonly JsonLdNode[]): Map<string, JsonLdNode> {
  const byId = new Map<string, JsonLdNode>();
  for (const node of nodes) {
    const id = node['@id'];
    // Prefer the fullest node for an id: references are often bare `{ "@id": … }` stubs.
    if (typeof id === 'string' && (!byId.has(id) || Object.keys(node).length > Object.keys(byId.get(id)!).length)) {
      byId.set(id, node);
    }
  }
  return byId;
}

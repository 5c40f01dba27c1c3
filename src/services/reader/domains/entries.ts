// Domains and avoid-list entries as the operator types them, and the import/export text format
// of the console's import and export: `domain,priority` lines, then a `#AVOID` line, then avoided domains.
import { Invalid } from '../../../errors.js';
// Its five entities are XML's too.
import { escapeHtml } from '../pages/html.js';
import { InvalidDomainError, parseDomainInput } from '../spider/net/url.js';

const DEFAULT_PRIORITY = 4;

export interface DomainEntry {
  /** What the list shows and exports: a host name, or scheme://host:port when not plain https. */
  url: string;
  /** host[:port], lower case: what makes two entries the same domain. */
  host: string;
  /** Where crawling begins when the entry carried a path. */
  startingUrl: string | null;
}

function readTarget(input: string, startingUrl?: string | null) {
  try {
    return parseDomainInput(input, startingUrl);
  } catch (error) {
    if (error instanceof InvalidDomainError) throw Invalid(error.message);
    throw error;
  }
}

/** Reads a domain as typed: `Example.com`, `example.com/news`, `http://127.0.0.2:8080`. */
export function readDomainEntry(input: string, startingUrl?: string | null): DomainEntry {
  const trimmed = input.trim();
  if (trimmed === '') throw Invalid('Please enter a domain');
  const target = readTarget(trimmed, startingUrl);
  const origin = new URL(target.origin);
  // https on the default port is what a bare host name means; anything else is kept visible.
  const url = origin.protocol === 'https:' && origin.port === '' ? origin.hostname : origin.origin;
  const start = target.startUrl === `${origin.origin}/` ? null : target.startUrl;
  return { url, host: origin.host.toLowerCase(), startingUrl: start };
}

/** The host name an avoid-list entry stands for (it matches sub-domains and every port too). */
export function readAvoidEntry(input: string): string {
  const trimmed = input.trim();
  if (trimmed === '') throw Invalid('Please enter a domain to avoid');
  return readTarget(trimmed).host;
}

export interface DomainImport {
  domains: { input: string; priority: number | null }[];
  avoided: string[];
}

const AVOID_MARKER = /^#\s*avoid\s*$/i;

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const decodeXml = (text: string) => text.replace(/&(amp|lt|gt|quot|apos);/g, (_match, name: string) => XML_ENTITIES[name]!);

/**
 * The sites of an OPML subscription list (what feed readers export): each outline's site address
 * (`htmlUrl`), or its feed's (`xmlUrl`) when it names no site; one entry per site.
 */
function parseOpml(text: string): { input: string; priority: number | null }[] {
  if (!/<\/opml>\s*$/i.test(text.trim())) throw Invalid('The OPML file is cut short or malformed (no closing </opml>); nothing was imported');
  const sites = new Map<string, { input: string; priority: number | null }>();
  for (const outline of text.match(/<outline\b[^>]*>/gi) ?? []) {
    const attribute = (name: string) => new RegExp(`(?:^|\\s)${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i').exec(outline);
    const found = attribute('htmlUrl') ?? attribute('xmlUrl');
    if (!found) continue;
    const address = decodeXml((found[2] ?? found[3] ?? '').trim());
    try {
      const url = new URL(address);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      const site = url.protocol === 'https:' && url.port === '' ? url.hostname : url.origin;
      const priority = attribute('newsctl:priority');
      const value = priority ? Number(priority[2] ?? priority[3]) : Number.NaN;
      if (!sites.has(url.host)) sites.set(url.host, { input: site, priority: Number.isSafeInteger(value) ? value : null });
    } catch {
      // Not an address: the outline is a folder or broken; nothing to add.
    }
  }
  return [...sites.values()];
}

/** Parses an import file's lines (or an OPML file's). Blank lines and other `#` lines are ignored. */
export function parseDomainImport(lines: readonly string[]): DomainImport {
  const result: DomainImport = { domains: [], avoided: [] };
  const text = lines.join('\n');
  if (/<opml[\s>]/i.test(text)) {
    result.domains = parseOpml(text);
    if (result.domains.length === 0) throw Invalid('The OPML file names no site (no outline with an htmlUrl or xmlUrl); nothing was imported');
    return result;
  }
  let inAvoidSection = false;
  for (const raw of lines) {
    const line = String(raw).trim();
    if (line === '') continue;
    if (AVOID_MARKER.test(line)) {
      inAvoidSection = true;
      continue;
    }
    if (line.startsWith('#')) continue;
    const comma = line.lastIndexOf(',');
    if (inAvoidSection) {
      // A reason may follow the domain; the first field is the domain either way.
      result.avoided.push(line.split(',')[0]!.trim());
      continue;
    }
    if (comma === -1) {
      result.domains.push({ input: line, priority: null });
      continue;
    }
    const priorityText = line.slice(comma + 1).trim();
    const priority = /^-?\d+$/.test(priorityText) ? Number(priorityText) : null;
    result.domains.push({ input: line.slice(0, comma).trim(), priority });
  }
  return result;
}

/** The export file: every domain not avoided as `url,priority` (priority 4 when unset), then the avoid list. */
export function formatDomainExport(
  domains: readonly { url: string; priority: number | null; status: string }[],
  avoided: readonly { url: string }[],
): string[] {
  return [...domains.filter((d) => d.status !== 'avoided').map((d) => `${d.url},${d.priority ?? DEFAULT_PRIORITY}`), '#AVOID', ...avoided.map((a) => a.url)];
}

/**
 * The source domains as an OPML 2.0 subscription list, in folders by the topic most of each site's
 * articles have (sites without articles yet under "Not crawled yet"); each site's priority rides in
 * a newsctl attribute, so an export imported again gives the same list. Avoided domains are not
 * subscriptions and stay in the .txt format.
 */
export function formatDomainOpml(
  domains: readonly { url: string; priority: number | null; status: string; topic: string | null }[],
  options: { title: string; createdAt: Date; topicName: (topic: string) => string },
): string {
  const folders = new Map<string, string[]>();
  for (const domain of domains) {
    if (domain.status === 'avoided') continue;
    const address = /^[a-z]+:\/\//.test(domain.url) ? domain.url : `https://${domain.url}`;
    const name = domain.url.replace(/^https?:\/\//, '');
    const folder = domain.topic ? options.topicName(domain.topic) : 'Not crawled yet';
    const line = `      <outline type="link" text="${escapeHtml(name)}" title="${escapeHtml(name)}" htmlUrl="${escapeHtml(`${new URL(address).origin}/`)}" newsctl:priority="${domain.priority ?? DEFAULT_PRIORITY}"/>`;
    folders.set(folder, [...(folders.get(folder) ?? []), line]);
  }
  // Topic folders by name, the sites not crawled yet last.
  const ordered = [...folders].sort(([a], [b]) => Number(a === 'Not crawled yet') - Number(b === 'Not crawled yet') || a.localeCompare(b));
  const body = ordered.map(
    ([folder, lines]) => `    <outline text="${escapeHtml(folder)}" title="${escapeHtml(folder)}">\n${lines.join('\n')}\n    </outline>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<opml version="2.0" xmlns:newsctl="https://github.com/newsctl/newsctl">',
    `  <head><title>${escapeHtml(options.title)}</title><dateCreated>${options.createdAt.toUTCString()}</dateCreated></head>`,
    '  <body>',
    ...body,
    '  </body>',
    '</opml>',
    '',
  ].join('\n');
}

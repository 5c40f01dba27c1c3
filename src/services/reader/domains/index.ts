// Source domains and the avoid list: the one place both lists are changed, each change announced
// live. A domain is one entry per host[:port], whatever scheme it was typed with.
import type { AppContext } from '../../../context.js';
import {
  deleteAvoidDomain,
  deleteAvoidDomainByUrl,
  insertAvoidDomain,
  listAvoidDomains as selectAvoidDomains,
  type AvoidDomainRow,
} from '../../../db/avoid-domains.js';
import {
  articleCountsByDomainName,
  avoidedDomains,
  countDomainArticles,
  deleteDomain,
  domainMainTopics,
  findDomain,
  findDomainByHost,
  insertDomain,
  listDomains as selectDomains,
  updateDomain as patchDomainRow,
  type DomainArticleCounts,
  type DomainListRow,
  type DomainRow,
} from '../../../db/domains.js';
import { Conflict, Invalid, NotFound } from '../../../errors.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { createAvoidMatcher } from '../spider/net/url.js';
import { formatDomainExport, formatDomainOpml, parseDomainImport, readAvoidEntry, readDomainEntry } from './entries.js';
import { isTopic, TOPIC_NAMES } from '../../../shared/topics.js';
import { readableAddress, readableHost } from './host-names.js';
import { probeScheme, schemeIsUncertain } from './scheme.js';
import type { DomainView, AvoidDomainView, NewDomainInput, DomainChanges, ImportResult } from '../../../api/domains.js';
import { skippedCountsByDomain } from '../../../db/crawl.js';

export { readDomainEntry } from './entries.js';
export { relatedSites, scrapeRelatedDomains } from './related.js';

type Ctx = Pick<AppContext, 'sql' | 'events'>;

function toView(row: DomainRow, counts: DomainArticleCounts, skipped: Record<string, number> = {}): DomainView {
  return {
    id: row.id,
    url: row.url,
    host: row.host,
    status: row.status,
    priority: row.priority,
    throttle: row.throttle,
    startingUrl: row.startingUrl,
    errorMessage: row.errorMessage,
    lastScraped: row.lastScraped ? new Date(row.lastScraped).toISOString() : null,
    articlesCount: counts.articlesCount,
    teasers: counts.teasersCount,
    skipped,
    rules: row.rules,
  };
}

const toAvoidView = (row: AvoidDomainRow): AvoidDomainView => ({ id: row.id, url: row.url, reason: row.reason });

export async function listDomains(ctx: Pick<AppContext, 'sql'>): Promise<DomainView[]> {
  const [rows, skipped] = await Promise.all([selectDomains(ctx.sql), skippedCountsByDomain(ctx.sql)]);
  return rows.map((row: DomainListRow) => toView(row, row, skipped.get(row.id)));
}

export async function listAvoidDomains(ctx: Pick<AppContext, 'sql'>): Promise<AvoidDomainView[]> {
  return (await selectAvoidDomains(ctx.sql)).map(toAvoidView);
}

/** Says whether a host (or URL) is on the avoid list, sub-domains included. */
async function loadAvoidMatcher(ctx: Pick<AppContext, 'sql'>): Promise<(hostOrUrl: string) => boolean> {
  return createAvoidMatcher((await selectAvoidDomains(ctx.sql)).map((row) => row.url));
}

function hostNameOf(domain: Pick<DomainRow, 'host'>): string {
  return domain.host.replace(/:\d+$/, '');
}

// The priority column is a PostgreSQL integer.
const MAX_PRIORITY = 2_147_483_647;

const hasScheme = (input: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(input.trim());
const schemeOf = (url: string) => (hasScheme(url) ? new URL(url).protocol : 'https:');

/**
 * The new row, or, when the host is listed already and the entry names the other scheme, that row
 * with its address moved to it (a site that turned out to be plain http is fixed by adding it so).
 */
async function insertNewDomain(ctx: Ctx, input: NewDomainInput, isAvoided: (host: string) => boolean): Promise<{ row: DomainRow; moved: boolean }> {
  const entry = readDomainEntry(input.url, input.startingUrl);
  // The API's schema checks this too; an import line reaches here with whatever number it carried.
  if (input.priority != null && !(Number.isSafeInteger(input.priority) && Math.abs(input.priority) <= MAX_PRIORITY)) {
    throw Invalid(`priority must be a whole number from -${MAX_PRIORITY} to ${MAX_PRIORITY}, got ${input.priority}`);
  }
  const status = input.status ?? 'active';
  if (status !== 'avoided' && isAvoided(entry.host.replace(/:\d+$/, ''))) {
    throw Conflict(`${readableAddress(entry.url)} is on the avoid list; remove it from the avoid list first`);
  }
  const row = await insertDomain(ctx.sql, {
    url: entry.url,
    host: entry.host,
    status,
    priority: input.priority ?? null,
    throttle: input.throttle ?? 2,
    startingUrl: entry.startingUrl,
  });
  if (!row) {
    const existing = await findDomainByHost(ctx.sql, entry.host);
    if (existing && hasScheme(input.url) && schemeOf(existing.url) !== schemeOf(entry.url)) {
      const moved = await patchDomainRow(ctx.sql, existing.id, { url: entry.url, ...(entry.startingUrl ? { startingUrl: entry.startingUrl } : {}) });
      if (moved) return { row: moved, moved: true };
    }
    throw Conflict(`Domain ${readableAddress(entry.url)} is already in the list`);
  }
  if (status === 'avoided') await insertAvoidDomain(ctx.sql, { url: hostNameOf(row), reason: 'Marked avoided in the domain list' });
  return { row, moved: false };
}

/** The entry as typed, or with `http://` in front when it names a port or an IP address that answers only plain http. */
async function withProbedScheme(ctx: Pick<AppContext, 'config'>, input: string): Promise<string> {
  if (!schemeIsUncertain(input)) return input;
  const scheme = await probeScheme(ctx.config, input.trim().split(/[/?#]/)[0]!);
  return scheme === 'http:' ? `http://${input.trim()}` : input;
}

/**
 * Adds a source domain. An entry without a scheme that names a port or an IP address is asked which
 * scheme it serves (https, then http) before it is stored.
 */
export async function addDomain(ctx: Ctx & Pick<AppContext, 'config'>, input: NewDomainInput): Promise<DomainView> {
  const url = await withProbedScheme(ctx, input.url);
  const { row, moved } = await insertNewDomain(ctx, { ...input, url }, await loadAvoidMatcher(ctx));
  if (moved) {
    await logEvent(ctx, LOG_COMPONENTS.domainManager, 'info', `Domain ${readableHost(row.host)}: address now ${readableAddress(row.url)}`);
    ctx.events.emit('domains_updated', {});
    return toView(row, await countDomainArticles(ctx.sql, row.id));
  }
  await logEvent(ctx, LOG_COMPONENTS.domainManager, 'info', `Domain added: ${readableAddress(row.url)}`);
  ctx.events.emit('domains_updated', {});
  if (row.status === 'avoided') ctx.events.emit('avoid_domains_updated', {});
  return toView(row, { articlesCount: 0, teasersCount: 0 });
}

export async function updateDomain(ctx: Ctx, id: number, changes: DomainChanges): Promise<DomainView> {
  const before = await findDomain(ctx.sql, id);
  if (!before) throw NotFound(`Domain ${id} not found`);
  if (changes.throttle !== undefined && !(changes.throttle >= 1)) throw Invalid('Throttle must be at least 1 second');
  let startingUrl = changes.startingUrl;
  if (startingUrl !== undefined && startingUrl !== null) {
    startingUrl = startingUrl.trim() === '' ? null : readDomainEntry(before.url, startingUrl).startingUrl;
  }
  const row = await patchDomainRow(ctx.sql, id, { ...changes, ...(startingUrl === undefined ? {} : { startingUrl }) });
  if (!row) throw NotFound(`Domain ${id} not found`);

  // The avoid list is the one place that says "never crawl this host"; a domain's status follows it.
  let avoidListChanged = false;
  if (changes.status === 'avoided' && before.status !== 'avoided') {
    avoidListChanged = (await insertAvoidDomain(ctx.sql, { url: hostNameOf(row), reason: 'Marked avoided in the domain list' })) !== null;
  } else if (changes.status && changes.status !== 'avoided' && before.status === 'avoided') {
    avoidListChanged = (await deleteAvoidDomainByUrl(ctx.sql, hostNameOf(row))) !== null;
  }
  const what = [
    changes.status ? `status ${changes.status}` : null,
    changes.priority !== undefined ? `priority ${changes.priority ?? 'unset'}` : null,
    changes.throttle !== undefined ? `throttle ${changes.throttle} s` : null,
    changes.startingUrl !== undefined ? `starting URL ${row.startingUrl ?? 'unset'}` : null,
  ].filter(Boolean);
  if (what.length) await logEvent(ctx, LOG_COMPONENTS.domainManager, 'info', `Domain ${readableAddress(row.url)}: ${what.join(', ')}`);
  ctx.events.emit('domains_updated', {});
  if (avoidListChanged) ctx.events.emit('avoid_domains_updated', {});
  return toView(row, await countDomainArticles(ctx.sql, id), (await skippedCountsByDomain(ctx.sql)).get(id));
}

export async function removeDomain(ctx: Ctx, id: number): Promise<{ message: string; id: number }> {
  const row = await deleteDomain(ctx.sql, id);
  if (!row) throw NotFound(`Domain ${id} not found`);
  await logEvent(ctx, LOG_COMPONENTS.domainManager, 'info', `Domain removed: ${readableAddress(row.url)}`);
  ctx.events.emit('domains_updated', {});
  return { message: `Domain ${readableAddress(row.url)} removed`, id };
}

/** Imports `domain,priority` lines, then `#AVOID`, then avoided domains; known entries are skipped. */
export async function importDomains(ctx: Ctx & Pick<AppContext, 'config'>, lines: readonly string[]): Promise<ImportResult> {
  const parsed = parseDomainImport(lines);
  if (parsed.domains.length === 0 && parsed.avoided.length === 0) throw Invalid('No domains found in the file');
  const result: ImportResult = { added: 0, skipped: 0, skippedLines: [] };
  const skip = (line: string, error: unknown) => {
    result.skipped++;
    result.skippedLines.push({ line, reason: error instanceof Error ? error.message : String(error) });
  };
  let avoidListChanged = false;
  // The avoid section first, so a file that lists a host in both places does not crawl it.
  for (const input of parsed.avoided) {
    try {
      const host = readAvoidEntry(input);
      if (await insertAvoidDomain(ctx.sql, { url: host, reason: 'Imported' })) {
        result.added++;
        avoidListChanged = true;
      } else skip(input, new Error(`${host} is already on the avoid list`));
    } catch (error) {
      skip(input, error);
    }
  }
  const isAvoided = await loadAvoidMatcher(ctx);
  let domainsChanged = false;
  for (const domain of parsed.domains) {
    try {
      await insertNewDomain(ctx, { url: await withProbedScheme(ctx, domain.input), priority: domain.priority }, isAvoided);
      result.added++;
      domainsChanged = true;
    } catch (error) {
      skip(domain.input, error);
    }
  }
  await logEvent(ctx, LOG_COMPONENTS.domainManager, 'info', `Domain import: ${result.added} added, ${result.skipped} skipped`);
  if (domainsChanged) ctx.events.emit('domains_updated', {});
  if (avoidListChanged) ctx.events.emit('avoid_domains_updated', {});
  return result;
}

/** The lists as the console's .txt format, or the source domains as OPML 2.0 (`format: 'opml'`). */
export async function exportDomains(ctx: Pick<AppContext, 'sql' | 'config'>, format: 'txt' | 'opml' = 'txt'): Promise<{ lines: string[]; text: string }> {
  const [domains, avoided] = await Promise.all([selectDomains(ctx.sql), selectAvoidDomains(ctx.sql)]);
  if (format === 'opml') {
    const topics = new Map((await domainMainTopics(ctx.sql)).map((row) => [row.domainId, row.topic]));
    const text = formatDomainOpml(
      domains.map((domain) => ({ ...domain, topic: topics.get(domain.id) ?? null })),
      { title: `${ctx.config.siteName} sources`, createdAt: new Date(), topicName: (topic) => (isTopic(topic) ? TOPIC_NAMES[topic] : topic) },
    );
    return { lines: text.trimEnd().split('\n'), text };
  }
  const lines = formatDomainExport(domains, avoided);
  return { lines, text: `${lines.join('\n')}\n` };
}

export async function addAvoidDomain(ctx: Ctx, input: { url: string; reason?: string | null }): Promise<AvoidDomainView> {
  const host = readAvoidEntry(input.url);
  const reason = input.reason?.trim() ? input.reason.trim() : null;
  const row = await insertAvoidDomain(ctx.sql, { url: host, reason });
  if (!row) throw Conflict(`${readableHost(host)} is already on the avoid list`);
  await logEvent(ctx, LOG_COMPONENTS.domainManager, 'info', `Avoid list: added ${readableHost(host)}${reason ? ` (${reason})` : ''}`);
  ctx.events.emit('avoid_domains_updated', {});
  return toAvoidView(row);
}

export async function removeAvoidDomain(ctx: Ctx, id: number): Promise<{ message: string; id: number }> {
  const row = await deleteAvoidDomain(ctx.sql, id);
  if (!row) throw NotFound(`Avoid-list entry ${id} not found`);
  // The other direction of "avoided puts the host on the avoid list": a domain marked avoided that
  // no remaining entry covers is crawled again, not left "avoided" and skipped with no entry to say why.
  const isAvoided = await loadAvoidMatcher(ctx);
  const freed = (await avoidedDomains(ctx.sql)).filter((domain) => !isAvoided(hostNameOf(domain)));
  for (const domain of freed) await patchDomainRow(ctx.sql, domain.id, { status: 'active' });
  const also = freed.length > 0 ? `; ${freed.map((domain) => readableAddress(domain.url)).join(', ')} active again` : '';
  await logEvent(ctx, LOG_COMPONENTS.domainManager, 'info', `Avoid list: removed ${readableAddress(row.url)}${also}`);
  ctx.events.emit('avoid_domains_updated', {});
  if (freed.length > 0) ctx.events.emit('domains_updated', {});
  return { message: `${readableAddress(row.url)} removed from the avoid list${also}`, id };
}

/** Articles spidered per domain name. */
export async function domainStats(ctx: Pick<AppContext, 'sql'>): Promise<Record<string, number>> {
  const rows = await articleCountsByDomainName(ctx.sql);
  return Object.fromEntries(rows.map((row) => [row.domainName, row.count]));
}

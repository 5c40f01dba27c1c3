// Per-site extraction rules: read, checked and saved per domain, tried on a page of the site before
// they are saved (the page read with them and without), and applied again to the site's stored
// articles by the re-fetcher. A selector the extractor's engine cannot run is refused with a 400
// naming it; a saved rule only ever changes its own site's pages.
import type { DomainRules, ReextractResult, RulesPreview, RulesPreviewRequest, SiteRules, SiteRulesInput } from '../../../api/domains.js';
import type { AppContext } from '../../../context.js';
import { findDomain, newestArticleUrl, setDomainRules as storeDomainRules } from '../../../db/domains.js';
import { Invalid, NotFound } from '../../../errors.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { extractArticle } from '../extract/index.js';
import { bodyMatches, selectorError } from '../extract/site-rules.js';
import { parseDomainInput } from '../spider/net/url.js';
import { createPacedRobots, crawlNetwork, politeFetch } from '../spider/network.js';
import { startRefetch } from '../spider/refetch.js';
import { readableAddress } from './host-names.js';

/** Text of a preview: enough to judge a rule by, not a whole long read. */
const PREVIEW_CHARACTERS = 20_000;

/** The rules as stored: selectors trimmed, each checked; null when they say nothing. */
export function checkedRules(input: SiteRulesInput | null | undefined): SiteRules | null {
  if (!input) return null;
  const body = input.body?.trim() || null;
  const remove = [...new Set((input.remove ?? []).map((selector) => selector.trim()).filter(Boolean))];
  for (const selector of [...(body ? [body] : []), ...remove]) {
    const problem = selectorError(selector);
    if (problem) throw Invalid(`Invalid CSS selector "${selector}": ${problem}`);
  }
  return body || remove.length ? { body, remove } : null;
}

async function domainOf(ctx: Pick<AppContext, 'sql'>, id: number) {
  const domain = await findDomain(ctx.sql, id);
  if (!domain) throw NotFound(`Domain ${id} not found`);
  return domain;
}

export async function domainRules(ctx: Pick<AppContext, 'sql'>, id: number): Promise<DomainRules> {
  const domain = await domainOf(ctx, id);
  return { domainId: domain.id, rules: domain.rules };
}

export async function saveDomainRules(ctx: Pick<AppContext, 'sql' | 'events'>, id: number, input: SiteRulesInput | null): Promise<DomainRules> {
  const domain = await domainOf(ctx, id);
  const rules = checkedRules(input);
  await storeDomainRules(ctx.sql, id, rules);
  await logEvent(
    ctx,
    LOG_COMPONENTS.domainManager,
    'info',
    rules
      ? `Domain ${readableAddress(domain.url)}: extraction rules set (body ${rules.body ?? 'found by the extractor'}; ${rules.remove.length} parts removed)`
      : `Domain ${readableAddress(domain.url)}: extraction rules cleared`,
  );
  ctx.events.emit('domains_updated', {});
  return { domainId: id, rules };
}

/** Whether `url` is a page of the domain's site (its host or one under it). */
function onSite(url: URL, origin: string): boolean {
  const site = new URL(origin).host.replace(/^www\./, '');
  const host = url.host.replace(/^www\./, '');
  return host === site || host.endsWith(`.${site}`);
}

/**
 * A page of the site (`request.url`, else its newest stored article, else its start page) fetched
 * politely and read with the rules (`request.rules`, else the saved ones) and without.
 */
export async function previewDomainRules(ctx: AppContext, id: number, request: RulesPreviewRequest | null): Promise<RulesPreview> {
  const domain = await domainOf(ctx, id);
  const rules = request?.rules ? checkedRules(request.rules) : domain.rules;
  const target = parseDomainInput(domain.url, domain.startingUrl);
  const address = request?.url?.trim() || (await newestArticleUrl(ctx.sql, id)) || target.startUrl;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw Invalid(`Not a web address: ${address}`);
  }
  if (!/^https?:$/.test(url.protocol) || !onSite(url, target.origin)) {
    throw Invalid(`${address} is not a page of ${readableAddress(domain.url)}: a preview reads the site's own pages`);
  }
  const network = await crawlNetwork(ctx);
  const { robots } = createPacedRobots(network, () => domain.throttle * 1000);
  if (network.isAvoided(url.href)) throw Invalid(`${url.host} is on the avoid list`);
  if (!(await robots.isAllowed(url.href))) throw Invalid(`robots.txt of ${url.host} does not allow ${url.pathname}`);
  let html: string;
  let fetchedUrl: string;
  try {
    const response = await politeFetch(network, url.href, { intervalMs: domain.throttle * 1000, accept: ['text/html', 'application/xhtml+xml'] });
    html = response.text();
    fetchedUrl = response.url;
  } catch (error) {
    throw Invalid(`Could not read ${url.href}: ${error instanceof Error ? error.message : String(error)}`);
  }
  const plain = extractArticle(html, { url: fetchedUrl });
  const ruled = rules ? extractArticle(html, { url: fetchedUrl, rules }) : plain;
  const bodyMatched = rules ? bodyMatches(html, rules) : false;
  return {
    url: fetchedUrl,
    title: ruled.title,
    rules,
    withRules: { text: ruled.text.slice(0, PREVIEW_CHARACTERS), wordCount: ruled.wordCount, bodyMatched },
    withoutRules: { text: plain.text.slice(0, PREVIEW_CHARACTERS), wordCount: plain.wordCount },
  };
}

/** Reads the site's stored articles again, with its rules (the re-fetcher, at its pace). */
export async function reextractDomain(ctx: AppContext, id: number): Promise<ReextractResult> {
  const domain = await domainOf(ctx, id);
  const status = await startRefetch(ctx, { domainId: id });
  return {
    message: `Re-extracting ${status.progress.total} articles of ${readableAddress(domain.url)}${domain.rules ? ' with its rules' : ''}, one every 2 seconds`,
    articles: status.progress.total,
  };
}

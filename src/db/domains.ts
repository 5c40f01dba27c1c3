import type { DomainStatus, SiteRules } from '../api/domains.js';
import type { Queryable } from './client.js';

export interface DomainRow {
  id: number;
  url: string;
  host: string;
  status: DomainStatus;
  priority: number | null;
  throttle: number;
  startingUrl: string | null;
  errorMessage: string | null;
  lastScraped: Date | null;
  createdAt: Date;
  /** Its extraction rules (CSS selectors of the body and of parts to drop), when given. */
  rules: SiteRules | null;
}

export interface DomainListRow extends DomainRow, DomainArticleCounts {}

export interface DomainArticleCounts {
  articlesCount: number;
  /** Of them, pages that showed only the start of their article (a paywall). */
  teasersCount: number;
}

export interface NewDomain {
  url: string;
  host: string;
  status?: DomainStatus;
  priority?: number | null;
  throttle?: number;
  startingUrl?: string | null;
}

/** Every domain with its stored article count, highest priority first (missing counts as 4). */
export async function listDomains(sql: Queryable): Promise<DomainListRow[]> {
  return sql<DomainListRow[]>`
    select d.id, d.url, d.host, d.status, d.priority, d.throttle, d.starting_url, d.error_message,
           d.last_scraped, d.created_at, d.rules,
           (select count(*)::int from articles a where a.domain_id = d.id) as articles_count,
           (select count(*)::int from articles a where a.domain_id = d.id and a.teaser) as teasers_count
    from domains d
    order by coalesce(d.priority, 4) desc, d.id`;
}

export async function findDomain(sql: Queryable, id: number): Promise<DomainRow | null> {
  const [row] = await sql<DomainRow[]>`
    select id, url, host, status, priority, throttle, starting_url, error_message, last_scraped, created_at, rules
    from domains where id = ${id}`;
  return row ?? null;
}

export async function findDomainByHost(sql: Queryable, host: string): Promise<DomainRow | null> {
  const [row] = await sql<DomainRow[]>`
    select id, url, host, status, priority, throttle, starting_url, error_message, last_scraped, created_at, rules
    from domains where host = ${host}`;
  return row ?? null;
}

export async function setDomainRules(sql: Queryable, id: number, rules: SiteRules | null): Promise<boolean> {
  const rows = await sql`update domains set rules = ${rules === null ? null : sql.json(rules)} where id = ${id}`;
  return rows.count > 0;
}

/** The address of the domain's newest stored article, if it has one (a rule's preview reads it). */
export async function newestArticleUrl(sql: Queryable, id: number): Promise<string | null> {
  const [row] = await sql<{ sourceUrl: string }[]>`
    select source_url from articles where domain_id = ${id} order by scraped_at desc, id desc limit 1`;
  return row?.sourceUrl ?? null;
}

export async function countDomainArticles(sql: Queryable, id: number): Promise<DomainArticleCounts> {
  const [row] = await sql<DomainArticleCounts[]>`
    select count(*)::int as articles_count, (count(*) filter (where teaser))::int as teasers_count from articles where domain_id = ${id}`;
  return row!;
}

/** Inserts a domain; null when its host is already there (the unique key decides, not a prior read). */
export async function insertDomain(sql: Queryable, domain: NewDomain): Promise<DomainRow | null> {
  const [row] = await sql<DomainRow[]>`
    insert into domains (url, host, status, priority, throttle, starting_url)
    values (${domain.url}, ${domain.host}, ${domain.status ?? 'active'}, ${domain.priority ?? null},
            ${domain.throttle ?? 2}, ${domain.startingUrl ?? null})
    on conflict (host) do nothing
    returning id, url, host, status, priority, throttle, starting_url, error_message, last_scraped, created_at, rules`;
  return row ?? null;
}

export interface DomainPatch {
  /** The address (its scheme, when the same host answers on another one). */
  url?: string;
  priority?: number | null;
  status?: DomainStatus;
  throttle?: number;
  startingUrl?: string | null;
}

export async function updateDomain(sql: Queryable, id: number, patch: DomainPatch): Promise<DomainRow | null> {
  const has = (key: keyof DomainPatch) => Object.hasOwn(patch, key);
  const [row] = await sql<DomainRow[]>`
    update domains set
      url = coalesce(${patch.url ?? null}::text, url),
      priority = case when ${has('priority')} then ${patch.priority ?? null}::integer else priority end,
      status = coalesce(${patch.status ?? null}::text, status),
      throttle = coalesce(${patch.throttle ?? null}::double precision, throttle),
      starting_url = case when ${has('startingUrl')} then ${patch.startingUrl ?? null}::text else starting_url end,
      -- A status set by hand says nothing about the last crawl's failure any more.
      error_message = case when ${patch.status ?? null}::text is not null and ${patch.status ?? null}::text <> 'error'
                           then null else error_message end
    where id = ${id}
    returning id, url, host, status, priority, throttle, starting_url, error_message, last_scraped, created_at, rules`;
  return row ?? null;
}

export async function deleteDomain(sql: Queryable, id: number): Promise<DomainRow | null> {
  const [row] = await sql<DomainRow[]>`
    delete from domains where id = ${id}
    returning id, url, host, status, priority, throttle, starting_url, error_message, last_scraped, created_at, rules`;
  return row ?? null;
}

/** Domains a crawl visits: not avoided or paused, highest priority first. */
export async function crawlableDomains(sql: Queryable): Promise<DomainRow[]> {
  return sql<DomainRow[]>`
    select id, url, host, status, priority, throttle, starting_url, error_message, last_scraped, created_at, rules
    from domains
    where status not in ('avoided', 'paused')
    order by coalesce(priority, 4) desc, id`;
}

/** Domains marked avoided in the list (their hosts should be on the avoid list). */
export async function avoidedDomains(sql: Queryable): Promise<DomainRow[]> {
  return sql<DomainRow[]>`
    select id, url, host, status, priority, throttle, starting_url, error_message, last_scraped, created_at, rules
    from domains where status = 'avoided' order by id`;
}

/**
 * Records how a crawl of the domain went. A status the operator set to avoided (or paused) while the
 * crawl ran is left alone.
 */
export async function recordCrawlResult(sql: Queryable, id: number, result: { status: 'success' | 'error'; errorMessage: string | null }): Promise<void> {
  await sql`
    update domains set status = ${result.status}, error_message = ${result.errorMessage}, last_scraped = now()
    where id = ${id} and status not in ('avoided', 'paused')`;
}

/** Articles stored per source host (the product's "domain stats"). */
export async function articleCountsByDomainName(sql: Queryable): Promise<{ domainName: string; count: number }[]> {
  return sql<{ domainName: string; count: number }[]>`
    select domain_name, count(*)::int as count from articles group by domain_name order by domain_name`;
}

/** Each domain's most frequent article topic, for domains with articles. */
export async function domainMainTopics(sql: Queryable): Promise<{ domainId: number; topic: string }[]> {
  return sql<{ domainId: number; topic: string }[]>`
    select domain_id, mode() within group (order by topic) as topic
    from articles where domain_id is not null and topic is not null group by domain_id`;
}

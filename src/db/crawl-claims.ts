// crawl_claims: the domains of one crawl run and which daemon crawls each (sql/005_jobs.sql). A
// claim is a lease (src/db/leases.ts, as a job run's) its daemon renews while it crawls; one daemon
// per host at a time; a lapsed claim (its daemon died) is taken over by another.
import type { Queryable, Sql } from './client.js';
import type { DomainRow } from './domains.js';
import { lapseOtherHolders, leaseLapsed, leaseLive, releaseLeases, renewLeases, takeLeases } from './leases.js';

export type CrawlClaimStatus = 'pending' | 'crawling' | 'done' | 'failed';

export interface CrawlClaimRow {
  runId: string;
  domainId: number;
  host: string;
  position: number;
  status: CrawlClaimStatus;
  holder: string | null;
  expiresAt: Date | null;
  attempts: number;
  articlesStored: number;
  intervalMs: number;
  lastRequestAt: Date | null;
}

export async function insertCrawlClaims(
  sql: Queryable,
  runId: string,
  domains: readonly { domainId: number; host: string; intervalMs: number }[],
): Promise<void> {
  if (domains.length === 0) return;
  await sql`
    insert into crawl_claims (run_id, domain_id, host, position, interval_ms)
    select ${runId}::uuid, d.domain_id, d.host, d.position, d.interval_ms
    from unnest(${domains.map((d) => d.domainId)}::int[], ${domains.map((d) => d.host)}::text[],
                ${domains.map((_, i) => i)}::int[], ${domains.map((d) => d.intervalMs)}::int[]) as d(domain_id, host, position, interval_ms)`;
}

export interface ClaimedDomain {
  claim: CrawlClaimRow;
  /** It was another daemon's, whose lease expired (it died or stalled). */
  takenOver: boolean;
  /** The last request any claim sent its host (this run or an earlier one), and the pause it then needed. */
  lastRequestAt: Date | null;
  lastIntervalMs: number;
}

/**
 * Claims the run's next domain this daemon may crawl: pending, or crawling under an expired lease,
 * and on a host no live claim covers. Claims of a run are made one at a time (an advisory lock), so
 * two daemons never take two domains of one host at once.
 */
export async function claimNextDomain(sql: Sql, runId: string, holder: string, leaseSeconds: number): Promise<ClaimedDomain | null> {
  return sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtextextended(${`crawl:${runId}`}, 0))`;
    const [next] = await tx<{ domainId: number; status: CrawlClaimStatus; host: string }[]>`
      select c.domain_id, c.status, c.host from crawl_claims c
      where c.run_id = ${runId}
        and (c.status = 'pending' or (c.status = 'crawling' and ${leaseLapsed(tx)}))
        and not exists (
          select 1 from crawl_claims o
          where o.run_id = c.run_id and o.host = c.host and o.domain_id <> c.domain_id
            and o.status = 'crawling' and ${leaseLive(tx)})
      order by (c.status = 'crawling') desc, c.position
      limit 1`;
    if (!next) return null;
    const [claim] = await takeLeases<CrawlClaimRow>(
      tx,
      'crawl_claims',
      tx`run_id = ${runId} and domain_id = ${next.domainId}`,
      holder,
      leaseSeconds,
      tx`, status = 'crawling', claimed_at = now()`,
    );
    const [last] = await tx<{ lastRequestAt: Date | null; intervalMs: number }[]>`
      select last_request_at, interval_ms from crawl_claims
      where host = ${next.host} and last_request_at is not null
      order by last_request_at desc limit 1`;
    return {
      claim: claim!,
      takenOver: next.status === 'crawling',
      lastRequestAt: last?.lastRequestAt ?? null,
      lastIntervalMs: last?.intervalMs ?? 0,
    };
  });
}

export interface ClaimFigures {
  domainId: number;
  active: number;
  pending: number;
  intervalMs: number;
  lastRequestAt: Date | null;
  /** Share of the domain's crawl done, 0–1. */
  progress: number;
}

/** Renews this daemon's claims with their figures; returns the domains it still holds. */
export async function renewCrawlClaims(
  sql: Queryable,
  runId: string,
  holder: string,
  leaseSeconds: number,
  figures: readonly ClaimFigures[],
): Promise<Set<number>> {
  if (figures.length === 0) return new Set();
  // Each claim's figures, by domain id, read in the one update that renews them all.
  const byDomain = Object.fromEntries(
    figures.map((f) => [
      f.domainId,
      { active: f.active, pending: f.pending, intervalMs: f.intervalMs, lastRequestAt: f.lastRequestAt?.toISOString() ?? null, progress: f.progress },
    ]),
  );
  const f = sql`(${sql.json(byDomain as never)}::jsonb -> domain_id::text)`;
  const rows = await renewLeases<{ domainId: number }>(
    sql,
    'crawl_claims',
    sql`run_id = ${runId} and domain_id = any(${figures.map((fig) => fig.domainId)}::int[])`,
    holder,
    leaseSeconds,
    sql`, active_requests = (${f} ->> 'active')::int, pending_requests = (${f} ->> 'pending')::int,
      interval_ms = greatest(interval_ms, (${f} ->> 'intervalMs')::int),
      last_request_at = greatest(last_request_at, (${f} ->> 'lastRequestAt')::timestamptz),
      -- A daemon taking a domain over starts its count afresh: the share shown never goes back.
      progress = greatest(progress, least(1, greatest(0, (${f} ->> 'progress')::float8)))`,
  );
  return new Set(rows.map((row) => row.domainId));
}

/** Lapses the run's claims other holders have (embedded database: they are a dead process's). */
export async function expireOtherClaims(sql: Queryable, runId: string, holder: string): Promise<void> {
  await lapseOtherHolders(sql, 'crawl_claims', sql`run_id = ${runId}`, holder);
}

export async function countStoredArticle(sql: Queryable, runId: string, domainId: number, holder: string): Promise<void> {
  await sql`
    update crawl_claims set articles_stored = articles_stored + 1
    where run_id = ${runId} and domain_id = ${domainId} and holder = ${holder}`;
}

/** Records a domain's end; false when this daemon no longer holds it (nothing is recorded then). */
export async function finishCrawlClaim(
  sql: Queryable,
  runId: string,
  domainId: number,
  holder: string,
  end: { status: 'done' | 'failed'; error: string | null; figures: ClaimFigures },
): Promise<boolean> {
  const rows = await sql`
    update crawl_claims set status = ${end.status}, error = ${end.error}, finished_at = now(), expires_at = null,
      active_requests = 0, pending_requests = 0, progress = 1, interval_ms = greatest(interval_ms, ${end.figures.intervalMs}),
      last_request_at = greatest(last_request_at, ${end.figures.lastRequestAt})
    where run_id = ${runId} and domain_id = ${domainId} and holder = ${holder} and status = 'crawling'
    returning domain_id`;
  return rows.length === 1;
}

/** Lets go of this daemon's claims (it is shutting down), with how far their hosts were paced: another daemon takes them at once. */
export async function releaseCrawlClaims(sql: Queryable, runId: string, holder: string, figures: readonly ClaimFigures[]): Promise<void> {
  await renewCrawlClaims(sql, runId, holder, 0, figures);
  await releaseLeases(sql, 'crawl_claims', sql`run_id = ${runId}`, holder, sql`, active_requests = 0, pending_requests = 0`);
}

export interface CrawlRunFigures {
  total: number;
  /** Domains done or failed. */
  processed: number;
  /** Domains pending or being crawled. */
  open: number;
  articlesStored: number;
  pendingRequests: number;
  /** Sites being crawled now (a claim held under a live lease), by any daemon. */
  sitesCrawling: number;
  /** The shares done of the domains being crawled, summed (0 up to their count). */
  crawlingShare: number;
  /** The domain (as listed) most recently claimed among those being crawled. */
  currentDomain: string | null;
  /** Every domain being crawled now (as listed), the least advanced first, space-separated (URLs hold no spaces). */
  crawlingDomains: string | null;
  /** Daemons holding a domain now. */
  crawlers: number;
}

export async function crawlRunFigures(sql: Queryable, runId: string): Promise<CrawlRunFigures> {
  const [row] = await sql<CrawlRunFigures[]>`
    select count(*)::int as total,
      count(*) filter (where status in ('done', 'failed'))::int as processed,
      count(*) filter (where status in ('pending', 'crawling'))::int as open,
      coalesce(sum(articles_stored), 0)::int as articles_stored,
      coalesce(sum(pending_requests) filter (where status = 'crawling'), 0)::int as pending_requests,
      count(*) filter (where status = 'crawling' and expires_at >= now())::int as sites_crawling,
      coalesce(sum(progress) filter (where status = 'crawling'), 0)::float8 as crawling_share,
      (select d.url from crawl_claims c join domains d on d.id = c.domain_id
       where c.run_id = ${runId} and c.status = 'crawling' order by c.claimed_at desc nulls last limit 1) as current_domain,
      (select string_agg(d.url, ' ' order by c.progress asc, c.position) from crawl_claims c join domains d on d.id = c.domain_id
       where c.run_id = ${runId} and c.status = 'crawling' and c.expires_at >= now()) as crawling_domains,
      count(distinct holder) filter (where status = 'crawling' and expires_at >= now())::int as crawlers
    from crawl_claims where run_id = ${runId}`;
  return row!;
}

/** The domains of a run as the domains table has them now. */
export async function domainsOfRun(sql: Queryable, runId: string): Promise<DomainRow[]> {
  return sql<DomainRow[]>`
    select d.id, d.url, d.host, d.status, d.priority, d.throttle, d.starting_url, d.error_message, d.last_scraped, d.created_at
    from crawl_claims c join domains d on d.id = c.domain_id
    where c.run_id = ${runId}`;
}

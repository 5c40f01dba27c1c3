// One daemon's share of a crawl run. Every daemon joins a live run (the one holding it too) and
// claims its domains one at a time, a few hundredths of a second apart so that daemons joining together
// share them out; it crawls what it holds in one crawl (per-host lanes, crawlee's pool of request
// slots), renews its claims with their figures every third of the lease (sending nothing for a
// domain whose lease it has not confirmed in time), and records each domain's end once it is done.
// A claim whose daemon died expires and is taken over; the taker waits the host's pause from the
// last request the claim recorded, and at least one pause after taking it over, so no host is
// asked faster than its throttle across the cluster.
import type { AppContext } from '../../../context.js';
import {
  claimNextDomain,
  countStoredArticle,
  crawlRunFigures,
  expireOtherClaims,
  domainsOfRun,
  finishCrawlClaim,
  releaseCrawlClaims,
  renewCrawlClaims,
  type ClaimFigures,
  type ClaimedDomain,
} from '../../../db/crawl-claims.js';
import { recordCrawlResult, type DomainRow } from '../../../db/domains.js';
import { readableAddress } from '../domains/host-names.js';
import { isDatabaseOutage, jobRunner, throughOutage, waitForDatabase, type JobHandle } from '../../platform/jobs/index.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { noteActivity } from './activity.js';
import { createCrawl } from './crawl.js';
import type { CrawlDomain } from './crawl-types.js';
import { hostInterval, hostOf, MIN_HOST_INTERVAL_MS, parseDomainInput } from './net/index.js';
import { crawlNetwork } from './network.js';
import { onAbort } from '../../../shared/abort.js';
import { counted } from '../../../shared/words.js';
import { reportProblem } from '../../../diagnostics.js';

/** A daemon claims at most one domain per this long: daemons joining together share a run out. */
const CLAIM_SPACING_MS = 25;
/** Domains one daemon crawls at once (its request slots are shared among their hosts). */
const MAX_DOMAINS_HELD = 200;
const IDLE_LOOK_MS = 1_000;
const HOME_DATA_EVERY_MS = 5_000;

export interface SpiderRunParams {
  /** When the run was started (ISO): its time limit counts from here. */
  startedAt: string;
  totalSites: number;
}

export function toCrawlDomain(row: DomainRow): CrawlDomain | null {
  try {
    const target = parseDomainInput(row.url, row.startingUrl);
    return { id: row.id, url: row.url, hostKey: row.host, origin: target.origin, startUrl: target.startUrl, throttleMs: row.throttle * 1000, rules: row.rules };
  } catch {
    return null;
  }
}

/** The pause a domain's host needs, and when this daemon may first ask it something. */
function pacing(claimed: ClaimedDomain, throttleMs: number, now: number): { intervalMs: number; notBefore: number } {
  const intervalMs = hostInterval(throttleMs, claimed.claim.intervalMs);
  let notBefore = 0;
  if (claimed.lastRequestAt) notBefore = claimed.lastRequestAt.getTime() + Math.max(intervalMs, claimed.lastIntervalMs);
  // The daemon that held it may have sent one more request after its last renewal.
  if (claimed.takenOver) notBefore = Math.max(notBefore, now + intervalMs);
  return { intervalMs, notBefore };
}

function sleep(ms: number, signal: AbortSignal, wake: { fn: (() => void) | null }): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      wake.fn = null;
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    wake.fn = done;
  });
}

/** This daemon's part of the run: returns when every domain of the run is done, or the run ends. */
export async function shareCrawl(ctx: AppContext, _params: SpiderRunParams, job: JobHandle): Promise<void> {
  const runId = job.runId;
  const holder = jobRunner(ctx).holder;
  const lease = ctx.config.jobs.leaseSeconds;
  const network = await crawlNetwork(ctx);
  const rows = new Map((await domainsOfRun(ctx.sql, runId)).map((row) => [row.id, row]));
  // One process per data folder: claims another holder left are a dead process's, free at once.
  if (ctx.db.kind === 'embedded') await expireOtherClaims(ctx.sql, runId, holder);
  const held = new Map<number, CrawlDomain>();
  const wake: { fn: (() => void) | null } = { fn: null };
  let stored = 0;
  // Counts on their way to the claims: a hand-over waits for them, or the next holder's cap is off.
  const counting = new Set<Promise<void>>();
  let homeDataTimer: NodeJS.Timeout | null = null;
  const say = (message: string) => noteActivity(ctx, runId, message);

  const crawl = createCrawl(ctx, {
    domains: [],
    keepOpen: true,
    network,
    articlesPerDomain: ctx.config.spider.articlesPerDomain,
    concurrency: ctx.config.spider.concurrency,
    requestTimeoutMs: ctx.config.spider.requestTimeoutMs,
    isStorageOutage: isDatabaseOutage,
    hooks: {
      activity: say,
      domainStarted: (domain) => say(`Crawling ${readableAddress(domain.url)}`),
      articleStored: (domain, article) => {
        if (!held.has(domain.id)) return;
        stored++;
        say(`NEW: ${article.title}`);
        const count = throughOutage(ctx, job.signal, () => countStoredArticle(ctx.sql, runId, domain.id, holder))
          .catch((error: unknown) => reportProblem('counting a stored article failed', (error as Error).message))
          .finally(() => counting.delete(count));
        counting.add(count);
        homeDataTimer ??= setTimeout(() => {
          homeDataTimer = null;
          ctx.events.emit('home_data_updated', {});
        }, HOME_DATA_EVERY_MS);
      },
      domainFinished: async (domain, result) => {
        if (!held.has(domain.id)) return;
        const figures = figuresOf(domain.id);
        held.delete(domain.id);
        wake.fn?.();
        // Handed over or lost: the domain is another daemon's to finish.
        if (job.interruption === 'shutdown' || job.interruption === 'lost') return;
        // Recorded once the database answers, however long it is away.
        const mine = await throughOutage(ctx, job.signal, () =>
          finishCrawlClaim(ctx.sql, runId, domain.id, holder, {
            status: result.status === 'success' ? 'done' : 'failed',
            error: result.errorMessage,
            figures,
          }),
        );
        if (!mine) return;
        await throughOutage(ctx, job.signal, () => recordCrawlResult(ctx.sql, domain.id, result));
        if (result.status === 'success') {
          say(`${readableAddress(domain.url)}: done, ${counted(result.articlesStored, 'new article')}`);
        } else {
          say(`${readableAddress(domain.url)}: error: ${result.errorMessage}`);
          await logEvent(ctx, LOG_COMPONENTS.spider, 'warning', `Domain ${readableAddress(domain.url)}: ${result.errorMessage}`);
        }
        ctx.events.emit('domains_updated', {});
      },
    },
  });

  function figuresOf(domainId: number): ClaimFigures {
    const figures = crawl.domainFigures(domainId);
    return {
      domainId,
      active: figures?.active ?? 0,
      pending: figures?.pending ?? 0,
      intervalMs: Math.round(figures?.intervalMs ?? MIN_HOST_INTERVAL_MS),
      lastRequestAt: figures?.lastRequestAt ? new Date(figures.lastRequestAt) : null,
      progress: figures?.progress ?? 0,
    };
  }

  // A little short of the lease the database counts, for clocks that differ between machines.
  const leaseMs = lease * 1000 - Math.min(1000, (lease * 1000) / 6);

  async function take(claimed: ClaimedDomain, askedAt: number): Promise<void> {
    const { claim } = claimed;
    const row = rows.get(claim.domainId);
    const domain = row ? toCrawlDomain(row) : null;
    if (!domain || network.isAvoided(domain.origin)) {
      // Deleted, unreadable or avoided since the run started: nothing to crawl.
      await finishCrawlClaim(ctx.sql, runId, claim.domainId, holder, {
        status: 'failed',
        error: 'The domain is no longer crawlable',
        figures: { domainId: claim.domainId, active: 0, pending: 0, intervalMs: claim.intervalMs, lastRequestAt: null, progress: 1 },
      });
      return;
    }
    const { intervalMs, notBefore } = pacing(claimed, domain.throttleMs, Date.now());
    held.set(domain.id, domain);
    crawl.holdLease(domain.id, askedAt + leaseMs);
    if (claimed.takenOver)
      say(`${readableAddress(domain.url)}: taken over from a daemon that stopped (${counted(claim.articlesStored, 'article')} stored so far)`);
    crawl.addDomain({ ...domain, throttleMs: intervalMs, initialStored: claim.articlesStored, ...(notBefore > Date.now() ? { notBefore } : {}) });
    if (hostOf(domain.origin) !== claim.host) reportProblem(`crawl claim host ${claim.host} differs from ${hostOf(domain.origin)}`);
  }

  const running = crawl.run();
  // A stop may have come while the run was setting up.
  const offAbort = onAbort(job.signal, () => crawl.stop());
  const offControl = job.onControl((state) => (state === 'paused' ? crawl.pause() : crawl.resume()));
  if (job.paused) crawl.pause();

  let renewedAt = Date.now();
  /** One look: renew what this daemon holds, claim one more domain, or wait; false once the run's domains are all done. */
  const step = async (): Promise<boolean> => {
    if (Date.now() - renewedAt >= (lease * 1000) / 3) {
      const askedAt = Date.now();
      renewedAt = askedAt;
      const ids = [...held.keys()];
      const still = await renewCrawlClaims(ctx.sql, runId, holder, lease, ids.map(figuresOf));
      for (const id of ids) {
        if (!held.has(id)) continue;
        // The database set the lease from a moment after askedAt: past askedAt + lease this daemon
        // sends nothing for the domain (its renewals may be late), unless a later renewal confirms it.
        if (still.has(id)) {
          crawl.holdLease(id, askedAt + leaseMs);
          continue;
        }
        // Another daemon holds it now (this one stalled past its lease): let it go.
        held.delete(id);
        crawl.dropDomain(id);
      }
    }
    if (!job.paused && held.size < MAX_DOMAINS_HELD) {
      const askedAt = Date.now();
      const claimed = await claimNextDomain(ctx.sql, runId, holder, lease);
      if (claimed && !job.signal.aborted) {
        await take(claimed, askedAt);
        await sleep(CLAIM_SPACING_MS, job.signal, wake);
        return true;
      }
    }
    if (held.size === 0 && (await crawlRunFigures(ctx.sql, runId)).open === 0) return false;
    await sleep(held.size > 0 ? 250 : IDLE_LOOK_MS, job.signal, wake);
    return true;
  };
  try {
    while (!job.signal.aborted) {
      try {
        if (!(await step())) break;
      } catch (error) {
        if (!isDatabaseOutage(error)) throw error;
        // The database is away: no request goes out until it is back (what would be fetched
        // could not be stored), then the crawl goes on; a claim another daemon took meanwhile is
        // let go at the next renewal.
        crawl.pause();
        await waitForDatabase(ctx, job.signal);
        if (!job.paused) crawl.resume();
      }
    }
  } finally {
    offAbort();
    offControl();
    if (job.signal.aborted) crawl.stop();
    else crawl.finish();
    await running;
    await Promise.all([...counting]);
    if (job.interruption === 'shutdown') {
      // Handed over: the claims go back with how far their hosts were paced.
      await releaseCrawlClaims(ctx.sql, runId, holder, [...held.keys()].map(figuresOf)).catch(() => {});
    }
    if (homeDataTimer) clearTimeout(homeDataTimer);
    if (stored > 0) ctx.events.emit('home_data_updated', {});
  }
}

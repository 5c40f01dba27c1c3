// The crawl's request queue, which crawlee's AutoscaledPool asks for ready work: one lane per host,
// at most one request in flight per host, and a lane's next request handed out only when the host's
// pause (max(1 s, domain throttle, Crawl-delay), or a 429/503 back-off) is over, counted from when
// the previous request was done with: a request can reach the server no earlier than it is sent and
// the previous one reached it before its answer came back, so the host sees its requests at least
// that pause apart whatever this process's event loop does. So the pool's worker slots never sit
// waiting on one slow-paced host while others are ready, and different hosts are crawled in
// parallel. Discovery (robots.txt, home page, feeds, sitemaps) goes before a host's articles.
import { MIN_HOST_INTERVAL_MS } from './net/host-pacer.js';

/** A task in its lane, with what its retries need (the crawl runs it; crawlee's pool only asks for work). */
export class QueuedRequest {
  retryCount = 0;
  /** A failure that another try cannot mend (a 4xx, a page too large). */
  noRetry = false;
  /** Its exchange with the host is over (the answer read) while its handler goes on. */
  hostDone = false;
  constructor(readonly userData: CrawlTask) {}
}

export type CrawlStep = 'robots' | 'start' | 'feed' | 'sitemap' | 'article';

export interface CrawlTask {
  step: CrawlStep;
  url: string;
  domainId: number;
  /** Sitemap nesting (roots are 0). */
  depth?: number;
  /** Feed probing: index into the common feed paths, when no feed was announced. */
  probe?: number;
  /**
   * Articles: the publication time (ms) a feed or sitemap lists it with. Orders a lane newest first,
   * and dates a page that shows no date of its own.
   */
  listedAt?: number;
  /** Lane (pacing host) the task waits in. */
  host: string;
}

/** Whether a domain may start one more article now: yes, not until one in flight settles, or never (cap reached). */
export type ArticleGate = 'yes' | 'wait' | 'no';

export interface HostQueueOptions {
  now?: () => number;
  /** `inFlight`: the domain's article requests handed out and not yet settled (a site on two hosts has two lanes). */
  articleGate(domainId: number, inFlight: number): ArticleGate;
  /** Time before which the host gets no request (a 429/503 back-off), or 0. */
  pausedUntil(host: string): number;
  /** Whether the domain may send requests now (false while its shared-crawl claim is unconfirmed); always, when absent. */
  mayRequest?(domainId: number): boolean;
  /** A task left the queue for good: handled (successfully or not) or dropped unrun. */
  onSettled(task: CrawlTask, outcome: 'handled' | 'dropped'): void;
}

interface Lane {
  host: string;
  discovery: QueuedRequest[];
  articles: QueuedRequest[];
  busy: boolean;
  readyAt: number;
  intervalMs: number;
  lastStartedAt: number;
  /** When its last request that went out was done with (answered or failed). */
  lastDoneAt: number;
  /** Whether the request in flight has really gone out (a task may end without one). */
  sent: boolean;
}

export class HostQueue {
  private readonly lanes = new Map<string, Lane>();
  private readonly inFlight = new Map<QueuedRequest, Lane>();
  private readonly now: () => number;
  paused = false;
  /** While set, an empty queue is not finished: more domains may be added (a crawl shared across daemons). */
  keepOpen = false;
  private closed = false;

  constructor(private readonly options: HostQueueOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Declares a host's pause between requests; lanes are served in the order they were first declared. */
  setInterval(host: string, intervalMs: number): void {
    const lane = this.lane(host);
    lane.intervalMs = Math.max(lane.intervalMs, intervalMs);
    if (lane.lastStartedAt > -Infinity) lane.readyAt = Math.max(lane.readyAt, lane.lastStartedAt + lane.intervalMs);
  }

  /** No request to the host before `at` (another daemon crawled it until recently). */
  holdUntil(host: string, at: number): void {
    const lane = this.lane(host);
    lane.readyAt = Math.max(lane.readyAt, at);
  }

  /**
   * What another daemon taking the host over counts its pause from (ms), or null: when the last
   * request was done with, as this queue counts its own pauses — the moment it went out is earlier
   * than the server saw it, so a pause counted from there reached the server short by the request's
   * way (965 ms for a 1 s pace under load). A request still in flight gives its start, the latest
   * moment known; a claim changes hands once it is done with, or only after its lease lapsed.
   */
  lastRequestAt(host: string): number | null {
    const lane = this.lanes.get(host);
    if (!lane || lane.lastStartedAt === -Infinity) return null;
    return Math.max(lane.lastStartedAt, lane.lastDoneAt);
  }

  isBusy(host: string): boolean {
    return this.lanes.get(host)?.busy ?? false;
  }

  /** Told by the fetch layer when a request to the host was really let through. */
  noteStarted(host: string, startedAt: number): void {
    const lane = this.lane(host);
    lane.lastStartedAt = Math.max(lane.lastStartedAt, startedAt);
    lane.readyAt = Math.max(lane.readyAt, lane.lastStartedAt + lane.intervalMs);
    lane.sent = true;
  }

  add(task: CrawlTask): void {
    if (this.closed) {
      this.options.onSettled(task, 'dropped');
      return;
    }
    const lane = this.lane(task.host);
    const request = new QueuedRequest(task);
    if (task.step === 'article') this.insertArticle(lane, request);
    else lane.discovery.push(request);
  }

  /** Newest first; equal dates (or none) keep discovery order. */
  private insertArticle(lane: Lane, request: QueuedRequest): void {
    const listedAt = request.userData.listedAt ?? 0;
    let at = lane.articles.length;
    while (at > 0 && (lane.articles[at - 1]!.userData.listedAt ?? 0) < listedAt) at--;
    lane.articles.splice(at, 0, request);
  }

  /** A queued article turned up again with a (later) date: a home-page link then found in the feed. */
  raiseListedAt(host: string, url: string, listedAt: number): void {
    const lane = this.lanes.get(host);
    const index = lane?.articles.findIndex((request) => request.userData.url === url) ?? -1;
    if (!lane || index === -1 || (lane.articles[index]!.userData.listedAt ?? 0) >= listedAt) return;
    const [request] = lane.articles.splice(index, 1);
    request!.userData.listedAt = listedAt;
    this.insertArticle(lane, request!);
  }

  /** Drops every queued task of a domain (a failed start, a reached cap); returns how many. */
  dropDomain(domainId: number): number {
    let dropped = 0;
    for (const lane of this.lanes.values()) {
      for (const list of [lane.discovery, lane.articles]) {
        for (let i = list.length - 1; i >= 0; i--) {
          if (list[i]!.userData.domainId !== domainId) continue;
          const [request] = list.splice(i, 1);
          dropped++;
          this.options.onSettled(request!.userData, 'dropped');
        }
      }
    }
    return dropped;
  }

  /** Stops handing out work; queued tasks are dropped, those in flight finish. */
  close(): void {
    this.closed = true;
    for (const lane of this.lanes.values()) {
      for (const request of [...lane.discovery, ...lane.articles]) this.options.onSettled(request.userData, 'dropped');
      lane.discovery = [];
      lane.articles = [];
    }
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  private lane(host: string): Lane {
    let lane = this.lanes.get(host);
    if (!lane) {
      lane = {
        host,
        discovery: [],
        articles: [],
        busy: false,
        readyAt: 0,
        intervalMs: MIN_HOST_INTERVAL_MS,
        lastStartedAt: -Infinity,
        lastDoneAt: -Infinity,
        sent: false,
      };
      this.lanes.set(host, lane);
    }
    return lane;
  }

  /**
   * The request a lane would hand out now, dropping articles whose domain reached its cap; with
   * `anyDomain`, whether it has work at all, including domains that may not send right now.
   */
  private peek(lane: Lane, anyDomain = false): { list: QueuedRequest[]; index: number } | null {
    const may = (request: QueuedRequest) => anyDomain || (this.options.mayRequest?.(request.userData.domainId) ?? true);
    const discovery = lane.discovery.findIndex(may);
    if (discovery !== -1) return { list: lane.discovery, index: discovery };
    for (let i = 0; i < lane.articles.length; ) {
      const domainId = lane.articles[i]!.userData.domainId;
      if (!may(lane.articles[i]!)) {
        i++;
        continue;
      }
      const gate = this.options.articleGate(domainId, this.articlesInFlight(domainId));
      if (gate === 'yes') return { list: lane.articles, index: i };
      if (gate === 'no') {
        const [request] = lane.articles.splice(i, 1);
        this.options.onSettled(request!.userData, 'dropped');
        continue;
      }
      i++;
    }
    return null;
  }

  private articlesInFlight(domainId: number): number {
    let count = 0;
    for (const request of this.inFlight.keys()) if (request.userData.step === 'article' && request.userData.domainId === domainId) count++;
    return count;
  }

  private isReady(lane: Lane, now: number): boolean {
    return !lane.busy && now >= lane.readyAt && now >= this.options.pausedUntil(lane.host);
  }

  /** The next ready request (its lane now busy), or null when no lane is ready. */
  nextReadyRequest(): QueuedRequest | null {
    if (this.paused || this.closed) return null;
    const now = this.now();
    for (const lane of this.lanes.values()) {
      if (!this.isReady(lane, now)) continue;
      const next = this.peek(lane);
      if (!next) continue;
      const [request] = next.list.splice(next.index, 1);
      lane.busy = true;
      lane.sent = false;
      this.inFlight.set(request!, lane);
      return request!;
    }
    return null;
  }

  /** Whether nextReadyRequest would hand out a request now. */
  hasReadyRequest(): boolean {
    if (this.paused || this.closed) return false;
    const now = this.now();
    for (const lane of this.lanes.values()) if (this.isReady(lane, now) && this.peek(lane)) return true;
    return false;
  }

  /** Nothing in flight and nothing queued (or the queue closed), and no more domains to come. */
  isFinished(): boolean {
    if (this.inFlight.size > 0) return false;
    if (this.closed) return true;
    if (this.keepOpen) return false;
    for (const lane of this.lanes.values()) if (this.peek(lane, true)) return false;
    return true;
  }

  /** A request done with, successfully or not. */
  markRequestHandled(request: QueuedRequest): void {
    const lane = this.release(request);
    if (lane) this.options.onSettled(request.userData, 'handled');
  }

  /**
   * The request's exchange with its host is over, its answer read, while its handler goes on (an
   * article being extracted and stored): the host's pause counts from now, and the lane's next
   * request may go out once it is over, so a site's pages are not paced by how long each takes to
   * store. The request still counts as in flight for its domain's article cap until it is handled.
   */
  markHostDone(request: QueuedRequest): void {
    const lane = this.inFlight.get(request);
    if (!lane || request.hostDone) return;
    request.hostDone = true;
    this.freeLane(lane);
  }

  /** A retry: back to the front of its lane, after the host's pause. */
  reclaimRequest(request: QueuedRequest): void {
    const lane = this.release(request);
    if (!lane) return;
    if (this.closed) {
      this.options.onSettled(request.userData, 'dropped');
      return;
    }
    (request.userData.step === 'article' ? lane.articles : lane.discovery).unshift(request);
  }

  private release(request: QueuedRequest): Lane | undefined {
    const lane = this.inFlight.get(request);
    if (!lane) return undefined;
    this.inFlight.delete(request);
    // Freed earlier, the lane may now carry the host's next request: it is that one's to free.
    if (!request.hostDone) this.freeLane(lane);
    request.hostDone = false;
    return lane;
  }

  private freeLane(lane: Lane): void {
    lane.busy = false;
    if (lane.sent) {
      lane.lastDoneAt = this.now();
      lane.readyAt = Math.max(lane.readyAt, lane.lastDoneAt + lane.intervalMs);
    }
    lane.sent = false;
  }

  getPendingCount(): number {
    let pending = 0;
    for (const lane of this.lanes.values()) pending += lane.discovery.length + lane.articles.length;
    return pending;
  }
}

// The crawl queue crawlee's AutoscaledPool asks for ready work: one request per host at a time, a host's next request only
// after its pause, different hosts in parallel, discovery before articles, newest articles first.
import { describe, expect, it } from 'vitest';
import { HostQueue, type ArticleGate, type CrawlTask } from '../../../../src/services/reader/spider/host-queue.js';

function setup(gates: Record<number, ArticleGate> = {}) {
  let now = 10_000;
  const settled: string[] = [];
  const paused = new Map<string, number>();
  const mayNotRequest = new Set<number>();
  const queue = new HostQueue({
    now: () => now,
    mayRequest: (domainId) => !mayNotRequest.has(domainId),
    articleGate: (domainId) => gates[domainId] ?? 'yes',
    pausedUntil: (host) => paused.get(host) ?? 0,
    onSettled: (task, outcome) => settled.push(`${outcome} ${task.url}`),
  });
  const task = (url: string, step: CrawlTask['step'] = 'article', extra: Partial<CrawlTask> = {}): CrawlTask => ({
    step,
    url,
    domainId: 1,
    host: new URL(url).hostname,
    ...extra,
  });
  return { queue, task, settled, paused, mayNotRequest, advance: (ms: number) => (now += ms), at: () => now };
}

describe('HostQueue', () => {
  it("hands out one request per host, the next only after the host's pause from the end of the last", async () => {
    const { queue, task, advance, at } = setup();
    queue.setInterval('a.test', 2000);
    queue.add(task('http://a.test/1'));
    queue.add(task('http://a.test/2'));
    queue.add(task('http://b.test/1'));
    const first = queue.nextReadyRequest();
    const second = queue.nextReadyRequest();
    expect([first!.userData.url, second!.userData.url]).toEqual(['http://a.test/1', 'http://b.test/1']);
    expect(queue.nextReadyRequest()).toBeNull();
    expect(queue.hasReadyRequest()).toBe(false);
    expect(queue.isFinished()).toBe(false);

    queue.noteStarted('a.test', at());
    advance(300);
    queue.markRequestHandled(first!);
    expect(queue.nextReadyRequest()).toBeNull();
    advance(1999);
    expect(queue.nextReadyRequest()).toBeNull();
    advance(1);
    expect(queue.nextReadyRequest()!.userData.url).toBe('http://a.test/2');
    // A task that made no request (robots.txt said no) leaves the host's turn as it was.
    queue.markRequestHandled(second!);
    queue.add(task('http://b.test/2'));
    expect(queue.nextReadyRequest()!.userData.url).toBe('http://b.test/2');
  });

  it('tells another daemon to count its pause from when the last request was done with, not from when it went out', async () => {
    const { queue, task, advance, at } = setup();
    expect(queue.lastRequestAt('a.test')).toBeNull();
    queue.add(task('http://a.test/1'));
    const request = queue.nextReadyRequest()!;
    const sentAt = at();
    queue.noteStarted('a.test', sentAt);
    // In flight: its start is the latest moment known.
    expect(queue.lastRequestAt('a.test')).toBe(sentAt);
    advance(450);
    queue.markRequestHandled(request);
    expect(queue.lastRequestAt('a.test')).toBe(sentAt + 450);
    // A task that sent nothing (robots.txt said no) moves nothing.
    queue.add(task('http://a.test/2'));
    advance(1000);
    const unsent = queue.nextReadyRequest()!;
    advance(10);
    queue.markRequestHandled(unsent);
    expect(queue.lastRequestAt('a.test')).toBe(sentAt + 450);
  });

  it("lets a host's next request go while the last one's answer is still being stored, and keeps both in flight", async () => {
    const { queue, task, settled, advance, at } = setup();
    for (const n of [1, 2, 3]) queue.add(task(`http://a.test/${n}`));
    const first = queue.nextReadyRequest()!;
    queue.noteStarted('a.test', at());
    advance(200);
    queue.markHostDone(first);
    // The pause counts from the answer, not from when the article is stored.
    advance(999);
    expect(queue.nextReadyRequest()).toBeNull();
    advance(1);
    const second = queue.nextReadyRequest()!;
    expect(second.userData.url).toBe('http://a.test/2');
    expect(queue.inFlightCount).toBe(2);
    queue.noteStarted('a.test', at());
    // The first handled now: the lane is the second's, still busy, and its pause not moved.
    advance(5000);
    queue.markRequestHandled(first);
    expect(settled).toEqual(['handled http://a.test/1']);
    expect(queue.nextReadyRequest()).toBeNull();
    expect(queue.lastRequestAt('a.test')).toBe(at() - 5000);
    queue.markRequestHandled(second);
    expect(queue.nextReadyRequest()).toBeNull();
    advance(1000);
    expect(queue.nextReadyRequest()!.userData.url).toBe('http://a.test/3');
  });

  it('keeps a host waiting while it is backed off (429/503)', async () => {
    const { queue, task, paused, advance, at } = setup();
    queue.add(task('http://a.test/1'));
    paused.set('a.test', at() + 5000);
    expect(queue.nextReadyRequest()).toBeNull();
    advance(5000);
    expect(queue.nextReadyRequest()!.userData.url).toBe('http://a.test/1');
  });

  it("hands out nothing of a domain that may not send (its claim's lease unconfirmed), and is not finished meanwhile", async () => {
    const { queue, task, mayNotRequest } = setup();
    mayNotRequest.add(1);
    queue.add(task('http://a.test/robots.txt', 'robots'));
    queue.add(task('http://a.test/1'));
    queue.add(task('http://b.test/feed', 'feed', { domainId: 2 }));
    expect(queue.nextReadyRequest()!.userData.url).toBe('http://b.test/feed');
    expect(queue.nextReadyRequest()).toBeNull();
    expect(queue.hasReadyRequest()).toBe(false);
    expect(queue.isFinished()).toBe(false);
    // Confirmed again: its work goes on where it stood.
    mayNotRequest.delete(1);
    expect(queue.hasReadyRequest()).toBe(true);
    expect(queue.nextReadyRequest()!.userData.url).toBe('http://a.test/robots.txt');
  });

  it('runs discovery before articles, and articles newest first', async () => {
    const { queue, task, advance } = setup();
    queue.add(task('http://a.test/old', 'article', { listedAt: 1 }));
    queue.add(task('http://a.test/undated', 'article'));
    queue.add(task('http://a.test/new', 'article', { listedAt: 3 }));
    queue.add(task('http://a.test/feed', 'feed'));
    queue.add(task('http://a.test/middle', 'article', { listedAt: 2 }));
    queue.add(task('http://a.test/home-link', 'article'));
    // The home page's link, then found in the feed with its date.
    queue.raiseListedAt('a.test', 'http://a.test/home-link', 2.5);
    const order: string[] = [];
    for (;;) {
      const next = queue.nextReadyRequest();
      if (!next) break;
      order.push(new URL(next.userData.url).pathname);
      queue.markRequestHandled(next);
      advance(1000);
    }
    expect(order).toEqual(['/feed', '/new', '/home-link', '/middle', '/old', '/undated']);
    expect(queue.isFinished()).toBe(true);
  });

  it('drops the articles of a domain that reached its cap, and holds them while one is in flight', async () => {
    const gates: Record<number, ArticleGate> = { 1: 'wait', 2: 'no' };
    const { queue, task, settled } = setup(gates);
    queue.add(task('http://a.test/1', 'article', { domainId: 1 }));
    queue.add(task('http://b.test/1', 'article', { domainId: 2 }));
    expect(queue.nextReadyRequest()).toBeNull();
    expect(settled).toEqual(['dropped http://b.test/1']);
    gates[1] = 'yes';
    expect(queue.nextReadyRequest()!.userData.url).toBe('http://a.test/1');
  });

  it('pauses, retries at the front of the lane, and on close drops what is queued', async () => {
    const { queue, task, settled } = setup();
    queue.add(task('http://a.test/1'));
    queue.add(task('http://a.test/2'));
    queue.paused = true;
    expect(queue.nextReadyRequest()).toBeNull();
    expect(queue.isFinished()).toBe(false);
    queue.paused = false;
    const first = queue.nextReadyRequest();
    queue.reclaimRequest(first!);
    expect(queue.nextReadyRequest()!.userData.url).toBe('http://a.test/1');
    queue.close();
    expect(settled).toEqual(['dropped http://a.test/2']);
    expect(queue.isFinished()).toBe(false);
    expect(queue.inFlightCount).toBe(1);
    expect(queue.getPendingCount()).toBe(0);
  });

  it('drops every queued task of a failed domain', async () => {
    const { queue, task, settled } = setup();
    queue.add(task('http://a.test/robots.txt', 'robots', { domainId: 1 }));
    queue.add(task('http://a.test/x', 'article', { domainId: 1 }));
    queue.add(task('http://a.test/y', 'article', { domainId: 2 }));
    expect(queue.dropDomain(1)).toBe(2);
    expect(settled).toEqual(['dropped http://a.test/robots.txt', 'dropped http://a.test/x']);
    expect(queue.getPendingCount()).toBe(1);
  });

  it("tells the gate how many of a domain's articles are in flight on all its hosts, so a site on two hosts stays under its cap", async () => {
    let stored = 0;
    const cap = 2;
    const seen: number[] = [];
    const queue = new HostQueue({
      now: () => 10_000,
      articleGate: (_domainId, inFlight) => {
        seen.push(inFlight);
        if (stored >= cap) return 'no';
        return stored + inFlight >= cap ? 'wait' : 'yes';
      },
      pausedUntil: () => 0,
      onSettled: () => {},
    });
    const add = (url: string) => queue.add({ step: 'article', url, domainId: 7, host: new URL(url).hostname });
    for (const url of ['http://site.test/1', 'http://site.test/2', 'http://www.site.test/3', 'http://www.site.test/4']) add(url);
    const first = queue.nextReadyRequest();
    const second = queue.nextReadyRequest();
    expect([first!.userData.url, second!.userData.url]).toEqual(['http://site.test/1', 'http://www.site.test/3']);
    // Both hosts' lanes are busy; once one article is stored and settled, the other still counts.
    stored = 1;
    queue.markRequestHandled(first!);
    expect(queue.nextReadyRequest()).toBeNull();
    expect(seen.at(-1)).toBe(1);
    stored = 2;
    queue.markRequestHandled(second!);
    expect(queue.nextReadyRequest()).toBeNull();
    expect(queue.getPendingCount()).toBe(0);
  });
});

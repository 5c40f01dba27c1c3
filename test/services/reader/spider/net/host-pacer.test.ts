import { describe, expect, it } from 'vitest';
import { createHostPacer, type Clock } from '../../../../../src/services/reader/spider/net/index.js';

/** A clock that only moves when the test says so; sleepers wake in time order. */
function fakeClock(): Clock & { advance(ms: number): Promise<void>; runAll(): Promise<void>; lateBy(ms: number): void } {
  let now = 0;
  let lag = 0;
  let timers: Array<{ at: number; resolve: () => void; reject: (e: unknown) => void }> = [];
  const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
  const clock = {
    now: () => now,
    sleep(ms: number, signal?: AbortSignal) {
      return new Promise<void>((resolve, reject) => {
        const timer = { at: now + ms + lag, resolve, reject };
        lag = 0;
        timers.push(timer);
        signal?.addEventListener('abort', () => {
          timers = timers.filter((t) => t !== timer);
          reject(signal.reason);
        });
      });
    },
    /** The next sleep wakes this much late, as a timer does on a busy event loop. */
    lateBy(ms: number) {
      lag = ms;
    },
    async advance(ms: number) {
      const target = now + ms;
      await flush();
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > target) break;
        timers.shift();
        now = next.at;
        next.resolve();
        await flush();
      }
      now = target;
      await flush();
    },
    async runAll() {
      await flush();
      while (timers.length > 0) {
        timers.sort((a, b) => a.at - b.at);
        await clock.advance(timers[0]!.at - now);
      }
    },
  };
  return clock;
}

/** Starts `count` waits for one host and records when each was let through. */
function startWaits(pacer: ReturnType<typeof createHostPacer>, clock: Clock, host: string, count: number, intervalMs = 0) {
  const starts: number[] = [];
  const done = Promise.all(
    Array.from({ length: count }, async () => {
      await pacer.wait(host, intervalMs);
      starts.push(clock.now());
    }),
  );
  return { starts, done };
}

describe('host pacer', () => {
  it('spaces requests to one host at least 1 s apart, from request start', async () => {
    const clock = fakeClock();
    const pacer = createHostPacer({ clock });
    const { starts, done } = startWaits(pacer, clock, 'example.com', 4);
    await clock.runAll();
    await done;
    expect(starts).toEqual([0, 1000, 2000, 3000]);
  });

  it('never goes under 1 s, even when asked to', async () => {
    const clock = fakeClock();
    const pacer = createHostPacer({ clock, minIntervalMs: 200 });
    const { starts, done } = startWaits(pacer, clock, 'example.com', 3, 10);
    await clock.runAll();
    await done;
    expect(starts).toEqual([0, 1000, 2000]);
  });

  it('uses the larger of the domain throttle and robots Crawl-delay', async () => {
    const clock = fakeClock();
    const pacer = createHostPacer({ clock });
    const throttleMs = 2000;
    const crawlDelayMs = 3000;
    const { starts, done } = startWaits(pacer, clock, 'slow.example', 3, Math.max(throttleMs, crawlDelayMs));
    await clock.runAll();
    await done;
    expect(starts).toEqual([0, 3000, 6000]);
  });

  it('does not wait when the host has been idle long enough', async () => {
    const clock = fakeClock();
    const pacer = createHostPacer({ clock });
    await pacer.wait('example.com');
    await clock.advance(5000);
    let passed = false;
    const waiting = pacer.wait('example.com').then(() => (passed = true));
    await clock.advance(0);
    await waiting;
    expect(passed).toBe(true);
    expect(clock.now()).toBe(5000);
  });

  it('measures from when the previous request was really let through', async () => {
    const clock = fakeClock();
    const pacer = createHostPacer({ clock });
    expect(await pacer.wait('example.com')).toBe(0);
    clock.lateBy(300); // the second request's timer fires late…
    const second = pacer.wait('example.com');
    const third = pacer.wait('example.com');
    await clock.runAll();
    expect(await second).toBe(1300);
    expect(await third).toBe(2300); // …so the third keeps a full second after it
  });

  it('counts from when the previous request was sent, when the process held it after its turn', async () => {
    const clock = fakeClock();
    const pacer = createHostPacer({ clock });
    expect(await pacer.wait('example.com')).toBe(0);
    pacer.sent('example.com', 250); // a stall between the grant and the socket write
    pacer.sent('example.com', 100); // a send reported out of order never moves the count back
    const second = pacer.wait('example.com');
    const third = pacer.wait('example.com');
    await clock.runAll();
    expect(await second).toBe(1250);
    expect(await third).toBe(2250);
  });

  it('lets different hosts proceed in parallel', async () => {
    const clock = fakeClock();
    const pacer = createHostPacer({ clock });
    const a = startWaits(pacer, clock, 'a.example', 2);
    const b = startWaits(pacer, clock, 'b.example', 2);
    const c = startWaits(pacer, clock, 'c.example', 2, 2000);
    await clock.runAll();
    await Promise.all([a.done, b.done, c.done]);
    expect(a.starts).toEqual([0, 1000]);
    expect(b.starts).toEqual([0, 1000]);
    expect(c.starts).toEqual([0, 2000]);
  });

  it('treats host names case-insensitively', async () => {
    const clock = fakeClock();
    const pacer = createHostPacer({ clock });
    const starts: number[] = [];
    const done = Promise.all(['Example.com', 'example.COM'].map((h) => pacer.wait(h).then(() => starts.push(clock.now()))));
    await clock.runAll();
    await done;
    expect(starts).toEqual([0, 1000]);
  });

  it('honours Retry-After from a 429/503', async () => {
    const clock = fakeClock();
    const pacer = createHostPacer({ clock });
    await pacer.wait('busy.example');
    expect(pacer.backOff('busy.example', { retryAfterMs: 30_000 })).toBe(30_000);
    expect(pacer.pausedUntil('busy.example')).toBe(30_000);
    const { starts, done } = startWaits(pacer, clock, 'busy.example', 2);
    await clock.runAll();
    await done;
    expect(starts).toEqual([30_000, 31_000]);
    expect(pacer.pausedUntil('busy.example')).toBe(0);
  });

  it('honours a Retry-After longer than the exponential cap', async () => {
    const clock = fakeClock();
    const pacer = createHostPacer({ clock, maxBackoffMs: 60_000 });
    expect(pacer.backOff('busy.example', { retryAfterMs: 3_600_000 })).toBe(3_600_000);
  });

  it('backs off exponentially without Retry-After, capped, and resets on success', async () => {
    const clock = fakeClock();
    const pacer = createHostPacer({ clock, backoffBaseMs: 2000, maxBackoffMs: 10_000 });
    expect([1, 2, 3, 4, 5].map(() => pacer.backOff('flaky.example'))).toEqual([2000, 4000, 8000, 10_000, 10_000]);
    pacer.succeeded('flaky.example');
    expect(pacer.backOff('flaky.example')).toBe(2000);
  });

  it('pushes back waiters already queued when a back-off arrives, keeping their order and spacing', async () => {
    const clock = fakeClock();
    const pacer = createHostPacer({ clock });
    const { starts, done } = startWaits(pacer, clock, 'busy.example', 3);
    await clock.advance(0); // first one through at 0
    pacer.backOff('busy.example', { retryAfterMs: 10_000 });
    await clock.runAll();
    await done;
    expect(starts).toEqual([0, 10_000, 11_000]);
  });

  it('gives an aborted wait its slot back', async () => {
    const clock = fakeClock();
    const pacer = createHostPacer({ clock });
    await pacer.wait('example.com');
    const controller = new AbortController();
    const aborted = pacer.wait('example.com', 0, controller.signal);
    controller.abort(new Error('stop'));
    await expect(aborted).rejects.toThrow('stop');
    const { starts, done } = startWaits(pacer, clock, 'example.com', 1);
    await clock.runAll();
    await done;
    expect(starts).toEqual([1000]);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const pacer = createHostPacer({ clock: fakeClock() });
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    await expect(pacer.wait('example.com', 0, controller.signal)).rejects.toThrow('cancelled');
  });
});

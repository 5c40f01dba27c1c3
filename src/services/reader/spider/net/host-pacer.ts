// Politeness: requests to one host start at least max(1 s, the domain's throttle, robots.txt
// Crawl-delay) apart, and a host that answers 429/503 is left alone for as long as it asks (or
// for an exponentially growing pause when it does not say). Different hosts never wait on each
// other, so many domains are crawled at once.
import { AbortedError } from '../../../../net/errors.js';

export interface Clock {
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason if aborted first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason ?? new AbortedError());
        return;
      }
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason ?? new AbortedError());
      };
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/**
 * The floor for any host, whatever the domain or robots.txt says: the one place it is written. Every
 * pause between two requests to a host (the crawl's lanes, its claims across daemons, favicons) is
 * `hostInterval(...)` of what applies to it.
 */
export const MIN_HOST_INTERVAL_MS = 1000;
/** A host that is no source domain of its own (a feed elsewhere) until its robots.txt says more. */
export const DEFAULT_HOST_INTERVAL_MS = 2000;

/** The pause a host needs: the longest of the floor and what applies to it (a throttle, a Crawl-delay). */
export function hostInterval(...intervalsMs: readonly (number | null | undefined)[]): number {
  return Math.max(MIN_HOST_INTERVAL_MS, ...intervalsMs.filter((ms): ms is number => typeof ms === 'number' && Number.isFinite(ms)));
}

export interface HostPacerOptions {
  clock?: Clock;
  minIntervalMs?: number;
  /** First pause after a 429/503 without Retry-After; doubles with each further one. */
  backoffBaseMs?: number;
  /** Cap of that exponential pause. A Retry-After longer than this is still honoured. */
  maxBackoffMs?: number;
}

export interface BackoffInput {
  /** From the Retry-After header, when there was one. */
  retryAfterMs?: number;
}

export interface HostPacer {
  /**
   * Waits until a request to `host` may start, and books that start: the next caller for the
   * same host waits at least `intervalMs` (never under 1 s) from it. Callers for one host are
   * served in call order. Resolves with the clock time the request was let through; start it
   * right away.
   */
  wait(host: string, intervalMs?: number, signal?: AbortSignal): Promise<number>;
  /**
   * Records when a request let through really went out (clock ms): the next one for the host
   * counts its pause from then, so a stall between the grant and the send never shortens the gap
   * the host sees.
   */
  sent(host: string, at: number): void;
  /** Records a 429/503 (or similar) answer; returns the pause applied, in ms. */
  backOff(host: string, input?: BackoffInput): number;
  /** Records a normal answer, resetting the exponential back-off. */
  succeeded(host: string): void;
  /** Time (clock ms) before which `host` gets no request, or 0. */
  pausedUntil(host: string): number;
}

interface HostState {
  /** Earliest start for the next booked request. */
  nextStartAt: number;
  /** When the last request was actually let through, or sent when that was later. */
  lastStartedAt: number;
  /** Back-off end (from 429/503), independent of the interval. */
  pausedUntil: number;
  failures: number;
}

export function createHostPacer(options: HostPacerOptions = {}): HostPacer {
  const clock = options.clock ?? systemClock;
  const floor = Math.max(MIN_HOST_INTERVAL_MS, options.minIntervalMs ?? MIN_HOST_INTERVAL_MS);
  const backoffBaseMs = options.backoffBaseMs ?? 5_000;
  const maxBackoffMs = options.maxBackoffMs ?? 5 * 60_000;
  const hosts = new Map<string, HostState>();

  const stateOf = (host: string): HostState => {
    const key = host.toLowerCase();
    let state = hosts.get(key);
    if (!state) {
      state = { nextStartAt: 0, lastStartedAt: -Infinity, pausedUntil: 0, failures: 0 };
      hosts.set(key, state);
    }
    return state;
  };

  return {
    async wait(host, intervalMs = 0, signal) {
      if (signal?.aborted) throw signal.reason ?? new AbortedError();
      const state = stateOf(host);
      const interval = Math.max(floor, Number.isFinite(intervalMs) ? intervalMs : floor);
      for (;;) {
        // Booking synchronously, before sleeping, is what keeps concurrent callers in order.
        const previous = state.nextStartAt;
        let start = Math.max(clock.now(), state.nextStartAt, state.pausedUntil);
        state.nextStartAt = start + interval;
        try {
          for (;;) {
            while (clock.now() < start) await clock.sleep(start - clock.now(), signal);
            // A busy event loop fires timers late (and Node counts them from its cached loop
            // time): measure from when the previous request was really let through.
            const afterPrevious = state.lastStartedAt + interval;
            if (clock.now() >= afterPrevious) break;
            start = afterPrevious;
          }
        } catch (error) {
          // Give the slot back when nobody booked after it, so an aborted wait costs nothing.
          if (state.nextStartAt === start + interval) state.nextStartAt = previous;
          throw error;
        }
        // A back-off recorded while we slept: book again behind it (and behind everyone queued).
        if (state.pausedUntil > clock.now()) continue;
        state.lastStartedAt = clock.now();
        state.nextStartAt = Math.max(state.nextStartAt, state.lastStartedAt + interval);
        return state.lastStartedAt;
      }
    },
    sent(host, at) {
      const state = stateOf(host);
      state.lastStartedAt = Math.max(state.lastStartedAt, at);
    },
    backOff(host, input = {}) {
      const state = stateOf(host);
      state.failures++;
      const exponential = Math.min(maxBackoffMs, backoffBaseMs * 2 ** (state.failures - 1));
      const pause = input.retryAfterMs !== undefined ? Math.max(input.retryAfterMs, floor) : exponential;
      state.pausedUntil = Math.max(state.pausedUntil, clock.now() + pause);
      return pause;
    },
    succeeded(host) {
      stateOf(host).failures = 0;
    },
    pausedUntil(host) {
      const until = hosts.get(host.toLowerCase())?.pausedUntil ?? 0;
      return until > clock.now() ? until : 0;
    },
  };
}

// How often one key (a client address) may do something in a sliding window, kept in this process:
// a first line against a form used in bulk. The map is bounded, so a flood of new keys cannot grow
// it without end (the oldest keys are dropped first).
const MAX_KEYS = 10_000;

export class RateWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one use by `key`; null when it is allowed, else the seconds until it would be. */
  take(key: string, now = Date.now()): number | null {
    const recent = (this.hits.get(key) ?? []).filter((at) => at > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return Math.max(1, Math.ceil((recent[0]! + this.windowMs - now) / 1000));
    }
    recent.push(now);
    this.hits.delete(key);
    this.hits.set(key, recent);
    if (this.hits.size > MAX_KEYS) this.hits.delete(this.hits.keys().next().value!);
    return null;
  }
}

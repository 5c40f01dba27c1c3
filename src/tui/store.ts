// The dashboard's live store: one full read at start (and after a reconnect or resync), then the
// /ws messages only — no polling. Listeners are told at most once per `throttleMs`, so a burst of
// messages costs one redraw. The keys' actions go through the same typed client.
import type { Client, Subscription } from '../client/index.js';
import { isAppError } from '../errors.js';
import { applyMessage, applySnapshot, initialState, type DashState, type Snapshot } from './state.js';

/** What the store needs of the client (tests and the bench pass a fake). */
export type DashClient = Pick<Client, 'describe' | 'subscribe' | 'siteInfo' | 'status' | 'generator' | 'trends' | 'logs' | 'jobs' | 'spider' | 'analyzer'>;

export interface DashStoreOptions {
  throttleMs?: number;
  /** Wait before re-reading the trends after an analysis or a home-data change. */
  refreshDelayMs?: number;
  /** How long the footer shows an action's answer before the keys come back. */
  flashMs?: number;
}

export class DashStore {
  private state: DashState;
  private readonly listeners = new Set<() => void>();
  private subscription: Subscription | null = null;
  private notifyTimer: NodeJS.Timeout | null = null;
  private refreshTimer: NodeJS.Timeout | null = null;
  private flashTimer: NodeJS.Timeout | null = null;
  private lastNotify = 0;
  private closed = false;
  private readonly throttleMs: number;
  private readonly refreshDelayMs: number;
  private readonly flashMs: number;

  constructor(
    private readonly client: DashClient,
    options: DashStoreOptions = {},
  ) {
    this.state = initialState(client.describe);
    this.throttleMs = options.throttleMs ?? 200;
    this.refreshDelayMs = options.refreshDelayMs ?? 1500;
    this.flashMs = options.flashMs ?? 8000;
  }

  getState = (): DashState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Subscribes first, then reads: a message arriving during the read is not lost. */
  async start(): Promise<void> {
    this.subscription = this.client.subscribe({
      message: (message) => this.receive(message),
      state: (connection) => {
        const reconnected = connection === 'open' && this.state.connection === 'closed';
        this.set({ ...this.state, connection });
        if (reconnected) void this.reload('all');
      },
    });
    await this.reload('all');
  }

  receive(message: Parameters<typeof applyMessage>[1]): void {
    const { state, refresh } = applyMessage(this.state, message);
    this.set(state);
    if (refresh) this.scheduleRefresh(refresh);
  }

  private scheduleRefresh(what: 'trends' | 'all'): void {
    if (this.refreshTimer || this.closed) return;
    this.refreshTimer = setTimeout(() => {
      this.refreshTimer = null;
      void this.reload(what);
    }, this.refreshDelayMs);
  }

  async reload(what: 'trends' | 'all'): Promise<void> {
    try {
      const trends = this.client.trends.list({ limit: 200 });
      const snapshot: Partial<Snapshot> =
        what === 'trends'
          ? { trends: await trends }
          : await Promise.all([
              this.client.status(),
              this.client.generator.queueStatus(),
              trends,
              this.client.logs.list({ limit: 100 }),
              this.client.jobs.list(),
              this.client.siteInfo(),
            ]).then(([status, queue, list, logs, jobs, site]) => ({ status, queue, trends: list, logs, jobs, timeZone: site.timeZone }));
      if (!this.closed) this.set(applySnapshot(this.state, snapshot));
    } catch (error) {
      if (!this.closed) this.flash(`Could not read the newsroom: ${(error as Error).message}`, true);
    }
  }

  /** Shows text in the footer for a while: an old answer (or an error since mended) must not stay. */
  flash(text: string, error = false): void {
    if (this.flashTimer) clearTimeout(this.flashTimer);
    this.flashTimer = setTimeout(() => {
      this.flashTimer = null;
      if (!this.closed) this.set({ ...this.state, flash: null });
    }, this.flashMs);
    this.flashTimer.unref();
    this.set({ ...this.state, flash: { text, error } });
  }

  /** Runs a key's action and shows its answer (or the server's error message) in the footer. */
  async act(label: string, action: (client: DashClient) => Promise<{ message?: string } | unknown>): Promise<void> {
    this.flash(`${label}…`);
    try {
      const answer = (await action(this.client)) as { message?: unknown } | undefined;
      this.flash(typeof answer?.message === 'string' ? answer.message : `${label}: done`);
    } catch (error) {
      this.flash(isAppError(error) ? error.message : String((error as Error).message ?? error), true);
    }
  }

  startSpider = () => this.act('Starting the spider', (c) => c.spider.start());
  /** Pause when running, resume when paused (one key, as the console's button). */
  pauseSpider = () =>
    this.state.status?.spiderStatus === 'paused'
      ? this.act('Resuming the spider', (c) => c.spider.resume())
      : this.act('Pausing the spider', (c) => c.spider.pause());
  stopSpider = () => this.act('Stopping the spider', (c) => c.spider.stop());
  runAnalyzer = () => this.act('Starting the trends analyzer', (c) => c.analyzer.run());
  runGenerator = () => this.act('Starting the generator', (c) => c.generator.run());

  private set(state: DashState): void {
    this.state = state;
    if (this.notifyTimer || this.closed) return;
    const wait = Math.max(0, this.lastNotify + this.throttleMs - Date.now());
    if (wait === 0) return this.notify();
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = null;
      this.notify();
    }, wait);
  }

  private notify(): void {
    this.lastNotify = Date.now();
    for (const listener of this.listeners) listener();
  }

  close(): void {
    this.closed = true;
    this.subscription?.close();
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    if (this.refreshTimer) clearTimeout(this.refreshTimer);
    if (this.flashTimer) clearTimeout(this.flashTimer);
    this.listeners.clear();
  }
}

// The dashboard's Ink components with ink-testing-library: panels drawn from the store, live
// messages redrawing them (throttled), keys calling the client, and every frame within 80×24.
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from '../../src/api/live.js';
import type { StatusResponse } from '../../src/api/status.js';
import type { LiveHandlers } from '../../src/client/index.js';
import { configureColors } from '../../src/terminal/colors.js';
import { App } from '../../src/tui/App.js';
import { paint } from '../../src/tui/line.js';
import { applyMessage, initialState, MAX_LOGS } from '../../src/tui/state.js';
import { DashStore, type DashClient } from '../../src/tui/store.js';

const status = (over: Partial<StatusResponse> = {}): StatusResponse => ({
  spiderStatus: 'running',
  spiderProgress: 40,
  spiderCurrentDomain: 'example.com',
  spiderCrawlingDomains: [],
  spiderSitesProcessed: 4,
  spiderTotalSites: 10,
  spiderWorkProgress: 47.5,
  spiderActiveThreads: 2,
  spiderPendingRequests: 7,
  spiderCurrentRunArticleCount: 31,
  spiderElapsedTime: '2m 5s',
  spiderActivityLog: ['[10:00:02] NEW: Storm floods the harbor', '[10:00:01] Crawling example.com'],
  spiderLastStartTime: '2026-11-26T10:00:00.000Z',
  trendsAnalyzerStatus: 'idle',
  totalTrendsIdentified: 2,
  mistralQueriesCount: 0,
  trendsAnalyzerLastRun: null,
  trendsAnalyzerCurrentAction: null,
  generatorStatus: 'idle',
  totalArticlesGenerated: 5,
  generatorLastRun: null,
  ...over,
});

function fakeClient() {
  let handlers: LiveHandlers | null = null;
  const calls: string[] = [];
  const answer = (name: string) => async () => {
    calls.push(name);
    return { message: `${name} ok` };
  };
  const client = {
    describe: 'socket /tmp/test.sock',
    subscribe(h: LiveHandlers) {
      handlers = h;
      h.state?.('open');
      return { close: () => h.state?.('closed') };
    },
    siteInfo: async () => ({ siteName: 'newsctl', assistantUrl: '', timeZone: 'America/Chicago' }),
    status: async () => status(),
    generator: {
      queueStatus: async () => ({
        queueLength: 1,
        isGenerating: true,
        currentTrend: 'Grid upgrade',
        items: [{ id: 1, trendTitle: 'Grid upgrade', status: 'generating' as const }],
        regenerating: false,
      }),
      run: answer('generator.run'),
    },
    trends: {
      list: async () => [
        {
          id: 1,
          title: 'Heat pumps boom',
          description: '',
          relevanceScore: 8.5,
          articlesAnalyzed: 30,
          batchNumber: 1,
          topic: 'energy',
          category: 'energy',
          identifiedAt: '',
          htmlFilePath: null,
          articleCount: 6,
        },
        {
          id: 2,
          title: 'Vaccine trial results',
          description: '',
          relevanceScore: 7,
          articlesAnalyzed: 30,
          batchNumber: 1,
          topic: 'health',
          category: 'health',
          identifiedAt: '',
          htmlFilePath: null,
          articleCount: 4,
        },
      ],
    },
    logs: { list: async () => [{ id: 1, timestamp: '2026-11-26T10:00:00.000Z', component: 'SPIDER', level: 'info', message: 'Spider started' }] },
    jobs: { list: async () => [] },
    spider: { start: answer('spider.start'), pause: answer('spider.pause'), resume: answer('spider.resume'), stop: answer('spider.stop') },
    analyzer: { run: answer('analyzer.run') },
  } as unknown as DashClient;
  return { client, calls, send: (message: LiveMessage) => handlers!.message(message) };
}

const until = async (check: () => boolean, timeoutMs = 3000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

function fits(frame: string, columns = 80, rows = 24) {
  const lines = frame.split('\n');
  expect(lines.length).toBeLessThanOrEqual(rows);
  // eslint-disable-next-line no-control-regex
  for (const line of lines) expect(line.replace(/\x1b\[[0-9;]*m/g, '').length).toBeLessThanOrEqual(columns);
}

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

/** The test terminal (ink-testing-library's is 100 columns, no rows) set to a size, as a resize does. */
function resize(stdout: object, columns: number, rows: number) {
  Object.defineProperty(stdout, 'columns', { value: columns, configurable: true });
  Object.defineProperty(stdout, 'rows', { value: rows, configurable: true });
  (stdout as { emit(event: string): void }).emit('resize');
}

async function mount(options: { flashMs?: number } = {}) {
  const fake = fakeClient();
  const store = new DashStore(fake.client, { throttleMs: 20, refreshDelayMs: 20, ...options });
  const view = render(createElement(App, { store }));
  resize(view.stdout, 80, 24);
  await store.start();
  cleanup = () => {
    view.unmount();
    store.close();
  };
  await until(() => (view.lastFrame() ?? '').includes('4/10'));
  return { ...fake, store, view };
}

describe('paint', () => {
  it('shows control characters of crawled text as "?", never as terminal escapes', () => {
    // ESC [ 2 J clears the screen; OSC 52 writes the clipboard; BEL ends it.
    const line = paint(['NEW: Flood\u001b[2J\u001b]52;c;ZXZpbA==\u0007 vote\u009b1m', [' ok', (c) => c.green]], 80);
    // eslint-disable-next-line no-control-regex
    expect(line.replace(/\x1b\[[0-9;]*m/g, '')).toBe('NEW: Flood?[2J?]52;c;ZXZpbA==? vote?1m ok'.padEnd(80));
    expect(line).not.toContain('\u001b[2J');
    expect(line).not.toContain('\u001b]52');
  });
});

describe('newsctl dash (Ink)', () => {
  it('draws the spider panel with counters, the NEW: activity and the connection, within 80×24', async () => {
    const { view } = await mount();
    const frame = view.lastFrame()!;
    expect(frame).toContain('● open');
    expect(frame).toContain('socket /tmp/test.sock');
    // The bar and percent are the work done (47.5 %: sites being crawled count by their share), the
    // counts the sites finished.
    expect(frame).toMatch(/Spider running \[#{19}-{21}\] 4\/10 sites \(47%\)/);
    expect(frame).toContain('Articles 31');
    expect(frame).toContain('NEW: Storm floods the harbor');
    fits(frame);
  });

  it('names an internationalised domain being crawled in Unicode, a lookalike in its encoded form', async () => {
    const { view, send } = await mount();
    send({ type: 'status_update', ...status({ spiderCurrentDomain: 'https://xn--bcher-kva.example' }) });
    await until(() => view.lastFrame()!.includes('Now: https://bücher.example'));
    send({ type: 'status_update', ...status({ spiderCurrentDomain: 'xn--pple-43d.com' }) });
    await until(() => view.lastFrame()!.includes('Now: xn--pple-43d.com'));
  });

  it('names every site being crawled, the least advanced first', async () => {
    const { view, send } = await mount();
    send({ type: 'status_update', ...status({ spiderCrawlingDomains: ['slow.example', 'https://xn--bcher-kva.example', 'b.example'] }) });
    await until(() => view.lastFrame()!.includes('Now 3 sites, slowest first: slow.example, https://bücher.example, b.example'));
    send({ type: 'status_update', ...status({ spiderCrawlingDomains: ['last.example'] }) });
    await until(() => view.lastFrame()!.includes('Now: last.example'));
  });

  it('shows the audio jobs and their messages: state changes and what the jobs log', async () => {
    const { view, send } = await mount();
    view.stdin.write('4');
    await until(() => view.lastFrame()!.includes('Messages'));
    send({ type: 'job_updated', job: 'podcast-audio', runId: 'r1', status: 'running' } as LiveMessage);
    send({
      type: 'log_entry',
      id: 90,
      timestamp: '2026-11-26T10:00:05.000Z',
      component: 'AUDIO',
      level: 'info',
      message: 'Podcast: 6 segments voiced',
    } as LiveMessage);
    send({
      type: 'log_entry',
      id: 91,
      timestamp: '2026-11-26T10:00:06.000Z',
      component: 'SPIDER',
      level: 'info',
      message: 'Crawling example.com',
    } as LiveMessage);
    await until(() => view.lastFrame()!.includes('Podcast: 6 segments voiced'));
    const frame = view.lastFrame()!;
    expect(frame).toContain('podcast-audio: running');
    expect(frame).not.toContain('Crawling example.com');
  });

  it('follows the terminal when it is resized', async () => {
    const { view } = await mount();
    resize(view.stdout, 60, 16);
    await until(() => view.lastFrame()!.split('\n').length <= 16);
    fits(view.lastFrame()!, 60, 16);
    expect(view.lastFrame()).toContain('NEW: Storm floods');
    resize(view.stdout, 120, 40);
    await until(() => view.lastFrame()!.includes('pending 7  run time 2m 5s'));
    fits(view.lastFrame()!, 120, 40);
  });

  it('redraws from live messages, and keeps its lists bounded', async () => {
    const { view, send, store } = await mount();
    send({ type: 'status_update', ...status({ spiderSitesProcessed: 9, spiderCurrentRunArticleCount: 77 }) });
    send({ type: 'spider_activity', message: 'NEW: Grid upgrade approved', timestamp: '2026-11-26T10:00:05.000Z' });
    await until(() => view.lastFrame()!.includes('9/10') && view.lastFrame()!.includes('Grid upgrade approved'));
    expect(view.lastFrame()).toContain('Articles 77');
    for (let i = 0; i < MAX_LOGS + 50; i++) {
      send({ type: 'log_entry', id: 100 + i, timestamp: '2026-11-26T10:01:00.000Z', component: 'GENERATOR', level: 'info', message: `entry ${i}` });
    }
    expect(store.getState().logs).toHaveLength(MAX_LOGS);
    expect(store.getState().logs[0]!.message).toBe(`entry ${MAX_LOGS + 49}`);
  });

  it('switches panels with number keys and topics with arrows; ? shows the keys', async () => {
    const { view } = await mount();
    view.stdin.write('2');
    await until(() => view.lastFrame()!.includes('Analyzer idle'));
    view.stdin.write('\u001B[C'); // → food
    view.stdin.write('\u001B[C'); // → finance …
    for (let i = 0; i < 4; i++) view.stdin.write('\u001B[C'); // … to energy (index 6)
    await until(() => view.lastFrame()!.includes('Heat pumps boom'));
    fits(view.lastFrame()!);
    view.stdin.write('3');
    await until(() => view.lastFrame()!.includes('generating "Grid upgrade"'));
    view.stdin.write('5');
    // 10:00 UTC in the product's time zone (CST in November).
    await until(() => view.lastFrame()!.includes('04:00:00 SPIDER'));
    view.stdin.write('?');
    await until(() => view.lastFrame()!.includes('pause / resume the spider'));
    fits(view.lastFrame()!);
  });

  it('keeps the selected topic visible in the topic bar at 80 columns', async () => {
    const { view } = await mount();
    view.stdin.write('2');
    await until(() => view.lastFrame()!.includes('Analyzer idle'));
    view.stdin.write('\u001B[D'); // ← from health: science, the last topic
    await until(() => view.lastFrame()!.includes('No science trends yet'));
    const bar = view
      .lastFrame()!
      .split('\n')
      .find((line) => line.includes('health') || line.includes('energy'))!;
    // eslint-disable-next-line no-control-regex
    expect(bar.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/\[science 0\]$/);
    fits(view.lastFrame()!);
  });

  it('marks the selected panel without colours (NO_COLOR): brackets, reversed with colours', async () => {
    try {
      configureColors({ NO_COLOR: '1' }, true);
      const { view } = await mount();
      expect(view.lastFrame()).toContain('[1 Spider] 2 Trends');
      view.stdin.write('3');
      await until(() => view.lastFrame()!.includes(' 1 Spider  2 Trends [3 Generator] 4 Audio'));
      cleanup?.();
      configureColors({}, true);
      const coloured = await mount();
      expect(coloured.view.lastFrame()).toContain('\u001b[7m 1 Spider \u001b[27m');
    } finally {
      configureColors({}, false);
    }
  });

  it("shows the last start and runs in the product's time zone, as the activity times", async () => {
    const { view, send } = await mount();
    send({ type: 'status_update', ...status({ spiderStatus: 'idle', spiderCurrentDomain: null, trendsAnalyzerLastRun: '2026-11-26T10:05:00.000Z' }) });
    // 10:00 UTC is 04:00 in America/Chicago (the fake's site-info) in November.
    await until(() => view.lastFrame()!.includes('Last start: 2026-11-26 04:00:00'));
    view.stdin.write('2');
    await until(() => view.lastFrame()!.includes('2 trends, last run 2026-11-26 04:05:00'));
    expect(view.lastFrame()).not.toMatch(/\d{4}-\d\d-\d\dT/);
  });

  it('calls the client for the control keys and shows the answer', async () => {
    const { view, calls } = await mount();
    for (const key of ['p', 'a', 'g', 'x', 's']) view.stdin.write(key);
    await until(() => calls.length === 5);
    expect(calls).toEqual(['spider.pause', 'analyzer.run', 'generator.run', 'spider.stop', 'spider.start']);
    await until(() => view.lastFrame()!.includes('spider.start ok'));
  });

  it('acts on every key of a chunk: keys typed quickly (or over a slow link) arrive together', async () => {
    const { view, calls } = await mount();
    // One read of the terminal: Ink hands "2a" to the input handler as one string.
    view.stdin.write('2a');
    await until(() => view.lastFrame()!.includes('Analyzer idle') && calls.includes('analyzer.run'));
    view.stdin.write('5?');
    await until(() => view.lastFrame()!.includes('pause / resume the spider'));
  });

  it("shows an action's answer for a while, then the keys again", async () => {
    const { view } = await mount({ flashMs: 300 });
    view.stdin.write('s');
    await until(() => view.lastFrame()!.includes('spider.start ok'));
    expect(view.lastFrame()).not.toContain('? help');
    await until(() => view.lastFrame()!.includes('s start · p pause'));
    expect(view.lastFrame()).not.toContain('spider.start ok');
  });

  it('resumes instead of pausing when the spider is paused, and shows errors in red', async () => {
    const { send, calls, store, view } = await mount();
    send({ type: 'status_update', ...status({ spiderStatus: 'paused' }) });
    await until(() => store.getState().status?.spiderStatus === 'paused');
    view.stdin.write('p');
    await until(() => calls.includes('spider.resume'));
    const failing = vi.fn(async () => {
      throw new Error('The spider is already running');
    });
    await store.act('Starting', failing);
    await until(() => view.lastFrame()!.includes('The spider is already running'));
  });

  it('applies messages without a store (the reducer the bench drives)', () => {
    let state = initialState('x');
    for (let i = 0; i < 1000; i++) state = applyMessage(state, { type: 'spider_activity', message: `line ${i}`, timestamp: new Date().toISOString() }).state;
    expect(state.activity.length).toBe(100);
    expect(state.messages).toBe(1000);
  });
});

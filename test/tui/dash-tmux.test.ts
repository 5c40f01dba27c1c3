// `newsctl dash` in a real terminal (tmux, 80×24) against a live daemon during a crawl: the
// counters on screen move as the crawl goes, and pressing `p` pauses the spider. Embedded pass only
// (decisions.md "CI"); .ci/run installs tmux.
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, remoteTransport, type Client } from '../../src/client/index.js';
import { startNewsWeb, type NewsWeb } from '../fixtures/news-web/index.js';
import { CLI, childEnv, runCli, spawnDaemon, daemonStorage, type DaemonProcess } from '../helpers/daemon.js';
import { TEST_NODE_FLAGS } from '../helpers/node-flags.js';

const hasTmux = (() => {
  try {
    execFileSync('tmux', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const SOCKET = `newsctl-dash-test-${process.pid}`;
const SESSION = 'dash';
const tmux = (...args: string[]) => execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });
const screen = () => tmux('capture-pane', '-p', '-t', SESSION);

async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, timeoutMs: number, what: string): Promise<T> {
  const start = Date.now();
  let last: T;
  for (;;) {
    last = await read();
    if (ok(last)) return last;
    if (Date.now() - start > timeoutMs) throw new Error(`${what} not seen in ${timeoutMs} ms; last:\n${String(last)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The spider line's "done/total sites" and the articles counter, as drawn. */
function counters(text: string): { sites: number; articles: number } | null {
  const sites = /(\d+)\/\d+ sites/.exec(text);
  const articles = /Articles (\d+)/.exec(text);
  return sites && articles ? { sites: Number(sites[1]), articles: Number(articles[1]) } : null;
}

describe.skipIf(!hasTmux || Boolean(process.env.DATABASE_URL))('newsctl dash in tmux', { timeout: 300_000 }, () => {
  const storage = daemonStorage('newsctl-dash-tmux-');
  let web: NewsWeb;
  let daemon: DaemonProcess;
  let client: Client;

  beforeAll(async () => {
    web = await startNewsWeb({ sites: 4, articlesPerSite: 20, hostile: false });
    const env = { NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(',') };
    daemon = await spawnDaemon(['--data-dir', storage.dataDir], env);
    const token = JSON.parse((await runCli(['token', 'create', '--name', 'dash test', '--json', '--data-dir', storage.dataDir])).stdout).token as string;
    client = createClient(remoteTransport(daemon.baseUrl, token));
    for (const site of web.sites) await client.domains.add({ url: site.origin });
  }, 240_000);

  afterAll(async () => {
    try {
      tmux('kill-server');
    } catch {
      // already gone
    }
    await client?.spider.stop().catch(() => {});
    daemon?.child.kill('SIGTERM');
    await daemon?.exited;
    await web?.close();
  });

  it('shows the crawl live and pauses it on `p`', async () => {
    const env = childEnv();
    const command = [process.execPath, ...TEST_NODE_FLAGS, CLI, 'dash', '--data-dir', storage.dataDir]
      .map((part) => `'${part.replace(/'/g, `'\\''`)}'`)
      .join(' ');
    tmux(
      'new-session',
      '-d',
      '-s',
      SESSION,
      '-x',
      '80',
      '-y',
      '24',
      ...Object.entries({ NEWSCTL_FROM_SOURCE: env.NEWSCTL_FROM_SOURCE ?? '', PATH: env.PATH ?? '', TERM: 'xterm-256color' }).flatMap(([k, v]) => [
        '-e',
        `${k}=${v}`,
      ]),
      command,
    );
    await until(screen, (text) => text.includes('● open') && counters(text) !== null, 90_000, 'the dashboard');

    await client.spider.start();
    const first = await until(
      () => counters(screen()),
      (c) => c !== null && c.articles > 0,
      120_000,
      'articles counted',
    );
    const later = await until(
      () => counters(screen()),
      (c) => c !== null && c.articles > first!.articles,
      120_000,
      'the counter moving',
    );
    expect(later!.articles).toBeGreaterThan(first!.articles);
    const text = screen();
    expect(text.split('\n').every((line) => line.length <= 80)).toBe(true);
    expect(text).toMatch(/Spider running/);

    tmux('send-keys', '-t', SESSION, 'p');
    await until(
      () => client.spider.status(),
      (s) => s.spiderStatus === 'paused',
      30_000,
      'the spider paused',
    );
    await until(screen, (t) => /Spider paused/.test(t), 30_000, 'the paused state on screen');

    tmux('send-keys', '-t', SESSION, 'x');
    await until(
      () => client.spider.status(),
      (s) => s.spiderStatus === 'idle',
      60_000,
      'the spider stopped',
    );
    tmux('send-keys', '-t', SESSION, 'q');
    const gone = () => {
      try {
        tmux('has-session', '-t', SESSION);
        return false;
      } catch {
        return true;
      }
    };
    await until(gone, (done) => done, 15_000, 'the dashboard exiting on q');
  });
});

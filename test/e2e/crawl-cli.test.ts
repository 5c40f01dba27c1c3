// The spider's commands without a daemon: `extract` (a file or a URL, no database), the domain and
// avoid lists, and `spider start`, which then runs the crawl in the foreground to its end.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNewsWeb, type NewsWeb } from '../fixtures/news-web/index.js';
import { runCli, daemonStorage } from '../helpers/daemon.js';

let web: NewsWeb;
let env: Record<string, string>;
const storage = daemonStorage('newsctl-crawl-cli-');

function cli(args: string[], extraEnv: Record<string, string> = {}) {
  return runCli(args, { env: { ...env, ...extraEnv } });
}

beforeAll(async () => {
  web = await startNewsWeb({ sites: 1, hostile: false });
  env = { NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(',') };
});
afterAll(async () => web?.close());

describe('newsctl extract', () => {
  it('extracts a page fetched by URL, and a file, as JSON with the seven fields', { timeout: 120_000 }, async () => {
    const article = web.sites[0]!.articles.find((a) => !a.disallowed)!;
    const fetched = await cli(['extract', article.url, '--json']);
    expect(fetched.stderr).toBe('');
    const result = JSON.parse(fetched.stdout);
    expect(Object.keys(result).sort()).toEqual(['author', 'canonicalUrl', 'imageUrl', 'publishedAt', 'text', 'title', 'wordCount']);
    expect(result.title).toContain(article.title);
    expect(result.text).toContain(article.paragraphs[0]!.slice(0, 60));
    expect(result.wordCount).toBeGreaterThan(50);

    const file = join(storage.dataDir, 'page.html');
    writeFileSync(file, await fetch(article.url).then((r) => r.text()));
    const fromFile = JSON.parse((await cli(['extract', file, '--json', '--url', article.url])).stdout);
    expect(fromFile.text).toBe(result.text);
    const plain = await cli(['extract', file]);
    expect(plain.stdout.split('\n')[0]).toBe(result.title);
  });

  it('refuses a private address without the allow-list', async () => {
    const refused = await cli(['extract', web.sites[0]!.homeUrl], { NEWSCTL_ALLOW_PRIVATE_NETWORKS: '' });
    expect(refused.code).toBe(7);
    expect(refused.stderr).toMatch(/Refused to connect to private address 127\.0\.0\.2 \(loopback\)/);
  });
});

describe('domains, avoid list and spider commands in-process', () => {
  it('adds, lists, prioritises and exports domains; keeps an avoid list', { timeout: 300_000 }, async () => {
    const site = web.sites[0]!;
    const args = ['--data-dir', storage.dataDir, ...storage.dbArgs];
    // At the floor of one request a second, so the crawl below takes half the default's time.
    expect((await cli(['domains', 'add', site.origin, '--priority', '7', '--throttle', '1', ...args])).stdout).toMatch(/Domain added successfully/);
    const duplicate = await cli(['domains', 'add', site.origin, ...args]);
    expect(duplicate.code).toBe(5);
    expect(duplicate.stderr).toContain(`Domain ${site.origin} is already in the list`);
    await cli(['domains', 'add', 'quiet.example', ...args]);
    expect((await cli(['domains', 'set-priority', 'quiet.example', '2', ...args])).stdout).toContain('quiet.example: priority 2');
    expect((await cli(['domains', 'set-throttle', 'quiet.example', '3.5', ...args])).stdout).toContain('quiet.example: one request every 3.5 s');
    const tooFast = await cli(['domains', 'set-throttle', 'quiet.example', '0.5', ...args]);
    expect(tooFast.code, tooFast.stderr).toBe(2);
    expect(tooFast.stderr).toMatch(/throttle/i);
    expect((await cli(['domains', 'add', 'fast.example', '--throttle', 'soon', ...args])).stderr).toContain('Throttle must be a number of seconds, got "soon"');
    expect((await cli(['domains', 'set-status', 'quiet.example', 'avoided', ...args])).stdout).toContain('quiet.example is avoided');
    expect((await cli(['avoid', 'add', 'tracker.example', '--reason', 'ads', ...args])).stdout).toContain('Avoid domain added successfully');
    const avoid = JSON.parse((await cli(['avoid', 'list', '--json', ...args])).stdout);
    expect(avoid.map((a: { url: string }) => a.url).sort()).toEqual(['quiet.example', 'tracker.example']);
    expect((await cli(['avoid', 'remove', 'tracker.example', ...args])).stdout).toContain('Avoid domain removed successfully');

    const out = join(storage.dataDir, 'export.txt');
    await cli(['domains', 'export', '--output', out, ...args]);
    expect(readFileSync(out, 'utf8')).toBe(`${site.origin},7\n#AVOID\nquiet.example\n`);
    const listed = await cli(['domains', 'list', ...args]);
    expect(listed.stdout).toMatch(/Total: 2 \| Active: 1 \| Success: 0 \| Errors: 0/);
  });

  it('runs `spider start` in the foreground when no daemon serves the data folder', { timeout: 300_000 }, async () => {
    const args = ['--data-dir', storage.dataDir, ...storage.dbArgs];
    const run = await cli(['spider', 'start', ...args]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Spider started: 1 domains to crawl');
    expect(run.stdout).toMatch(/NEW: /);
    expect(run.stdout).toMatch(/Spider finished: 12 new articles from 1 of 1 sites/);
    const status = JSON.parse((await cli(['spider', 'status', '--json', ...args])).stdout);
    expect(status).toMatchObject({ spiderStatus: 'idle', spiderCurrentRunArticleCount: 12, spiderSitesProcessed: 1 });
    const stats = JSON.parse((await cli(['domains', 'stats', '--json', ...args])).stdout);
    expect(Object.values(stats)).toEqual([12]);
    const refused = await cli(['spider', 'pause', ...args]);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain('The spider is not running');
  });

  it('shows internationalised names in Unicode, stores and sends them encoded, and finds them either way', { timeout: 300_000 }, async () => {
    const args = ['--data-dir', storage.dataDir, ...storage.dbArgs];
    expect((await cli(['domains', 'add', 'bücher.example', ...args])).stdout).toContain('Domain added successfully: bücher.example');
    // "аpple.com" with a Cyrillic а: shown as encoded, as a browser would.
    await cli(['domains', 'add', 'аpple.com', ...args]);
    const stored = JSON.parse((await cli(['domains', 'list', '--json', ...args])).stdout) as { url: string }[];
    expect(stored.map((d) => d.url)).toEqual(expect.arrayContaining(['xn--bcher-kva.example', 'xn--pple-43d.com']));
    const table = (await cli(['domains', 'list', ...args])).stdout;
    expect(table).toMatch(/^\d+ +bücher\.example +active/m);
    expect(table).toMatch(/^\d+ +xn--pple-43d\.com +active/m);
    expect(table).not.toContain('xn--bcher-kva');
    // Named as the table shows it, or as stored.
    expect((await cli(['domains', 'set-priority', 'bücher.example', '6', ...args])).stdout).toContain('bücher.example: priority 6');
    expect((await cli(['domains', 'set-status', 'xn--bcher-kva.example', 'avoided', ...args])).stdout).toContain('bücher.example is avoided');
    const avoid = (await cli(['avoid', 'list', ...args])).stdout;
    expect(avoid).toMatch(/^\d+ +bücher\.example/m);
    expect((await cli(['avoid', 'remove', 'bücher.example', ...args])).code).toBe(0);
  });
});

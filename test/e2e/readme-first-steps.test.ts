// The README's "First steps" run as written against a fresh daemon, so they cannot go stale: each
// `npx newsctl …` line of its sh block, from the daemon's folder (its ./data), with the one thing a
// test cannot have swapped in — the local web's sites for apnews.com and sources.txt, and a real
// trend's title for the example one.
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packagePath } from '../../src/paths.js';
import { startNewsWeb, type NewsWeb } from '../fixtures/news-web/index.js';
import { LOCAL_WEB_SITES, localWebArticles } from '../fixtures/stories/local-web.js';
import { runCli, spawnDaemon, daemonStorage, type DaemonProcess } from '../helpers/daemon.js';

/** The argument lists of the README's First steps commands, in order. */
function firstStepsCommands(): string[][] {
  const readme = readFileSync(packagePath('README.md'), 'utf8');
  const section = readme.split(/^## First steps$/m)[1]!.split(/^## /m)[0]!;
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  return block
    .split('\n')
    .filter((line) => line.startsWith('npx newsctl '))
    .map((line) => [...line.slice('npx newsctl '.length).matchAll(/"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2]!));
}

const storage = daemonStorage('newsctl-readme-');
let web: NewsWeb;
let daemon: DaemonProcess;
let folder: string;

// The quick start is the embedded database's; PostgreSQL runs the same commands in the CLI suites.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the README first steps', { timeout: 900_000 }, () => {
  beforeAll(async () => {
    web = await startNewsWeb({ sites: LOCAL_WEB_SITES, hostile: false, articlesPerSite: 2, extraArticles: (site) => localWebArticles(site) });
    folder = storage.dataDir;
    daemon = await spawnDaemon(['--data-dir', join(folder, 'data')], { NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(',') });
  }, 180_000);
  afterAll(async () => {
    daemon?.child.kill('SIGTERM');
    await daemon?.exited;
    await web?.close();
  });

  it('work as written: sources added, crawled, trends found, an article written, a bulletin recorded', async () => {
    const commands = firstStepsCommands();
    expect(commands.map((args) => args.slice(0, 2).join(' '))).toEqual([
      'domains add',
      'domains import',
      'crawl --once',
      'trends run',
      'trends list',
      'articles generate',
      'audio latest-news',
    ]);
    const [first, ...others] = web.sites.map((site) => new URL(site.origin).host);
    // sources.txt as the README describes it: one site per line, this one with a priority.
    writeFileSync(join(folder, 'sources.txt'), `${others.map((host, i) => (i === 0 ? `${host},2` : host)).join('\n')}\n`);
    const run = async (args: string[]) => {
      const result = await runCli(args, { cwd: folder, env: { NEWSCTL_ALLOW_PRIVATE_NETWORKS: web.allowPrivateNetworks.join(',') } });
      expect(result.code, `newsctl ${args.join(' ')}\n${result.stderr}`).toBe(0);
      return result;
    };
    for (const written of commands) {
      let args = written.map((arg) => (arg === 'apnews.com' ? first! : arg));
      if (args[0] === 'articles' && args[1] === 'generate') {
        const trends = JSON.parse((await run(['trends', 'list', '--json'])).stdout) as { title: string; articleCount: number }[];
        const trend = trends.find((candidate) => candidate.articleCount >= 2)!;
        args = args.map((arg, i) => (args[i - 1] === '--trend' ? trend.title : arg));
      }
      await run(args);
    }

    const domains = JSON.parse((await run(['domains', 'list', '--json'])).stdout) as { url: string }[];
    expect(domains).toHaveLength(LOCAL_WEB_SITES);
    // host:port of a plain-http site was stored as http, as the README says.
    expect(domains.map((domain) => domain.url)).toContain(`http://${first}`);
    const status = JSON.parse((await run(['status', '--json'])).stdout) as { totalTrendsIdentified: number; totalArticlesGenerated: number };
    expect(status.totalTrendsIdentified).toBeGreaterThan(0);
    expect(status.totalArticlesGenerated).toBe(1);
    expect(statSync(join(folder, 'bulletin.mp3')).size).toBeGreaterThan(10_000);
  });
});

// `newsctl spider start|pause|resume|stop|status` and `newsctl spider refetch start|stop|status`:
// the console's spider controls. Without a daemon the run happens in this process, so `start`
// then stays in the foreground until the run ends (closing the process would end it).
import type { Command } from 'commander';
import type { RefetchStatus, SpiderStatusFields as SpiderStatus } from '../api/status.js';
import { readableAddress } from '../services/reader/domains/host-names.js';
import { startAndFollow } from './follow.js';
import { notRunningOf, printJson } from './io.js';
import { terminalText } from '../terminal/text.js';
import { productTimeZone } from './time.js';
import { dateTime } from '../terminal/time.js';
import { integerOption, withClient, withDataOptions, withExamples, type DataOptions } from './options.js';
import { counted } from '../shared/words.js';

const POLL_MS = 2000;

export function describeSpider(status: SpiderStatus, activityLines = 10, timeZone: string | null = null): string {
  const head =
    status.spiderStatus === 'idle'
      ? 'Spider: idle'
      : `Spider: ${status.spiderStatus}${status.spiderCurrentDomain ? `, processing ${readableAddress(status.spiderCurrentDomain)}` : ''}`;
  const lines = [
    head,
    `  Sites processed  ${status.spiderSitesProcessed} / ${status.spiderTotalSites} (${status.spiderProgress}%)`,
    `  Sites crawling   ${status.spiderActiveThreads}`,
    `  Pending requests ${status.spiderPendingRequests}`,
    `  Articles found   ${status.spiderCurrentRunArticleCount}`,
    `  Run time         ${status.spiderElapsedTime}`,
    `  Last start       ${dateTime(status.spiderLastStartTime, timeZone)}`,
  ];
  if (activityLines > 0 && status.spiderActivityLog.length > 0) {
    lines.push('  Recent activity:', ...status.spiderActivityLog.slice(0, activityLines).map((line) => `    ${terminalText(line)}`));
  }
  return lines.join('\n');
}

function describeRefetch(status: RefetchStatus): string {
  const p = status.progress;
  const lines = [
    `Re-fetcher: ${status.isRunning ? 'running' : 'idle'}`,
    `  Processed ${p.processed} / ${p.total}, updated ${p.updated}, failed ${p.failed}, remaining ${Math.max(0, p.total - p.processed)}`,
  ];
  if (status.isRunning && p.currentUrl) lines.push(`  Now: ${p.currentTitle ?? ''} ${p.currentUrl}`);
  if (!status.isRunning && p.total > 0) lines.push(`  ✓ Re-fetch completed: ${counted(p.updated, 'article')} updated, ${p.failed} failed`);
  return lines.join('\n');
}

/** Prints the activity lines not printed yet, oldest first (the log is newest first). */
export function activityPrinter(print: (line: string) => void): (status: SpiderStatus) => void {
  let printed = new Set<string>();
  return (status) => {
    for (const line of status.spiderActivityLog.filter((entry) => !printed.has(entry)).reverse()) print(terminalText(line));
    printed = new Set(status.spiderActivityLog);
  };
}

export function registerSpiderCommand(program: Command): void {
  const spider = program.command('spider').description('the crawler: start, pause, resume, stop, status; the article re-fetcher');

  withDataOptions(
    withExamples(
      spider.command('start').description('start a crawl of every domain (or resume a paused one)').option('--wait', 'stay until the run ends'),
      'newsctl spider start --wait',
    ),
  ).action(async (options: DataOptions & { wait?: boolean }) => {
    await withClient(options, async (client) => {
      const printActivity = activityPrinter((line) => console.log(line));
      const result = await startAndFollow(client, {
        start: async () => {
          const started = await client.spider.start();
          if (!options.json) console.log(`Spider started: ${started.spiderTotalSites} domains to crawl`);
          return started;
        },
        status: () => client.spider.status(),
        done: (status) => status.spiderStatus === 'idle',
        onStatus: options.json ? undefined : printActivity,
        detach: !options.wait,
        intervalMs: POLL_MS,
      });
      if (result.detached) {
        if (options.json) printJson(result.started);
      } else if (options.json) printJson(result.status);
      else console.log(describeSpider(result.status, 0, await productTimeZone(client)));
    });
  });

  for (const action of ['pause', 'resume', 'stop'] as const) {
    withDataOptions(spider.command(action).description(`${action} the running crawl`)).action(async (options: DataOptions) => {
      const [status, timeZone] = await withClient(options, async (client) => [await client.spider[action](), await productTimeZone(client)] as const);
      if (options.json) printJson(status);
      // stop answers 200 when nothing ran, saying so: not "Spider stopped".
      else console.log(`${notRunningOf(status) ?? `Spider ${action === 'stop' ? 'stopped' : `${action}d`}`}\n${describeSpider(status, 0, timeZone)}`);
    });
  }

  withDataOptions(
    spider
      .command('status')
      .description('the crawl status and recent activity')
      .addOption(integerOption('--lines <n>', 'activity lines to show', { min: 0, max: 100 }, 10)),
  ).action(async (options: DataOptions & { lines: number }) => {
    const [status, timeZone] = await withClient(options, async (client) => [await client.spider.status(), await productTimeZone(client)] as const);
    if (options.json) printJson(status);
    else console.log(describeSpider(status, options.lines, timeZone));
  });

  const refetch = spider.command('refetch').description('re-crawl stored articles with 500 words or fewer, one every 2 seconds');
  withDataOptions(refetch.command('start').description('start the re-fetcher').option('--wait', 'stay until it ends')).action(
    async (options: DataOptions & { wait?: boolean }) => {
      await withClient(options, async (client) => {
        const result = await startAndFollow(client, {
          start: async () => {
            const started = await client.spider.refetch.start();
            if (!options.json) console.log(`Re-fetcher started: ${counted(started.progress.total, 'article')} to re-fetch`);
            return started;
          },
          status: () => client.spider.refetch.status(),
          done: (status) => !status.isRunning,
          detach: !options.wait,
          intervalMs: POLL_MS,
        });
        if (result.detached) {
          if (options.json) printJson(result.started);
        } else if (options.json) printJson(result.status);
        else console.log(describeRefetch(result.status));
      });
    },
  );
  withDataOptions(refetch.command('stop').description('stop the re-fetcher')).action(async (options: DataOptions) => {
    const status = await withClient(options, (client) => client.spider.refetch.stop());
    if (options.json) printJson(status);
    else console.log(`${notRunningOf(status) ?? 'Re-fetcher stopped'}\n${describeRefetch(status)}`);
  });
  withDataOptions(refetch.command('status').description('the re-fetcher progress')).action(async (options: DataOptions) => {
    const status = await withClient(options, (client) => client.spider.refetch.status());
    if (options.json) printJson(status);
    else console.log(describeRefetch(status));
  });
}

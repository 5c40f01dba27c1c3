// `newsctl spider start|pause|resume|stop|status` and `newsctl spider refetch start|stop|status`:
// the console's spider controls. Without a daemon the run happens in this process, so `start`
// then stays in the foreground until the run ends (closing the process would end it).
import type { Command } from 'commander';
import type { SpiderStatusFields as SpiderStatus } from '../services/spider/controller.js';
import type { RefetchStatus } from '../services/spider/refetch.js';
import type { Backend } from './backend.js';
import { printJson } from './io.js';
import { withBackend, withDataOptions, type DataOptions } from './options.js';

const POLL_MS = 2000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function describeSpider(status: SpiderStatus, activityLines = 10): string {
  const head =
    status.spiderStatus === 'idle'
      ? 'Spider: idle'
      : `Spider: ${status.spiderStatus}${status.spiderCurrentDomain ? `, processing ${status.spiderCurrentDomain}` : ''}`;
  const lines = [
    head,
    `  Sites processed  ${status.spiderSitesProcessed} / ${status.spiderTotalSites} (${status.spiderProgress}%)`,
    `  Active requests  ${status.spiderActiveThreads}`,
    `  Pending requests ${status.spiderPendingRequests}`,
    `  Articles found   ${status.spiderCurrentRunArticleCount}`,
    `  Run time         ${status.spiderElapsedTime}`,
    `  Last start       ${status.spiderLastStartTime ?? 'never'}`,
  ];
  if (activityLines > 0 && status.spiderActivityLog.length > 0) {
    lines.push('  Recent activity:', ...status.spiderActivityLog.slice(0, activityLines).map((line) => `    ${line}`));
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
  if (!status.isRunning && p.total > 0) lines.push(`  ✓ Re-fetch completed: ${p.updated} articles updated, ${p.failed} failed`);
  return lines.join('\n');
}

/** Prints new activity lines until the run is over (in-process runs, or --wait). */
async function followSpider(backend: Backend, json: boolean): Promise<SpiderStatus> {
  let printed = new Set<string>();
  for (;;) {
    const status = await backend.request<SpiderStatus>('GET', '/api/spider/status');
    if (!json) {
      const fresh = status.spiderActivityLog.filter((line) => !printed.has(line)).reverse();
      for (const line of fresh) console.log(line);
      printed = new Set(status.spiderActivityLog);
    }
    if (status.spiderStatus === 'idle') return status;
    await sleep(POLL_MS);
  }
}

async function followRefetch(backend: Backend): Promise<RefetchStatus> {
  for (;;) {
    const status = await backend.request<RefetchStatus>('GET', '/api/spider/refetch/status');
    if (!status.isRunning) return status;
    await sleep(POLL_MS);
  }
}

export function registerSpiderCommand(program: Command): void {
  const spider = program.command('spider').description('the crawler: start, pause, resume, stop, status; the article re-fetcher');

  withDataOptions(
    spider.command('start').description('start a crawl of every domain (or resume a paused one)').option('--wait', 'stay until the run ends'),
  ).action(async (options: DataOptions & { wait?: boolean }) => {
    await withBackend(options, async (backend) => {
      const started = await backend.request<SpiderStatus>('POST', '/api/spider/start');
      if (!options.json) console.log(`Spider started: ${started.spiderTotalSites} domains to crawl`);
      if (options.wait || backend.mode === 'in-process') {
        const finished = await followSpider(backend, Boolean(options.json));
        if (options.json) printJson(finished);
        else console.log(describeSpider(finished, 0));
      } else if (options.json) printJson(started);
    });
  });

  for (const action of ['pause', 'resume', 'stop'] as const) {
    withDataOptions(spider.command(action).description(`${action} the running crawl`)).action(async (options: DataOptions) => {
      const status = await withBackend(options, (backend) => backend.request<SpiderStatus>('POST', `/api/spider/${action}`));
      if (options.json) printJson(status);
      else console.log(`Spider ${action === 'stop' ? 'stopped' : `${action}d`}\n${describeSpider(status, 0)}`);
    });
  }

  withDataOptions(
    spider.command('status').description('the crawl status and recent activity').option('--lines <n>', 'activity lines to show', '10'),
  ).action(async (options: DataOptions & { lines: string }) => {
    const status = await withBackend(options, (backend) => backend.request<SpiderStatus>('GET', '/api/spider/status'));
    if (options.json) printJson(status);
    else console.log(describeSpider(status, Number(options.lines) || 0));
  });

  const refetch = spider.command('refetch').description('re-crawl stored articles with 500 words or fewer, one every 2 seconds');
  withDataOptions(refetch.command('start').description('start the re-fetcher').option('--wait', 'stay until it ends')).action(
    async (options: DataOptions & { wait?: boolean }) => {
      await withBackend(options, async (backend) => {
        const started = await backend.request<RefetchStatus>('POST', '/api/spider/refetch/start');
        if (!options.json) console.log(`Re-fetcher started: ${started.progress.total} articles to re-fetch`);
        if (options.wait || backend.mode === 'in-process') {
          const finished = await followRefetch(backend);
          if (options.json) printJson(finished);
          else console.log(describeRefetch(finished));
        } else if (options.json) printJson(started);
      });
    },
  );
  withDataOptions(refetch.command('stop').description('stop the re-fetcher')).action(async (options: DataOptions) => {
    const status = await withBackend(options, (backend) => backend.request<RefetchStatus>('POST', '/api/spider/refetch/stop'));
    if (options.json) printJson(status);
    else console.log(describeRefetch(status));
  });
  withDataOptions(refetch.command('status').description('the re-fetcher progress')).action(async (options: DataOptions) => {
    const status = await withBackend(options, (backend) => backend.request<RefetchStatus>('GET', '/api/spider/refetch/status'));
    if (options.json) printJson(status);
    else console.log(describeRefetch(status));
  });
}

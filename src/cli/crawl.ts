// `newsctl crawl --once [--domain D]`: one crawl in the foreground, for cron: it starts the run (on
// the daemon when one serves the data folder, else here) and stays until it ends, with a progress
// bar on a terminal and plain lines otherwise. Exit 0 when the run ended, 5 when one was running.
import type { Command } from 'commander';
import type { SpiderStatusFields as SpiderStatus } from '../api/status.js';
import { Invalid } from '../errors.js';
import { startAndFollow } from './follow.js';
import { printJson } from './io.js';
import { withClient, withDataOptions, withExamples, type DataOptions } from './options.js';
import { createProgress, type Progress } from './progress.js';
import { productTimeZone } from './time.js';
import { activityPrinter, describeSpider } from './spider.js';

/**
 * What each status read during the crawl shows: its new activity lines and the bar. The final
 * (idle) status is drawn too, so the bar left on screen reads 6/6 100%, not the last read before.
 */
export function crawlFollower(progress: Progress, options: { quiet?: boolean; json?: boolean }, printActivity: (status: SpiderStatus) => void) {
  return (status: SpiderStatus): void => {
    // --quiet is for cron: its mail or log gets the result alone, not a line per change.
    if (options.quiet) return;
    if (!options.json) printActivity(status);
    // An idle status before the run began (0/0) would draw an empty bar.
    if (status.spiderStatus === 'idle' && status.spiderTotalSites === 0) return;
    progress.update({
      done: status.spiderSitesProcessed,
      total: status.spiderTotalSites,
      // Sites being crawled count by their share done, so the bar and ETA move through the run.
      fraction: status.spiderWorkProgress / 100,
      detail: `${status.spiderCurrentRunArticleCount} new articles`,
    });
  };
}

export function registerCrawlCommand(program: Command): void {
  withDataOptions(
    withExamples(
      program
        .command('crawl')
        .description('crawl every domain (or one) once, in the foreground, and return when the run ends')
        .option('--once', 'one run, then exit (required: the daemon schedules the regular crawls)')
        .option('--domain <domain>', 'only this domain (id, url as listed, or host)')
        .option('--quiet', 'no activity lines, only the result'),
      'newsctl crawl --once',
      'newsctl crawl --once --domain example.com --json',
      '0 * * * * newsctl crawl --once --quiet   # crontab: every hour',
    ),
  ).action(async (options: DataOptions & { once?: boolean; domain?: string; quiet?: boolean }) => {
    if (!options.once) throw Invalid('crawl needs --once (the daemon runs the scheduled crawls; see `newsctl serve`)');
    await withClient(options, async (client) => {
      const progress = createProgress(process.stderr, 'crawl');
      const printActivity = activityPrinter((line) => progress.line(line));
      const result = await startAndFollow(client, {
        start: () => client.spider.start({ domain: options.domain }),
        status: () => client.spider.status(),
        done: (status) => status.spiderStatus === 'idle',
        onStatus: crawlFollower(progress, options, printActivity),
        intervalMs: 1000,
      });
      progress.end();
      if (result.detached) return;
      if (options.json) printJson(result.status);
      else console.log(describeSpider(result.status, 0, await productTimeZone(client)));
    });
  });
}

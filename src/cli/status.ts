// `newsctl status` and `newsctl search QUERY`: the status object every console tab reads, and the
// public site's search.
import type { Command } from 'commander';
import type { StatusResponse } from '../api/status.js';
import { colors } from '../terminal/colors.js';
import { readableAddress } from '../services/reader/domains/host-names.js';
import { counted } from '../shared/words.js';
import { formatTable, printJson } from './io.js';
import { productTimeZone } from './time.js';
import { dateTime } from '../terminal/time.js';
import { withClient, withDataOptions, withExamples, type DataOptions } from './options.js';

function describeStatus(status: StatusResponse, connection: string, timeZone: string | null = null): string {
  const c = colors();
  const state = (value: string) => (value === 'idle' ? c.gray(value) : c.green(value));
  return [
    `Connected: ${connection}`,
    `Spider     ${state(status.spiderStatus)}  ${status.spiderSitesProcessed}/${counted(status.spiderTotalSites, 'site')} (${status.spiderProgress}%), ${counted(status.spiderCurrentRunArticleCount, 'new article')}, run time ${status.spiderElapsedTime}, last start ${dateTime(status.spiderLastStartTime, timeZone)}`,
    `Analyzer   ${state(status.trendsAnalyzerStatus)}  ${counted(status.totalTrendsIdentified, 'trend')}, last run ${dateTime(status.trendsAnalyzerLastRun, timeZone)}${status.trendsAnalyzerCurrentAction ? `, now: ${status.trendsAnalyzerCurrentAction}` : ''}`,
    `Generator  ${state(status.generatorStatus)}  ${counted(status.totalArticlesGenerated, 'article')}, last run ${dateTime(status.generatorLastRun, timeZone)}`,
  ].join('\n');
}

export function registerStatusCommands(program: Command): void {
  withDataOptions(withExamples(program.command('status').description('spider, trends analyzer and generator at a glance'), 'newsctl status --json')).action(
    async (options: DataOptions) => {
      await withClient(options, async (client) => {
        const status = await client.status();
        if (options.json) printJson(status);
        else console.log(describeStatus(status, client.describe, await productTimeZone(client)));
      });
    },
  );

  withDataOptions(
    withExamples(
      program
        .command('search')
        .description("search crawled articles (the public site's search)")
        .argument('<query...>', 'words; "quoted phrases" and -excluded words work')
        // `-texas` is a word to exclude, not an option: unknown options reach the query.
        .allowUnknownOption(),
      'newsctl search heat pump subsidies',
      'newsctl search \'"egg prices"\' -tsunami',
      'newsctl search \'"power grid" -texas\' --json',
    ),
  ).action(async (words: string[], options: DataOptions) => {
    const found = await withClient(options, (client) => client.search(words.join(' ')));
    if (options.json) return printJson(found);
    if (found.count === 0) return console.log('No articles found');
    const rows = found.results.map((r) => ({
      id: r.id,
      age: `${r.daysSinceCrawl}d`,
      site: r.domainUrl ? readableAddress(r.domainUrl) : '',
      title: r.title,
      url: r.sourceUrl,
    }));
    console.log(`${counted(found.count, 'article')}\n${formatTable(rows, ['id', 'age', 'site', 'title', 'url'])}`);
  });
}

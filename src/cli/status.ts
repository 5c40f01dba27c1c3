// `newsctl status`, `newsctl search QUERY` and `newsctl saved-searches`: the status object every
// console tab reads, the public site's search, and the searches saved for it.
import type { Command } from 'commander';
import type { StatusResponse } from '../api/status.js';
import { colors } from '../terminal/colors.js';
import { readableAddress } from '../services/reader/domains/host-names.js';
import { counted } from '../shared/words.js';
import { formatTable, printJson } from './io.js';
import { productTimeZone } from './time.js';
import { dateTime } from '../terminal/time.js';
import { parseInteger, withClient, withDataOptions, withExamples, type DataOptions } from './options.js';

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
        .description("search crawled articles (the public site's search); --save keeps it on the site with its own feed")
        .argument('<query...>', 'words; "quoted phrases", -excluded words, OR, topic:, site:, before:/after:YYYY-MM-DD')
        .option('--save <name>', 'save the search for the public site (its feed: /feeds/search/{name}.xml)')
        // `-texas` is a word to exclude, not an option: unknown options reach the query.
        .allowUnknownOption(),
      'newsctl search heat pump subsidies',
      'newsctl search \'"egg prices"\' -tsunami',
      'newsctl search \'"power grid" -texas\' --json',
      'newsctl search topic:energy site:apnews.com after:2026-11-01 grid',
      'newsctl search --save "Bird flu" \'"bird flu" OR h5n1 topic:health\'',
    ),
  ).action(async (words: string[], options: DataOptions & { save?: string }) => {
    if (options.save) {
      const saved = await withClient(options, (client) => client.savedSearches.save({ name: options.save!, query: words.join(' ') }));
      if (options.json) return printJson(saved);
      return console.log(`Saved "${saved.name}": ${saved.query}\nIts feed: ${saved.feedUrl}`);
    }
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

  const saved = withExamples(
    program.command('saved-searches').description('the searches saved for the public site, each with its Atom feed'),
    'newsctl saved-searches list',
    'newsctl saved-searches rm 3',
  );
  withDataOptions(withExamples(saved.command('list').description('every saved search, its query and its feed'), 'newsctl saved-searches list --json')).action(
    async (options: DataOptions) => {
      const list = await withClient(options, (client) => client.savedSearches.list());
      if (options.json) return printJson(list);
      console.log(list.length ? formatTable(list, ['id', 'name', 'query', 'feedUrl']) : 'No saved searches');
    },
  );
  withDataOptions(
    withExamples(saved.command('rm').description('remove a saved search (its feed ends)').argument('<id>', 'its id'), 'newsctl saved-searches rm 3'),
  ).action(async (id: string, options: DataOptions) => {
    const answer = await withClient(options, (client) => client.savedSearches.remove(parseInteger(id, 'saved search id')));
    if (options.json) printJson(answer);
    else console.log(answer.message);
  });
}

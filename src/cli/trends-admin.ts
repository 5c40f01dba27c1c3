// `newsctl trends list|topic|run|stop|statistics|clear|recategorize`: the console's Trends tab from the
// terminal, through the API like every command that acts on the product's data.
import type { Command } from 'commander';
import { Invalid } from '../errors.js';
import { formatDuration } from '../shared/durations.js';
import { describeTopicEvidence } from '../shared/topic-evidence.js';
import { counted } from '../shared/words.js';
import { startAndFollow } from './follow.js';
import { formatTable, printJson } from './io.js';
import { integerOption, withClient, withDataOptions, type DataOptions } from './options.js';
import { productTimeZone } from './time.js';
import { dateTime } from '../terminal/time.js';

const POLL_MS = 1_000;

export function addTrendsAdminCommands(trends: Command): void {
  withDataOptions(
    trends
      .command('list')
      .description('stored trends, newest analysis first')
      .option('--topic <topic>', 'only this topic (health, food, finance, usa, international, tech, energy, science)')
      .option('--explain', "under each trend, why its story has its topic: the story's strongest words and sentence, the runner-up")
      .addOption(integerOption('--limit <n>', 'how many trends', { min: 1, max: 500 }, 50)),
  ).action(async (options: DataOptions & { topic?: string; limit: number; explain?: boolean }) => {
    const { topic, limit } = options;
    const list = await withClient(options, (client) => (topic ? client.trends.byTopic(topic, { limit }) : client.trends.list({ limit })));
    if (options.json) return printJson(list);
    if (list.length === 0) return console.log(options.topic ? `No ${options.topic} trends identified yet` : 'No trends identified yet');
    const rows = list.map((trend) => ({
      id: trend.id,
      batch: trend.batchNumber,
      topic: trend.topic,
      score: `${trend.relevanceScore}/10`,
      articles: trend.articleCount,
      title: trend.title,
    }));
    if (!options.explain) return console.log(formatTable(rows, ['id', 'batch', 'topic', 'score', 'articles', 'title']));
    for (const trend of list) {
      console.log(`${trend.id}  [${trend.topic}]  ${trend.title}`);
      const evidence = trend.topicEvidence;
      if (!evidence) console.log('    no evidence kept (analysed before this version); the next analysis records it');
      else {
        console.log(`    ${describeTopicEvidence(evidence)}`);
        if (evidence.sentence) console.log(`    "${evidence.sentence}"`);
      }
    }
  });

  withDataOptions(
    trends
      .command('topic <id> [topic]')
      .description('file a story under a topic (kept across analyses), or --clear to let the analyzer decide again')
      .option('--clear', "remove the topic set by hand; the next analysis decides the story's topic"),
  ).action(async (id: string, topic: string | undefined, options: DataOptions & { clear?: boolean }) => {
    const trendId = Number(id);
    if (!Number.isInteger(trendId) || trendId < 1) throw Invalid(`"${id}" is not a trend id (see newsctl trends list)`);
    if (!options.clear && !topic) throw Invalid('Name the topic (health, food, finance, usa, international, tech, energy, science), or add --clear');
    if (options.clear && topic) throw Invalid('Give a topic or --clear, not both');
    const result = await withClient(options, (client) => (options.clear ? client.trends.clearTopic(trendId) : client.trends.setTopic(trendId, topic!)));
    if (options.json) printJson(result);
    else console.log(result.message);
  });

  withDataOptions(
    trends
      .command('run')
      .description('analyze recent articles now and wait for the run to finish')
      .option('--detach', 'return once started (a running daemon carries on; in-process runs always wait)'),
  ).action(async (options: DataOptions & { detach?: boolean }) => {
    await withClient(options, async (client) => {
      let shown: string | null = 'Starting';
      const startedAt = Date.now();
      const result = await startAndFollow(client, {
        start: async () => {
          const started = await client.analyzer.run();
          if (!options.detach || client.mode === 'in-process') {
            process.stderr.write("Trends analyzer started: grouping each topic's recent articles into stories that several sites cover, then ranking them\n");
          }
          return started;
        },
        status: () => client.status(),
        done: (status) => status.trendsAnalyzerStatus === 'idle',
        onStatus: (status) => {
          if (status.trendsAnalyzerStatus === 'idle' || !status.trendsAnalyzerCurrentAction || status.trendsAnalyzerCurrentAction === shown) return;
          shown = status.trendsAnalyzerCurrentAction;
          process.stderr.write(`${shown}\n`);
        },
        detach: options.detach,
        intervalMs: POLL_MS,
      });
      if (result.detached) {
        if (options.json) printJson(result.started);
        else console.log(result.started.message);
        return;
      }
      const { status } = result;
      if (options.json) printJson(status);
      else {
        const took = formatDuration((Date.now() - startedAt) / 1000);
        const last = dateTime(status.trendsAnalyzerLastRun, await productTimeZone(client));
        console.log(
          `Trends analysis done in ${took}: ${counted(status.totalTrendsIdentified, 'trend')} stored (last completed run ${last}). See them with: newsctl trends list`,
        );
      }
    });
  });

  withDataOptions(trends.command('stop').description('stop the analyzer run under way')).action(async (options: DataOptions) => {
    const result = await withClient(options, (client) => client.analyzer.stop());
    if (options.json) printJson(result);
    else console.log(result.message);
  });

  withDataOptions(trends.command('statistics').description('trends and trends with a generated article, per topic')).action(async (options: DataOptions) => {
    const rows = await withClient(options, (client) => client.trends.statistics());
    if (options.json) return printJson(rows);
    const total = rows.reduce(
      (sum, row) => ({ totalTrends: sum.totalTrends + row.totalTrends, trendsWithArticles: sum.trendsWithArticles + row.trendsWithArticles }),
      {
        totalTrends: 0,
        trendsWithArticles: 0,
      },
    );
    console.log(formatTable([...rows, { topic: 'Total', ...total }], ['topic', 'totalTrends', 'trendsWithArticles']));
  });

  withDataOptions(trends.command('clear').description('delete every trend (cannot be undone)').option('--yes', 'confirm: delete all trends')).action(
    async (options: DataOptions & { yes?: boolean }) => {
      if (!options.yes) throw Invalid('This deletes all trends and cannot be undone: add --yes to confirm');
      const result = await withClient(options, (client) => client.trends.clear());
      if (options.json) printJson(result);
      else console.log(`Deleted ${counted(result.deleted, 'trend')}`);
    },
  );

  withDataOptions(trends.command('recategorize').description('give every trend the topic its title and description read as')).action(
    async (options: DataOptions) => {
      const result = await withClient(options, (client) => client.trends.recategorize());
      if (options.json) printJson(result);
      else console.log(`Re-categorized ${counted(result.recategorized, 'trend')}; ${result.unchanged} unchanged`);
    },
  );
}

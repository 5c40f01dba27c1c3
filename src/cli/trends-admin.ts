// `newsctl trends list|run|stop|statistics|clear|recategorize`: the console's Trends tab from the
// terminal, through the API like every command that acts on the product's data.
import type { Command } from 'commander';
import { Invalid } from '../errors.js';
import type { Backend } from './backend.js';
import { formatTable, printJson } from './io.js';
import { withBackend, withDataOptions, type DataOptions } from './options.js';

interface TrendLine {
  id: number;
  title: string;
  topic: string;
  relevanceScore: number;
  batchNumber: number;
  articleCount: number;
  articlesAnalyzed: number;
  identifiedAt: string;
}

interface TrendsStatus {
  trendsAnalyzerStatus: string;
  trendsAnalyzerCurrentAction: string | null;
  trendsAnalyzerLastRun: string | null;
  totalTrendsIdentified: number;
}

const POLL_MS = 1_000;

function whole(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw Invalid(`${flag} must be a whole number of at least 1, got "${value}"`);
  return number;
}

/** Polls the status until the analyzer is idle, printing each new action on stderr. */
async function followRun(backend: Backend): Promise<TrendsStatus> {
  let shown: string | null = null;
  for (;;) {
    const status = await backend.request<TrendsStatus>('GET', '/api/status');
    if (status.trendsAnalyzerStatus === 'idle') return status;
    if (status.trendsAnalyzerCurrentAction && status.trendsAnalyzerCurrentAction !== shown) {
      shown = status.trendsAnalyzerCurrentAction;
      process.stderr.write(`${shown}\n`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export function addTrendsAdminCommands(trends: Command): void {
  withDataOptions(
    trends
      .command('list')
      .description('stored trends, newest analysis first')
      .option('--topic <topic>', 'only this topic (health, food, finance, usa, international, tech, energy, science)')
      .option('--limit <n>', 'how many trends', '50'),
  ).action(async (options: DataOptions & { topic?: string; limit: string }) => {
    const limit = whole(options.limit, '--limit')!;
    const path = options.topic ? `/api/trends/by-topic/${encodeURIComponent(options.topic)}?limit=${limit}` : `/api/trends?limit=${limit}`;
    const list = await withBackend(options, (backend) => backend.request<TrendLine[]>('GET', path));
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
    console.log(formatTable(rows, ['id', 'batch', 'topic', 'score', 'articles', 'title']));
  });

  withDataOptions(
    trends
      .command('run')
      .description('analyze recent articles now and wait for the run to finish')
      .option('--detach', 'return once started (a running daemon carries on; in-process runs always wait)'),
  ).action(async (options: DataOptions & { detach?: boolean }) => {
    await withBackend(options, async (backend) => {
      const started = await backend.request<{ message: string }>('POST', '/api/trends-analyzer/run');
      // In-process, the run lives in this process: returning would stop it.
      if (options.detach && backend.mode !== 'in-process') {
        if (options.json) printJson(started);
        else console.log(started.message);
        return;
      }
      const status = await followRun(backend);
      if (options.json) printJson(status);
      else console.log(`Trends analyzer idle; last completed run ${status.trendsAnalyzerLastRun ?? 'never'}; ${status.totalTrendsIdentified} trends stored`);
    });
  });

  withDataOptions(trends.command('stop').description('stop the analyzer run under way')).action(async (options: DataOptions) => {
    const result = await withBackend(options, (backend) => backend.request<{ message: string }>('POST', '/api/trends-analyzer/stop'));
    if (options.json) printJson(result);
    else console.log(result.message);
  });

  withDataOptions(trends.command('statistics').description('trends and trends with a generated article, per topic')).action(
    async (options: DataOptions) => {
      const rows = await withBackend(options, (backend) =>
        backend.request<{ topic: string; totalTrends: number; trendsWithArticles: number }[]>('GET', '/api/trends/statistics'),
      );
      if (options.json) return printJson(rows);
      const total = rows.reduce((sum, row) => ({ totalTrends: sum.totalTrends + row.totalTrends, trendsWithArticles: sum.trendsWithArticles + row.trendsWithArticles }), {
        totalTrends: 0,
        trendsWithArticles: 0,
      });
      console.log(formatTable([...rows, { topic: 'Total', ...total }], ['topic', 'totalTrends', 'trendsWithArticles']));
    },
  );

  withDataOptions(
    trends.command('clear').description('delete every trend (cannot be undone)').option('--yes', 'confirm: delete all trends'),
  ).action(async (options: DataOptions & { yes?: boolean }) => {
    if (!options.yes) throw Invalid('This deletes all trends and cannot be undone: add --yes to confirm');
    const result = await withBackend(options, (backend) => backend.request<{ deleted: number }>('DELETE', '/api/trends'));
    if (options.json) printJson(result);
    else console.log(`Deleted ${result.deleted} trends`);
  });

  withDataOptions(trends.command('recategorize').description("give every trend the topic its title and description read as")).action(
    async (options: DataOptions) => {
      const result = await withBackend(options, (backend) =>
        backend.request<{ recategorized: number; unchanged: number }>('POST', '/api/trends/recategorize'),
      );
      if (options.json) printJson(result);
      else console.log(`Re-categorized ${result.recategorized} trends; ${result.unchanged} unchanged`);
    },
  );
}

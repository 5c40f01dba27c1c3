// `newsctl articles …`, `newsctl generator run|stop|queue` and `newsctl social`: the console's
// generated-articles list, the article generator and social posts. A command that queues work waits
// for it when no daemon runs it (the work lives in this process), and with --wait otherwise.
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { isTopic, TOPICS } from '../shared/topics.js';
import type { GeneratedArticle, QueueStatus } from '../api/generator.js';
import type { Client } from '../client/index.js';
import { Invalid, Upstream } from '../errors.js';
import { startAndFollow } from './follow.js';
import { formatTable, printJson } from './io.js';
import { terminalText } from '../terminal/text.js';
import { integerOption, parseInteger, withClient, withDataOptions, withExamples, type DataOptions } from './options.js';
import { productTimeZone } from './time.js';
import { dateTime } from '../terminal/time.js';

const POLL_MS = 1_000;

function describeQueue(queue: QueueStatus): string {
  if (queue.queueLength === 0) return 'The generation queue is empty';
  const rows = queue.items.map((item, index) => ({ '#': index + 1, status: item.status, trend: item.trendTitle }));
  return `${queue.queueLength} in the queue${queue.currentTrend ? `; generating "${queue.currentTrend}"` : ''}\n${formatTable(rows, ['#', 'status', 'trend'])}`;
}

function articleRows(articles: GeneratedArticle[], timeZone: string | null): Record<string, unknown>[] {
  return articles.map((a) => ({
    id: a.id,
    category: a.category ?? '',
    words: a.wordCount,
    writer: a.writer,
    generatedAt: dateTime(a.generatedAt, timeZone),
    title: a.title,
    page: a.htmlFilePath ?? '',
  }));
}

const sameTitle = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Waits until the trend has left the queue, then answers its article (the newest one for it). */
async function waitForTrendArticle(client: Client, trendTitle: string): Promise<GeneratedArticle> {
  let last = '';
  await startAndFollow(client, {
    start: async () => undefined,
    status: () => client.generator.queueStatus(),
    done: (queue) => !queue.items.some((item) => sameTitle(item.trendTitle, trendTitle)),
    onStatus: (queue) => {
      const item = queue.items.find((i) => sameTitle(i.trendTitle, trendTitle));
      const line = item ? (item.status === 'generating' ? 'generating…' : `queued (${queue.queueLength} in the queue)`) : '';
      if (line && line !== last) process.stderr.write(`${trendTitle}: ${line}\n`);
      last = line;
    },
    intervalMs: POLL_MS,
  });
  const article = (await client.articles.list({ limit: 500 })).find((a) => a.trendTitle !== null && sameTitle(a.trendTitle, trendTitle));
  if (!article) throw Upstream(`No article was generated for "${trendTitle}" (see \`newsctl logs --component GENERATOR\`)`);
  return article;
}

export function registerArticlesCommands(program: Command): void {
  const articles = program.command('articles').description('generated articles: generate, queue, list, export, regenerate-image, rm, clear');

  withDataOptions(
    withExamples(
      articles
        .command('generate')
        .description('write the article of one trend (queued; waits for it without a daemon, or with --wait)')
        .requiredOption('--trend <title>', "the trend's title, as `newsctl trends list` shows it")
        .option('--wait', 'with a daemon: stay until the article is written'),
      'newsctl articles generate --trend "Port Linden storm damage" --wait --json',
    ),
  ).action(async (options: DataOptions & { trend: string; wait?: boolean }) => {
    await withClient(options, async (client) => {
      const queued = await client.generator.generateFromTrend(options.trend);
      if (!options.wait && client.mode !== 'in-process') {
        if (options.json) printJson(queued);
        else console.log(queued.message);
        return;
      }
      if (!options.json) process.stderr.write(`${queued.message}\n`);
      const article = await waitForTrendArticle(client, options.trend);
      if (options.json) printJson(article);
      else
        console.log(
          `Generated article ${article.id}: ${terminalText(article.title)} (${article.wordCount} words, ${article.writer})${article.htmlFilePath ? `\n  ${article.htmlFilePath}` : ''}`,
        );
    });
  });

  withDataOptions(withExamples(articles.command('queue').description('the generation queue'), 'newsctl articles queue --json')).action(
    async (options: DataOptions) => {
      const queue = await withClient(options, (client) => client.generator.queueStatus());
      if (options.json) printJson(queue);
      else console.log(describeQueue(queue));
    },
  );

  withDataOptions(
    withExamples(
      articles
        .command('list')
        .description('generated articles, newest first')
        .addOption(integerOption('--limit <n>', 'how many', { min: 1, max: 500 }, 50)),
      'newsctl articles list --limit 10',
    ),
  ).action(async (options: DataOptions & { limit: number }) => {
    const [list, timeZone] = await withClient(
      options,
      async (client) => [await client.articles.list({ limit: options.limit }), options.json ? null : await productTimeZone(client)] as const,
    );
    if (options.json) return printJson(list);
    console.log(
      list.length ? formatTable(articleRows(list, timeZone), ['id', 'category', 'words', 'writer', 'generatedAt', 'title']) : 'No generated articles yet',
    );
  });

  withDataOptions(
    withExamples(
      articles
        .command('export')
        .description('an article as plain text or a Word document')
        .argument('<id>', 'article id')
        .option('--format <format>', 'txt or docx', 'txt')
        .option('-o, --output <file>', 'write to this file (default: stdout for txt, the proposed file name for docx)'),
      'newsctl articles export 12 --format docx -o storm.docx',
    ),
  ).action(async (idText: string, options: DataOptions & { format: string; output?: string }) => {
    const id = parseInteger(idText, 'article id');
    if (options.format !== 'txt' && options.format !== 'docx') throw Invalid('--format must be txt or docx');
    const file = await withClient(options, (client) => client.articles.export(id, options.format as 'txt' | 'docx'));
    const target = options.output ?? (options.format === 'docx' ? (file.fileName ?? `article-${id}.docx`) : null);
    if (target === null || target === '-') {
      process.stdout.write(file.body);
      return;
    }
    writeFileSync(target, file.body);
    if (options.json) printJson({ file: target, bytes: file.body.length, contentType: file.contentType });
    else console.log(`Wrote ${file.body.length} bytes to ${target}`);
  });

  withDataOptions(
    withExamples(
      articles.command('regenerate-image').description('make a new cover image for an article').argument('<id>', 'article id'),
      'newsctl articles regenerate-image 12',
    ),
  ).action(async (idText: string, options: DataOptions) => {
    const id = parseInteger(idText, 'article id');
    const result = await withClient(options, (client) => client.articles.regenerateImage(id));
    if (options.json) printJson(result);
    else console.log(`${result.message}: ${result.article.imageUrl ?? ''}`);
  });

  withDataOptions(
    withExamples(articles.command('rm').description('delete one generated article').argument('<id>', 'article id'), 'newsctl articles rm 12'),
  ).action(async (idText: string, options: DataOptions) => {
    const id = parseInteger(idText, 'article id');
    const result = await withClient(options, (client) => client.articles.remove(id));
    if (options.json) printJson(result);
    else console.log(`Deleted ${result.deleted} article`);
  });

  withDataOptions(
    withExamples(
      articles.command('clear').description('delete every generated article (cannot be undone)').option('--yes', 'confirm'),
      'newsctl articles clear --yes',
    ),
  ).action(async (options: DataOptions & { yes?: boolean }) => {
    if (!options.yes) throw Invalid('This deletes all generated articles and cannot be undone: add --yes to confirm');
    const result = await withClient(options, (client) => client.articles.clear());
    if (options.json) printJson(result);
    else console.log(`Deleted ${result.deleted} generated articles`);
  });

  const generator = program.command('generator').description('the article generator: run (keep writing for new trends), stop, queue');
  withDataOptions(
    withExamples(
      generator
        .command('run')
        .description('queue every current trend without an article and keep generating until stopped')
        .option('--wait', 'stay until the queue is empty'),
      'newsctl generator run --wait',
    ),
  ).action(async (options: DataOptions & { wait?: boolean }) => {
    await withClient(options, async (client) => {
      const result = await startAndFollow(client, {
        start: () => client.generator.run(),
        status: () => client.generator.queueStatus(),
        done: (queue) => queue.queueLength === 0,
        onStatus: options.json
          ? undefined
          : (queue) => queue.currentTrend && process.stderr.write(`generating "${queue.currentTrend}" (${queue.queueLength} in the queue)\n`),
        detach: !options.wait,
        intervalMs: POLL_MS * 2,
      });
      if (options.json) printJson(result.detached ? result.started : { ...result.started, queue: result.status });
      else console.log(result.detached ? result.started.message : `${result.started.message}; the queue is empty`);
    });
  });
  withDataOptions(generator.command('stop').description('stop generating; queued items are cancelled')).action(async (options: DataOptions) => {
    const result = await withClient(options, (client) => client.generator.stop());
    if (options.json) printJson(result);
    else console.log(result.message);
  });
  withDataOptions(generator.command('queue').description('the generation queue (same as `articles queue`)')).action(async (options: DataOptions) => {
    const queue = await withClient(options, (client) => client.generator.queueStatus());
    if (options.json) printJson(queue);
    else console.log(describeQueue(queue));
  });

  withDataOptions(
    withExamples(
      program
        .command('social')
        .description('a social media post about a trend or a generated article')
        .option('--trend <title>', 'a trend: its title, or a part of exactly one title')
        .option('--article <id>', 'one of our generated articles (ids from `newsctl articles list`)')
        .option('--source-article <id>', 'a crawled article (ids from `newsctl search`)')
        .option('--category <topic>', `the topic, for the hashtags (${TOPICS.join(', ')})`),
      'newsctl social --trend "Port Linden storm damage"',
      'newsctl social --article 12 --json',
    ),
  ).action(async (options: DataOptions & { trend?: string; article?: string; sourceArticle?: string; category?: string }) => {
    const given = [options.trend, options.article, options.sourceArticle].filter((value) => value !== undefined);
    if (given.length !== 1) throw Invalid('Give exactly one of --trend TITLE, --article ID or --source-article ID');
    if (options.category !== undefined && !isTopic(options.category)) throw Invalid(`--category must be one of ${TOPICS.join(', ')}`);
    const request = {
      ...(options.trend ? { trendText: options.trend } : {}),
      ...(options.article ? { generatedArticleId: parseInteger(options.article, '--article') } : {}),
      ...(options.sourceArticle ? { articleId: parseInteger(options.sourceArticle, '--source-article') } : {}),
      ...(options.category && isTopic(options.category) ? { category: options.category } : {}),
    };
    const result = await withClient(options, (client) => client.social.generate(request));
    if (options.json) printJson(result);
    else console.log(result.content);
  });
}

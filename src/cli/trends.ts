// `newsctl trends …`. `analyze --from-jsonl` runs the offline trends engine in-process on a file of
// articles; it needs no database, so this module imports nothing heavier than the engine and the
// offline classifier (whose model loads on first use).
import type { Command } from 'commander';
import { Invalid } from '../errors.js';
import { readInputFile } from './io.js';
import { classifyStory, type Topic } from '../services/reader/classify/index.js';
import { analyzeStories, type OfflineTrend, type StoryInput } from '../services/reader/trends/engine/index.js';
import { counted } from '../shared/words.js';

interface AnalyzeOptions {
  fromJsonl?: string;
  json?: boolean;
  limit?: string;
  minArticles?: string;
  now?: string;
}

export interface ParsedArticles {
  articles: StoryInput[];
  /** One message per rejected line, with its 1-based line number. */
  problems: string[];
}

/**
 * Reads `{id, title, body, source, publishedAt}` lines. Every other field (a gold `story_id`, a
 * `topic`…) is dropped here, so it can never reach the engine.
 */
export function parseArticleLines(text: string): ParsedArticles {
  const articles: StoryInput[] = [];
  const problems: string[] = [];
  const firstLine = new Map<string, number>();
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    const number = index + 1;
    if (!line) return;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      problems.push(`line ${number}: not valid JSON`);
      return;
    }
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      problems.push(`line ${number}: not a JSON object`);
      return;
    }
    const fields = row as Record<string, unknown>;
    const id = typeof fields.id === 'number' ? String(fields.id) : fields.id;
    if (typeof id !== 'string' || !id) {
      problems.push(`line ${number}: "id" must be a non-empty string`);
      return;
    }
    if (typeof fields.title !== 'string' || !fields.title.trim()) {
      problems.push(`line ${number}: "title" must be a non-empty string`);
      return;
    }
    for (const name of ['body', 'source', 'publishedAt'] as const) {
      const value = fields[name];
      if (value !== undefined && value !== null && typeof value !== 'string') {
        problems.push(`line ${number}: "${name}" must be a string`);
        return;
      }
    }
    if (typeof fields.publishedAt === 'string' && fields.publishedAt && Number.isNaN(Date.parse(fields.publishedAt))) {
      problems.push(`line ${number}: "publishedAt" is not a date`);
      return;
    }
    const seen = firstLine.get(id);
    if (seen !== undefined) {
      problems.push(`line ${number}: id "${id}" already read on line ${seen}`);
      return;
    }
    firstLine.set(id, number);
    const article: StoryInput = { id, title: fields.title };
    if (typeof fields.body === 'string') article.body = fields.body;
    if (typeof fields.source === 'string') article.source = fields.source;
    if (typeof fields.publishedAt === 'string' && fields.publishedAt) article.publishedAt = fields.publishedAt;
    articles.push(article);
  });
  return { articles, problems };
}

function positiveInteger(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw Invalid(`${flag} must be a whole number, got "${value}"`);
  return number;
}

export interface AnalysisOutputOptions {
  json?: boolean;
  limit?: number;
  minArticles?: number;
  now?: Date;
}

/**
 * The analysis as the command prints it. Each trend carries its story's topic, decided as the
 * daemon's analyzer decides it (the offline classifier reading its headlines and leads together).
 */
export function analysisLines(articles: StoryInput[], options: AnalysisOutputOptions = {}): string[] {
  const { stories, trends } = analyzeStories(articles, { now: options.now, limit: options.limit, minArticles: options.minArticles });
  const byId = new Map(articles.map((article) => [article.id, article]));
  const topicOf = (trend: OfflineTrend): Topic =>
    classifyStory(trend.articleIds.map((id) => ({ title: byId.get(id)!.title, body: byId.get(id)!.body ?? '' }))).topic;

  const out: string[] = [];
  if (options.json) {
    const storyOf = new Map<string, string>();
    for (const story of stories) for (const article of story.articles) storyOf.set(article.id, story.storyId);
    for (const article of articles) out.push(JSON.stringify({ id: article.id, storyId: storyOf.get(article.id) }));
    for (const trend of trends) out.push(JSON.stringify({ ...trend, topic: topicOf(trend) }));
  } else {
    out.push(`${counted(articles.length, 'article')}, ${counted(stories.length, 'story', 'stories')}, ${counted(trends.length, 'trend')}`);
    for (const trend of trends) {
      out.push('');
      out.push(`${trend.relevanceScore.toFixed(1)}/10  [${topicOf(trend)}]  ${trend.title}`);
      out.push(`  ${counted(trend.articlesAnalyzed, 'article')} from ${counted(trend.sources.length, 'source')}  ${trend.storyId}`);
      out.push(`  ${trend.description}`);
    }
  }
  return out;
}

function analyzeFromJsonl(options: AnalyzeOptions): void {
  if (!options.fromJsonl) throw Invalid('trends analyze needs --from-jsonl FILE (use - for standard input)');
  const text = readInputFile(options.fromJsonl === '-' ? 0 : options.fromJsonl);
  const now = options.now ? new Date(options.now) : undefined;
  if (now && Number.isNaN(now.getTime())) throw Invalid(`--now must be a date, got "${options.now}"`);

  const { articles, problems } = parseArticleLines(text);
  for (const problem of problems) process.stderr.write(`${problem}\n`);
  const out = analysisLines(articles, {
    json: options.json,
    now,
    limit: positiveInteger(options.limit, '--limit'),
    minArticles: positiveInteger(options.minArticles, '--min-articles'),
  });
  process.stdout.write(`${out.join('\n')}\n`);
}

export function registerTrendsCommand(program: Command): Command {
  const trends = program.command('trends').description('trends: stories that many sources cover');
  trends
    .command('analyze')
    .description('group articles into stories and rank them as trends, offline (no model, no database)')
    .option('--from-jsonl <file>', 'read {id, title, body, source, publishedAt} lines from a file (- for stdin)')
    .option('--json', 'print one {"id","storyId"} line per article, then one line per trend (with its topic)')
    .option('--limit <n>', 'print at most this many trends')
    .option('--min-articles <n>', 'a trend needs at least this many articles (default 2)')
    .option('--now <date>', 'reference time for recency (default: the newest article)')
    .action((options: AnalyzeOptions) => analyzeFromJsonl(options));
  return trends;
}

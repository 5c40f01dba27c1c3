// What `newsctl trends analyze --from-jsonl` computes: the articles read from JSON lines, grouped by
// the offline trends engine, each trend's topic read by the offline classifier. Run in a worker
// thread by the command (trends-analysis-worker.ts); it needs no database.
import { decideStory, type Topic } from '../services/reader/classify/index.js';
import { analyzeStories, type OfflineTrend, type StoryInput } from '../services/reader/trends/engine/index.js';
import { counted } from '../shared/words.js';

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
    decideStory(trend.articleIds.map((id) => ({ title: byId.get(id)!.title, body: byId.get(id)!.body ?? '' }))).topic;

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

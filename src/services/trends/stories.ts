// One analysis window → stories, each with one topic. The articles of every topic are grouped in
// one pass (the engine), so a story is never cut where its articles' topics disagree; then each
// story covered by at least two sources takes one topic from its articles' evidence together,
// and only those stories can be trends. An article on its own (or whose story one site alone
// covers) keeps its own topic: it is news, not a trend.
import { fileURLToPath } from 'node:url';
import type { RecentArticleRow } from '../../db/article-topics.js';
import { startWorker } from '../worker-thread.js';
import { certainTopic, storyTopic, topicProbabilities, type Topic } from '../classify/index.js';
import { clusterStories, isTrendStory, type StoryCluster, type StoryInput } from './engine/index.js';

export interface TopicStory {
  story: StoryCluster;
  topic: Topic;
  articleIds: number[];
}

export interface WindowStories {
  /** The stories several sources cover (trend candidates), each with its topic. */
  covered: TopicStory[];
  /** Articles of the window in no such story. */
  alone: number[];
  /** Every article's topic after the analysis: its story's, else its own. */
  topicOf: Map<number, Topic>;
}

export function storyInput(article: RecentArticleRow): StoryInput {
  return {
    id: String(article.id),
    title: article.title,
    body: article.lead ?? '',
    source: article.domainName,
    publishedAt: new Date(article.publishedAt ?? article.scrapedAt).toISOString(),
  };
}

/**
 * An article's topic evidence: the model's answer when the model classified it (the configured
 * classifier speaks for its articles), else the offline classifier's distribution over its title
 * and lead.
 */
function evidence(article: RecentArticleRow): Float64Array {
  if (article.topicSource === 'model' && article.ownTopic) return certainTopic(article.ownTopic);
  return topicProbabilities({ title: article.title, body: article.lead ?? '' });
}

export function windowStories(articles: readonly RecentArticleRow[], options: { minArticles: number; minSources: number }): WindowStories {
  const byId = new Map(articles.map((article) => [String(article.id), article]));
  const stories = clusterStories(articles.map(storyInput));
  const covered: TopicStory[] = [];
  const alone: number[] = [];
  const topicOf = new Map<number, Topic>();
  for (const story of stories) {
    const members = story.articles.map((input) => byId.get(input.id)!);
    if (!isTrendStory(story, options)) {
      for (const article of members) {
        alone.push(article.id);
        if (article.ownTopic) topicOf.set(article.id, article.ownTopic);
      }
      continue;
    }
    const { topic } = storyTopic(members.map(evidence));
    const articleIds = members.map((article) => article.id);
    for (const id of articleIds) topicOf.set(id, topic);
    covered.push({ story, topic, articleIds });
  }
  return { covered, alone, topicOf };
}

export interface WindowOptions {
  minArticles: number;
  minSources: number;
  /**
   * From this many articles on, the work runs in a worker thread: the analyzer's largest window
   * (8,000 articles) held the thread for 1.5 s, which the daemon's other callers waited through
   * (bench/stories.bench.ts). Below it the worker's start (the classifier loaded again) costs more
   * than it spares.
   */
  offThreadFrom?: number;
}

export const OFF_THREAD_FROM = 1_000;

// From src/ the worker is TypeScript next to this file; from dist/ it is compiled.
const workerFile = fileURLToPath(new URL(`./stories-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url));

/** windowStories, in a worker thread for a large window; the abort signal ends the worker. */
export async function windowStoriesOffThread(articles: readonly RecentArticleRow[], options: WindowOptions, signal?: AbortSignal): Promise<WindowStories> {
  const { offThreadFrom = OFF_THREAD_FROM, ...limits } = options;
  if (articles.length < offThreadFrom) return windowStories(articles, limits);
  signal?.throwIfAborted();
  const worker = startWorker(workerFile);
  let abort = () => {};
  try {
    return await new Promise<WindowStories>((resolve, reject) => {
      abort = () => reject(signal!.reason);
      signal?.addEventListener('abort', abort, { once: true });
      worker.once('message', (reply: { ok: true; window: WindowStories } | { ok: false; message: string }) => {
        if (reply.ok) resolve(reply.window);
        else reject(new Error(reply.message));
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The story worker exited (code ${code}) before answering`)));
      worker.postMessage({ articles, options: limits });
    });
  } finally {
    signal?.removeEventListener('abort', abort);
    void worker.terminate();
  }
}

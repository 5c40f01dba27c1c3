// One analysis window → stories, each with one topic. The articles of every topic are grouped in
// one pass (the engine), so a story is never cut where its articles' topics disagree; then each
// story covered by at least two sources takes one topic, read from all its headlines and leads
// together (classify/story-topic.ts) or set by the administrator, and only those stories can be
// trends. An article on its own (or whose story one site alone covers) keeps its own topic: it is
// news, not a trend.
import { fileURLToPath } from 'node:url';
import type { RecentArticleRow } from '../../../db/article-topics.js';
import { startWorker } from '../../platform/worker-thread.js';
import { classifyStory, type Topic } from '../classify/index.js';
import type { TopicEvidence } from '../../../shared/topic-evidence.js';
import { clusterStories, isTrendStory, type StoryCluster, type StoryInput } from './engine/index.js';

export interface TopicStory {
  story: StoryCluster;
  topic: Topic;
  /** Why the story has its topic. */
  evidence: TopicEvidence;
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

export interface StoryLimits {
  minArticles: number;
  minSources: number;
  /** Topics the administrator set on stories, by article (JSON-safe: it travels to the worker). */
  overrides?: [articleId: number, topic: Topic][];
}

/** The topic the administrator set on a story: the one most of its overridden articles carry. */
function overriddenTopic(articleIds: readonly number[], overrides: ReadonlyMap<number, Topic>): Topic | null {
  const votes = new Map<Topic, number>();
  for (const id of articleIds) {
    const topic = overrides.get(id);
    if (topic) votes.set(topic, (votes.get(topic) ?? 0) + 1);
  }
  let best: Topic | null = null;
  for (const [topic, count] of votes) if (best === null || count > votes.get(best)!) best = topic;
  return best;
}

export function windowStories(articles: readonly RecentArticleRow[], options: StoryLimits): WindowStories {
  const byId = new Map(articles.map((article) => [String(article.id), article]));
  const overrides = new Map(options.overrides ?? []);
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
    const articleIds = members.map((article) => article.id);
    const decided = classifyStory(members.map((article) => ({ title: article.title, body: article.lead ?? '' })));
    const override = overriddenTopic(articleIds, overrides);
    // Overridden, the evidence keeps the analyzer's reading: its topic in runnerUp, its words.
    const { topic, ...evidence } = override
      ? { ...decided, topic: override, source: 'override' as const, runnerUp: decided.topic, runnerUpConfidence: decided.confidence }
      : decided;
    for (const id of articleIds) topicOf.set(id, topic);
    covered.push({ story, topic, evidence, articleIds });
  }
  return { covered, alone, topicOf };
}

export interface WindowOptions extends StoryLimits {
  /**
   * From this many articles on, the work runs in a worker thread: a window of 8,000 articles held
   * the thread for 1.5 s, which the daemon's other callers waited through
   * (bench/stories.bench.ts). Below it the worker's start (the classifier loaded again) costs more
   * than it spares.
   */
  offThreadFrom?: number;
}

export const OFF_THREAD_FROM = 1_000;

/** Rows sent to the worker per message: copying a week's leads in one message held the thread for a second. */
const ROWS_PER_MESSAGE = 1_000;

// From src/ the worker is TypeScript next to this file; from dist/ it is compiled.
const workerFile = fileURLToPath(new URL(`./stories-worker.${import.meta.url.endsWith('.ts') ? 'ts' : 'js'}`, import.meta.url));

/** A story as the worker sends it back: its articles by id, which the caller holds already. */
interface StoryByIds extends Omit<StoryCluster, 'articles'> {
  articleIds: string[];
}

export type WorkerWindow = Omit<WindowStories, 'covered'> & { covered: (Omit<TopicStory, 'story'> & { story: StoryByIds })[] };

/** What the worker sends back: every story's articles by id, so that no lead is copied twice. */
export function byIds(window: WindowStories): WorkerWindow {
  return {
    ...window,
    covered: window.covered.map(({ story: { articles, ...story }, ...rest }) => ({
      ...rest,
      story: { ...story, articleIds: articles.map((article) => article.id) },
    })),
  };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Stories given back their articles per turn of the event loop: a week's 40,000 took 400 ms at once. */
const STORIES_PER_TURN = 2_000;

async function withArticles(window: WorkerWindow, articles: readonly RecentArticleRow[]): Promise<WindowStories> {
  const byId = new Map(articles.map((article) => [String(article.id), article]));
  const covered: TopicStory[] = [];
  for (const {
    story: { articleIds, ...story },
    ...rest
  } of window.covered) {
    covered.push({ ...rest, story: { ...story, articles: articleIds.map((id) => storyInput(byId.get(id)!)) } });
    if (covered.length % STORIES_PER_TURN === 0) await nextTurn();
  }
  return { ...window, covered };
}

/** windowStories, in a worker thread for a large window; the abort signal ends the worker. */
export async function windowStoriesOffThread(articles: readonly RecentArticleRow[], options: WindowOptions, signal?: AbortSignal): Promise<WindowStories> {
  const { offThreadFrom = OFF_THREAD_FROM, ...limits } = options;
  if (articles.length < offThreadFrom) return windowStories(articles, limits);
  signal?.throwIfAborted();
  const worker = startWorker(workerFile);
  let abort = () => {};
  try {
    const reply = new Promise<WorkerWindow>((resolve, reject) => {
      abort = () => reject(signal!.reason);
      signal?.addEventListener('abort', abort, { once: true });
      worker.once('message', (message: { ok: true; window: WorkerWindow } | { ok: false; message: string }) => {
        if (message.ok) resolve(message.window);
        else reject(new Error(message.message));
      });
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The story worker exited (code ${code}) before answering`)));
    });
    // The rows go in parts, a turn of the event loop apart, so that the daemon keeps answering.
    let sent = 0;
    const sending = (async () => {
      for (; sent < articles.length && !signal?.aborted; sent += ROWS_PER_MESSAGE) {
        worker.postMessage({ rows: articles.slice(sent, sent + ROWS_PER_MESSAGE) });
        await nextTurn();
      }
      worker.postMessage({ options: limits });
    })();
    const [window] = await Promise.all([reply, sending]);
    return await withArticles(window, articles);
  } finally {
    signal?.removeEventListener('abort', abort);
    void worker.terminate();
  }
}

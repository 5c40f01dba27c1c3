// One analysis window → stories, each with one topic. The articles of every topic are grouped in
// one pass (the engine), so a story is never cut where its articles' topics disagree; then each
// story covered by at least two sources takes one topic, read from all its headlines and leads
// together (classify/story-topic.ts) or set by the administrator, and only those stories can be
// trends. An article on its own (or whose story one site alone covers) keeps its own topic: it is
// news, not a trend. A large window is grouped in a worker thread that gets its articles page by
// page as they are read, the daemon's thread keeping none of their leads.
import { availableParallelism } from 'node:os';
import { MessageChannel, type Worker } from 'node:worker_threads';
import type { RecentArticleRow } from '../../../db/article-topics.js';
import { ANALYSIS_LIMITS, siblingModuleFile, startWorker } from '../../../worker-thread.js';
import {
  decideStory,
  readStoryArticles,
  READING_LENGTH,
  STORY_HEADLINES_READ,
  type StoryArticleText,
  type StoryDecision,
  TOPICS,
  type Topic,
} from '../classify/index.js';
import type { TopicEvidence } from '../../../shared/topic-evidence.js';
import { clusterStories, isTrendStory, type StoryCluster, type StoryInput } from './engine/index.js';
import { nextTurn, oneATurn } from '../../../shared/turns.js';

export interface TopicStory {
  story: StoryCluster;
  topic: Topic;
  /** Why the story has its topic: its words and sentence only once explained (story-evidence.ts). */
  evidence: TopicEvidence;
  articleIds: number[];
  /**
   * The offline reading whose words and sentence the evidence is still to be given: they need the
   * story's leads, so they are found for the stories stored as trends only; null once found, or
   * when there is nothing to explain (the model filed the story otherwise).
   */
  unexplained: StoryDecision | null;
}

export interface WindowStories {
  /** The stories several sources cover (trend candidates), each with its topic. */
  covered: TopicStory[];
  /** Articles of the window in no such story. */
  alone: number[];
  /** Every article's topic after the analysis: its story's, else its own. */
  topicOf: Map<number, Topic>;
  /** Readings made for articles that came without one, to be stored with them. */
  newReadings: NewReadings;
}

/** Readings made by an analysis: READING_LENGTH numbers per id, in order. */
export interface NewReadings {
  ids: Int32Array;
  readings: Float32Array;
}

const textOf = (article: RecentArticleRow): StoryArticleText => ({ title: article.title, body: article.lead ?? '' });

/** Reads the articles that came without a stored reading. */
export function readMissing(articles: readonly RecentArticleRow[]): NewReadings {
  const missing = articles.filter((article) => !article.reading);
  return { ids: Int32Array.from(missing, (article) => article.id), readings: readStoryArticles(missing.map(textOf)) };
}

/** Each article's reading by id: `into`'s, the new ones added. */
export function addReadings(into: Map<number, Float32Array>, { ids, readings }: NewReadings): Map<number, Float32Array> {
  ids.forEach((id, i) => into.set(id, readings.subarray(i * READING_LENGTH, (i + 1) * READING_LENGTH)));
  return into;
}

/**
 * A covered story's topic, read from its articles' readings (`readings`, by id): as many of its
 * first articles as a story's topic reads. The readings need no lead, which the grouping worker
 * keeps only as far as the grouping reads it.
 */
export function storyTopic(members: readonly RecentArticleRow[], readings: ReadonlyMap<number, Float32Array>): StoryDecision {
  const read = members.slice(0, STORY_HEADLINES_READ);
  return decideStory(
    read.map(textOf),
    read.map((article) => readings.get(article.id)),
  );
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

/** The window grouped into stories, before the stories several sources cover are filed. */
export interface GroupedWindow {
  covered: { story: StoryCluster; members: RecentArticleRow[] }[];
  alone: number[];
  topicOf: Map<number, Topic>;
}

export function groupWindow(articles: readonly RecentArticleRow[], options: StoryLimits): GroupedWindow {
  const byId = new Map(articles.map((article) => [String(article.id), article]));
  const grouped: GroupedWindow = { covered: [], alone: [], topicOf: new Map() };
  for (const story of clusterStories(articles.map(storyInput))) {
    const members = story.articles.map((input) => byId.get(input.id)!);
    if (isTrendStory(story, options)) {
      grouped.covered.push({ story, members });
      continue;
    }
    for (const article of members) {
      grouped.alone.push(article.id);
      if (article.ownTopic) grouped.topicOf.set(article.id, article.ownTopic);
    }
  }
  return grouped;
}

/** The covered stories under their topics: the administrator's where set, else the one read (`decided`, in order). */
export function fileWindow(grouped: GroupedWindow, decided: readonly StoryDecision[], options: StoryLimits, newReadings: NewReadings): WindowStories {
  const overrides = new Map(options.overrides ?? []);
  const topicOf = new Map(grouped.topicOf);
  const covered = grouped.covered.map(({ story, members }, i): TopicStory => {
    const articleIds = members.map((article) => article.id);
    const override = overriddenTopic(articleIds, overrides);
    const read = decided[i]!;
    // Overridden, the evidence keeps the analyzer's reading: its topic in runnerUp, its words.
    const { topic, ...evidence } = override
      ? { ...read, topic: override, source: 'override' as const, runnerUp: read.topic, runnerUpConfidence: read.confidence, words: [], sentence: null }
      : { ...read, source: 'offline' as const, words: [], sentence: null };
    for (const id of articleIds) topicOf.set(id, topic);
    return { story, topic, evidence, articleIds, unexplained: read };
  });
  return { covered, alone: grouped.alone, topicOf, newReadings };
}

export function windowStories(articles: readonly RecentArticleRow[], options: StoryLimits): WindowStories {
  const grouped = groupWindow(articles, options);
  const newReadings = readMissing(articles);
  const readings = addReadings(new Map(articles.flatMap((article) => (article.reading ? [[article.id, article.reading] as const] : []))), newReadings);
  return fileWindow(
    grouped,
    grouped.covered.map(({ members }) => storyTopic(members, readings)),
    options,
    newReadings,
  );
}

export interface WindowOptions extends StoryLimits {
  /**
   * From this many articles on, the work runs in a worker thread: a window of 8,000 articles held
   * the thread for 1.5 s, which the daemon's other callers waited through
   * (bench/stories.bench.ts). Below it the worker's start (the classifier loaded again) costs more
   * than it spares.
   */
  offThreadFrom?: number;
  /**
   * A second worker reads what the stories' topics are read from in each article that came without
   * a stored reading while the first groups the window (stories-worker.ts). By default with two
   * cores or more (the daemon's thread waits through the grouping, so its core is free) from
   * READER_FROM such articles.
   */
  reader?: boolean;
  /** Articles without a stored reading from which the reader starts, when `reader` is not given (READER_FROM). */
  readerFrom?: number;
}

export const OFF_THREAD_FROM = 1_000;

/**
 * Windows with this many articles or more that came without a stored reading are read by a second
 * worker beside the grouping. Its start and the classifier's load cost more than they spare below
 * it: on the synthetic week on 2 cores,
 * 30,000 articles took 8.2–10.2 s with it against 10.5–11.1 s without, 10,000 about as long
 * either way, and 3,000 longer with it.
 */
const READER_FROM = 20_000;

/**
 * Rows sent to the worker per message: one message of a week's leads (~150 MB) is copied in one go
 * on the daemon's thread, and a part of 1,000 still took up to 190 ms of it in a week's run.
 */
const ROWS_PER_MESSAGE = 250;

// From src/ the worker is TypeScript next to this file; from dist/ it is compiled.
const workerFile = siblingModuleFile('stories-worker', import.meta.url);

/** A covered story as the worker sends it back: its articles by id, which the caller holds already. */
export type StoryByIds = Omit<TopicStory, 'story'> & { story: Omit<StoryCluster, 'articles'> & { articleIds: string[] } };

export function storyByIds({ story: { articles, ...story }, ...rest }: TopicStory): StoryByIds {
  return { ...rest, story: { ...story, articleIds: articles.map((article) => article.id) } };
}

/**
 * What the worker sends, in this order: the covered stories in parts (a story too large for one
 * part goes on in `moreIds` parts: its further members' ids), each part once the daemon's thread
 * has handled one of those before it (`{ next: true }`), then the rest in typed arrays.
 */
export type WorkerMessage =
  | { stories: StoryByIds[] }
  | { moreIds: string[] }
  | { ok: true; alone: Int32Array; topicIds: Int32Array; topics: Uint8Array; readIds: Int32Array; readings: Float32Array }
  | { ok: false; message: string };

/**
 * Articles per message back: the stories of 20,000 articles rebuilt at once held the daemon's
 * thread for 400 ms; parts of 250 stories, which a week's big stories make parts of thousands of
 * articles, still up to 250 ms. A larger story is split over several messages.
 */
const ARTICLES_PER_MESSAGE = 1_000;

/** The covered stories as the worker's messages, about ARTICLES_PER_MESSAGE articles each, in order. */
export function storyParts(covered: readonly TopicStory[]): WorkerMessage[] {
  const messages: WorkerMessage[] = [];
  let part: StoryByIds[] = [];
  let articles = 0;
  const flush = () => {
    if (part.length > 0) messages.push({ stories: part });
    part = [];
    articles = 0;
  };
  for (const topicStory of covered) {
    const { story, ...rest } = storyByIds(topicStory);
    if (articles + story.articleIds.length > ARTICLES_PER_MESSAGE) flush();
    const room = ARTICLES_PER_MESSAGE - articles;
    part.push({ ...rest, story: { ...story, articleIds: story.articleIds.slice(0, room) } });
    articles += Math.min(room, story.articleIds.length);
    for (let at = room; at < story.articleIds.length; at += ARTICLES_PER_MESSAGE) {
      flush();
      messages.push({ moreIds: story.articleIds.slice(at, at + ARTICLES_PER_MESSAGE) });
    }
  }
  flush();
  return messages;
}

/** A window grouped, with its articles as the daemon's thread keeps them. */
export interface GroupedPages {
  window: WindowStories;
  /**
   * The window's articles. Grouped off the thread (from offThreadFrom articles), they keep no lead
   * nor reading, and neither do the covered stories' articles: the worker holds those, and a week's
   * leads held here as well were a few hundred MB of the daemon's heap through the whole grouping.
   * Whoever describes a story reads its leads again (articleLeads).
   */
  articles: RecentArticleRow[];
}

export interface PagesOptions extends WindowOptions {
  /** The administrator's topics of the window's articles, asked once every article is read. */
  overridesOf?: (articleIds: number[]) => Promise<[articleId: number, topic: Topic][]>;
  /** Told how many articles the window holds once they are all read. */
  onRead?: (articles: number) => void;
}

/** An article as the daemon's thread keeps it while a worker groups the window. */
const withoutText = (article: RecentArticleRow): RecentArticleRow => ({ ...article, lead: '', reading: null });

/**
 * The window's articles, given page by page as they are read, grouped into stories: in this thread
 * for a small window, else in a worker thread to which each page is sent as it comes (and a second
 * worker reading the articles that came without a stored reading, once READER_FROM of them have
 * come). The abort signal ends the workers.
 */
export async function groupWindowPages(pages: AsyncIterable<RecentArticleRow[]>, options: PagesOptions, signal?: AbortSignal): Promise<GroupedPages> {
  const { offThreadFrom = OFF_THREAD_FROM, reader: wantsReader, readerFrom: unreadForReader = READER_FROM, overridesOf, onRead, ...limits } = options;
  const source = pages[Symbol.asyncIterator]();
  // The first pages, until the window is known to be large: a small one is grouped here.
  const first: RecentArticleRow[] = [];
  let ended = false;
  while (first.length < offThreadFrom || offThreadFrom === 0) {
    const next = await source.next();
    if (next.done) {
      ended = true;
      break;
    }
    for (const article of next.value) first.push(article);
    if (offThreadFrom === 0) break;
  }
  if (ended && first.length < offThreadFrom) {
    onRead?.(first.length);
    const overrides = overridesOf ? await overridesOf(first.map((article) => article.id)) : limits.overrides;
    return { window: windowStories(first, { ...limits, ...(overrides ? { overrides } : {}) }), articles: first };
  }
  signal?.throwIfAborted();

  const worker = startWorker(workerFile, { resourceLimits: ANALYSIS_LIMITS });
  let reader: Worker | null = null;
  let answered = false;
  // Set once the reply is in or has failed: nothing more is read or sent.
  let done = false;
  let fail: (error: unknown) => void = () => {};
  const connectReader = () => {
    reader = startWorker(workerFile, { resourceLimits: ANALYSIS_LIMITS });
    const { port1, port2 } = new MessageChannel();
    worker.postMessage({ reader: port1 }, [port1]);
    reader.postMessage({ read: port2 }, [port2]);
    // The grouping worker waits for the reader's readings: a reader that died would leave it waiting.
    reader.once('error', (error) => fail(error));
    reader.once('exit', (code) => {
      if (!answered) fail(new Error(`The topic reader exited (code ${code}) before the stories were read`));
    });
  };
  // By default with two cores or more (the daemon's thread waits through the grouping, so its core
  // is free), once READER_FROM articles without a stored reading have come.
  const readerFrom = wantsReader === true ? 0 : wantsReader === false || availableParallelism() < 2 ? Infinity : unreadForReader;
  if (readerFrom === 0) connectReader();
  let abort = () => {};
  try {
    const byId = new Map<number, RecentArticleRow>();
    const articles: RecentArticleRow[] = [];
    const covered: TopicStory[] = [];
    const reply = new Promise<WindowStories>((resolve, reject) => {
      fail = reject;
      abort = () => reject(signal!.reason);
      signal?.addEventListener('abort', abort, { once: true });
      const handle = (message: WorkerMessage) => {
        const inputOf = (id: string) => storyInput(byId.get(Number(id))!);
        if ('stories' in message || 'moreIds' in message) worker.postMessage({ next: true });
        if ('stories' in message) {
          for (const {
            story: { articleIds, ...story },
            ...rest
          } of message.stories) {
            covered.push({ ...rest, story: { ...story, articles: articleIds.map(inputOf) } });
          }
        } else if ('moreIds' in message) {
          const storyArticles = covered[covered.length - 1]!.story.articles;
          for (const id of message.moreIds) storyArticles.push(inputOf(id));
        } else if (message.ok) {
          const topicOf = new Map<number, Topic>();
          message.topicIds.forEach((id, i) => topicOf.set(id, TOPICS[message.topics[i]!]!));
          resolve({ covered, alone: Array.from(message.alone), topicOf, newReadings: { ids: message.readIds, readings: message.readings } });
        } else reject(new Error(message.message));
      };
      // One part per turn of the event loop, so decoding and rebuilding a week's stories never holds
      // the thread for long: Node hands over the queued messages in one go.
      const receive = oneATurn(handle, reject);
      worker.on('message', (message: WorkerMessage) => {
        if ('ok' in message) answered = true;
        receive(message);
      });
      worker.once('error', reject);
      worker.once('exit', (code) => {
        if (!answered) reject(new Error(`The story worker exited (code ${code}) before answering`));
      });
    });
    // The rows go in parts, a turn of the event loop apart, so that the daemon keeps answering; each
    // part is let go here once sent.
    const sending = (async () => {
      let unread = 0;
      const send = async (page: readonly RecentArticleRow[]) => {
        for (let sent = 0; sent < page.length && !done && !signal?.aborted; sent += ROWS_PER_MESSAGE) {
          const part = page.slice(sent, sent + ROWS_PER_MESSAGE);
          worker.postMessage({ rows: part });
          for (const article of part) {
            if (!article.reading) unread++;
            const kept = withoutText(article);
            byId.set(article.id, kept);
            articles.push(kept);
          }
          if (!reader && unread >= readerFrom) connectReader();
          await nextTurn();
        }
      };
      await send(first);
      first.length = 0;
      for (let next = await source.next(); !next.done && !done && !signal?.aborted; next = await source.next()) await send(next.value);
      if (done || signal?.aborted) return;
      onRead?.(articles.length);
      const overrides = overridesOf ? await overridesOf(articles.map((article) => article.id)) : limits.overrides;
      worker.postMessage({ options: { ...limits, ...(overrides ? { overrides } : {}) } });
    })();
    // A failure to read or send ends the reply too.
    sending.catch((error: unknown) => fail(error));
    reply.catch(() => (done = true));
    const [window] = await Promise.all([reply, sending]);
    return { window, articles };
  } finally {
    done = true;
    signal?.removeEventListener('abort', abort);
    void worker.terminate();
    void (reader as Worker | null)?.terminate();
  }
}

/** windowStories, in a worker thread for a large window (groupWindowPages of one page); the abort signal ends the worker. */
export async function windowStoriesOffThread(articles: readonly RecentArticleRow[], options: WindowOptions, signal?: AbortSignal): Promise<WindowStories> {
  async function* onePage() {
    yield [...articles];
  }
  return (await groupWindowPages(onePage(), options, signal)).window;
}

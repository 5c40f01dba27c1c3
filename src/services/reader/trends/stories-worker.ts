// The analysis window's CPU work in worker threads, so the daemon keeps answering while a large
// window is analysed. The grouping worker receives the rows in parts, then the options; it groups
// every article into stories and reads the topics of the covered stories, half of them through a
// helper worker on another core when it was given one (reading topics is the larger part); the
// stories go back in parts, by article id, then the rest. A helper only reads story topics.
import { type MessagePort, parentPort } from 'node:worker_threads';
import type { RecentArticleRow } from '../../../db/article-topics.js';
import { classifyStory, type StoryArticleText, type StoryTopic, TOPICS } from '../classify/index.js';
import { fileWindow, groupWindow, type StoryLimits, storyParts, storyTexts, type WorkerMessage } from './stories.js';

const send = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);

/** Fewer covered stories than this are read here alone: the helper's message costs more. */
const SHARED_FROM = 200;

async function readTopics(texts: StoryArticleText[][], helper: MessagePort | null): Promise<StoryTopic[]> {
  if (!helper || texts.length < SHARED_FROM) return texts.map(classifyStory);
  const split = Math.ceil(texts.length / 2);
  const theirs = new Promise<StoryTopic[]>((resolve) => helper.once('message', resolve));
  helper.postMessage(texts.slice(split));
  const mine = texts.slice(0, split).map(classifyStory);
  return [...mine, ...(await theirs)];
}

const rows: RecentArticleRow[] = [];
let helper: MessagePort | null = null;
type Request = { rows: RecentArticleRow[] } | { options: StoryLimits } | { helper: MessagePort } | { serve: MessagePort };

parentPort!.on('message', async (message: Request) => {
  if ('serve' in message) {
    // A helper: the classifier loaded now, while the grouping worker groups.
    classifyStory([{ title: 'Loading the topic model', body: '' }]);
    message.serve.on('message', (texts: StoryArticleText[][]) => message.serve.postMessage(texts.map(classifyStory)));
    return;
  }
  if ('helper' in message) {
    helper = message.helper;
    return;
  }
  if ('rows' in message) {
    for (const row of message.rows) rows.push(row);
    return;
  }
  try {
    const grouped = groupWindow(rows, message.options);
    const window = fileWindow(
      grouped,
      await readTopics(
        grouped.covered.map(({ members }) => storyTexts(members)),
        helper,
      ),
      message.options,
    );
    for (const message of storyParts(window.covered)) send(message);
    const topicIds = Int32Array.from(window.topicOf.keys());
    const topics = Uint8Array.from(window.topicOf.values(), (topic) => TOPICS.indexOf(topic));
    const alone = Int32Array.from(window.alone);
    send({ ok: true, alone, topicIds, topics }, [alone.buffer, topicIds.buffer, topics.buffer]);
  } catch (error) {
    send({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});

// The analysis window's CPU work in worker threads, so the daemon keeps answering while a large
// window is analysed. The grouping worker receives the rows in parts, then the options; it groups
// every article into stories and reads the topics of the covered stories; the stories go back in
// parts, by article id, then the rest. Given a reader (a second worker, on another core), it
// forwards each part of the rows to it as it comes: the reader reads what a story's topic is read
// from in each article (readStoryArticles) while the window is still being grouped, which was most
// of the topics' time and needs no story.
import { type MessagePort, parentPort } from 'node:worker_threads';
import type { RecentArticleRow } from '../../../db/article-topics.js';
import { classifyStory, READING_LENGTH, readStoryArticles, TOPICS } from '../classify/index.js';
import { fileWindow, groupWindow, type StoryLimits, storyParts, storyTexts, type WorkerMessage } from './stories.js';

const send = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);

/** A part of the rows as the reader gets it, and its answer. */
type ReaderPart = { ids: number[]; texts: { title: string; body: string }[] };
type ReaderAnswer = { ids: number[]; readings: Float64Array };

const rows: RecentArticleRow[] = [];
let reader: MessagePort | null = null;
/** Each read article's reading, by id. */
const readings = new Map<number, Float64Array>();
let partsOut = 0;
let allRead: (() => void) | null = null;
type Request = { rows: RecentArticleRow[] } | { options: StoryLimits } | { reader: MessagePort } | { read: MessagePort };

function serveAsReader(port: MessagePort): void {
  port.on('message', ({ ids, texts }: ReaderPart) => {
    const answer: ReaderAnswer = { ids, readings: readStoryArticles(texts) };
    port.postMessage(answer, [answer.readings.buffer as ArrayBuffer]);
  });
}

function sendPartsTo(port: MessagePort): void {
  reader = port;
  port.on('message', (answer: ReaderAnswer) => {
    answer.ids.forEach((id, i) => readings.set(id, answer.readings.subarray(i * READING_LENGTH, (i + 1) * READING_LENGTH)));
    if (--partsOut === 0) allRead?.();
  });
}

/** Resolves once the reader has answered for every part sent to it. */
function readingsDone(): Promise<void> {
  return partsOut === 0 ? Promise.resolve() : new Promise((resolve) => (allRead = resolve));
}

parentPort!.on('message', async (message: Request) => {
  if ('read' in message) return serveAsReader(message.read);
  if ('reader' in message) return sendPartsTo(message.reader);
  if ('rows' in message) {
    for (const row of message.rows) rows.push(row);
    if (reader) {
      partsOut++;
      const part: ReaderPart = { ids: message.rows.map((row) => row.id), texts: message.rows.map((row) => ({ title: row.title, body: row.lead ?? '' })) };
      reader.postMessage(part);
    }
    return;
  }
  try {
    const grouped = groupWindow(rows, message.options);
    await readingsDone();
    const topics = grouped.covered.map(({ members }) =>
      classifyStory(
        storyTexts(members),
        members.map((article) => readings.get(article.id)),
      ),
    );
    const window = fileWindow(grouped, topics, message.options);
    for (const message of storyParts(window.covered)) send(message);
    const topicIds = Int32Array.from(window.topicOf.keys());
    const topicValues = Uint8Array.from(window.topicOf.values(), (topic) => TOPICS.indexOf(topic));
    const alone = Int32Array.from(window.alone);
    send({ ok: true, alone, topicIds, topics: topicValues }, [alone.buffer, topicIds.buffer, topicValues.buffer]);
  } catch (error) {
    send({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});

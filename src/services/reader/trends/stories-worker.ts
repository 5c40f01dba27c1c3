// The analysis window's CPU work in worker threads, so the daemon keeps answering while a large
// window is analysed. The grouping worker receives the rows in parts, then the options; it groups
// every article into stories and reads the topics of the covered stories; the stories go back in
// parts, by article id, then the rest, with the readings it made. An article stored with its reading
// (what a story's topic reads of it) is not read again; given a reader (a second worker, on another
// core, which may come once the rows are under way), the grouping worker forwards the articles that
// came without one, those before the reader and then each part's as it comes: the reader reads them
// (readStoryArticles) while the window is still being grouped, which needs no story. A lead is
// kept only as far as the grouping reads it once its reading is made (or is on its way): a week's
// whole leads were a few hundred MB of this thread's heap, and a story's topic reads the readings.
import { type MessagePort, parentPort } from 'node:worker_threads';
import type { RecentArticleRow } from '../../../db/article-topics.js';
import { READING_LENGTH, readStoryArticles, TOPICS } from '../classify/index.js';
import { GROUPED_LEAD } from './engine/index.js';
import {
  addReadings,
  fileWindow,
  groupWindow,
  type NewReadings,
  readMissing,
  type StoryLimits,
  storyParts,
  storyTopic,
  type WorkerMessage,
} from './stories.js';

const send = (message: WorkerMessage, transfer: ArrayBuffer[] = []) => parentPort!.postMessage(message, transfer);

/** A part of the rows as the reader gets it, and its answer. */
type ReaderPart = { ids: number[]; texts: { title: string; body: string }[] };
type ReaderAnswer = { ids: number[]; readings: Float32Array };

const rows: RecentArticleRow[] = [];
let reader: MessagePort | null = null;
/** Each article's reading, by id: stored with it, or read here or by the reader. */
const readings = new Map<number, Float32Array>();
/** The readings the reader made, in parts. */
const readerParts: ReaderAnswer[] = [];
let partsOut = 0;
let allRead: (() => void) | null = null;
type Request = { rows: RecentArticleRow[] } | { options: StoryLimits } | { reader: MessagePort } | { read: MessagePort } | { next: true };

/**
 * Parts of the answer sent before the daemon's thread has asked for more: it decodes every message
 * that has arrived in one go before it handles any, and a week's parts sent at once held it 240 ms.
 */
const PARTS_AHEAD = 2;
let asked = PARTS_AHEAD;
let askedMore: (() => void) | null = null;

/** Sends the parts as the daemon's thread asks for them, PARTS_AHEAD ahead. */
async function sendPaced(messages: readonly WorkerMessage[]): Promise<void> {
  for (const message of messages) {
    while (asked === 0) await new Promise<void>((resolve) => (askedMore = resolve));
    asked--;
    send(message);
  }
}

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
    readerParts.push(answer);
    if (--partsOut === 0) allRead?.();
  });
  // A reader may come once the window is under way: it reads what came before it too.
  forwardUnread(rows);
}

/** The articles of these rows that came without a reading, to the reader. */
function forwardUnread(part: readonly RecentArticleRow[]): void {
  const unread = part.filter((row) => !row.reading);
  if (!reader || unread.length === 0) return;
  partsOut++;
  const message: ReaderPart = { ids: unread.map((row) => row.id), texts: unread.map((row) => ({ title: row.title, body: row.lead ?? '' })) };
  reader.postMessage(message);
  // The reader has the whole leads: the grouping reads no further than GROUPED_LEAD.
  for (const row of unread) row.lead = row.lead.slice(0, GROUPED_LEAD);
}

/** Resolves once the reader has answered for every part sent to it. */
function readingsDone(): Promise<void> {
  return partsOut === 0 ? Promise.resolve() : new Promise((resolve) => (allRead = resolve));
}

/** The reader's parts as one set of new readings. */
function joined(parts: readonly ReaderAnswer[]): NewReadings {
  const ids = Int32Array.from(parts.flatMap((part) => part.ids));
  const all = new Float32Array(ids.length * READING_LENGTH);
  let at = 0;
  for (const part of parts) {
    all.set(part.readings, at);
    at += part.readings.length;
  }
  return { ids, readings: all };
}

parentPort!.on('message', async (message: Request) => {
  if ('next' in message) {
    asked++;
    askedMore?.();
    askedMore = null;
    return;
  }
  if ('read' in message) return serveAsReader(message.read);
  if ('reader' in message) return sendPartsTo(message.reader);
  if ('rows' in message) {
    for (const row of message.rows) {
      rows.push(row);
      if (row.reading) readings.set(row.id, row.reading);
    }
    forwardUnread(message.rows);
    return;
  }
  try {
    const grouped = groupWindow(rows, message.options);
    await readingsDone();
    const newReadings = reader ? joined(readerParts) : readMissing(rows);
    if (!reader) addReadings(readings, newReadings);
    const topics = grouped.covered.map(({ members }) => storyTopic(members, readings));
    const window = fileWindow(grouped, topics, message.options, newReadings);
    await sendPaced(storyParts(window.covered));
    const topicIds = Int32Array.from(window.topicOf.keys());
    const topicValues = Uint8Array.from(window.topicOf.values(), (topic) => TOPICS.indexOf(topic));
    const alone = Int32Array.from(window.alone);
    const { ids: readIds, readings: made } = window.newReadings;
    send({ ok: true, alone, topicIds, topics: topicValues, readIds, readings: made }, [
      alone.buffer,
      topicIds.buffer,
      topicValues.buffer,
      readIds.buffer as ArrayBuffer,
      made.buffer as ArrayBuffer,
    ]);
  } catch (error) {
    send({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});

// The analysis window's CPU work (clustering every article and weighing each story's topic) in a
// worker thread, so the daemon keeps answering while a large window is analysed. The rows arrive in
// parts, then the options; the stories go back by article id.
import { parentPort } from 'node:worker_threads';
import type { RecentArticleRow } from '../../../db/article-topics.js';
import { byIds, type StoryLimits, windowStories } from './stories.js';

const rows: RecentArticleRow[] = [];
parentPort!.on('message', (message: { rows: RecentArticleRow[] } | { options: StoryLimits }) => {
  if ('rows' in message) {
    for (const row of message.rows) rows.push(row);
    return;
  }
  try {
    parentPort!.postMessage({ ok: true, window: byIds(windowStories(rows, message.options)) });
  } catch (error) {
    parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});

// The analysis window's CPU work (clustering every article and weighing each story's topic) in a
// worker thread, so the daemon keeps answering while a large window is analysed.
import { parentPort } from 'node:worker_threads';
import type { RecentArticleRow } from '../../../db/article-topics.js';
import { windowStories } from './stories.js';

parentPort!.once('message', (request: { articles: RecentArticleRow[]; options: { minArticles: number; minSources: number } }) => {
  try {
    parentPort!.postMessage({ ok: true, window: windowStories(request.articles, request.options) });
  } catch (error) {
    parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});

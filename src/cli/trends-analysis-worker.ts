// `newsctl trends analyze` in a worker thread: the command starts it with a young generation sized
// for the analysis (ANALYSIS_LIMITS), which the main thread's heap cannot be given once running.
import { parentPort, workerData } from 'node:worker_threads';
import { type AnalysisOutputOptions, analysisLines, parseArticleLines } from './trends-analysis.js';

export interface AnalysisRequest {
  /** The JSON lines as read. */
  text: string;
  options: AnalysisOutputOptions;
}

export interface AnalysisAnswer {
  lines: string[];
  /** One message per rejected line. */
  problems: string[];
}

const { text, options } = workerData as AnalysisRequest;
const { articles, problems } = parseArticleLines(text);
const answer: AnalysisAnswer = { lines: analysisLines(articles, options), problems };
parentPort!.postMessage(answer);

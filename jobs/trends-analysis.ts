// bree job (worker thread): asks the daemon to start a trends analysis, which it runs in its own
// thread (a worker never opens the embedded database).
import { parentPort } from 'node:worker_threads';

parentPort?.postMessage('start-trends-analysis');

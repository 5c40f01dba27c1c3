// bree job (worker thread): asks the daemon to start a spider run. A worker never opens the
// embedded database, so the daemon's `worker message` handler runs the service in its own thread.
import { parentPort } from 'node:worker_threads';

parentPort?.postMessage('start-spider');

// bree job (worker thread) for every row of the schedule: posts its row's name back, and the
// daemon's thread starts the row's job for the slot. A worker never opens the embedded database.
import { parentPort, workerData } from 'node:worker_threads';

parentPort?.postMessage((workerData as { slot?: string } | undefined)?.slot);

// bree's job for every cron line of the schedule, run in a worker thread when the line comes due:
// it tells the daemon's thread which row fired, and the daemon starts the row's job for the slot
// (src/services/schedule/). A worker never opens the embedded database, which one thread holds.
import { parentPort, workerData } from 'node:worker_threads';

parentPort?.postMessage({ row: (workerData as { row?: string } | undefined)?.row });

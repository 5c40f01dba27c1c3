// Ending what the services run in this process, in one order, whichever front end ends it (the
// daemon's HTTP server closing, or a command's runtime without one). Safe to call again.
import type { AppContext } from './context.js';
import { shutdownJobs } from './services/platform/jobs/index.js';
import { closeCrawlNetwork } from './services/reader/spider/network.js';

export async function stopServices(ctx: AppContext): Promise<void> {
  // Runs held here are handed over first (to another daemon, or to this one after a restart), so
  // that none outlives the crawler's connections or the database.
  await shutdownJobs(ctx);
  await closeCrawlNetwork(ctx);
}

// What every service function receives: configuration, the query layer, the event bus, and the
// long-running jobs of this process (spider, analyzers…), which hold state across calls.
import type { Config } from './config.js';
import type { Database, Sql } from './db/client.js';
import type { EventBus } from './services/events.js';

export interface AppContext {
  config: Config;
  db: Database;
  sql: Sql;
  events: EventBus;
  /** Per-process job objects by name; reach them through `contextJob`, never directly. */
  jobs: Map<string, unknown>;
}

/** The context's one instance of a stateful job, created on first use. */
export function contextJob<T>(ctx: Pick<AppContext, 'jobs'>, name: string, create: () => T): T {
  let job = ctx.jobs.get(name) as T | undefined;
  if (job === undefined) {
    job = create();
    ctx.jobs.set(name, job);
  }
  return job;
}

// What every service function receives: configuration, the query layer, the event bus, the jobs
// the process works, and the per-process objects that hold state across calls (the job runner, the
// crawl network…), each reached through its typed slot.
import type { Config } from './config.js';
import type { Database, Sql } from './db/client.js';
import type { EventBus } from './services/platform/events.js';
import type { JobCatalog } from './services/platform/jobs/registry.js';

export interface AppContext {
  config: Config;
  db: Database;
  sql: Sql;
  events: EventBus;
  /** Per-process objects (the job runner, the crawl network…) by slot; reach them through `contextJob`. */
  jobs: Map<ContextSlot<unknown>, unknown>;
  /** The background jobs this process works and who follows their runs (`PRODUCT_JOBS` but in tests). */
  catalog: JobCatalog;
}

/**
 * The key of one per-process object of a context. The object's type travels with the key, so a
 * read needs no cast, and the key is the slot itself (not its name), so two modules cannot collide.
 */
export interface ContextSlot<T> {
  readonly name: string;
  /** Never set: carries T. */
  readonly type?: T;
}

export function contextSlot<T>(name: string): ContextSlot<T> {
  return { name };
}

/** The context's one instance of a stateful object, created on first use. */
export function contextJob<T>(ctx: Pick<AppContext, 'jobs'>, slot: ContextSlot<T>, create: () => T): T {
  let job = ctx.jobs.get(slot) as T | undefined;
  if (job === undefined) {
    job = create();
    ctx.jobs.set(slot, job);
  }
  return job;
}

/** The instance if one was created, without creating it. */
export function existingContextJob<T>(ctx: Pick<AppContext, 'jobs'>, slot: ContextSlot<T>): T | undefined {
  return ctx.jobs.get(slot) as T | undefined;
}

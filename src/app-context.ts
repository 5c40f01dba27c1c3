// A context as a process opens it: its configuration and database, a fresh event bus, no
// per-process objects yet, and the product's jobs (a test may hand its own catalog).
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/client.js';
import { createEventBus } from './services/platform/events.js';
import { PRODUCT_JOBS } from './job-catalog.js';

export function createAppContext(parts: { config: Config; db: Database } & Partial<Pick<AppContext, 'events' | 'catalog'>>): AppContext {
  const { config, db } = parts;
  return { config, db, sql: db.sql, events: parts.events ?? createEventBus(), jobs: new Map(), catalog: parts.catalog ?? PRODUCT_JOBS };
}

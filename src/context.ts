// What every service function receives: configuration, the query layer and the event bus.
import type { Config } from './config.js';
import type { Database, Sql } from './db/client.js';
import type { EventBus } from './services/events.js';

export interface AppContext {
  config: Config;
  db: Database;
  sql: Sql;
  events: EventBus;
}

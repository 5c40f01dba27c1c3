// A daemon for a bench to measure: in this process, on a data folder and optionally a PostgreSQL
// database, listening on a free local port, with no scheduler, log output or web files of its own.
import { join } from 'node:path';
import { loadConfig } from '../../src/config.js';
import { startDaemon } from '../../src/runtime.js';

export function startQuietDaemon(options: { dataDir: string; databaseUrl: string | null; folder: string }) {
  const config = loadConfig({
    NEWSCTL_DATA_DIR: options.dataDir,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    HOST: '127.0.0.1',
    PORT: '0',
    NEWSCTL_SCHEDULER: 'false',
    NEWSCTL_LOG_LEVEL: 'silent',
  });
  return startDaemon(config, { logger: false, operatorSocket: false, webRoot: join(options.folder, 'no-web') });
}

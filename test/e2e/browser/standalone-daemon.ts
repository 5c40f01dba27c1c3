// The real daemon app for scripts that run outside vitest (screenshots, the web benchmark):
// the same pieces as test/helpers/server.ts, which needs vitest's provided database template.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../../src/config.js';
import type { AppContext } from '../../../src/context.js';
import { openDatabase, type Sql } from '../../../src/db/client.js';
import { migrate } from '../../../src/db/migrate.js';
import { buildApp } from '../../../src/server/app.js';
import { setAdminAccount } from '../../../src/services/platform/auth/index.js';
import { createAppContext } from '../../../src/app-context.js';

export const STANDALONE_ADMIN = { username: 'admin', password: 'correct horse battery' };

export interface StandaloneDaemon {
  baseUrl: string;
  ctx: AppContext;
  sql: Sql;
  config: Config;
  close(): Promise<void>;
}

export async function startStandaloneDaemon(env: Record<string, string> = {}): Promise<StandaloneDaemon> {
  const dataDir = mkdtempSync(join(tmpdir(), 'newsctl-web-script-'));
  const config = loadConfig({ NEWSCTL_LOG_LEVEL: 'silent', ...env, NEWSCTL_DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0' });
  const db = await openDatabase({ databaseUrl: null, dataDir: '', inMemory: true });
  await migrate(db.sql);
  const ctx = createAppContext({ config, db });
  await setAdminAccount(ctx, STANDALONE_ADMIN.username, STANDALONE_ADMIN.password);
  const { app } = await buildApp(ctx, { logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    ctx,
    sql: db.sql,
    config,
    async close() {
      await app.close();
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

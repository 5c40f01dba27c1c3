// The real daemon app, in-process on an ephemeral port with a fresh database: for API and browser
// tests. Seed data through `sql`; call the API through `baseUrl` (real HTTP) or `app.inject`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../src/config.js';
import type { AppContext } from '../../src/context.js';
import type { Sql } from '../../src/db/client.js';
import { buildApp, type BuildAppOptions } from '../../src/server/app.js';
import { setAdminAccount } from '../../src/services/platform/auth/index.js';
import { createTestDatabase } from './db.js';
import { createAppContext } from '../../src/app-context.js';

export const TEST_ADMIN = { username: 'admin', password: 'correct horse battery' };

export interface TestServer {
  baseUrl: string;
  app: FastifyInstance;
  ctx: AppContext;
  sql: Sql;
  config: Config;
  localSecret: string;
  /** Logs in as TEST_ADMIN over HTTP and returns the Cookie header value. */
  loginCookie(): Promise<string>;
  close(): Promise<void>;
}

export async function startTestServer(options: { env?: Record<string, string>; app?: BuildAppOptions } = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'newsctl-test-data-'));
  const config = loadConfig({ NEWSCTL_LOG_LEVEL: 'silent', ...options.env, NEWSCTL_DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0' });
  const database = await createTestDatabase();
  const ctx = createAppContext({ config, db: database.db });
  await setAdminAccount(ctx, TEST_ADMIN.username, TEST_ADMIN.password);
  const { app, localSecret } = await buildApp(ctx, { logger: false, ...options.app });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as { port: number };
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    app,
    ctx,
    sql: ctx.sql,
    config,
    localSecret,
    async loginCookie() {
      const login = () =>
        fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(TEST_ADMIN) });
      let response = await login();
      // On a busy machine a fresh database connection can take longer than the monitor waits for
      // one (src/services/platform/health/database-monitor.ts), and the daemon answers 503 with Retry-After
      // until its next probe: a client retries, and so does this setup step (CI's PostgreSQL pass).
      for (let tries = 0; response.status === 503 && tries < 10; tries++) {
        await response.arrayBuffer();
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        response = await login();
      }
      if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
      const cookie = response.headers.get('set-cookie') ?? '';
      return cookie.split(';')[0]!;
    },
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

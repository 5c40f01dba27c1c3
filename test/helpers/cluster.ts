// Several `newsctl serve` processes on one fresh PostgreSQL database, each with a data folder of its
// own: the shape every cluster test starts from (the embedded database is one process per folder).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { createTestDatabase, type TestDatabase } from './db.js';
import { loginCookie, spawnDaemon, type DaemonProcess } from './daemon.js';

/** The administrator of every cluster test's daemons. */
const CLUSTER_ADMIN = { username: 'operator', password: 'a long enough password' };

export interface TestCluster {
  database: TestDatabase;
  /** A client of the cluster's database (camelCase rows), for checks behind the daemons' backs. */
  sql: postgres.Sql;
  daemons: DaemonProcess[];
  login(daemon: DaemonProcess): Promise<string>;
  /** Ends every daemon still running (one frozen with SIGSTOP is woken first), then drops the database and the folders. */
  close(): Promise<void>;
}

export async function startCluster(options: {
  daemons: number;
  /** Names the data folders. */
  name: string;
  env: Record<string, string>;
  /** Runs on the database before any daemon starts. */
  prepare?: (sql: postgres.Sql) => Promise<void>;
}): Promise<TestCluster> {
  const database = await createTestDatabase();
  const sql = postgres(database.url!, { max: 2, onnotice: () => {}, transform: postgres.camel });
  const dataDirs = Array.from({ length: options.daemons }, (_, i) => mkdtempSync(join(tmpdir(), `newsctl-${options.name}-${i}-`)));
  const env = { NEWSCTL_ADMIN_USERNAME: CLUSTER_ADMIN.username, NEWSCTL_ADMIN_PASSWORD: CLUSTER_ADMIN.password, NEWSCTL_SCHEDULER: 'false', ...options.env };
  const daemons: DaemonProcess[] = [];
  const close = async () => {
    for (const daemon of daemons) {
      if (daemon.child.exitCode !== null || daemon.child.signalCode !== null) continue;
      daemon.child.kill('SIGCONT');
      daemon.child.kill('SIGTERM');
    }
    await Promise.all(daemons.map((daemon) => daemon.exited));
    await sql.end();
    await database.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  };
  try {
    await options.prepare?.(sql);
    daemons.push(...(await Promise.all(dataDirs.map((dir) => spawnDaemon(['--data-dir', dir, '--database-url', database.url!], env)))));
  } catch (error) {
    await close();
    throw error;
  }
  return { database, sql, daemons, login: (daemon) => loginCookie(daemon.baseUrl, CLUSTER_ADMIN), close };
}

// Runs newsctl as real processes, as an operator would: `newsctl serve` (waiting until it answers)
// and single CLI commands, each suite with its own data folder and database.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase } from '../../src/db/client.js';
import { packagePath } from '../../src/paths.js';
import { createTestDatabase, type TestDatabase } from './db.js';
import { TEST_NODE_FLAGS } from './node-flags.js';

export interface DaemonProcess {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  /** Resolves with the exit code (or signal name). */
  exited: Promise<number | string>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export const CLI = packagePath('bin', 'newsctl.js');

/**
 * Environment for child processes: the build when `npm test` has just made it current, else the
 * sources; no inherited database or admin settings.
 */
export function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const fromSource = process.env.NEWSCTL_TEST_COMPILED === '1' ? {} : { NEWSCTL_FROM_SOURCE: '1' };
  const env: NodeJS.ProcessEnv = { ...process.env, ...fromSource, NEWSCTL_LOG_LEVEL: 'warn', ...extra };
  for (const key of ['DATABASE_URL', 'NEWSCTL_ADMIN_USERNAME', 'NEWSCTL_ADMIN_PASSWORD', 'NEWSCTL_URL', 'NEWSCTL_TOKEN']) {
    if (!(key in extra)) delete env[key];
  }
  return env;
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `newsctl ARGS` as an operator would, from the sources, and collects its output. */
export function runCli(args: string[], options: { env?: Record<string, string>; stdin?: string; cwd?: string } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...TEST_NODE_FLAGS, CLI, ...args], {
      env: childEnv(options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    // 'close', not 'exit': the output may still be arriving when the process exits.
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(options.stdin ?? '');
  });
}

export interface DaemonStorage {
  dataDir: string;
  /** The suite's own PostgreSQL database when DATABASE_URL is set, else null (embedded in dataDir). */
  database: TestDatabase | null;
  /** `--database-url URL` for the daemon and the CLI, or nothing. */
  dbArgs: string[];
}

/**
 * A fresh data folder, and with DATABASE_URL a fresh database, for the enclosing suite; removed after
 * it. Either database starts migrated from the run's template, as a PostgreSQL one is made: the
 * first command or daemon does not spend seconds on initdb and every migration (the README's first
 * steps and the old-data suite still start from an empty folder).
 */
export function daemonStorage(prefix: string): DaemonStorage {
  const storage: DaemonStorage = { dataDir: '', database: null, dbArgs: [] };
  beforeAll(async () => {
    storage.dataDir = mkdtempSync(join(tmpdir(), prefix));
    if (process.env.DATABASE_URL) {
      storage.database = await createTestDatabase();
      storage.dbArgs = ['--database-url', storage.database.url!];
    } else {
      const db = await openDatabase({ databaseUrl: null, dataDir: storage.dataDir, loadDataDir: new Blob([readFileSync(inject('embeddedTemplate'))]) });
      await db.close();
    }
  }, 60_000);
  afterAll(async () => {
    await storage.database?.drop();
    if (storage.dataDir) rmSync(storage.dataDir, { recursive: true, force: true });
  });
  return storage;
}

/**
 * Starts `newsctl serve` on a free port and waits until it serves. The port is free when chosen but
 * another process (a parallel test file, another suite) may bind it before the daemon does: a start
 * that fails on EADDRINUSE is tried again on a new port.
 */
export async function spawnDaemon(args: string[], env: Record<string, string> = {}, timeoutMs = 90_000): Promise<DaemonProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnFreePort(args, env, timeoutMs);
    } catch (error) {
      if (attempt >= 3 || !String((error as Error).message).includes('EADDRINUSE')) throw error;
    }
  }
}

async function spawnOnFreePort(args: string[], env: Record<string, string>, timeoutMs: number): Promise<DaemonProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, CLI, 'serve', '--host', '127.0.0.1', '--port', String(port), ...args], {
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`daemon exited early (${child.exitCode}):\n${output}`);
    try {
      // Serving, and done printing its start-up lines (the admin password among them).
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok && output.includes('newsctl is serving')) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`daemon did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { child, baseUrl, output: () => output, exited };
}

/** The pid in a job or claim holder's name (host:pid:tag): which daemon process holds it. */
export const pidOf = (holder: string | null) => Number(holder?.split(':').at(-2));

/** Logs in through the real endpoint and returns the session cookie (name=value). */
export async function loginCookie(baseUrl: string, credentials: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const cookie = response.headers.get('set-cookie');
  if (response.status !== 200 || !cookie) throw new Error(`login failed: HTTP ${response.status} ${await response.text()}`);
  return cookie.split(';')[0]!;
}

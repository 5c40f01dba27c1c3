// The one query layer: postgres.js, against either an external PostgreSQL (DATABASE_URL) or an
// embedded PGlite served over a private Unix socket, so all SQL is written once for both.
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { connect as netConnect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import postgres from 'postgres';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { guardTypesFetch } from './types-fetch-guard.js';
import type { EmbeddedReply, EmbeddedRequest, EmbeddedStart } from './embedded-worker.js';
import { siblingModuleFile, startWorker } from '../worker-thread.js';

export type Sql = postgres.Sql<Record<string, unknown>>;
export type TransactionSql = postgres.TransactionSql<Record<string, unknown>>;
/** What a db module function accepts: the pool or an open transaction. */
export type Queryable = Sql | TransactionSql;

export interface Database {
  readonly kind: 'embedded' | 'postgres';
  /** Stable handle: keeps working across recycle(), which swaps the pool underneath. */
  readonly sql: Sql;
  /**
   * Opens fresh pooled connections and closes the old ones; in-flight queries finish first. With
   * `drain: false` (after a silent network) the old connections are given up at once: a query still
   * waiting on one fails as an outage (ETIMEDOUT), which the job runner retries on the new pool.
   */
  recycle(options?: { drain?: boolean }): Promise<{ latencyMs: number }>;
  /** Round-trip time of a trivial query. */
  ping(): Promise<number>;
  /**
   * External PostgreSQL only: `select 1` on a connection of its own, outside the pool, bounded by
   * `timeoutMs` — so a pool whose connections all wait on a silent network cannot hide a healthy
   * server, and busy pooled connections cannot make a healthy server look dead.
   */
  probe?(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
  /** Embedded only: a gzipped image of the database files (tests load it instead of running initdb). */
  dumpDataDir?(): Promise<Blob>;
}

export interface OpenDatabaseOptions {
  databaseUrl: string | null;
  /** Where the embedded database lives (`{dataDir}/pg`); unused with databaseUrl. */
  dataDir: string;
  /** Pool size for an external PostgreSQL. */
  maxConnections?: number;
  /** In-memory embedded database (tests): nothing is written to dataDir. */
  inMemory?: boolean;
  /** Start the embedded database from a dump made by `dumpEmbeddedTemplate` (tests). */
  loadDataDir?: Blob;
  /** The process runs one command and exits: the embedded database is not worth optimising. */
  shortLived?: boolean;
}

const baseOptions = {
  // How operators find our sessions in pg_stat_activity (a URL's ?application_name= still wins).
  connection: { application_name: 'newsctl' },
  // snake_case columns become camelCase fields (and back for sql(object) helpers).
  transform: { ...postgres.camel, undefined: null },
  onnotice: () => {},
  connect_timeout: 10,
  // Seconds before a connection that failed tries again. postgres.js's default grows to 20 s, which
  // held a daemon back ~10 s after its database returned; ours is at most 1 s. Hammering is not a
  // risk: while the database is down only the health monitor's probe and waiting jobs ask.
  backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
} as const;

/**
 * Makes every socket of a pool, so that closing the pool can refuse new ones. postgres.js (3.4)
 * opens connections after end() has resolved: a query still waiting for a free connection when end()
 * is called is started on a fresh connection as soon as a busy one closes, and reserve() does not
 * look at end() at all. Nothing ever closes those connections: they kept the CLI's process alive
 * (an in-process command on PostgreSQL that failed at once did not exit), and a recycled pool's
 * would stay open in the daemon for good. Once closed, the gate hands out sockets that fail at once
 * with CONNECTION_ENDED, through postgres.js's own error path, so each waiting query is rejected as
 * any query after end() is, and the next waiting one is tried, until none is left. An open gate
 * hands over the socket still connecting, exactly as postgres.js makes its own (writes wait for the
 * connection; errors and timeouts reach its handlers), so outages and reconnects behave as before.
 */
interface SocketGate {
  /** The socket factory of one pool (its LISTEN connection included); retire() stops that pool alone. */
  pool(): PoolSockets;
  /** From now on every connection attempt fails with CONNECTION_ENDED. */
  close(): void;
  /** Ends any socket still open (after the pool's end(); none is expected). */
  destroyAll(): void;
  /** Whether the server sent anything, on any connection, since `since` (performance.now()). */
  heardSince(since: number): boolean;
}

interface PoolSockets {
  connect(options: { host: string[]; port: number[]; path: string | false }): Socket;
  /**
   * A pool replaced by a recycle opens nothing more: a query that was waiting on it fails as an
   * outage (CONNECTION_CLOSED), which the job runner and the monitor retry on the new pool, instead
   * of getting a connection of the old pool that nothing would ever close.
   */
  retire(): void;
  /**
   * Ends the pool's open sockets with an ETIMEDOUT error, as TCP does when it gives up on a
   * connection: each query waiting on one is rejected as an outage (and retried) now instead of
   * after TCP's own timeout, minutes later.
   */
  abandon(): void;
}

/** A socket that fails at once (a Unix socket path that does not exist), its error carrying `code`. */
function refusedSocket(code: 'CONNECTION_ENDED' | 'CONNECTION_CLOSED', reason: string): Socket {
  const socket = netConnect({ path: join(tmpdir(), `newsctl-closed-${process.pid}-${randomUUID()}`) });
  socket.prependListener('error', (error: Error) => Object.assign(error, { code, errno: code, message: `write ${code}: ${reason}` }));
  return socket;
}

function socketGate(): SocketGate {
  const sockets = new Set<Socket>();
  let closed = false;
  let next = 0;
  let heard = Number.NEGATIVE_INFINITY;
  const hear = () => {
    heard = performance.now();
  };
  return {
    pool() {
      let retired = false;
      const own = new Set<Socket>();
      return {
        connect({ host, port, path }) {
          if (closed) return refusedSocket('CONNECTION_ENDED', 'the database is closed');
          if (retired) return refusedSocket('CONNECTION_CLOSED', 'the connection pool was replaced');
          // Several hosts in the URL: one after the other, as postgres.js does.
          const index = next++ % Math.max(1, host.length);
          const socket = path ? netConnect({ path }) : netConnect({ host: host[index]!, port: port[index] ?? port[0]! });
          // postgres.js names these in its connection errors.
          if (!path) Object.assign(socket, { host: host[index], port: port[index] ?? port[0] });
          socket.on('data', hear);
          sockets.add(socket);
          own.add(socket);
          socket.once('close', () => {
            sockets.delete(socket);
            own.delete(socket);
          });
          return socket;
        },
        retire() {
          retired = true;
        },
        abandon() {
          for (const socket of own) {
            socket.destroy(Object.assign(new Error('the connection stopped answering (silent network); given up'), { code: 'ETIMEDOUT', errno: 'ETIMEDOUT' }));
          }
          own.clear();
        },
      };
    },
    close() {
      closed = true;
    },
    destroyAll() {
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    heardSince: (since) => heard >= since,
  };
}

/** postgres.js's `socket` option (a socket factory; missing from its type declarations). */
const gated = (sockets: PoolSockets): object => ({ socket: sockets.connect });

function stableHandle(current: () => Sql): Sql {
  // A function target so the proxy is callable as a tagged template and as sql(rows, ...cols).
  return new Proxy((() => {}) as unknown as Sql, {
    apply: (_target, _this, args) => (current() as unknown as (...a: unknown[]) => unknown)(...args),
    get: (_target, prop) => {
      const pool = current() as unknown as Record<string | symbol, unknown>;
      const value = pool[prop];
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(pool) : value;
    },
  });
}

async function timedPing(sql: Sql): Promise<number> {
  const start = performance.now();
  await sql`select 1`;
  return Math.round((performance.now() - start) * 100) / 100;
}

function poolSwitcher(create: (sockets: PoolSockets) => Sql) {
  // One gate for every pool of this database: close() shuts it; a recycle retires the old pool's part.
  const gate = socketGate();
  const open = () => {
    const sockets = gate.pool();
    return { sql: create(sockets), sockets };
  };
  let current = open();
  const sql = stableHandle(() => current.sql);
  return {
    sql,
    gate,
    async recycle({ drain = true }: { drain?: boolean } = {}): Promise<{ latencyMs: number }> {
      const fresh = open();
      let latencyMs: number;
      try {
        latencyMs = await timedPing(fresh.sql);
      } catch (error) {
        // The database did not answer: keep the pool we have (it reconnects on its own), drop the new one.
        fresh.sockets.retire();
        void fresh.sql.end({ timeout: 0 }).catch(() => {});
        throw error;
      }
      const old = current;
      current = fresh;
      old.sockets.retire();
      if (drain) await old.sql.end({ timeout: 5 });
      else {
        void old.sql.end().catch(() => {});
        old.sockets.abandon();
      }
      return { latencyMs };
    },
    ping: () => timedPing(current.sql),
    async end(): Promise<void> {
      gate.close();
      await current.sql.end({ timeout: 5 });
      gate.destroyAll();
    },
  };
}

/**
 * The probe connection: one, opened on demand, dropped (and opened anew next time) when it does not
 * answer in time. A timeout counts only when the server sent nothing on any connection meanwhile: on
 * a machine loaded far past its cores, opening a fresh connection took longer than the limit while
 * the pool's queries were being answered, and a healthy database was called down (a command then
 * failed with the outage's 503). A silent network sends nothing on any of them.
 */
function standaloneProbe(create: () => Sql, heardSince: (since: number) => boolean) {
  let client: Sql | null = null;
  const drop = (which: Sql) => {
    if (client === which) client = null;
    void which.end({ timeout: 0 }).catch(() => {});
  };
  return {
    async probe(timeoutMs: number): Promise<void> {
      const current = (client ??= create());
      const started = performance.now();
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          current`select 1`,
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => {
              // The event loop may have been busy past the deadline with the answer already waiting:
              // let pending I/O in (setImmediate runs after the poll phase) before calling it a timeout.
              setImmediate(() => reject(Object.assign(new Error(`the database did not answer within ${timeoutMs} ms`), { code: 'CONNECT_TIMEOUT' })));
            }, timeoutMs);
          }),
        ]);
      } catch (error) {
        drop(current);
        if ((error as { code?: string }).code === 'CONNECT_TIMEOUT' && heardSince(started)) return;
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
    close: async () => {
      if (client) await client.end({ timeout: 0 }).catch(() => {});
      client = null;
    },
  };
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  guardTypesFetch();
  if (options.databaseUrl) {
    const url = options.databaseUrl;
    const switcher = poolSwitcher((sockets) => postgres(url, { ...baseOptions, max: options.maxConnections ?? 10, ...gated(sockets) }));
    try {
      await switcher.ping();
    } catch (error) {
      await switcher.end().catch(() => {});
      throw error;
    }
    // Behind the same gate: a probe the database monitor asks for after close opens nothing.
    // It only asks `select 1`: no types query, whose failure on a dropped probe postgres.js leaves unhandled.
    const prober = standaloneProbe(
      () => postgres(url, { ...baseOptions, max: 1, connect_timeout: 2, idle_timeout: 60, fetch_types: false, ...gated(switcher.gate.pool()) }),
      switcher.gate.heardSince,
    );
    return {
      kind: 'postgres',
      sql: switcher.sql,
      recycle: switcher.recycle,
      ping: switcher.ping,
      probe: prober.probe,
      async close() {
        await prober.close();
        await switcher.end();
      },
    };
  }
  return openEmbedded(options);
}

/** The buffer pool of a short-lived or in-memory embedded database. */
const SMALL_BUFFER_POOL = '16MB';

/** A WebAssembly function index no module has (V8's tier-up filter takes an int). */
const NO_WASM_FUNCTION = 2_147_483_647;

/**
 * The embedded database's files are the owner's alone. PGlite unpacks a new database's files 0666
 * (whatever the umask), and a folder made by an older version may be wider still: each start puts
 * every file at 0600 and every folder at 0700. Files PostgreSQL creates later honour the umask.
 */
function ownerOnly(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      ownerOnly(path);
      if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o700);
    } else if (entry.isFile() && (statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  }
}

async function openEmbedded(options: OpenDatabaseOptions): Promise<Database> {
  // V8 optimises a hot WebAssembly function in the background, and a process cannot exit before that
  // compilation ends: PGlite's parser, hot from the first queries, took 2.5 s and 570 MB to optimise,
  // so a command that asked one setting took 4.3 s instead of 3.4. A process that runs one command
  // stays on V8's baseline code (an index no function has is the only one allowed to tier up); the
  // daemon optimises. V8's flags are the process's: set here, before PGlite's thread compiles it.
  if (options.shortLived) setFlagsFromString(`--wasm-tier-up-filter=${NO_WASM_FUNCTION}`);

  let lock: DataDirLock | null = null;
  let dataDir: string | undefined;
  if (!options.inMemory) {
    mkdirSync(options.dataDir, { recursive: true });
    lock = acquireDataDirLock(options.dataDir);
    dataDir = join(options.dataDir, 'pg');
  }

  let socketDir: string | null = null;
  let embedded: EmbeddedThread | null = null;
  try {
    // A private 0700 folder keeps the socket (which has no password) away from other local users.
    socketDir = mkdtempSync(join(tmpdir(), 'newsctl-pg-'));
    const socketPath = join(socketDir, '.s.PGSQL.5432');
    embedded = await startEmbeddedThread({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      // PostgreSQL's 128 MB buffer pool is set up at every start (0.3 s of CPU and 120 MB here): the
      // daemon keeps it; a one-command process reads little, and a database held in memory would
      // only hold its pages twice, so they start with a small one.
      ...(options.shortLived || options.inMemory ? { bufferPool: SMALL_BUFFER_POOL } : {}),
      socketPath,
    });
    if (dataDir) ownerOnly(dataDir);
    const switcher = poolSwitcher((sockets) =>
      postgres({ ...baseOptions, path: socketPath, user: 'postgres', database: 'postgres', max: 1, ...gated(sockets) }),
    );
    await switcher.ping();
    const opened = embedded;
    const openedSocketDir = socketDir;
    return {
      kind: 'embedded',
      sql: switcher.sql,
      recycle: switcher.recycle,
      ping: switcher.ping,
      dumpDataDir: () => opened.dump(),
      async close() {
        await switcher.end().catch(() => {});
        await opened.close();
        rmSync(openedSocketDir, { recursive: true, force: true });
        lock?.release();
      },
    };
  } catch (error) {
    await embedded?.close();
    if (socketDir) rmSync(socketDir, { recursive: true, force: true });
    lock?.release();
    throw error;
  }
}

interface EmbeddedThread {
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

/** Starts PGlite in its own thread (embedded-worker.ts), serving `start.socketPath`; resolves once it listens. */
async function startEmbeddedThread(start: EmbeddedStart): Promise<EmbeddedThread> {
  const worker = startWorker(siblingModuleFile('embedded-worker', import.meta.url), { workerData: start });
  const dumps = new Map<number, { resolve: (image: Blob) => void; reject: (error: Error) => void }>();
  let nextDump = 0;
  let ended = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  void exited.then(() => {
    ended = true;
    for (const waiting of dumps.values()) waiting.reject(new Error('the embedded database stopped'));
    dumps.clear();
  });
  await new Promise<void>((resolve, reject) => {
    worker.on('message', (message: EmbeddedReply) => {
      if (message.kind === 'ready') resolve();
      else if (message.kind === 'failed') reject(new Error(message.message));
      else if (message.kind === 'dump') {
        const waiting = dumps.get(message.id);
        dumps.delete(message.id);
        if (message.image) waiting?.resolve(message.image);
        else waiting?.reject(new Error(message.message ?? 'the dump failed'));
      }
    });
    worker.once('error', reject);
    void exited.then(() => reject(new Error('the embedded database stopped before it was ready')));
  }).catch(async (error: unknown) => {
    await worker.terminate();
    throw error;
  });
  // A failure after the start ends the thread: its queries fail as an outage from then on.
  worker.on('error', (error: Error) => process.emitWarning(`The embedded database's thread failed: ${error.message}`));
  return {
    dump: () =>
      new Promise<Blob>((resolve, reject) => {
        if (ended) return reject(new Error('the embedded database stopped'));
        const id = nextDump++;
        dumps.set(id, { resolve, reject });
        worker.postMessage({ kind: 'dump', id } satisfies EmbeddedRequest);
      }),
    async close() {
      if (ended) return;
      // PostgreSQL closes its files; a thread that does not answer in 10 s is ended all the same.
      worker.postMessage({ kind: 'close' } satisfies EmbeddedRequest);
      const timer = setTimeout(() => void worker.terminate(), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

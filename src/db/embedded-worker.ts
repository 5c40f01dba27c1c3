// The embedded PostgreSQL's own thread. PGlite runs each query to its end in WebAssembly on the
// thread that holds it, so in the daemon's thread a query over a week of articles held the event
// loop for as long as it took (1.3 s at 100,000 articles, docs/benchmarks.md): no request, socket
// message or timer was served meanwhile. Here PGlite serves its private Unix socket as before, and
// the daemon's thread talks to it over that socket; only its start, its dump and its close are
// messages. One thread owns the database, as one process owns its data folder.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** What the daemon's thread asks for when it starts this thread. */
export interface EmbeddedStart {
  /** The database's files; none for a database held in memory. */
  dataDir?: string;
  /** A dump to start from (tests). */
  loadDataDir?: Blob;
  /** A small buffer pool (`shared_buffers`) for a short-lived or in-memory database. */
  bufferPool?: string;
  socketPath: string;
}

export type EmbeddedRequest = { kind: 'dump'; id: number } | { kind: 'close' };

export type EmbeddedReply =
  | { kind: 'ready' }
  | { kind: 'failed'; message: string }
  | { kind: 'dump'; id: number; image?: Blob; message?: string }
  | { kind: 'closed' };

const port = parentPort!;
const start = workerData as EmbeddedStart;
const reply = (message: EmbeddedReply) => port.postMessage(message);

try {
  const pglite = await PGlite.create({
    ...(start.dataDir ? { dataDir: start.dataDir } : {}),
    ...(start.loadDataDir ? { loadDataDir: start.loadDataDir } : {}),
    ...(start.bufferPool ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${start.bufferPool}`] } : {}),
  });
  // PGlite is one connection underneath; the extra slots only let a recycled pool overlap its
  // predecessor while that one drains.
  const server = new PGLiteSocketServer({ db: pglite, path: start.socketPath, maxConnections: 4 });
  await server.start();
  port.on('message', (request: EmbeddedRequest) => {
    if (request.kind === 'dump') {
      pglite.dumpDataDir('gzip').then(
        (image) => reply({ kind: 'dump', id: request.id, image }),
        (error: unknown) => reply({ kind: 'dump', id: request.id, message: (error as Error).message }),
      );
      return;
    }
    void (async () => {
      await server.stop().catch(() => {});
      await pglite.close().catch(() => {});
      reply({ kind: 'closed' });
      port.close();
    })();
  });
  reply({ kind: 'ready' });
} catch (error) {
  reply({ kind: 'failed', message: (error as Error).message });
}

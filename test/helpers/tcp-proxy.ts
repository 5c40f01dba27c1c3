// A local TCP proxy in front of PostgreSQL that a test can cut and restore, as a database restart or
// a network fault would: the machine's PostgreSQL itself is never touched (decisions.md "CI").
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  through(databaseUrl: string): string;
  /** Drops every open connection and refuses new ones (as a restarting server does). */
  cut(): Promise<void>;
  /**
   * A silent network: nothing is refused or closed, nothing gets through. Open connections stay
   * stuck for good (restore() does not revive them, as after a lost route); new ones are accepted
   * and then hear nothing until restore().
   */
  stall(): void;
  /** New connections are accepted and hear nothing; those already open keep working (a server slow to take new sessions). */
  stallNew(): void;
  /** The network gives up on the connections a stall caught (as TCP does after its retries): they are reset. */
  resetStuck(): void;
  /** Accepts connections again, on the same port (after cut), or lets new ones through (after stall). */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let stalled = false;
  let stallingNew = false;
  /** Connections caught by a stall: kept open (never forwarded, never closed) until close(). */
  const stuck = new Set<Socket>();
  const freeze = (socket: Socket) => {
    socket.unpipe();
    socket.pause();
    socket.removeAllListeners('data');
    stuck.add(socket);
  };
  const handle = (client: Socket) => {
    if (stalled || stallingNew) {
      client.on('error', () => {});
      freeze(client);
      return;
    }
    const upstream = connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const listen = (server: Server, port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  let server = createServer(handle);
  await listen(server, 0);
  const port = (server.address() as { port: number }).port;
  let open = true;

  const stop = async () => {
    if (!open) return;
    open = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  };

  return {
    port,
    through(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cut: stop,
    stall() {
      stalled = true;
      for (const socket of sockets) freeze(socket);
      sockets.clear();
    },
    stallNew() {
      stallingNew = true;
    },
    resetStuck() {
      for (const socket of stuck) socket.resetAndDestroy();
      stuck.clear();
    },
    async restore() {
      stalled = false;
      stallingNew = false;
      if (open) return;
      server = createServer(handle);
      await listen(server, port);
      open = true;
    },
    async close() {
      for (const socket of stuck) socket.destroy();
      stuck.clear();
      await stop();
    },
  };
}

// A local TCP proxy in front of PostgreSQL that a test can cut and restore, as a database restart or
// a network fault would: the machine's PostgreSQL itself is never touched (decisions.md "CI").
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  through(databaseUrl: string): string;
  /** Drops every open connection and refuses new ones (as a restarting server does). */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const handle = (client: Socket) => {
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
    async restore() {
      if (open) return;
      server = createServer(handle);
      await listen(server, port);
      open = true;
    },
    close: stop,
  };
}

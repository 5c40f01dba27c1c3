import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createApiToken, pruneAuthState, revokeToken, setAdminAccount } from '../../src/services/platform/auth/index.js';
import { openLiveSocket, type LiveSocket } from '../helpers/live.js';
import { TEST_ADMIN } from '../helpers/server.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;

const connect = (headers: Record<string, string> = {}) => openLiveSocket(server.baseUrl, headers);

async function until(condition: () => boolean, timeoutMs = 3000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('/ws live channel', () => {
  it('sends admin sessions every message and anonymous clients only the public ones', async () => {
    const cookie = await server.loginCookie();
    const admin = await connect({ cookie });
    const visitor = await connect();
    expect(admin.messages[0]).toEqual({ type: 'welcome', isAdmin: true });
    expect(visitor.messages[0]).toEqual({ type: 'welcome', isAdmin: false });

    server.ctx.events.emit('spider_activity', { message: 'NEW: Something', timestamp: '2026-11-23T10:00:00.000Z' });
    server.ctx.events.emit('latest_news_audio', { audioUrl: '/audio/a.mp3?v=1', generatedAt: '2026-11-23T10:00:00.000Z' });
    await until(() => admin.messages.length >= 3 && visitor.messages.length >= 2);
    expect(admin.messages.slice(1)).toEqual([
      { type: 'spider_activity', message: 'NEW: Something', timestamp: '2026-11-23T10:00:00.000Z' },
      { type: 'latest_news_audio', audioUrl: '/audio/a.mp3?v=1', generatedAt: '2026-11-23T10:00:00.000Z' },
    ]);
    expect(visitor.messages.slice(1)).toEqual([{ type: 'latest_news_audio', audioUrl: '/audio/a.mp3?v=1', generatedAt: '2026-11-23T10:00:00.000Z' }]);
    admin.socket.close();
    visitor.socket.close();
  });

  it('answers a plain HTTP request with 426 and a message, not an empty 404', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const response = await fetch(`${server.baseUrl}/ws`, { method });
      expect(response.status).toBe(426);
      expect(response.headers.get('upgrade')).toBe('websocket');
      if (method === 'GET') expect(await response.json()).toEqual({ message: expect.stringContaining('WebSocket'), code: 'invalid' });
    }
    // The live channel itself still works.
    const visitor = await connect();
    expect(visitor.messages[0]).toEqual({ type: 'welcome', isAdmin: false });
    visitor.socket.close();
  });

  it('ignores garbage from a client and keeps serving it, logging it once', async () => {
    const info = vi.spyOn(server.app.log, 'info');
    const client = await connect();
    client.socket.send('this is not json');
    client.socket.send(Buffer.from([0, 1, 2, 3]));
    for (let i = 0; i < 50; i++) client.socket.send('junk in a loop');
    client.socket.send(JSON.stringify({ type: 'ping' }));
    await until(() => client.messages.some((m) => m.type === 'pong'));
    expect(info.mock.calls.filter(([, message]) => String(message).includes('malformed /ws message'))).toHaveLength(1);
    info.mockRestore();
    server.ctx.events.emit('home_data_updated', {});
    await until(() => client.messages.some((m) => m.type === 'home_data_updated'));
    client.socket.close();
  });

  it('does not let a client that stopped reading hold up the others', async () => {
    const cookie = await server.loginCookie();
    const stuck = await connect({ cookie });
    // Stop reading: the server's send buffer for this client fills up.
    (stuck.socket as unknown as { _socket: { pause(): void } })._socket.pause();
    const healthy = await connect({ cookie });
    const big = 'x'.repeat(64 * 1024);
    // 12 MiB in small batches: far more than the stuck client's buffers hold, while the healthy
    // client keeps reading between batches.
    for (let batch = 0; batch < 40; batch++) {
      for (let i = 0; i < 5; i++) server.ctx.events.emit('audioGenerationStatus', { message: `${batch}.${i} ${big}` });
      await new Promise((r) => setTimeout(r, 15));
    }
    server.ctx.events.emit('audioGenerationStatus', { message: 'last' });
    await until(() => healthy.messages.some((m) => m.message === 'last'), 10_000);
    expect(healthy.messages.filter((m) => m.type === 'audioGenerationStatus')).toHaveLength(201);
    expect((await fetch(`${server.baseUrl}/api/current-time`)).status).toBe(200);
    stuck.socket.terminate();
    healthy.socket.close();
  });
});

describe('/ws rights follow the credential', () => {
  /** Emits an admin-only message and a public one; says whether the socket got the admin one (the public one proves delivery). */
  async function receivesAdminMessages(client: LiveSocket): Promise<boolean> {
    const mark = `probe ${Math.random()}`;
    const before = client.messages.length;
    server.ctx.events.emit('log_entry', { id: 0, timestamp: new Date().toISOString(), component: 'AUTH', level: 'info', message: mark });
    server.ctx.events.emit('home_data_updated', {});
    // Messages arrive in order: once the public one is here, the admin one would be too.
    await until(() => client.messages.slice(before).some((m) => m.type === 'home_data_updated'));
    return client.messages.slice(before).some((m) => m.message === mark);
  }

  it('loses the administrator messages at logout', async () => {
    const cookie = await server.loginCookie();
    const client = await connect({ cookie });
    expect(await receivesAdminMessages(client)).toBe(true);
    expect((await fetch(`${server.baseUrl}/api/auth/logout`, { method: 'POST', headers: { cookie } })).status).toBe(200);
    await until(() => client.messages.some((m) => m.type === 'welcome' && m.isAdmin === false));
    expect(await receivesAdminMessages(client)).toBe(false);
    client.socket.close();
  });

  it('loses them when its API token is revoked, and the revocation is logged', async () => {
    const { id, token } = await createApiToken(server.ctx, 'ws-test');
    const client = await connect({ authorization: `Bearer ${token}` });
    expect(client.messages[0]).toEqual({ type: 'welcome', isAdmin: true });
    expect(await receivesAdminMessages(client)).toBe(true);
    await revokeToken(server.ctx, id);
    await until(() => client.messages.some((m) => m.type === 'welcome' && m.isAdmin === false));
    expect(await receivesAdminMessages(client)).toBe(false);
    const [logged] = await server.sql<{ message: string }[]>`select message from logs where component = 'AUTH' order by id desc limit 1`;
    expect(logged!.message).toBe(`API token "ws-test" (id ${id}) revoked`);
    // The token itself is refused, saying so and what to do.
    const refused = await fetch(`${server.baseUrl}/api/logs`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(401);
    expect((await refused.json()).message).toMatch(/revoked.*newsctl token create/);
    client.socket.close();
  });

  it('loses them when the password is reset, and when the session expired', async () => {
    const cookie = await server.loginCookie();
    const reset = await connect({ cookie });
    await setAdminAccount(server.ctx, TEST_ADMIN.username, TEST_ADMIN.password);
    await until(() => reset.messages.some((m) => m.type === 'welcome' && m.isAdmin === false));
    expect(await receivesAdminMessages(reset)).toBe(false);
    reset.socket.close();

    const expiring = await connect({ cookie: await server.loginCookie() });
    expect(await receivesAdminMessages(expiring)).toBe(true);
    await server.sql`update sessions set expires_at = now() - interval '1 second'`;
    await pruneAuthState(server.ctx);
    await until(() => expiring.messages.some((m) => m.type === 'welcome' && m.isAdmin === false));
    expect(await receivesAdminMessages(expiring)).toBe(false);
    expiring.socket.close();
  });

  it('refuses a handshake from another site, and lets the site itself and non-browser clients in', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${server.baseUrl.replace('http', 'ws')}/ws`, { headers: { origin: 'https://evil.example' } });
      socket.on('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        socket.terminate();
      });
      socket.on('open', () => reject(new Error('a cross-site handshake was accepted')));
      socket.on('error', () => {});
    });
    expect(status).toBe(403);
    const same = await connect({ origin: server.baseUrl });
    expect(same.messages[0]).toMatchObject({ type: 'welcome' });
    same.socket.close();
  });
});

describe('/ws bounds: slow, dead and many clients', () => {
  let quick: TestServer;
  // The grace shorter than the heartbeat, as in production (10 s, 30 s): a client that stopped
  // reading answers no ping either, and the bound must catch it first.
  const HEARTBEAT_MS = 1_500;
  const GRACE_MS = 300;
  beforeAll(async () => {
    quick = await startTestServer({ app: { live: { heartbeatMs: HEARTBEAT_MS, slowClientGraceMs: GRACE_MS } } });
  });
  afterAll(async () => quick?.close());

  /** The daemon's own count of its /ws clients, as /metrics reports it. */
  async function liveFigures(cookie: string): Promise<{ clients: number; slow: number }> {
    const text = await (await fetch(`${quick.baseUrl}/metrics`, { headers: { cookie } })).text();
    const figure = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
    return { clients: figure('newsctl_live_clients'), slow: figure('newsctl_live_slow_disconnects_total') };
  }

  async function untilClients(cookie: string, count: number): Promise<void> {
    const deadline = Date.now() + 10_000;
    while ((await liveFigures(cookie)).clients !== count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await liveFigures(cookie)).clients).toBe(count);
  }

  it('disconnects a client that stays over its buffer bound, and keeps serving the others every message', async () => {
    // Its own daemon, whose heartbeat never comes during the test: the bound alone must catch the
    // reader that stopped (it answers no ping either, which would drop it too).
    const own = await startTestServer({ app: { live: { heartbeatMs: 600_000, slowClientGraceMs: GRACE_MS } } });
    const figuresOf = async (cookie: string) => {
      const text = await (await fetch(`${own.baseUrl}/metrics`, { headers: { cookie } })).text();
      const figure = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
      return { clients: figure('newsctl_live_clients'), slow: figure('newsctl_live_slow_disconnects_total') };
    };
    const sockets: WebSocket[] = [];
    try {
      const cookie = await own.loginCookie();
      const stuck = await openLiveSocket(own.baseUrl, { cookie });
      sockets.push(stuck.socket);
      const stuckClosed = new Promise<number>((resolve) => stuck.socket.on('close', (code) => resolve(code)));
      (stuck.socket as unknown as { _socket: { pause(): void; resume(): void } })._socket.pause();
      const healthy = await openLiveSocket(own.baseUrl, { cookie });
      sockets.push(healthy.socket);
      expect((await figuresOf(cookie)).clients).toBe(2);
      const big = 'x'.repeat(64 * 1024);
      // 320 KiB every 100 ms until the daemon lets the stuck client go: the kernel's socket buffers
      // take the first megabytes (more on a busy machine), then its send queue passes 1 MiB and stays over.
      let sent = 0;
      const deadline = Date.now() + 30_000;
      while ((await figuresOf(cookie)).slow < 1 && Date.now() < deadline) {
        for (let i = 0; i < 5; i++, sent++) own.ctx.events.emit('audioGenerationStatus', { message: `${sent} ${big}` });
        await new Promise((r) => setTimeout(r, 100));
      }
      own.ctx.events.emit('audioGenerationStatus', { message: 'last' });
      await until(() => healthy.messages.some((m) => m.message === 'last'), 20_000);
      // The healthy client got every message, the stuck one's disconnection counted once.
      expect(healthy.messages.filter((m) => m.type === 'audioGenerationStatus')).toHaveLength(sent + 1);
      expect(await figuresOf(cookie)).toEqual({ clients: 1, slow: 1 });
      // Reading again, the stuck client finds its connection gone.
      (stuck.socket as unknown as { _socket: { resume(): void } })._socket.resume();
      expect(await stuckClosed).toBeGreaterThan(0);
    } finally {
      for (const socket of sockets) socket.terminate();
      await own.close();
    }
  });

  it('drops a client that answers no ping at the next heartbeats', async () => {
    const cookie = await quick.loginCookie();
    const before = (await liveFigures(cookie)).clients;
    // A client whose network went away: its library never answers the server's pings.
    const silent = new WebSocket(`${quick.baseUrl.replace('http', 'ws')}/ws`, { autoPong: false });
    await new Promise((resolve) => silent.once('message', resolve));
    expect((await liveFigures(cookie)).clients).toBe(before + 1);
    const closed = new Promise((resolve) => silent.on('close', resolve));
    await closed;
    expect((await liveFigures(cookie)).clients).toBe(before);
  });

  it('carries each event to 1,000 idle and 100 active clients, and lets them all go', async () => {
    const cookie = await quick.loginCookie();
    await untilClients(cookie, 0);
    const idle: LiveSocket[] = [];
    for (let i = 0; i < 1000; i += 100) idle.push(...(await Promise.all(Array.from({ length: 100 }, () => openLiveSocket(quick.baseUrl)))));
    const active = await Promise.all(Array.from({ length: 100 }, () => openLiveSocket(quick.baseUrl, { cookie })));
    // The active ones talk: pings of their own, answered through the same bound.
    for (const client of active) client.socket.send(JSON.stringify({ type: 'ping' }));
    await until(() => active.every((client) => client.messages.some((m) => m.type === 'pong')), 20_000);
    expect((await liveFigures(cookie)).clients).toBe(1100);
    // Several heartbeats pass: clients that answer pings stay.
    await new Promise((r) => setTimeout(r, HEARTBEAT_MS * 3));
    expect((await liveFigures(cookie)).clients).toBe(1100);

    quick.ctx.events.emit('home_data_updated', {});
    quick.ctx.events.emit('spider_activity', { message: 'NEW: for administrators', timestamp: new Date().toISOString() });
    const got = (client: LiveSocket, type: string) => client.messages.some((m) => m.type === type);
    await until(
      () => [...idle, ...active].every((client) => got(client, 'home_data_updated')) && active.every((client) => got(client, 'spider_activity')),
      20_000,
    );
    // Anonymous readers never get the administrators' messages.
    expect(idle.some((client) => got(client, 'spider_activity'))).toBe(false);

    for (const client of [...idle, ...active]) client.socket.close();
    await untilClients(cookie, 0);
  });
});

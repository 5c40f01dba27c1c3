import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openLiveSocket } from '../helpers/live.js';
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
      if (method === 'GET') expect(await response.json()).toEqual({ message: expect.stringContaining('WebSocket') });
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

// The typed client over two of its ways in (the app in-process, and a remote URL with an API
// token): JSON calls, binary downloads, the /ws subscription, and errors that keep the server's
// message and code. The operator socket is driven by the spawned-CLI tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveMessage } from '../../src/api/live.js';
import { appTransport, createClient, remoteTransport, type Client } from '../../src/client/index.js';
import { daemonTransport } from '../../src/client/transport.js';
import { AppError } from '../../src/errors.js';
import { createApiToken } from '../../src/services/platform/auth/index.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

const STORM = 'Storm floods Port Linden harbor, 1,200 evacuated';
let server: TestServer;
let local: Client;
let remote: Client;

async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  server = await startTestServer();
  await storeStoryTrend(server.sql, { title: STORM, description: 'A storm flooded the harbor.', topic: 'usa', relevance: 9, sources: harborStorm(6) });
  local = createClient(appTransport(server.app, server.ctx, server.localSecret));
  const { token } = await createApiToken(server.ctx, 'client test');
  remote = createClient(remoteTransport(server.baseUrl, token));
});
afterAll(async () => server?.close());

describe('typed client', () => {
  it('keeps the server message and code of an error, in-process and remotely', async () => {
    for (const client of [local, remote]) {
      const missing = await client.generator.generateFromTrend('Nothing like this').catch((error: unknown) => error);
      expect(missing).toBeInstanceOf(AppError);
      expect(missing).toMatchObject({ code: 'not_found', exitCode: 4 });
      expect((missing as AppError).message).toContain('Insufficient matching articles');
      const invalid = await client.trends.list({ limit: 9999 }).catch((error: unknown) => error);
      expect(invalid).toMatchObject({ code: 'invalid', exitCode: 2 });
      expect((invalid as AppError).message).toMatch(/limit/);
    }
    const anonymous = createClient(remoteTransport(server.baseUrl, 'nct_not_a_token'));
    await expect(anonymous.status()).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/^The API token is not known/) });
    const nowhere = createClient(remoteTransport('http://127.0.0.1:9', null));
    await expect(nowhere.status()).rejects.toMatchObject({ code: 'unavailable', message: expect.stringContaining('Cannot reach http://127.0.0.1:9') });
  });

  it('generates an article and downloads it as .docx and .txt through either way in', { timeout: 120_000 }, async () => {
    expect(await local.generator.generateFromTrend(STORM)).toMatchObject({ queued: 1 });
    const queue = await until(
      () => local.generator.queueStatus(),
      (q) => q.queueLength === 0 && !q.isGenerating,
    );
    expect(queue.items).toEqual([]);
    const [article] = await remote.articles.list({ limit: 5 });
    expect(article).toMatchObject({ trendTitle: STORM, category: 'usa' });
    const docx = await remote.articles.export(article!.id, 'docx');
    expect(docx.body.subarray(0, 2).toString()).toBe('PK');
    expect(docx.contentType).toContain('officedocument');
    expect(docx.fileName).toMatch(/^Article-usa-.*\.docx$/);
    const txt = await local.articles.export(article!.id, 'txt');
    expect(txt.body.toString('utf8')).toContain('Port Linden');
    await expect(local.articles.export(999_999, 'txt')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('subscribes to /ws remotely with the token (admin messages) and in-process', { timeout: 30_000 }, async () => {
    const seen: { remote: LiveMessage[]; local: LiveMessage[]; states: string[] } = { remote: [], local: [], states: [] };
    const remoteLive = remote.subscribe({ message: (m) => seen.remote.push(m), state: (s) => seen.states.push(s) });
    const localLive = local.subscribe({ message: (m) => seen.local.push(m) });
    try {
      await until(
        () => seen.states,
        (states) => states.includes('open'),
      );
      // The hub's welcome says whether the token made this an admin client.
      await until(
        () => seen.remote,
        (list) => list.some((m) => (m as { type: string }).type === 'welcome'),
      );
      expect(seen.remote.find((m) => (m as { type: string }).type === 'welcome')).toMatchObject({ isAdmin: true });
      await remote.domains.add({ url: 'live-test.example' });
      const isEntry = (m: LiveMessage) => m.type === 'log_entry' && m.message.includes('live-test.example');
      await until(
        () => seen.remote,
        (list) => list.some(isEntry),
      );
      await until(
        () => seen.local,
        (list) => list.some(isEntry),
      );
    } finally {
      remoteLive.close();
      localLive.close();
    }
    expect(seen.states.at(-1)).toBe('closed');
  });
});

describe('the operator socket transport', () => {
  it("gets its answer after this process stalled past the socket server's keep-alive", async () => {
    // A plain HTTP server on a Unix socket, as the daemon's operator socket is, in a process of its
    // own; its keep-alive is Node's 5 s shortened to 2.5 s (Node closes about 1 s after it) to keep
    // the test short.
    const dir = mkdtempSync(join(tmpdir(), 'newsctl-socket-'));
    const socketPath = join(dir, 'newsctl.sock');
    const script = `const server = require('node:http').createServer((req, res) => res.end('{}'));
      server.keepAliveTimeout = 2500;
      server.listen(${JSON.stringify(socketPath)}, () => process.stdout.write('ready'));`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise((resolve) => child.stdout.once('data', resolve));
      const transport = await daemonTransport(socketPath);
      expect(transport).not.toBeNull();
      expect((await transport!.send({ method: 'GET', path: '/api/generated-music-tracks' })).status).toBe(200);
      // The CLI starved of CPU on a loaded machine while it waited between two polls (`music generate
      // -o`): the server closed the idle connection meanwhile, and no timer of this process ran to
      // notice. The next poll was sent on that connection and failed (ECONNRESET or EPIPE, exit 7).
      const stalledUntil = Date.now() + 4_500;
      while (Date.now() < stalledUntil);
      expect((await transport!.send({ method: 'GET', path: '/api/generated-music-tracks' })).status).toBe(200);
    } finally {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// The daemon as a real process: serving, persistence across kill -9, graceful shutdown.
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { daemonTransport } from '../../src/client/transport.js';
import { spawnDaemon, daemonStorage } from '../helpers/daemon.js';

const admin = { NEWSCTL_ADMIN_USERNAME: 'operator', NEWSCTL_ADMIN_PASSWORD: 'a long enough password' };
const storage = daemonStorage('newsctl-daemon-');

async function loginCookie(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: admin.NEWSCTL_ADMIN_USERNAME, password: admin.NEWSCTL_ADMIN_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

// Each daemon or in-process CLI start loads the embedded database; on a busy 2-core machine that
// takes seconds, so these suites get more than the default 30 s.
describe('newsctl serve', { timeout: 120_000 }, () => {
  it('keeps settings written through the API across kill -9 and a restart', async () => {
    const first = await spawnDaemon(['--data-dir', storage.dataDir, ...storage.dbArgs], admin);
    const home = await fetch(`${first.baseUrl}/api/home-page-data`);
    expect(home.status).toBe(200);
    expect((await home.json()).articlesByDomain).toEqual([]);
    const cookie = await loginCookie(first.baseUrl);
    const saved = await fetch(`${first.baseUrl}/api/word-count-settings`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ targetWordCount: 777 }),
    });
    expect(saved.status).toBe(200);

    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    const second = await spawnDaemon(['--data-dir', storage.dataDir, ...storage.dbArgs], admin);
    try {
      // The session survived the restart too: it lives in the database.
      const stored = await fetch(`${second.baseUrl}/api/word-count-settings`, { headers: { cookie } });
      expect(stored.status).toBe(200);
      expect(await stored.json()).toEqual({ targetWordCount: 777 });
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
  });

  it('finishes an in-flight request on SIGTERM and exits 0', async () => {
    const daemon = await spawnDaemon(['--data-dir', storage.dataDir, ...storage.dbArgs], admin);
    // A login whose body is still arriving when SIGTERM lands: the daemon must answer it, then exit.
    const body = JSON.stringify({ username: 'operator', password: 'a long enough password' });
    const { port } = new URL(daemon.baseUrl);
    const answered = new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 10));
      setTimeout(() => daemon.child.kill('SIGTERM'), 300);
      setTimeout(() => request.end(body.slice(10)), 900);
    });
    expect(await answered).toBe(200);
    expect(await daemon.exited).toBe(0);
    expect(daemon.output()).toMatch(/SIGTERM: finishing in-flight requests/);
  });

  it('exits on SIGTERM while a live client (newsctl dash, logs --follow) is connected on the operator socket', async () => {
    const daemon = await spawnDaemon(['--data-dir', storage.dataDir, ...storage.dbArgs], admin);
    // What `newsctl dash` holds for hours: the /ws channel over {data dir}/newsctl.sock. The socket
    // server's close waited for it to end, before the step that closes the live channels.
    const transport = await daemonTransport(join(storage.dataDir, 'newsctl.sock'));
    expect(transport).not.toBeNull();
    const states: string[] = [];
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const live = transport!.subscribe({
      message: () => {},
      state: (state) => {
        states.push(state);
        if (state === 'open') opened();
      },
    });
    try {
      await open;
      daemon.child.kill('SIGTERM');
      const timeout = new Promise<string>((resolve) => setTimeout(() => resolve('still running after 20 s'), 20_000).unref());
      expect(await Promise.race([daemon.exited, timeout])).toBe(0);
    } finally {
      live.close();
      if (daemon.child.exitCode === null) daemon.child.kill('SIGKILL');
    }
  });

  describe('on a fresh data folder', () => {
    const fresh = daemonStorage('newsctl-fresh-');

    it('prints a generated admin password once', async () => {
      const daemon = await spawnDaemon(['--data-dir', fresh.dataDir, ...fresh.dbArgs]);
      const password = /password: (\S+)/.exec(daemon.output())?.[1];
      expect(password).toBeTruthy();
      expect(password!.length).toBeGreaterThanOrEqual(20);
      const response = await fetch(`${daemon.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      expect(response.status).toBe(200);
      daemon.child.kill('SIGTERM');
      expect(await daemon.exited).toBe(0);

      const again = await spawnDaemon(['--data-dir', fresh.dataDir, ...fresh.dbArgs]);
      expect(again.output()).not.toMatch(/password:/);
      again.child.kill('SIGTERM');
      await again.exited;
    });
  });
});

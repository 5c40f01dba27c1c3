// The CLI reaches the same API in its three modes: in-process, through a running daemon's operator
// socket, and against a remote daemon with an API token.
import { describe, expect, it } from 'vitest';
import { runCli as cli, spawnDaemon, daemonStorage } from '../helpers/daemon.js';

const storage = daemonStorage('newsctl-cli-');

// Each daemon or in-process CLI start loads the embedded database; on a busy 2-core machine that
// takes seconds, so these suites get more than the default 30 s.
describe('newsctl CLI', { timeout: 120_000 }, () => {
  it('creates an administrator in-process, refuses a short password, and migrates idempotently', async () => {
    const short = await cli(['admin', 'create', '--username', 'editor', '--password-stdin', '--data-dir', storage.dataDir, ...storage.dbArgs], {
      stdin: 'short\n',
    });
    expect(short.code).toBe(2);
    expect(short.stderr).toMatch(/at least 8 characters/);
    const created = await cli(['admin', 'create', '--username', 'editor', '--password-stdin', '--data-dir', storage.dataDir, ...storage.dbArgs], {
      stdin: 'editor password 1\n',
    });
    expect(created.stderr).toBe('');
    expect(created.stdout).toMatch(/Administrator editor created/);
    const migrated = await cli(['db', 'migrate', '--json', '--data-dir', storage.dataDir, ...storage.dbArgs]);
    expect(JSON.parse(migrated.stdout)).toEqual({ applied: [] });
  });

  it('talks to a running daemon over its operator socket, and remotely with a token', async () => {
    const daemon = await spawnDaemon(['--data-dir', storage.dataDir, ...storage.dbArgs]);
    try {
      // The embedded database allows one process: these commands must go through the daemon.
      const reset = await cli(['admin', 'create', '--username', 'editor', '--password-stdin', '--data-dir', storage.dataDir, ...storage.dbArgs], {
        stdin: 'new editor password\n',
      });
      expect(reset.stdout).toMatch(/Password of editor reset/);
      const login = await fetch(`${daemon.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'editor', password: 'new editor password' }),
      });
      expect(login.status).toBe(200);

      const set = await cli(['settings', 'set', 'interview-topic', '{"topic":"Heat pumps"}', '--data-dir', storage.dataDir, ...storage.dbArgs]);
      expect(JSON.parse(set.stdout)).toEqual({ topic: 'Heat pumps' });
      const bad = await cli(['settings', 'set', 'schedule-settings', '{"trendsMinuteA": 75}', '--data-dir', storage.dataDir, ...storage.dbArgs]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/trendsMinuteA/);

      const token = JSON.parse((await cli(['token', 'create', '--name', 'laptop', '--json', '--data-dir', storage.dataDir, ...storage.dbArgs])).stdout);
      expect(token.token).toMatch(/^nct_/);
      const remote = await cli(['settings', 'get', 'interview-topic'], { env: { NEWSCTL_URL: daemon.baseUrl, NEWSCTL_TOKEN: token.token } });
      expect(JSON.parse(remote.stdout)).toEqual({ topic: 'Heat pumps' });
      const refused = await cli(['settings', 'get', 'interview-topic'], { env: { NEWSCTL_URL: daemon.baseUrl, NEWSCTL_TOKEN: 'nct_wrong' } });
      expect(refused.code).toBe(3);
      expect(refused.stderr).toMatch(/The API token is not known to this newsctl/);
    } finally {
      daemon.child.kill('SIGTERM');
      await daemon.exited;
    }
  });
});

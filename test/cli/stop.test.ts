// The stop commands when nothing runs: the API answers 200 with "… is not running" beside the
// status (a stop is idempotent for scripts), and the command says so rather than "stopped".
import { describe, expect, it } from 'vitest';
import { runCli, daemonStorage } from '../helpers/daemon.js';

const storage = daemonStorage('newsctl-cli-stop-');
const args = () => ['--data-dir', storage.dataDir, ...storage.dbArgs];

describe('stop commands with nothing running', { timeout: 180_000 }, () => {
  it.each([
    [['spider', 'stop'], 'The spider is not running', /^Spider: idle$/m],
    [['spider', 'refetch', 'stop'], 'The article re-fetcher is not running', /^Re-fetcher: idle$/m],
    [['food-recategorization', 'stop'], 'Food re-categorization is not running', /^idle: 0 of 0 articles/m],
  ])('%j says nothing ran, exit 0', async (argv, message, status) => {
    const run = await runCli([...argv, ...args()]);
    expect(run.code).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe(message);
    expect(run.stdout).toMatch(status);
    expect(run.stdout).not.toMatch(/stopped/i);
  });
});

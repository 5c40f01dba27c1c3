// `newsctl dash`: the terminal dashboard (src/tui). Loaded lazily: Ink and React cost nothing to the
// other commands.
import type { Command } from 'commander';
import { Invalid } from '../errors.js';
import { withClient, withDataOptions, withExamples, type DataOptions } from './options.js';

export function registerDashCommand(program: Command): void {
  withDataOptions(
    withExamples(
      program.command('dash').description('live terminal dashboard: spider, trends, generator, audio, logs (press ? for keys)'),
      'NODE_ENV=production newsctl dash',
    ),
    // The dashboard draws on the terminal; only an error it stops with can be JSON.
    'an error as JSON on stderr (the dashboard itself draws on the terminal)',
  ).action(async (options: DataOptions) => {
    // Redrawn frames in a file or a pipe are of no use to anyone, and it would run until killed;
    // `newsctl status --json` and `logs --follow` are the scriptable views.
    if (!process.stdout.isTTY || !process.stdin.isTTY) {
      throw Invalid('newsctl dash needs a terminal (for scripts: newsctl status --json, newsctl logs --follow)');
    }
    // Ink's own advice for long-running apps: React's development build keeps growing memory. Set
    // before React loads (it picks its build from NODE_ENV at import).
    process.env.NODE_ENV = 'production';
    // Ink reads CI (or CONTINUOUS_INTEGRATION) at import and then draws only the last frame, at
    // exit: a dashboard opened on a terminal of a machine that sets CI would stay blank.
    if (process.stdout.isTTY) {
      delete process.env.CI;
      delete process.env.CONTINUOUS_INTEGRATION;
    }
    const { runDashboard } = await import('../tui/run.js');
    await withClient(options, (client) => runDashboard(client));
  });
}

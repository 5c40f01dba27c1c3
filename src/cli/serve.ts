// `newsctl serve`: the daemon.
import type { Command } from 'commander';
import { loadConfig } from '../config.js';
import type { Daemon } from '../runtime.js';

function describeAdmin(daemon: Daemon): string {
  const admin = daemon.admin;
  if (admin.source === 'generated') {
    return [
      '',
      '  An administrator account was created for this data folder:',
      `    username: ${admin.username}`,
      `    password: ${admin.password}`,
      '  It is shown only this once. Change it with `newsctl admin create --username <name>`,',
      '  or set NEWSCTL_ADMIN_USERNAME and NEWSCTL_ADMIN_PASSWORD before starting.',
      '',
    ].join('\n');
  }
  if (admin.source === 'env') {
    return `Administrator "${admin.username}" ${admin.created ? 'created' : 'password set'} from NEWSCTL_ADMIN_USERNAME / NEWSCTL_ADMIN_PASSWORD.`;
  }
  return 'Administrator account: the existing one (reset it with `newsctl admin create --username <name>`).';
}

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('run the daemon: /api, /ws and the web site')
    .option('--host <host>', 'address to listen on (env HOST, default 0.0.0.0)')
    .option('--port <port>', 'port (env PORT, default 3000)')
    .option('--data-dir <dir>', 'data folder (env NEWSCTL_DATA_DIR, default ./data)')
    .option('--database-url <url>', 'PostgreSQL URL (env DATABASE_URL); default: the embedded database')
    .option('--log-format <format>', 'server log lines: text or json (env NEWSCTL_LOG_FORMAT, default text)')
    .action(async (options: { host?: string; port?: string; dataDir?: string; databaseUrl?: string; logFormat?: string }) => {
      const config = loadConfig(process.env, options);
      // Loaded here: other commands should not pay for the server's modules at start-up.
      const { startDaemon } = await import('../runtime.js');
      const daemon = await startDaemon(config, {
        onStarted: async (ctx) => {
          const { startDaemonSchedule } = await import('../services/platform/schedule/daemon.js');
          const { resumeGenerator } = await import('../services/newsroom/generator/index.js');
          // A queue left by the last run (a restart, or a killed daemon) goes on.
          const stopGeneratorWatch = await resumeGenerator(ctx);
          const stopSchedule = startDaemonSchedule(ctx);
          return async () => {
            stopGeneratorWatch();
            await stopSchedule();
          };
        },
      });
      const database = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PostgreSQL in ${config.dataDir}`;
      // One write, so a reader never sees the first line without the account details.
      const warnings = (daemon.runtime.warnings ?? []).map((warning) => `\nwarning: ${warning}`).join('');
      console.log(`newsctl is serving ${daemon.url} (database: ${database})\n${describeAdmin(daemon)}${warnings}`);

      let stopping = false;
      const stop = (signal: string) => {
        if (stopping) {
          console.error(`${signal} again: exiting without waiting`);
          process.exit(1);
        }
        stopping = true;
        console.log(`${signal}: finishing in-flight requests and closing the database...`);
        daemon.close().then(
          () => process.exit(0),
          (error: unknown) => {
            console.error('shutdown failed:', error);
            process.exit(1);
          },
        );
      };
      process.on('SIGTERM', () => stop('SIGTERM'));
      process.on('SIGINT', () => stop('SIGINT'));
    });
}

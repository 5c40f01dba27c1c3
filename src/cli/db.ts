// `newsctl db migrate`.
import type { Command } from 'commander';
import { configFrom, type DataOptions } from './options.js';

export function registerDbCommand(program: Command): void {
  const db = program.command('db').description('database maintenance');
  db.command('migrate')
    .description('apply pending migrations (the daemon also does this at start)')
    .option('--data-dir <dir>', 'data folder (env NEWSCTL_DATA_DIR, default ./data)')
    .option('--database-url <url>', 'PostgreSQL URL (env DATABASE_URL); default: the embedded database')
    .option('--json', 'print JSON')
    .action(async (options: DataOptions) => {
      const { openRuntime } = await import('../runtime.js');
      const runtime = await openRuntime(configFrom(options));
      try {
        const applied = runtime.migrationsApplied;
        if (options.json) console.log(JSON.stringify({ applied }));
        else console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
      } finally {
        await runtime.close();
      }
    });
}

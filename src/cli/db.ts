// `newsctl db migrate|dump|restore`. These open the database themselves (a daemon on the embedded
// database holds it: stop the daemon first; PostgreSQL can be dumped while daemons run).
import { createWriteStream } from 'node:fs';
import type { Command } from 'commander';
import { printJson } from './io.js';
import { configFrom, withExamples, type DataOptions } from './options.js';

function withDatabaseOptions(command: Command): Command {
  return command
    .option('--data-dir <dir>', 'data folder (env NEWSCTL_DATA_DIR, default ./data)')
    .option('--database-url <url>', 'PostgreSQL URL (env DATABASE_URL); default: the embedded database')
    .option('--json', 'print JSON');
}

async function withRuntime<T>(options: DataOptions, action: (runtime: import('../runtime.js').Runtime) => Promise<T>): Promise<T> {
  const { openRuntime } = await import('../runtime.js');
  const runtime = await openRuntime(configFrom(options));
  try {
    return await action(runtime);
  } finally {
    await runtime.close();
  }
}

export function registerDbCommand(program: Command): void {
  const db = program.command('db').description('database maintenance: migrate, dump, restore');
  withDatabaseOptions(db.command('migrate').description('apply pending migrations (the daemon also does this at start)')).action(async (options: DataOptions) => {
    await withRuntime(options, async (runtime) => {
      const applied = runtime.migrationsApplied;
      if (options.json) console.log(JSON.stringify({ applied }));
      else console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
    });
  });

  withDatabaseOptions(
    withExamples(
      db.command('dump').description("write the product's data to a portable dump (embedded or PostgreSQL, restorable into either)").argument('[file]', 'the dump file (default: standard output)'),
      'newsctl db dump backup.ndjson',
      'newsctl db dump --database-url postgres://localhost/newsctl | gzip > backup.ndjson.gz',
    ),
  ).action(async (file: string | undefined, options: DataOptions) => {
    const { dumpDatabase } = await import('../services/dump/index.js');
    const summary = await withRuntime(options, async (runtime) => {
      const out = file && file !== '-' ? createWriteStream(file) : process.stdout;
      const result = await dumpDatabase(runtime.ctx.sql, runtime.ctx.db.kind, out);
      if (out !== process.stdout) await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
      return result;
    });
    // The summary goes to stderr when the dump itself is on stdout.
    const text = options.json ? JSON.stringify(summary) : `Dumped ${summary.rows} rows from ${summary.tables} tables${file && file !== '-' ? ` to ${file}` : ''}`;
    if (file && file !== '-') console.log(text);
    else process.stderr.write(`${text}\n`);
  });

  withDatabaseOptions(
    withExamples(
      db
        .command('restore')
        .description('load a dump made by `db dump` (same newsctl version) into this database, in one transaction')
        .argument('<file>', 'the dump file')
        .option('--yes', 'replace the data the database already holds'),
      'newsctl db restore backup.ndjson --database-url postgres://localhost/newsctl',
    ),
  ).action(async (file: string, options: DataOptions & { yes?: boolean }) => {
    const { restoreDatabase } = await import('../services/dump/index.js');
    const summary = await withRuntime(options, (runtime) => restoreDatabase(runtime.ctx.sql, file, { replace: options.yes }));
    if (options.json) printJson(summary);
    else console.log(`Restored ${summary.rows} rows into ${summary.tables} tables`);
  });
}

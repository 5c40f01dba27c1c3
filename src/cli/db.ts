// `newsctl db migrate|dump|restore`. These open the database themselves, except a dump of a
// database a daemon holds: the embedded database admits one process, so while its daemon runs the
// dump is read through the daemon's operator socket (or, with --url, through a remote daemon).
// PostgreSQL can be dumped directly while daemons run.
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import type { Command } from 'commander';
import { connectClient, createClient, type Client } from '../client/index.js';
import { daemonTransport } from '../client/transport.js';
import type { Config } from '../config.js';
import { dataDirOwner } from '../db/data-dir-lock.js';
import { AppError, Conflict, Upstream } from '../errors.js';
import { operatorSocketPath } from '../operator-socket.js';
import { printJson } from './io.js';
import { configFrom, withExamples, type DataOptions } from './options.js';

function withDatabaseOptions(command: Command): Command {
  return command
    .option('--data-dir <dir>', 'data folder (env NEWSCTL_DATA_DIR, default ./data)')
    .option('--database-url <url>', 'PostgreSQL URL (env DATABASE_URL); default: the embedded database')
    .option('--json', 'print JSON');
}

/**
 * The embedded database of this folder is held by another process: what the operator should do
 * instead, as the error's message (exit 5).
 */
function heldByDaemon(config: Config, error: unknown, instead: (pid: number) => string): never {
  const owner = config.databaseUrl ? null : dataDirOwner(config.dataDir);
  if (owner !== null && error instanceof AppError && error.code === 'conflict') {
    throw Conflict(`The embedded database in ${config.dataDir} is held by newsctl process ${owner} (a daemon admits no second process). ${instead(owner)}`);
  }
  throw error;
}

async function withRuntime<T>(options: DataOptions, action: (runtime: import('../runtime.js').Runtime) => Promise<T>, instead: (pid: number) => string): Promise<T> {
  const { openRuntime } = await import('../runtime.js');
  const config = configFrom(options);
  let runtime: import('../runtime.js').Runtime;
  try {
    runtime = await openRuntime(config);
  } catch (error) {
    heldByDaemon(config, error, instead);
  }
  try {
    return await action(runtime);
  } finally {
    await runtime.close();
  }
}

interface DumpSummaryLine {
  tables: number;
  rows: number;
  perTable?: Record<string, number>;
}

/** The daemon to dump through: --url, else the daemon serving this folder's embedded database; null to open it here. */
async function dumpingDaemon(config: Config): Promise<Client | null> {
  if (config.remote.url) return connectClient(config, { url: config.remote.url, token: config.remote.token });
  if (config.databaseUrl) return null;
  const socketPath = operatorSocketPath(config);
  const daemon = socketPath ? await daemonTransport(socketPath) : null;
  if (daemon) return createClient(daemon);
  const owner = dataDirOwner(config.dataDir);
  if (owner !== null) {
    throw Conflict(
      `The embedded database in ${config.dataDir} is held by newsctl process ${owner}, which does not answer on its operator socket` +
        `${socketPath ? ` (${socketPath})` : ' (the folder path is too long for one)'}. If it is a daemon, dump through its HTTP address: ` +
        '`newsctl token create --name dump` where it runs, then `newsctl db dump FILE --url http://HOST:PORT --token TOKEN`; ' +
        'or stop it and run this command again.',
    );
  }
  return null;
}

/** Copies a daemon's streamed dump to `out`; the summary comes from its header line, and a dump without its end line is an error. */
async function copyDump(client: Client, out: Writable): Promise<DumpSummaryLine> {
  const body = await client.db.dump();
  let head = '';
  let tail = '';
  let header = null as { tables: { name: string; rows: number }[] } | null;
  for await (const piece of body) {
    const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
    if (!header) {
      head += chunk.toString('utf8');
      const newline = head.indexOf('\n');
      if (newline >= 0) header = JSON.parse(head.slice(0, newline)) as typeof header;
    }
    tail = (tail + chunk.toString('utf8')).slice(-64);
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
  }
  if (!header || !tail.endsWith('{"end":true}\n')) throw Upstream(`The dump from ${client.describe} ended before its end line: it is incomplete`);
  const perTable = Object.fromEntries(header.tables.map((table) => [table.name, table.rows]));
  return { tables: header.tables.length, rows: Object.values(perTable).reduce((a, b) => a + b, 0), perTable };
}

export function registerDbCommand(program: Command): void {
  const db = program.command('db').description('database maintenance: migrate, dump, restore');
  withDatabaseOptions(db.command('migrate').description('apply pending migrations (the daemon also does this at start)')).action(
    async (options: DataOptions) => {
      await withRuntime(
        options,
        async (runtime) => {
          const applied = runtime.migrationsApplied;
          if (options.json) console.log(JSON.stringify({ applied }));
          else console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
        },
        (pid) => `That daemon applied the migrations when it started; to move to a newer newsctl, stop it (kill ${pid}, or stop its service) and start the new version.`,
      );
    },
  );

  withDatabaseOptions(
    withExamples(
      db
        .command('dump')
        .description("write the product's data to a portable dump (embedded or PostgreSQL, restorable into either); through the daemon when one holds the embedded database")
        .argument('[file]', 'the dump file (default: standard output)')
        .option('--url <url>', 'dump a remote daemon at this address (env NEWSCTL_URL)')
        .option('--token <token>', 'API token for --url (env NEWSCTL_TOKEN)'),
      'newsctl db dump backup.ndjson',
      'newsctl db dump --database-url postgres://localhost/newsctl | gzip > backup.ndjson.gz',
    ),
  ).action(async (file: string | undefined, options: DataOptions) => {
    const config = configFrom(options);
    const toFile = Boolean(file && file !== '-');
    const daemon = await dumpingDaemon(config);
    const out: Writable = toFile ? createWriteStream(file!) : process.stdout;
    let summary: DumpSummaryLine;
    try {
      if (daemon) summary = await copyDump(daemon, out);
      else {
        const { dumpDatabase } = await import('../services/dump/index.js');
        summary = await withRuntime(options, (runtime) => dumpDatabase(runtime.ctx.sql, runtime.ctx.db.kind, out), () => 'Run this command again: it dumps through the daemon once that answers on its operator socket.');
      }
    } finally {
      await daemon?.close();
      if (toFile) await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    }
    const through = daemon ? ` through the daemon (${daemon.describe})` : '';
    // The summary goes to stderr when the dump itself is on stdout.
    const text = options.json ? JSON.stringify({ ...summary, ...(daemon ? { through: daemon.describe } : {}) }) : `Dumped ${summary.rows} rows from ${summary.tables} tables${toFile ? ` to ${file}` : ''}${through}`;
    if (toFile) console.log(text);
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
    const summary = await withRuntime(
      options,
      (runtime) => restoreDatabase(runtime.ctx.sql, file, { replace: options.yes }),
      (pid) => `A restore replaces the data under it: stop it (kill ${pid}, or stop its service), run this command again, then start it.`,
    );
    if (options.json) printJson(summary);
    else console.log(`Restored ${summary.rows} rows into ${summary.tables} tables`);
  });
}

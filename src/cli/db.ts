// `newsctl db migrate|dump|restore`. A dump is one backup archive: the database and the media
// folder (audio, images), credentials left out unless asked for. These open the database
// themselves, except a dump of a database a daemon holds: the embedded database admits one process,
// so while its daemon runs the backup is read through the daemon's operator socket (or, with --url,
// through a remote daemon). A restore checks the whole file before it creates or changes anything.
import { chmodSync, createWriteStream, renameSync, rmSync } from 'node:fs';
import type { Writable } from 'node:stream';
import type { Command } from 'commander';
import { connectClient, createClient, type Client } from '../client/index.js';
import { daemonTransport } from '../client/transport.js';
import type { Config } from '../config.js';
import { dataDirOwner } from '../db/data-dir-lock.js';
import { AppError, Conflict, Invalid, Upstream } from '../errors.js';
import { operatorSocketPath } from '../operator-socket.js';
import type { BackupManifest, OmittedSecret, RestoreSummary } from '../services/platform/dump/index.js';
import { tarWatcher } from '../services/platform/dump/tar.js';
import { printJson } from './io.js';
import { configFrom, withExamples, type DataOptions } from './options.js';
import { counted } from '../shared/words.js';

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

async function withRuntime<T>(
  options: DataOptions,
  action: (runtime: import('../runtime.js').Runtime) => Promise<T>,
  instead: (pid: number) => string,
): Promise<T> {
  const { openRuntime } = await import('../runtime.js');
  const config = configFrom(options);
  let runtime: import('../runtime.js').Runtime;
  try {
    runtime = await openRuntime(config, { shortLived: true });
  } catch (error) {
    heldByDaemon(config, error, instead);
  }
  try {
    return await action(runtime);
  } finally {
    await runtime.close();
  }
}

interface BackupLine {
  tables: number;
  rows: number;
  mediaFiles: number;
  mediaBytes: number;
  omittedSecrets: OmittedSecret[];
}

/** The daemon to back up through: --url, else the daemon serving this folder's embedded database; null to open it here. */
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
        `${socketPath ? ` (${socketPath})` : ' (the folder path is too long for one)'}. If it is a daemon, back it up through its HTTP address: ` +
        '`newsctl token create --name backup` where it runs, then `newsctl db dump FILE --url http://HOST:PORT --token TOKEN`; ' +
        'or stop it and run this command again.',
    );
  }
  return null;
}

/** Copies a daemon's streamed backup to `out`; the summary comes from its manifest, and an archive without its end is an error. */
async function copyBackup(client: Client, out: Writable, options: { media: boolean; includeSecrets: boolean }): Promise<BackupLine> {
  const body = await client.db.dump(options);
  const watcher = tarWatcher('manifest.json');
  for await (const piece of body) {
    const chunk = Buffer.isBuffer(piece) ? piece : Buffer.from(piece as Uint8Array);
    watcher.feed(chunk);
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', resolve));
  }
  const manifestBytes = watcher.entry();
  if (!manifestBytes || !watcher.ended()) throw Upstream(`The backup from ${client.describe} ended before its manifest: it is incomplete`);
  const manifest = JSON.parse(manifestBytes.toString('utf8')) as BackupManifest;
  return {
    tables: manifest.database.tables.length,
    rows: manifest.database.tables.reduce((sum, table) => sum + table.rows, 0),
    mediaFiles: manifest.media.length,
    mediaBytes: manifest.media.reduce((sum, entry) => sum + entry.size, 0),
    omittedSecrets: manifest.secrets.omitted,
  };
}

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}

function secretsText(omitted: OmittedSecret[]): string[] {
  const unique = [...new Map(omitted.map((secret) => [`${secret.where}\n${secret.label}`, secret])).values()];
  return unique.map((secret) => `${secret.where}: ${secret.label}`);
}

/** The archive's file failed (its disk filled): nothing is kept under its name. */
function unwritable(file: string, error: NodeJS.ErrnoException): AppError {
  if (error.code === 'ENOSPC') return new AppError('disk_full', `The backup could not be written to ${file}: no space left on its disk; nothing was kept`);
  return Invalid(`The backup could not be written to ${file}: ${error.message}; nothing was kept`);
}

/** A file only its owner may read (a backup holds the whole newsroom). */
function privateFile(file: string): Writable {
  const out = createWriteStream(file, { mode: 0o600 });
  // An existing file keeps its mode through a truncating open: made private again.
  out.once('open', () => chmodSync(file, 0o600));
  return out;
}

export function registerDbCommand(program: Command): void {
  const db = program.command('db').description('database maintenance: migrate, back up, restore');
  withDatabaseOptions(db.command('migrate').description('apply pending migrations (the daemon also does this at start)')).action(
    async (options: DataOptions) => {
      await withRuntime(
        options,
        async (runtime) => {
          const applied = runtime.migrationsApplied;
          if (options.json) console.log(JSON.stringify({ applied }));
          else console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
        },
        (pid) =>
          `That daemon applied the migrations when it started; to move to a newer newsctl, stop it (kill ${pid}, or stop its service) and start the new version.`,
      );
    },
  );

  withDatabaseOptions(
    withExamples(
      db
        .command('dump')
        .description(
          'write a backup: one archive (tar) of the database and the media folder, restorable into the embedded database or PostgreSQL; ' +
            'written readable by you only; API keys and provider headers are left out unless --include-secrets',
        )
        .argument('[file]', 'the backup file (default: standard output)')
        .option('--no-media', 'the database only, without the audio and images')
        .option('--include-secrets', 'keep API keys and provider headers in the backup (store it safely)')
        .option('--url <url>', 'back up a remote daemon at this address (env NEWSCTL_URL)')
        .option('--token <token>', 'API token for --url (env NEWSCTL_TOKEN)'),
      'newsctl db dump backup.tar',
      'newsctl db dump --no-media --database-url postgres://localhost/newsctl | gzip > database.tar.gz',
    ),
  ).action(async (file: string | undefined, options: DataOptions & { media?: boolean; includeSecrets?: boolean }) => {
    const config = configFrom(options);
    const toFile = Boolean(file && file !== '-');
    const backup = { media: options.media !== false, includeSecrets: options.includeSecrets === true };
    const daemon = await dumpingDaemon(config);
    // Written beside its name and renamed once whole: a dump cut short (a full disk, an error)
    // leaves no half-written archive under the name a restore would read.
    const partial = toFile ? `${file}.partial` : null;
    const out: Writable = partial ? privateFile(partial) : process.stdout;
    // The file's own failure (a full disk) surfaces here, not as an unhandled stream error.
    let writeError: NodeJS.ErrnoException | null = null;
    if (partial) out.on('error', (error) => (writeError ??= error));
    let summary: BackupLine;
    let complete = false;
    try {
      if (daemon) summary = await copyBackup(daemon, out, backup);
      else {
        const { writeBackup } = await import('../services/platform/dump/index.js');
        summary = await withRuntime(
          options,
          (runtime) => writeBackup({ sql: runtime.ctx.sql, kind: runtime.ctx.db.kind, mediaDir: runtime.ctx.config.mediaDir }, out, backup),
          () => 'Run this command again: it backs up through the daemon once that answers on its operator socket.',
        );
      }
      complete = true;
    } catch (error) {
      throw writeError ? unwritable(file!, writeError) : error;
    } finally {
      await daemon?.close();
      if (partial) {
        const closing = out.destroyed ? writeError : await new Promise<Error | null>((resolve) => out.end((error?: Error | null) => resolve(error ?? null)));
        if (complete && !closing) renameSync(partial, file!);
        else rmSync(partial, { force: true });
      }
    }
    // The archive was written but could not be closed (the disk filled at its end): say so.
    if (writeError) throw unwritable(file!, writeError);
    const through = daemon ? ` through the daemon (${daemon.describe})` : '';
    const media = backup.media ? ` and ${counted(summary.mediaFiles, 'media file')} (${megabytes(summary.mediaBytes)})` : ' (no media: --no-media)';
    const left = secretsText(summary.omittedSecrets);
    const lines = [
      `Backed up ${counted(summary.rows, 'row')} from ${counted(summary.tables, 'table')}${media}${toFile ? ` to ${file}` : ''}${through}`,
      ...(left.length ? [`Left out (add --include-secrets to keep them): ${left.join('; ')}`] : []),
    ];
    // The summary goes to stderr when the backup itself is on stdout.
    const text = options.json ? JSON.stringify({ ...summary, ...(daemon ? { through: daemon.describe } : {}) }) : lines.join('\n');
    if (toFile) console.log(text);
    else process.stderr.write(`${text}\n`);
  });

  withDatabaseOptions(
    withExamples(
      db
        .command('restore')
        .description(
          'load a backup made by `db dump` of this or an earlier newsctl (brought up to date on the way): every row in one transaction, then its media files; checks the whole file first',
        )
        .argument('<file>', 'the backup file')
        .option('--yes', 'replace the data the database already holds'),
      'newsctl db restore backup.tar --data-dir /var/lib/newsctl',
      'newsctl db restore backup.tar --database-url postgres://localhost/newsctl',
    ),
  ).action(async (file: string, options: DataOptions & { yes?: boolean }) => {
    const config = configFrom(options);
    const { applyBackup, stageBackup } = await import('../services/platform/dump/index.js');
    // The file first: a missing or damaged one is refused before anything is created.
    const staged = await stageBackup(file);
    try {
      const owner = config.databaseUrl ? null : dataDirOwner(config.dataDir);
      if (owner !== null) {
        throw Invalid(
          `${config.dataDir} is in use by the running newsctl daemon (pid ${owner}); stop it (kill ${owner}) and run the restore again, then start it.`,
        );
      }
      const summary: RestoreSummary = await withRuntime(
        options,
        (runtime) => applyBackup(runtime.ctx.sql, runtime.ctx.config, staged, { replace: options.yes }),
        (pid) => `A restore replaces the data under it: stop it (kill ${pid}, or stop its service), run this command again, then start it.`,
      );
      if (options.json) {
        printJson(summary);
        return;
      }
      const lines = [
        `Restored ${summary.rows} rows into ${summary.tables} tables, ${counted(summary.files, 'media file')} (${megabytes(summary.mediaBytes)}), ` +
          `${counted(summary.users, 'administrator')}, ${counted(summary.tokens, 'API token')}; sessions are never restored: log in again.`,
      ];
      if (summary.withoutMedia) lines.push('This backup holds no media files: audio and images made before it are not restored.');
      const secrets = secretsText(summary.secretsToSetAgain);
      if (secrets.length)
        lines.push(`Set these again (the backup left them out): ${secrets.join('; ')} — in the console, or with \`newsctl settings set KEY\`.`);
      console.log(lines.join('\n'));
    } finally {
      staged.discard();
    }
  });
}

// The data folder holds the embedded database (its WAL carries every key in clear), media and the
// operator socket: only the account running newsctl may read it. Everything this process creates
// is private (umask 077, set before the embedded database opens), and a folder that others can
// already read is reported with the command that fixes it.
import { mkdirSync, statSync } from 'node:fs';

/** Files and folders this process creates: owner only. */
export function setPrivateFileModes(): void {
  process.umask(0o077);
}

/**
 * Creates the folder (0700) when missing. Returns a warning when it exists and its group or other
 * users may read, write or enter it.
 */
export function preparePrivateDir(dir: string): string | null {
  setPrivateFileModes();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const mode = statSync(dir).mode & 0o777;
  if ((mode & 0o077) === 0) return null;
  return `The data folder ${dir} can be read by other users of this machine (mode ${mode.toString(8).padStart(4, '0')}); it holds the database and its keys. Fix it with: chmod -R go-rwx ${shellQuote(dir)}`;
}

function shellQuote(path: string): string {
  return /^[\w./-]+$/.test(path) ? path : `'${path.replace(/'/g, `'\\''`)}'`;
}

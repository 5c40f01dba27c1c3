// Files and folders a process writes before they are whole, named after their owner (host and pid),
// so that a start can tell what a killed process left (its owner is gone: removed at once) from what
// a live daemon on the same volume is still writing (kept until untouched for LEFT_BEHIND_MS).
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';

/** Scratch folders of renders and backups in the system's temporary folder. */
export type ScratchKind = 'mix' | 'speech' | 'backup' | 'restore';
export const SCRATCH_KINDS: readonly ScratchKind[] = ['mix', 'speech', 'backup', 'restore'];

/** A dot file or folder untouched this long was left by a process that stopped, whoever it was. */
const LEFT_BEHIND_MS = 10 * 60_000;

// Host names hold letters, digits, dots and dashes: '@' cannot be part of one.
const OWNER = `${process.pid}@${hostname().replace(/[^A-Za-z0-9.-]/g, '-')}`;

/** A new scratch folder of this process: newsctl-KIND-PID@HOST-XXXXXX. */
export function scratchDir(kind: ScratchKind): string {
  return mkdtempSync(join(tmpdir(), `newsctl-${kind}-${OWNER}-`));
}

/** Where `path` is written until whole: a dot file beside it (the static server never serves dot files). */
export function partialPathOf(path: string): string {
  return join(dirname(path), `.${basename(path)}.${OWNER}.partial`);
}

/** Whether the process named in a scratch name is gone: on this host, no such pid (or it is ours, recycled). */
function ownerGone(name: string): boolean {
  const owner = /(\d+)@([A-Za-z0-9.-]+?)(?:-[A-Za-z0-9]{6}|\.partial)$/.exec(name);
  if (!owner || owner[2] !== OWNER.slice(OWNER.indexOf('@') + 1)) return false;
  const pid = Number(owner[1]);
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Untouched for LEFT_BEHIND_MS: a folder's own time changes only when an entry comes or goes, so its files' times count too. */
function untouched(path: string, now: number): boolean {
  try {
    const stats = statSync(path);
    let newest = stats.mtimeMs;
    if (stats.isDirectory()) for (const entry of readdirSync(path)) newest = Math.max(newest, statSync(join(path, entry)).mtimeMs);
    return now - newest > LEFT_BEHIND_MS;
  } catch {
    return false;
  }
}

/** Whether a scratch file or folder was left behind: its owner is gone, or it has not changed for ten minutes. */
export function leftBehind(path: string, now = Date.now()): boolean {
  return ownerGone(basename(path)) || untouched(path, now);
}

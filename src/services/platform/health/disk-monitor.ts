// The data folder's free space, and what newsctl does when it runs out. Below the floor
// (NEWSCTL_MIN_FREE_MB, default 100) newsctl stops writing: administrators' writes answer 507 with
// code disk_full, the crawl ends each site with the reason and stores no article, audio renders, generations and dumps do not
// start. Readers are served from what is stored, and nothing stored is touched. The floor leaves room
// for what must still be written (a login's session, a log line, the database's own work), so that
// nothing is left half-written and the embedded database never meets a full disk. When space comes
// back, writes resume by themselves: every check reads the disk anew (at most once a second).
import { statfsSync } from 'node:fs';
import type { AppContext } from '../../../context.js';
import { contextJob, contextSlot } from '../../../context.js';
import { AppError } from '../../../errors.js';

/** A reading is reused this long: statfs is cheap, but a burst of requests needs one. */
const READING_MS = 1_000;
const MB = 1024 * 1024;

export interface DiskStatus {
  /** Below the floor: writes are refused. */
  full: boolean;
  /** Free space of the folder that has least, in MB (whole). */
  freeMb: number;
  /** That folder (the data folder, or the media folder when it is elsewhere). */
  folder: string;
  floorMb: number;
  /** What the console's banner and a refused write say; null while there is room. */
  message: string | null;
}

interface Monitor {
  readAt: number;
  status: DiskStatus | null;
  /** Whether the last reading was full: a change is announced once (disk_status). */
  wasFull: boolean;
}

const MONITOR = contextSlot<Monitor>('disk-monitor');

/** Free bytes a user may write in the folder's file system. */
export function freeBytes(folder: string): number {
  const stats = statfsSync(folder);
  return Number(stats.bavail) * Number(stats.bsize);
}

function reading(ctx: Pick<AppContext, 'config'>): DiskStatus {
  const floorMb = ctx.config.minFreeMb;
  const folders = [...new Set([ctx.config.dataDir, ctx.config.mediaDir])];
  let least = { folder: folders[0]!, free: Number.POSITIVE_INFINITY };
  for (const folder of folders) {
    let free: number;
    try {
      free = freeBytes(folder);
    } catch {
      // A folder not made yet, or gone: it is not what runs out of room.
      continue;
    }
    if (free < least.free) least = { folder, free };
  }
  const freeMb = Number.isFinite(least.free) ? Math.floor(least.free / MB) : Number.MAX_SAFE_INTEGER;
  const full = floorMb > 0 && freeMb < floorMb;
  return {
    full,
    freeMb,
    folder: least.folder,
    floorMb,
    message: full
      ? `disk full: ${freeMb} MB free in ${least.folder} (newsctl stops writing below ${floorMb} MB); free some space and writes resume by themselves`
      : null,
  };
}

/** The disk as it is now (a reading at most a second old). Announces a change (full, or room again) as disk_status. */
export function diskStatus(ctx: Pick<AppContext, 'config' | 'jobs' | 'events'>, now = Date.now()): DiskStatus {
  const monitor = contextJob(ctx, MONITOR, () => ({ readAt: 0, status: null, wasFull: false }));
  if (!monitor.status || now - monitor.readAt >= READING_MS) {
    monitor.status = reading(ctx);
    monitor.readAt = now;
    if (monitor.status.full !== monitor.wasFull) {
      monitor.wasFull = monitor.status.full;
      ctx.events.deliver('disk_status', { ...monitor.status });
    }
  }
  return monitor.status;
}

/** 507 disk_full: the write `what` is refused while the disk is below the floor. */
export function diskFull(status: DiskStatus, what?: string): AppError {
  return new AppError('disk_full', `${what ? `${what}: ` : ''}${status.message ?? 'disk full'}`, {
    freeMb: status.freeMb,
    folder: status.folder,
    floorMb: status.floorMb,
  });
}

/** Throws 507 disk_full when the disk is below the floor; `what` names the refused work in the message. */
export function assertDiskRoom(ctx: Pick<AppContext, 'config' | 'jobs' | 'events'>, what?: string): void {
  const status = diskStatus(ctx);
  if (status.full) throw diskFull(status, what);
}

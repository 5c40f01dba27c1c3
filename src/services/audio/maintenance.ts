// The audio folder's upkeep and the daily bulletin. Retention (setting audio-retention) removes
// audio older than N days — files and rows — but always keeps the newest of each kind, so the
// site's player never loses its bulletin; unfinished files a crash left behind go too. The daily
// bulletin (setting latest-news-audio-settings) runs at its local time on the job runner; the slot
// names its run, so when several daemons share the database it is made once.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../context.js';
import { allAudioFileNames, deleteAudioAsset, expiredAudioAssets } from '../../db/audio.js';
import { deleteMusicTracksOfAsset } from '../../db/music-tracks.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { instantOf, zonedTimeAt, addDays } from '../schedule/zoned-time.js';
import { getSetting } from '../settings/index.js';
import { audioDir, audioFilePath } from './files.js';
import { startScheduledAudioJob } from './jobs.js';
import { LATEST_NEWS_AUDIO_JOB } from './latest-news.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const MAX_SLEEP_MS = 10 * 60_000;
/** A slot missed by more than this (the machine slept, the daemon was down) waits for the next day. */
const MAX_LATENESS_MS = 30 * 60_000;

export interface PruneResult {
  removedAssets: number;
  removedFiles: number;
}

export async function pruneAudio(ctx: Pick<AppContext, 'sql' | 'config' | 'events'>, now = new Date()): Promise<PruneResult> {
  const { retentionDays } = await getSetting<{ retentionDays: number }>(ctx, 'audio-retention');
  const before = new Date(now.getTime() - retentionDays * DAY_MS);
  let removedAssets = 0;
  let removedFiles = 0;
  for (const asset of await expiredAudioAssets(ctx.sql, before)) {
    await deleteMusicTracksOfAsset(ctx.sql, asset.id);
    if (await deleteAudioAsset(ctx.sql, asset.id)) removedAssets++;
    rmSync(audioFilePath(ctx.config, asset.fileName), { force: true });
    removedFiles++;
  }
  // Files no row knows (an interrupted encode) once they are a day old.
  const known = await allAudioFileNames(ctx.sql);
  const dir = audioDir(ctx.config);
  for (const name of readdirSync(dir)) {
    if (known.has(name)) continue;
    const path = join(dir, name);
    try {
      if (statSync(path).isFile() && now.getTime() - statSync(path).mtimeMs > DAY_MS) {
        rmSync(path, { force: true });
        removedFiles++;
      }
    } catch {
      // Gone meanwhile.
    }
  }
  if (removedAssets > 0) await logEvent(ctx, LOG_COMPONENTS.audio, 'info', `Audio retention: removed ${removedAssets} files older than ${retentionDays} days`);
  return { removedAssets, removedFiles };
}

/** The next daily bulletin slot after `after`: HH:MM local time, today or tomorrow. */
export function nextDailySlot(after: Date, dailyTime: string, timeZone: string): Date {
  const [hour, minute] = dailyTime.split(':').map(Number) as [number, number];
  const today = zonedTimeAt(after.getTime(), timeZone);
  for (let d = 0; d < 3; d++) {
    const day = addDays(today, d);
    const at = instantOf({ year: day.year, month: day.month, day: day.day, hour, minute }, timeZone);
    if (at > after.getTime()) return new Date(at);
  }
  return new Date(after.getTime() + DAY_MS);
}

/** Starts the daily bulletin and hourly retention; returns the stop function. */
export function startAudioSchedule(ctx: AppContext, options: { now?: () => number } = {}): () => Promise<void> {
  const now = options.now ?? Date.now;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let lastPrune = 0;

  const tick = async () => {
    if (stopped) return;
    try {
      if (now() - lastPrune > 60 * 60_000) {
        lastPrune = now();
        await pruneAudio(ctx);
      }
      const settings = await getSetting<{ dailyEnabled: boolean; dailyTime: string }>(ctx, 'latest-news-audio-settings');
      if (settings.dailyEnabled) {
        // The slot that has just passed (within the lateness window) runs now, once.
        const slot = nextDailySlot(new Date(now() - MAX_LATENESS_MS), settings.dailyTime, ctx.config.timeZone);
        if (slot.getTime() <= now()) {
          // The slot names the run: however many daemons fire it, it runs once.
          const outcome = await startScheduledAudioJob(ctx, LATEST_NEWS_AUDIO_JOB, slot.toISOString());
          if (outcome === 'started') await logEvent(ctx, LOG_COMPONENTS.audio, 'info', `Daily latest news audio started (${settings.dailyTime})`);
        }
      }
    } catch (error) {
      await logEvent(ctx, LOG_COMPONENTS.audio, 'error', `Audio schedule: ${(error as Error).message}`);
    }
    if (stopped) return;
    const settings = await getSetting<{ dailyTime: string }>(ctx, 'latest-news-audio-settings').catch(() => ({ dailyTime: '06:45' }));
    const wait = Math.min(MAX_SLEEP_MS, Math.max(1_000, nextDailySlot(new Date(now()), settings.dailyTime, ctx.config.timeZone).getTime() - now() + 1_000));
    timer = setTimeout(() => void tick(), wait);
    timer.unref();
  };
  timer = setTimeout(() => void tick(), 5_000);
  timer.unref();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}

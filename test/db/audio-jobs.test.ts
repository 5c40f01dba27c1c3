// Audio work on the job runner (both databases): one run of a job at a time in the cluster, a slot
// that starts once however many daemons fire it, and one asset recorded per run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audioAssetByJobKey, insertAudioAsset } from '../../src/db/audio.js';
import { jobDefinition, shutdownJobs, startJob, startScheduledJob, stopJob } from '../../src/services/platform/jobs/index.js';
import { createServiceContext, type ServiceContext } from '../fixtures/fake-openai/context.js';
import { storeNewsDay } from '../fixtures/stories/news-day.js';

let service: ServiceContext;
let media: string;

beforeAll(async () => {
  media = mkdtempSync(join(tmpdir(), 'newsctl-audio-jobs-'));
  service = await createServiceContext({ env: { NEWSCTL_MEDIA_DIR: media } });
}, 60_000);
afterAll(async () => {
  if (service) await shutdownJobs(service.ctx);
  await service?.close();
  rmSync(media, { recursive: true, force: true });
});

describe('audio jobs on the runner', () => {
  it('declares every audio job with the runner', () => {
    for (const name of ['latest-news-audio', 'podcast-audio', 'interview-audio', 'music-track']) expect(jobDefinition(service.ctx, name), name).toBeDefined();
    expect(jobDefinition(service.ctx, 'music-track')!.exclusive).toBe(false);
  });

  it('records one asset per run', async () => {
    const sql = service.ctx.sql;
    expect(await insertAudioAsset(sql, { kind: 'latest-news', fileName: 'latest-news-2026-11-24-aaaaaa.mp3', jobKey: 'run-1' })).toBeDefined();
    expect(await insertAudioAsset(sql, { kind: 'latest-news', fileName: 'latest-news-2026-11-24-bbbbbb.mp3', jobKey: 'run-1' })).toBeUndefined();
    expect((await audioAssetByJobKey(sql, 'run-1'))!.fileName).toBe('latest-news-2026-11-24-aaaaaa.mp3');
  });

  it('starts a daily slot once, and one bulletin at a time', async () => {
    // With news to tell, the bulletin takes seconds: long enough to find it running.
    await storeNewsDay(service.ctx.sql);
    const slot = '2026-11-24T12:45:00.000Z';
    expect((await startScheduledJob(service.ctx, 'latest-news-audio', slot)).outcome).toBe('started');
    expect((await startScheduledJob(service.ctx, 'latest-news-audio', slot)).outcome).toBe('fired-elsewhere');
    await expect(startJob(service.ctx, 'latest-news-audio', {})).rejects.toThrow('The latest news audio is already running');
    const stopped = await stopJob(service.ctx, 'latest-news-audio');
    expect(stopped?.status).toBe('stopped');
  }, 120_000);
});

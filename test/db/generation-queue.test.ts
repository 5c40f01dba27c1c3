// The queue's items and who may record them: one live item per trend; an item is recorded only by
// the attempt that holds its generate-article run (the run's lease, checked once, in the recording
// transaction), never by one that lost the run to another daemon or was stopped; its output is one
// generated article (queue_item_id is unique).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertGeneratedArticle } from '../../src/db/generated-articles.js';
import { cancelLiveItems, claimItem, enqueueTrend, finishItem, liveItemIds, lockLiveItem, queueItemById, releaseItem } from '../../src/db/generation-queue.js';
import { claimQueuedRun, insertJobRun, lockHeldRun, setJobRunStatus, takeOverExpiredRun } from '../../src/db/job-runs.js';
import { createServiceContext, type ServiceContext } from '../fixtures/fake-openai/context.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';

let service: ServiceContext;
let trendId: number;

beforeAll(async () => {
  service = await createServiceContext();
  ({ trendId } = await storeStoryTrend(service.ctx.sql, { title: 'Storm', topic: 'usa', sources: harborStorm(2) }));
});
afterAll(async () => service?.close());

/** A generate-article run claimed by `holder` (attempt 1). */
async function heldRun(holder: string): Promise<string> {
  const sql = service.ctx.sql;
  const id = randomUUID();
  const queueJobId = randomUUID();
  await insertJobRun(sql, { id, job: 'generate-article', exclusive: false, singletonKey: null, params: {}, progress: {}, slot: null, queueJobId, priority: 0, createdAt: new Date() });
  expect(await claimQueuedRun(sql, id, queueJobId, holder, 60)).toMatchObject({ holder, attempts: 1 });
  return id;
}

describe('generation queue items', () => {
  it('lets only the attempt holding the run record the item, once', async () => {
    const sql = service.ctx.sql;
    const item = await enqueueTrend(sql, { trendId, trendTitle: 'Storm', priority: 5, runId: null, jobRunId: null });
    expect(item).not.toBeNull();
    expect(await enqueueTrend(sql, { trendId, trendTitle: 'Storm', priority: 5, runId: null, jobRunId: null })).toBeNull();
    const runId = await heldRun('daemon-a');

    expect(await claimItem(sql, item!.id)).toMatchObject({ id: item!.id, status: 'generating', attempts: 1 });
    expect(await sql.begin((tx) => lockHeldRun(tx, runId, 'daemon-a', 1))).toBe(true);
    // daemon-a stalls past its lease: daemon-b takes the run over (attempt 2) and claims the item again.
    await sql`update job_runs set expires_at = now() - interval '1 second' where id = ${runId}`;
    expect(await takeOverExpiredRun(sql, ['generate-article'], 'daemon-b', 60)).toMatchObject({ id: runId, holder: 'daemon-b', attempts: 2 });
    expect(await claimItem(sql, item!.id)).toMatchObject({ id: item!.id, attempts: 2 });

    // daemon-a's late write finds the run no longer its own; so does a later attempt of the same daemon's number.
    expect(await sql.begin((tx) => lockHeldRun(tx, runId, 'daemon-a', 1))).toBe(false);
    expect(await sql.begin((tx) => lockHeldRun(tx, runId, 'daemon-b', 1))).toBe(false);
    expect(await sql.begin(async (tx) => (await lockHeldRun(tx, runId, 'daemon-b', 2)) && lockLiveItem(tx, item!.id))).toBe(true);

    const { id } = await upsertGeneratedArticle(sql, {
      trendId, trendTitle: 'Storm', title: 'Storm', content: 'Text.', excerpt: 'Text.', category: 'usa', imageUrl: null,
      sourceUrls: [], sources: [], wordCount: 1, htmlFilePath: `/usa/storm-${trendId}.html`, modelName: null, writer: 'offline', queueItemId: item!.id,
    });
    expect(await finishItem(sql, item!.id, { status: 'done', articleId: id })).toBe(true);
    // Finished: no attempt claims, locks or finishes it again.
    expect(await claimItem(sql, item!.id)).toBeNull();
    expect(await sql.begin((tx) => lockLiveItem(tx, item!.id))).toBe(false);
    expect(await finishItem(sql, item!.id, { status: 'failed', error: 'late' })).toBe(false);
    // The item's output is one row: recording it again under another article is refused.
    await expect(sql`insert into generated_articles (title, content, queue_item_id) values ('x', 'y', ${item!.id})`).rejects.toThrow(/unique|duplicate/i);
    const [row] = await sql<{ status: string; articleId: number }[]>`select status, article_id from generation_queue where id = ${item!.id}`;
    expect(row).toEqual({ status: 'done', articleId: id });
  });

  it('refuses the holder once its run is being stopped', async () => {
    const sql = service.ctx.sql;
    const runId = await heldRun('daemon-a');
    expect(await setJobRunStatus(sql, runId, ['running'], 'stopping')).not.toBeNull();
    expect(await sql.begin((tx) => lockHeldRun(tx, runId, 'daemon-a', 1))).toBe(false);
  });

  it('hands an item back at shutdown without counting the attempt', async () => {
    const sql = service.ctx.sql;
    const other = await storeStoryTrend(sql, { title: 'Ferries', topic: 'usa', sources: harborStorm(2) });
    const item = await enqueueTrend(sql, { trendId: other.trendId, trendTitle: 'Ferries', priority: 1, runId: null, jobRunId: null });
    await claimItem(sql, item!.id);
    await releaseItem(sql, item!.id);
    expect(await queueItemById(sql, item!.id)).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('cancels only the items Stop saw: one queued after it stays queued', async () => {
    const sql = service.ctx.sql;
    const seen = await liveItemIds(sql);
    expect(seen.length).toBeGreaterThan(0);
    const later = await storeStoryTrend(sql, { title: 'Bridge reopens', topic: 'usa', sources: harborStorm(2) });
    const fresh = await enqueueTrend(sql, { trendId: later.trendId, trendTitle: 'Bridge reopens', priority: 1, runId: 'regeneration', jobRunId: null });
    const cancelled = await cancelLiveItems(sql, seen, 'Stopped by the administrator');
    expect(cancelled.map((item) => item.id).sort()).toEqual([...seen].sort());
    expect(cancelled.every((item) => item.status === 'cancelled' && item.error === 'Stopped by the administrator')).toBe(true);
    expect(await queueItemById(sql, fresh!.id)).toMatchObject({ status: 'pending' });
    expect(await liveItemIds(sql)).toEqual([fresh!.id]);
    // Already ended: nothing to cancel twice.
    expect(await cancelLiveItems(sql, seen, 'again')).toEqual([]);
  });
});

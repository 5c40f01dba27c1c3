// The queue's claims: one live item per trend, and an attempt that lost its item to a later attempt
// (the run taken over by another daemon) can neither record it nor hand it back, so an item is
// recorded at most once; its output is one generated article (queue_item_id is unique).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertGeneratedArticle } from '../../src/db/generated-articles.js';
import { cancelLiveItems, claimItem, enqueueTrend, finishItem, liveItemIds, lockOwnItem, queueItemById, releaseItem } from '../../src/db/generation-queue.js';
import { createServiceContext, type ServiceContext } from '../fixtures/fake-openai/context.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';

let service: ServiceContext;
let trendId: number;

beforeAll(async () => {
  service = await createServiceContext();
  ({ trendId } = await storeStoryTrend(service.ctx.sql, { title: 'Storm', topic: 'usa', sources: harborStorm(2) }));
});
afterAll(async () => service?.close());

describe('generation queue claims', () => {
  it('voids an earlier attempt’s claim when a later attempt claims the item, and records the item once', async () => {
    const sql = service.ctx.sql;
    const item = await enqueueTrend(sql, { trendId, trendTitle: 'Storm', priority: 5, runId: null, jobRunId: null });
    expect(item).not.toBeNull();
    expect(await enqueueTrend(sql, { trendId, trendTitle: 'Storm', priority: 5, runId: null, jobRunId: null })).toBeNull();

    const first = await claimItem(sql, item!.id, 'attempt-a');
    expect(first).toMatchObject({ id: item!.id, status: 'generating', holder: 'attempt-a', attempts: 1 });
    // attempt-a's daemon stalls past its lease: the run's new holder claims the item again.
    const second = await claimItem(sql, item!.id, 'attempt-b');
    expect(second).toMatchObject({ id: item!.id, holder: 'attempt-b', attempts: 2 });

    expect(await sql.begin((tx) => lockOwnItem(tx, item!.id, 'attempt-a'))).toBe(false);
    expect(await finishItem(sql, item!.id, 'attempt-a', { status: 'failed', error: 'late' })).toBe(false);
    await releaseItem(sql, item!.id, 'attempt-a');
    expect(await queueItemById(sql, item!.id)).toMatchObject({ status: 'generating', holder: 'attempt-b', attempts: 2 });

    const { id } = await upsertGeneratedArticle(sql, {
      trendId, trendTitle: 'Storm', title: 'Storm', content: 'Text.', excerpt: 'Text.', category: 'usa', imageUrl: null,
      sourceUrls: [], sources: [], wordCount: 1, htmlFilePath: `/usa/storm-${trendId}.html`, modelName: null, writer: 'offline', queueItemId: item!.id,
    });
    expect(await finishItem(sql, item!.id, 'attempt-b', { status: 'done', articleId: id })).toBe(true);
    // Finished: no attempt claims it again.
    expect(await claimItem(sql, item!.id, 'attempt-c')).toBeNull();
    // The item's output is one row: recording it again under another article is refused.
    await expect(sql`insert into generated_articles (title, content, queue_item_id) values ('x', 'y', ${item!.id})`).rejects.toThrow(/unique|duplicate/i);
    const [row] = await sql<{ status: string; articleId: number }[]>`select status, article_id from generation_queue where id = ${item!.id}`;
    expect(row).toEqual({ status: 'done', articleId: id });
  });

  it('hands an item back at shutdown without counting the attempt', async () => {
    const sql = service.ctx.sql;
    const other = await storeStoryTrend(sql, { title: 'Ferries', topic: 'usa', sources: harborStorm(2) });
    const item = await enqueueTrend(sql, { trendId: other.trendId, trendTitle: 'Ferries', priority: 1, runId: null, jobRunId: null });
    await claimItem(sql, item!.id, 'attempt-a');
    await releaseItem(sql, item!.id, 'attempt-a');
    expect(await queueItemById(sql, item!.id)).toMatchObject({ status: 'pending', holder: null, attempts: 0 });
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

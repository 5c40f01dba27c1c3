// The queue's claims: one live item per trend, SKIP LOCKED claims, takeover of an expired claim, and
// a holder that lost its claim can neither renew nor record it (so an item is recorded at most once).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertGeneratedArticle } from '../../src/db/generated-articles.js';
import { claimNextItem, enqueueTrend, finishItem, lockOwnItem, renewLease } from '../../src/db/generation-queue.js';
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
  it('hands an expired claim to another holder and refuses the first holder’s late writes', async () => {
    const sql = service.ctx.sql;
    const item = await enqueueTrend(sql, { trendId, trendTitle: 'Storm', priority: 5, runId: null });
    expect(item).not.toBeNull();
    expect(await enqueueTrend(sql, { trendId, trendTitle: 'Storm', priority: 5, runId: null })).toBeNull();

    const first = await claimNextItem(sql, 'daemon-a', 0);
    expect(first).toMatchObject({ id: item!.id, status: 'generating', holder: 'daemon-a', attempts: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // daemon-a stalls past its claim: daemon-b takes the item over.
    const second = await claimNextItem(sql, 'daemon-b', 30);
    expect(second).toMatchObject({ id: item!.id, holder: 'daemon-b', attempts: 2 });
    expect(await claimNextItem(sql, 'daemon-c', 30)).toBeNull();

    expect(await renewLease(sql, item!.id, 'daemon-a', 30)).toBe(false);
    expect(await sql.begin((tx) => lockOwnItem(tx, item!.id, 'daemon-a'))).toBe(false);
    expect(await finishItem(sql, item!.id, 'daemon-a', { status: 'failed', error: 'late' })).toBe(false);

    const { id } = await upsertGeneratedArticle(sql, {
      trendId, trendTitle: 'Storm', title: 'Storm', content: 'Text.', excerpt: 'Text.', category: 'usa', imageUrl: null,
      sourceUrls: [], sources: [], wordCount: 1, htmlFilePath: `/usa/storm-${trendId}.html`, modelName: null, writer: 'offline', queueItemId: item!.id,
    });
    expect(await finishItem(sql, item!.id, 'daemon-b', { status: 'done', articleId: id })).toBe(true);
    // The item's output is one row: recording it again under another article is refused.
    await expect(sql`insert into generated_articles (title, content, queue_item_id) values ('x', 'y', ${item!.id})`).rejects.toThrow(/unique|duplicate/i);
    const [row] = await sql<{ status: string; articleId: number }[]>`select status, article_id from generation_queue where id = ${item!.id}`;
    expect(row).toEqual({ status: 'done', articleId: id });
  });
});

// A generation is one generate-article run: one live run per trend; it is recorded only by the
// attempt that holds the run (its lease, checked once, in the recording transaction), never by one
// that lost the run to another daemon or was stopped; its output is one generated article
// (job_run_id is unique). The queue the console lists, and a regeneration's [n/total], read the runs.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedArticleOfJobRun, upsertGeneratedArticle } from '../../src/db/generated-articles.js';
import { batchProgress, countLiveGenerations, joinBatch, liveGenerationOfTrend, liveGenerations, type GenerationParams } from '../../src/db/generations.js';
import { claimQueuedRuns, finishJobRun, insertJobRun, lockHeldRun, setJobRunStatus, takeOverExpiredRun } from '../../src/db/job-runs.js';
import { currentTrends } from '../../src/db/trends.js';
import { createServiceContext, type ServiceContext } from '../fixtures/fake-openai/context.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';

let service: ServiceContext;
let trendId: number;

beforeAll(async () => {
  service = await createServiceContext();
  ({ trendId } = await storeStoryTrend(service.ctx.sql, { title: 'Storm', topic: 'usa', sources: harborStorm(2) }));
});
afterAll(async () => service?.close());

/** A queued generate-article run for a trend; null when the trend has a live one. */
async function queuedRun(params: GenerationParams, priority = 0): Promise<{ id: string } | null> {
  const id = randomUUID();
  const row = await insertJobRun(service.ctx.sql, {
    id,
    job: 'generate-article',
    exclusive: false,
    singletonKey: params.trendId === null ? null : `trend-${params.trendId}`,
    params: { ...params },
    progress: {},
    slot: null,
    priority,
    delaySeconds: 0,
    createdAt: new Date(),
  });
  return row ? { id } : null;
}

/** Claimed by `holder` (attempt 1): the only queued run of the job, so the claim takes it. */
async function heldRun(params: GenerationParams, holder: string): Promise<string> {
  const run = (await queuedRun(params))!;
  const [claimed] = await claimQueuedRuns(service.ctx.sql, 'generate-article', holder, 60, 1);
  expect(claimed).toMatchObject({ id: run.id, holder, attempts: 1 });
  return run.id;
}

const end = (sql: ServiceContext['ctx']['sql'], id: string, holder: string, status: 'completed' | 'failed' | 'stopped', error: string | null = null) =>
  finishJobRun(sql, id, holder, { status, result: null, error, progress: {}, failed: status === 'failed' });

describe('generations', () => {
  it('lets only the attempt holding the run record it, once', async () => {
    const sql = service.ctx.sql;
    const runId = await heldRun({ trendId, trendTitle: 'Storm' }, 'daemon-a');
    // One live generation per trend.
    expect(await queuedRun({ trendId, trendTitle: 'Storm' })).toBeNull();
    expect(await liveGenerationOfTrend(sql, trendId)).toMatchObject({ id: runId, params: { trendId, trendTitle: 'Storm' } });

    expect(await sql.begin((tx) => lockHeldRun(tx, runId, 'daemon-a', 1))).toBe(true);
    // daemon-a stalls past its lease: daemon-b takes the run over (attempt 2).
    await sql`update job_runs set expires_at = now() - interval '1 second' where id = ${runId}`;
    expect(await takeOverExpiredRun(sql, ['generate-article'], 'daemon-b', 60)).toMatchObject({ id: runId, holder: 'daemon-b', attempts: 2 });
    // daemon-a's late write finds the run no longer its own; so does a later attempt of the same daemon's number.
    expect(await sql.begin((tx) => lockHeldRun(tx, runId, 'daemon-a', 1))).toBe(false);
    expect(await sql.begin((tx) => lockHeldRun(tx, runId, 'daemon-b', 1))).toBe(false);
    expect(await sql.begin((tx) => lockHeldRun(tx, runId, 'daemon-b', 2))).toBe(true);

    const { id } = await upsertGeneratedArticle(sql, {
      trendId,
      trendTitle: 'Storm',
      title: 'Storm',
      content: 'Text.',
      excerpt: 'Text.',
      category: 'usa',
      imageUrl: null,
      sourceUrls: [],
      sources: [],
      wordCount: 1,
      htmlFilePath: `/usa/storm-${trendId}.html`,
      modelName: null,
      writer: 'offline',
      jobRunId: runId,
    });
    expect(await generatedArticleOfJobRun(sql, runId)).toMatchObject({ id, title: 'Storm' });
    // The run's output is one row: recording it again under another article is refused.
    await expect(sql`insert into generated_articles (title, content, job_run_id) values ('x', 'y', ${runId})`).rejects.toThrow(/unique|duplicate/i);
    expect(await end(sql, runId, 'daemon-b', 'completed')).toMatchObject({ status: 'completed' });
    expect(await liveGenerationOfTrend(sql, trendId)).toBeNull();
  });

  it('refuses the holder once its run is being stopped, and keeps why it was stopped', async () => {
    const sql = service.ctx.sql;
    const other = await storeStoryTrend(sql, { title: 'Ferries', topic: 'usa', sources: harborStorm(2) });
    const runId = await heldRun({ trendId: other.trendId, trendTitle: 'Ferries' }, 'daemon-a');
    expect(await setJobRunStatus(sql, runId, ['running'], 'stopping', 'Stopped by the administrator')).not.toBeNull();
    expect(await sql.begin((tx) => lockHeldRun(tx, runId, 'daemon-a', 1))).toBe(false);
    // A stopping run is a cancelled generation: the queue no longer lists it.
    expect((await liveGenerations(sql, 10)).map((row) => row.id)).not.toContain(runId);
    expect(await end(sql, runId, 'daemon-a', 'stopped')).toMatchObject({ status: 'stopped', error: 'Stopped by the administrator' });
  });

  it('lists the one being generated first, then the queue best first; counts a lapsed lease as interrupted', async () => {
    const sql = service.ctx.sql;
    const titles = ['Low', 'High', 'Running', 'Lapsed'];
    const trends = [];
    for (const title of titles) trends.push(await storeStoryTrend(sql, { title, topic: 'usa', sources: harborStorm(2) }));
    await heldRun({ trendId: trends[2]!.trendId, trendTitle: 'Running' }, 'daemon-a');
    const lapsed = await heldRun({ trendId: trends[3]!.trendId, trendTitle: 'Lapsed' }, 'daemon-dead');
    await queuedRun({ trendId: trends[0]!.trendId, trendTitle: 'Low' }, 1);
    await queuedRun({ trendId: trends[1]!.trendId, trendTitle: 'High' }, 900);
    await sql`update job_runs set expires_at = now() - interval '1 second' where id = ${lapsed}`;
    const listed = await liveGenerations(sql, 10);
    expect(listed.map((row) => [row.trendTitle, row.status])).toEqual([
      ['Running', 'generating'],
      ['High', 'pending'],
      ['Low', 'pending'],
      ['Lapsed', 'pending'],
    ]);
    expect(await countLiveGenerations(sql)).toEqual({ total: 4, generating: 1, interrupted: 1, regeneration: 0 });
    await sql`update job_runs set status = 'stopped', holder = null where job = 'generate-article' and status in ('queued', 'running')`;
  });

  it('counts a regeneration’s runs, those it took over included; stopping counts as stopped', async () => {
    const sql = service.ctx.sql;
    const batch = 'b1';
    const names = ['One', 'Two', 'Three', 'Four'];
    const trends = [];
    for (const title of names) trends.push(await storeStoryTrend(sql, { title: `${title} regenerated`, topic: 'usa', sources: harborStorm(2) }));
    const done = await heldRun({ trendId: trends[0]!.trendId, trendTitle: 'One', batch }, 'daemon-a');
    const failed = await heldRun({ trendId: trends[1]!.trendId, trendTitle: 'Two', batch }, 'daemon-a');
    const stopping = await heldRun({ trendId: trends[2]!.trendId, trendTitle: 'Three', batch }, 'daemon-a');
    // Queued before the regeneration: it joins it.
    const earlier = (await queuedRun({ trendId: trends[3]!.trendId, trendTitle: 'Four' }))!;
    await joinBatch(sql, earlier.id, batch);
    expect(await countLiveGenerations(sql)).toMatchObject({ total: 4, regeneration: 4 });
    await end(sql, done, 'daemon-a', 'completed');
    await end(sql, failed, 'daemon-a', 'failed', 'no sources');
    await setJobRunStatus(sql, stopping, ['running'], 'stopping');
    expect(await batchProgress(sql, batch)).toEqual({ total: 4, done: 1, failed: 1, cancelled: 1, live: 1 });
    expect(await batchProgress(sql, 'another')).toEqual({ total: 0, done: 0, failed: 0, cancelled: 0, live: 0 });
    await sql`update job_runs set status = 'stopped', holder = null where job = 'generate-article' and status in ('queued', 'running', 'stopping')`;
  });

  it('says a trend failed since its newest source until a newer source arrives', async () => {
    const sql = service.ctx.sql;
    const hopeless = await storeStoryTrend(sql, { title: 'Hopeless', topic: 'usa', sources: harborStorm(2) });
    const failedSince = async () => (await currentTrends(sql)).find((trend) => trend.id === hopeless.trendId)!.failedSinceNewestSource;
    expect(await failedSince()).toBe(false);
    const runId = await heldRun({ trendId: hopeless.trendId, trendTitle: 'Hopeless' }, 'daemon-a');
    await end(sql, runId, 'daemon-a', 'failed', 'the model refused');
    expect(await failedSince()).toBe(true);
    await sql`update articles set scraped_at = now() + interval '1 minute' where id in (select article_id from trend_articles where trend_id = ${hopeless.trendId})`;
    expect(await failedSince()).toBe(false);
  });
});

// Run mode queues the current trends that have no article. It read the trends, then queued each:
// a generation of a trend that ended in between (its article written, its run over) left the key
// free and the trend was queued, and written, again (a two-daemon restart under load asked the model
// twice for one trend). The article is now looked for after the run's row is in, in its transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppContext } from '../../../../src/app-context.js';
import { loadConfig } from '../../../../src/config.js';
import type { AppContext } from '../../../../src/context.js';
import { upsertGeneratedArticle } from '../../../../src/db/generated-articles.js';
import { liveRunByKey } from '../../../../src/db/job-runs.js';
import { queueGeneration } from '../../../../src/services/newsroom/generator/jobs.js';
import { GENERATE_ARTICLE_JOB } from '../../../../src/services/newsroom/generator/status.js';
import { shutdownJobs } from '../../../../src/services/platform/jobs/index.js';
import { harborStorm, storeStoryTrend } from '../../../fixtures/stories/index.js';
import { createTestDatabase, type TestDatabase } from '../../../helpers/db.js';

let database: TestDatabase;
let ctx: AppContext;

beforeAll(async () => {
  database = await createTestDatabase();
  // Runs are queued, never taken: what is queued is what is tested.
  const config = loadConfig({ NEWSCTL_LOG_LEVEL: 'silent', NEWSCTL_DATA_DIR: '/nonexistent-newsctl-test', NEWSCTL_JOB_WORKER: 'false' });
  ctx = createAppContext({ config, db: database.db });
}, 60_000);

afterAll(async () => {
  if (ctx) await shutdownJobs(ctx);
  await database?.drop();
});

describe('queueing a trend for its article', () => {
  it('takes the run back when the trend has its article by the time the run is in, unless asked for by hand', async () => {
    const { trendId } = await storeStoryTrend(database.db.sql, { title: 'Storm floods Port Linden', topic: 'usa', sources: harborStorm(3) });
    const generation = { trendId, trendTitle: 'Storm floods Port Linden', priority: 5 };
    // No article yet: queued, and the key is held.
    const first = await queueGeneration(ctx, { ...generation, unlessWritten: true });
    expect(first).not.toBeNull();
    await database.db.sql`update job_runs set status = 'completed' where id = ${first!.id}`;
    // The generation ended, its article written: run mode's queueing finds it and queues nothing.
    await upsertGeneratedArticle(database.db.sql, {
      trendId,
      trendTitle: generation.trendTitle,
      title: 'Port Linden after the storm',
      content: 'A storm flooded the harbor district.',
      excerpt: 'A storm flooded the harbor district.',
      category: 'usa',
      imageUrl: null,
      sourceUrls: [],
      sources: [],
      wordCount: 6,
      htmlFilePath: 'port-linden-after-the-storm.html',
      modelName: null,
      writer: 'offline',
      jobRunId: first!.id,
    });
    expect(await queueGeneration(ctx, { ...generation, unlessWritten: true })).toBeNull();
    expect(await liveRunByKey(database.db.sql, GENERATE_ARTICLE_JOB, `trend-${trendId}`)).toBeNull();
    // An administrator's request for the trend writes it again.
    expect(await queueGeneration(ctx, generation)).not.toBeNull();
  });
});

// A job starts once, even when starts race: for every job of the registry, many starts fired at
// once (its own start function, the scheduler's slot start, the generic start) give exactly one
// live run; every other exclusive start is refused with 409 "already running" and the live run's
// status. On PostgreSQL the burst comes from two daemons (two contexts, two pools) and the round
// runs 50 times. The daemons here queue runs but take none (NEWSCTL_JOB_WORKER=false), so the
// winner's run stays live while the losers arrive: the claim itself is what is tested.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../src/config.js';
import type { AppContext } from '../../../../src/context.js';
import { openDatabase, type Database } from '../../../../src/db/client.js';
import { AppError } from '../../../../src/errors.js';
import { startFoodRecategorization } from '../../../../src/services/reader/food-recategorization/index.js';
import { startGenerator } from '../../../../src/services/newsroom/generator/index.js';
import { PRODUCT_JOBS } from '../../../../src/job-catalog.js';
import { enqueue, jobDefinitions, shutdownJobs, startJob, startScheduledJob, stopJob } from '../../../../src/services/platform/jobs/index.js';
import { startSpider, stopSpider } from '../../../../src/services/reader/spider/index.js';
import { startRefetch } from '../../../../src/services/reader/spider/refetch.js';
import { startTrendsAnalyzer } from '../../../../src/services/reader/trends/index.js';
import { createTestDatabase, usingPostgres, type TestDatabase } from '../../../helpers/db.js';
import { createAppContext } from '../../../../src/app-context.js';

const ROUNDS = usingPostgres ? 50 : 5;
const STARTS = 8;

let database: TestDatabase;
let second: Database | null = null;
const contexts: AppContext[] = [];

function context(db: Database): AppContext {
  const config = loadConfig({ NEWSCTL_LOG_LEVEL: 'silent', NEWSCTL_DATA_DIR: '/nonexistent-newsctl-test', NEWSCTL_JOB_WORKER: 'false' });
  const ctx = createAppContext({ config, db });
  contexts.push(ctx);
  return ctx;
}

beforeAll(async () => {
  database = await createTestDatabase();
  context(database.db);
  // A second daemon on the same PostgreSQL: its own pool, its own runner.
  if (usingPostgres) {
    second = await openDatabase({ databaseUrl: database.url, dataDir: '', maxConnections: 4 });
    context(second);
  }
}, 60_000);

afterAll(async () => {
  for (const ctx of contexts) await shutdownJobs(ctx);
  await second?.close();
  await database?.drop();
});

type Start = (ctx: AppContext, round: number) => Promise<unknown>;

/** How each exclusive job is started: every way in that reaches its claim. */
const EXCLUSIVE: Record<string, Start[]> = {
  spider: [
    (ctx) => startSpider(ctx),
    (ctx, round) => startScheduledJob(ctx, 'spider', `2026-11-27T10:${String(round % 60).padStart(2, '0')}:00.000Z`).then(refusedWhenSkipped),
  ],
  refetch: [(ctx) => startRefetch(ctx)],
  'trends-analyzer': [
    (ctx) => startTrendsAnalyzer(ctx),
    (ctx, round) => startScheduledJob(ctx, 'trends-analyzer', `2026-11-27T11:${String(round % 60).padStart(2, '0')}:00.000Z`).then(refusedWhenSkipped),
  ],
  'food-recategorization': [(ctx) => startFoodRecategorization(ctx)],
  generator: [(ctx) => startGenerator(ctx)],
  'latest-news-audio': [(ctx) => startJob(ctx, 'latest-news-audio')],
  'podcast-audio': [(ctx) => startJob(ctx, 'podcast-audio')],
  'interview-audio': [(ctx) => startJob(ctx, 'interview-audio')],
  'email-digest': [
    (ctx) => startJob(ctx, 'email-digest'),
    (ctx, round) => startScheduledJob(ctx, 'email-digest', `2026-11-27T13:${String(round % 60).padStart(2, '0')}:00.000Z`).then(refusedWhenSkipped),
  ],
  upkeep: [
    (ctx) => startJob(ctx, 'upkeep'),
    (ctx, round) => startScheduledJob(ctx, 'upkeep', `2026-11-27T12:${String(round % 60).padStart(2, '0')}:00.000Z`).then(refusedWhenSkipped),
  ],
};

/** A schedule slot that lost the race is recorded as skipped (or fired elsewhere): a refusal like a 409. */
function refusedWhenSkipped(answer: { outcome: string; reason?: string }): unknown {
  if (answer.outcome === 'started') return answer;
  throw new AppError('conflict', answer.reason ?? 'fired elsewhere');
}

async function liveRuns(name: string): Promise<{ id: string; status: string }[]> {
  return database.db.sql<{ id: string; status: string }[]>`
    select id, status from job_runs where job = ${name} and status in ('queued', 'running', 'paused', 'stopping')`;
}

describe('a start that races another', { timeout: 600_000 }, () => {
  it('covers every job of the product', () => {
    // Queue jobs run one item each, side by side: no start of theirs is refused.
    const queueJobs = ['digest-confirmation', 'generate-article', 'music-track', 'story-alert', 'webhook-delivery'];
    expect(
      jobDefinitions({ catalog: PRODUCT_JOBS })
        .map((def) => def.name)
        .sort(),
    ).toEqual([...Object.keys(EXCLUSIVE), ...queueJobs].sort());
  });

  for (const [name, starters] of Object.entries(EXCLUSIVE)) {
    it(`${name}: one run, every other start refused with 409 and the live run`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const attempts = Array.from({ length: STARTS }, (_, i) => {
          const ctx = contexts[i % contexts.length]!;
          const start = starters[i % starters.length]!;
          return start(ctx, round);
        });
        const settled = await Promise.allSettled(attempts);
        const won = settled.filter((result) => result.status === 'fulfilled');
        const lost = settled.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
        expect(won, `round ${round}: ${lost.map((l) => String(l.reason)).join('; ')}`).toHaveLength(1);
        for (const { reason } of lost) {
          expect(reason, String(reason)).toBeInstanceOf(AppError);
          expect((reason as AppError).status).toBe(409);
        }
        // The generic refusal names the run it lost to.
        const withRun = lost.map(({ reason }) => (reason as AppError).details?.run as { status: string } | undefined).filter(Boolean);
        for (const run of withRun) expect(['queued', 'running', 'paused', 'stopping']).toContain(run!.status);
        const live = await liveRuns(name);
        expect(live).toHaveLength(1);
        // Stops race too: every stop answers, one run ends, none is left live.
        const stops = await Promise.all(contexts.flatMap((ctx) => [name === 'spider' ? stopSpider(ctx) : stopJob(ctx, name), stopJob(ctx, name)]));
        expect(stops.length).toBe(contexts.length * 2);
        expect(await liveRuns(name)).toEqual([]);
      }
    });
  }

  for (const name of ['generate-article', 'music-track']) {
    it(`${name}: the same item queued many times at once is one run`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const key = `race-${round}`;
        const settled = await Promise.all(
          Array.from({ length: STARTS }, (_, i) => enqueue(contexts[i % contexts.length]!, name, { item: round }, { singletonKey: key })),
        );
        expect(new Set(settled.map((answer) => answer.run.id)).size).toBe(1);
        expect(settled.filter((answer) => answer.created)).toHaveLength(1);
        expect(await liveRuns(name)).toHaveLength(1);
        await stopJob(contexts[0]!, name);
        for (const run of await liveRuns(name)) {
          await database.db.sql`update job_runs set status = 'stopped', finished_at = now() where id = ${run.id}`;
        }
      }
    });
  }
});

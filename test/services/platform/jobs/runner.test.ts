// The job runner on one database: start (409 while live), progress saved as it goes, stop from the
// status row, queue items (one live item per key), retries, results for waiters, and a run handed
// over by a shutting-down runner resumed by another one from its saved progress.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../../src/context.js';
import { createEventBus } from '../../../../src/services/platform/events.js';
import {
  defineJob,
  enqueue,
  jobCatalog,
  jobRunner,
  jobStates,
  pauseJob,
  resumeJob,
  lastRun,
  liveRun,
  notRunning,
  pruneJobHistory,
  shutdownJobs,
  startJob,
  stopJob,
  waitForJobIdle,
  waitForRun,
  type JobHandle,
} from '../../../../src/services/platform/jobs/index.js';
import { createServiceContext, type ServiceContext } from '../../../fixtures/fake-openai/context.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

/** Counts to `to`, one step per `stepMs`, resuming from saved progress; stops when told. */
const counted: string[] = [];
const countJob = defineJob({
  name: 'test-count',
  label: 'The counter',
  run: async (_ctx, params: { to: number; stepMs: number }, job: JobHandle) => {
    let n = Number(job.saved.n ?? 0);
    counted.push(`${job.resumed ? 'resumed' : 'started'} at ${n}`);
    while (n < params.to) {
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, params.stepMs);
        job.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
      if (job.signal.aborted) break;
      n++;
      job.progress({ n });
    }
    return { n, interruption: job.interruption };
  },
});

let attempts = 0;
const flakyJob = defineJob({
  name: 'test-flaky',
  label: 'The flaky job',
  retry: { limit: 2, delaySeconds: 0 },
  run: async () => {
    attempts++;
    if (attempts < 3) throw new Error(`failure ${attempts}`);
    return { attempts };
  },
});

const items: number[] = [];
/** Item 1 waits for the test to release it, so a second enqueue with its key surely finds it live. */
let releaseFirstItem: () => void = () => {};
const firstItemReleased = new Promise<void>((resolve) => (releaseFirstItem = resolve));
const itemJob = defineJob({
  name: 'test-item',
  label: 'Item work',
  exclusive: false,
  concurrency: 2,
  run: async (_ctx, params: { id: number }) => {
    if (params.id === 1) await firstItemReleased;
    else await sleep(50);
    items.push(params.id);
    return { doubled: params.id * 2 };
  },
});

const keyedJob = defineJob({
  name: 'test-keyed',
  label: 'Keyed work',
  exclusive: false,
  run: async (_ctx, params: { n: number }) => ({ n: params.n }),
});

/** A job every runner joins (as the crawl is shared): each runner's share, by runner, and whether it was ever seen paused. */
const shares = new Map<string, { job: JobHandle; pausedSeen: boolean }>();
const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
const sharedJob = defineJob({
  name: 'test-shared',
  label: 'The shared job',
  pausable: true,
  // Short: the runners look at the cluster's runs every third of it.
  leaseSeconds: 3,
  run: async (_ctx, _params, job) => {
    await untilAborted(job.signal);
    return {};
  },
  join: async (ctx, _params, job) => {
    const share = { job, pausedSeen: job.paused };
    shares.set(jobRunner(ctx).holder, share);
    const off = job.onControl((state) => (share.pausedSeen ||= state === 'paused'));
    await untilAborted(job.signal);
    off();
  },
});

/** Ignores its stop until the test lets it end: a stopper must not wait for it past its own time. */
let releaseDeaf: () => void = () => {};
const deafJob = defineJob({
  name: 'test-deaf',
  label: 'The deaf job',
  run: async () => {
    await new Promise<void>((resolve) => (releaseDeaf = resolve));
    return {};
  },
});

let service: ServiceContext;
beforeAll(async () => {
  // This file's jobs only: a catalog is what a runner works, whatever modules are loaded.
  service = await createServiceContext({ catalog: jobCatalog([countJob, flakyJob, itemJob, keyedJob, sharedJob, deafJob]) });
});
afterAll(async () => service?.close());

describe('job runner', () => {
  it("works the jobs its context's catalog lists, and only those", async () => {
    // The spider's module is loaded (the product's catalog imports it) but not in this catalog.
    await expect(startJob(service.ctx, 'spider')).rejects.toMatchObject({ code: 'invalid', message: expect.stringContaining('Unknown job "spider"') });
    expect((await jobStates(service.ctx)).map((state) => state.name)).toEqual([
      'test-count',
      'test-deaf',
      'test-flaky',
      'test-item',
      'test-keyed',
      'test-shared',
    ]);
    expect(() => jobCatalog([countJob, { ...countJob }])).toThrow('Job "test-count" is declared twice');
    expect(() => defineJob({ ...countJob, name: 'Test Count' })).toThrow('must be lower-case');
  });

  it('runs a job once at a time, saves its progress, and stops it wherever it runs', async () => {
    const ctx = service.ctx;
    expect(await stopJob(ctx, countJob.name)).toBeNull();
    expect(notRunning(ctx, countJob.name)).toEqual({ message: 'The counter is not running' });
    const { run } = await startJob(ctx, countJob.name, { to: 1000, stepMs: 20 });
    await expect(startJob(ctx, countJob.name, { to: 1 })).rejects.toMatchObject({ status: 409, message: 'The counter is already running' });
    await until(async () => Number((await liveRun(ctx, countJob.name))?.progress.n ?? 0) >= 5);
    const live = await liveRun(ctx, countJob.name);
    expect(live).toMatchObject({ id: run.id, status: 'running' });
    expect(live!.holder).toMatch(/:\d+:[0-9a-f]{6}$/);
    // The database has it too (what another daemon reads), at most a write behind.
    await until(async () => Number((await ctx.sql<{ n: number }[]>`select (progress->>'n')::int as n from job_runs where id = ${run.id}`)[0]!.n) >= 5);

    const stopped = await stopJob(ctx, countJob.name);
    expect(stopped).toMatchObject({ id: run.id, status: 'stopped' });
    expect(stopped!.result).toMatchObject({ interruption: 'stop' });
    expect(await liveRun(ctx, countJob.name)).toBeNull();
    expect((await lastRun(ctx, countJob.name))!.status).toBe('stopped');
    const states = await jobStates(ctx);
    expect(states.find((s) => s.name === countJob.name)).toMatchObject({ status: 'idle', label: 'The counter', run: { id: run.id, status: 'stopped' } });

    const messages = service
      .eventsOf('job_updated')
      .filter((m) => m.runId === run.id)
      .map((m) => m.status);
    expect(messages).toEqual(['queued', 'running', 'stopping', 'stopped']);
    expect(service.eventsOf('job_progress').some((m) => m.runId === run.id)).toBe(true);
  });

  it('gives up waiting for a run that ignores its stop at the wait’s own limit, and records its end when it comes', async () => {
    const ctx = service.ctx;
    const { run } = await startJob(ctx, deafJob.name);
    await until(async () => (await liveRun(ctx, deafJob.name))?.status === 'running');
    const asked = Date.now();
    expect(await stopJob(ctx, deafJob.name, { timeoutMs: 500 })).toMatchObject({ id: run.id, status: 'stopping' });
    expect(Date.now() - asked).toBeLessThan(5_000);
    releaseDeaf();
    expect(await waitForRun(ctx, run.id, { timeoutMs: 10_000 })).toMatchObject({ status: 'stopped' });
  });

  it("returns a run's result to whoever waits for it, retrying a failing run as its policy says", async () => {
    const runAndWait = async (name: string, params: Record<string, unknown> = {}) =>
      (await waitForRun(service.ctx, (await startJob(service.ctx, name, params)).run.id))?.result;
    expect(await runAndWait(countJob.name, { to: 3, stepMs: 1 })).toEqual({ n: 3, interruption: null });
    expect(await runAndWait('test-flaky')).toEqual({ attempts: 3 });
    const last = await lastRun(service.ctx, 'test-flaky');
    expect(last).toMatchObject({ status: 'completed', failures: 2, attempts: 3 });
    // A retry is the same run queued again: one row in the job store, whatever the attempts.
    const rows = await service.ctx.sql<{ count: number }[]>`select count(*)::int as count from job_runs where job = 'test-flaky'`;
    expect(rows[0]!.count).toBe(1);
  });

  it('waits its back-off between retries, and fails the run once its retries are spent', async () => {
    const failing = jobCatalog([
      defineJob({
        name: 'test-backoff',
        label: 'Back-off',
        retry: { limit: 1, delaySeconds: 1, backoff: true },
        run: async (_ctx, _p, job) => {
          throw new Error(`try ${job.attempt}`);
        },
      }),
    ]);
    const ctx: AppContext = { ...service.ctx, jobs: new Map(), catalog: failing };
    try {
      const { run } = await startJob(ctx, 'test-backoff');
      const ended = await waitForRun(ctx, run.id, { timeoutMs: 30_000 });
      expect(ended).toMatchObject({ status: 'failed', failures: 2, attempts: 2, error: 'try 2' });
      // With back-off the retry waits 1–2 s after the first failure (1 s · 2^0, plus up to as much
      // again), and no daemon takes it before then.
      const [timing] = await ctx.sql<{ waited: number; claimedAfter: boolean }[]>`
        select extract(epoch from (run_at - created_at))::float as waited, finished_at >= run_at as "claimedAfter" from job_runs where id = ${run.id}`;
      expect(timing!.waited).toBeGreaterThanOrEqual(1);
      expect(timing!.waited).toBeLessThan(10);
      expect(timing!.claimedAfter).toBe(true);
    } finally {
      await shutdownJobs(ctx);
    }
  });

  it('queues items, one live item per key, several at once per daemon', async () => {
    const first = await enqueue(service.ctx, 'test-item', { id: 1 }, { singletonKey: 'one' });
    const again = await enqueue(service.ctx, 'test-item', { id: 1 }, { singletonKey: 'one' });
    expect(again).toMatchObject({ created: false, run: { id: first.run.id } });
    releaseFirstItem();
    const others = await Promise.all([2, 3, 4].map((id) => enqueue(service.ctx, 'test-item', { id }, { singletonKey: String(id) })));
    const ended = await Promise.all([first, ...others].map(({ run }) => waitForRun(service.ctx, run.id)));
    expect(ended.map((row) => row!.result)).toEqual([{ doubled: 2 }, { doubled: 4 }, { doubled: 6 }, { doubled: 8 }]);
    expect(items.sort()).toEqual([1, 2, 3, 4]);
    // Done items free their key.
    expect((await enqueue(service.ctx, 'test-item', { id: 1 }, { singletonKey: 'one' })).created).toBe(true);
    await waitForJobIdle(service.ctx, 'test-item');
  });

  it('queues an item whose key was freed between the insert that found it taken and the look at its holder', async () => {
    const ctx = service.ctx;
    // A live item holding the key (queued for an hour from now, so no runner takes it meanwhile).
    const [held] = await ctx.sql<{ id: string }[]>`
      insert into job_runs (id, job, exclusive, singleton_key, status, run_at)
      values (gen_random_uuid(), 'test-keyed', false, 'the-key', 'queued', now() + interval '1 hour') returning id`;
    // The item ends just before enqueue looks up who holds the key (as when it completes on another daemon then).
    let endedInBetween = false;
    const sql = new Proxy(ctx.sql, {
      apply(target, self, args: unknown[]) {
        const text = Array.isArray(args[0]) ? (args[0] as string[]).join('?') : '';
        if (!endedInBetween && text.includes('singleton_key = ')) {
          endedInBetween = true;
          return target`update job_runs set status = 'stopped', finished_at = now() where id = ${held!.id}`.then(() => Reflect.apply(target, self, args));
        }
        return Reflect.apply(target, self, args);
      },
    });
    const started = await enqueue({ ...ctx, sql }, 'test-keyed', { n: 1 }, { singletonKey: 'the-key' });
    expect(endedInBetween).toBe(true);
    expect(started.created).toBe(true);
    expect(started.run.id).not.toBe(held!.id);
    expect(await waitForRun(ctx, started.run.id)).toMatchObject({ status: 'completed', result: { n: 1 } });
  });

  it('hands out each queued run once when two runners claim at once (SKIP LOCKED)', async () => {
    const ran: number[] = [];
    const runners = new Set<string>();
    const catalog = jobCatalog([
      defineJob({
        name: 'test-claimed',
        label: 'Claimed work',
        exclusive: false,
        concurrency: 4,
        run: async (ctx, params: { n: number }) => {
          ran.push(params.n);
          runners.add(jobRunner(ctx).holder);
          await sleep(30);
          return { n: params.n };
        },
      }),
    ]);
    // Two runners on one database, as two daemons, both working before anything is queued.
    const a: AppContext = { ...service.ctx, jobs: new Map(), catalog };
    const b: AppContext = { ...service.ctx, jobs: new Map(), catalog };
    try {
      await Promise.all([jobRunner(a).work(), jobRunner(b).work()]);
      const runs = await Promise.all(Array.from({ length: 24 }, (_, n) => enqueue(n % 2 ? a : b, 'test-claimed', { n })));
      const ended = await Promise.all(runs.map(({ run }) => waitForRun(a, run.id, { timeoutMs: 30_000 })));
      expect(ended.every((row) => row?.status === 'completed' && row.attempts === 1)).toBe(true);
      expect([...ran].sort((x, y) => x - y)).toEqual(Array.from({ length: 24 }, (_, n) => n));
      // Both runners took a share.
      expect(runners.size).toBe(2);
    } finally {
      await shutdownJobs(a);
      await shutdownJobs(b);
    }
  });

  it('takes over a run a killed daemon held once its lease lapses, and resumes it from its saved progress', async () => {
    const ctx = service.ctx;
    counted.length = 0;
    // What a daemon killed mid-run leaves: its row, running, held under a lease that lapsed a moment ago.
    const [dead] = await ctx.sql<{ id: string }[]>`
      insert into job_runs (id, job, exclusive, status, params, progress, holder, expires_at, attempts, started_at)
      values (gen_random_uuid(), 'test-count', true, 'running', ${ctx.sql.json({ to: 8, stepMs: 5 })}, ${ctx.sql.json({ n: 5 })},
              'gone-host:4242:dead00', now() - interval '1 second', 1, now() - interval '1 minute')
      returning id`;
    jobRunner(ctx).tickNow();
    const ended = await waitForRun(ctx, dead!.id, { timeoutMs: 20_000 });
    expect(ended).toMatchObject({ status: 'completed', result: { n: 8 }, attempts: 2, holder: null });
    expect(counted).toEqual(['resumed at 5']);
  });

  it('hands a run over at shutdown; another runner resumes it from its saved progress', async () => {
    const a = service.ctx;
    // A second runner on the same database: what another daemon would be.
    const b: AppContext = { ...service.ctx, jobs: new Map() };
    counted.length = 0;
    const { run } = await startJob(a, countJob.name, { to: 40, stepMs: 20 });
    await until(async () => Number((await liveRun(a, countJob.name))?.progress.n ?? 0) >= 10);
    await shutdownJobs(a);
    const released = await b.sql<{ holder: string | null; n: number }[]>`select holder, (progress->>'n')::int as n from job_runs where id = ${run.id}`;
    expect(released[0]!.holder).toBeNull();
    expect(released[0]!.n).toBeGreaterThanOrEqual(10);
    const ended = await waitForRun(b, run.id, { timeoutMs: 20_000 });
    expect(ended).toMatchObject({ status: 'completed', result: { n: 40 }, attempts: 2 });
    expect(counted).toEqual(['started at 0', `resumed at ${released[0]!.n}`]);
    await shutdownJobs(b);
  });

  it('brings a pause and a resume to every runner sharing a run, even one that missed their live messages', { timeout: 60_000 }, async () => {
    // Two runners on one database, as two daemons; b's live messages never reach a or back (a NOTIFY lost in an outage).
    const a: AppContext = { ...service.ctx, jobs: new Map() };
    const b: AppContext = { ...service.ctx, jobs: new Map(), events: createEventBus() };
    try {
      await jobRunner(b).work();
      const { run } = await startJob(a, 'test-shared');
      await until(() => shares.has(jobRunner(a).holder) && shares.has(jobRunner(b).holder), 20_000);
      const shareOf = (ctx: AppContext) => shares.get(jobRunner(ctx).holder)!;
      // Controlled from the daemon holding the run; the other only shares it, and hears nothing.
      const holder = (await liveRun(a, 'test-shared'))!.holder;
      const [holding, sharing] = holder === jobRunner(a).holder ? [a, b] : [b, a];
      expect(await pauseJob(holding, 'test-shared')).toMatchObject({ id: run.id, status: 'paused' });
      await until(() => shareOf(holding).job.paused && shareOf(sharing).job.paused, 10_000);
      expect(shareOf(sharing).pausedSeen).toBe(true);
      expect(await resumeJob(holding, 'test-shared')).toMatchObject({ id: run.id, status: 'running' });
      await until(() => !shareOf(holding).job.paused && !shareOf(sharing).job.paused, 10_000);
      expect(await stopJob(holding, 'test-shared')).toMatchObject({ id: run.id, status: 'stopped' });
      await until(() => shareOf(holding).job.signal.aborted && shareOf(sharing).job.signal.aborted, 10_000);
    } finally {
      await shutdownJobs(a);
      await shutdownJobs(b);
    }
  });

  it("clears runs older than 30 days, keeping each job's newest, and activity lines older than 7 but the newest run's", async () => {
    const sql = service.ctx.sql;
    const day = 24 * 60 * 60_000;
    const now = Date.now();
    const insert = async (job: string, ageDays: number, status = 'completed') => {
      const [row] = await sql<{ id: string }[]>`
        insert into job_runs (id, job, exclusive, status, created_at, finished_at)
        values (gen_random_uuid(), ${job}, false, ${status}, ${new Date(now - ageDays * day)}, ${new Date(now - ageDays * day)})
        returning id`;
      await sql`insert into job_activity (run_id, line) values (${row!.id}, 'a line')`;
      return row!.id;
    };
    const old = await insert('test-history', 40);
    const newestButOld = await insert('test-history', 35);
    const week = await insert('test-history-2', 10);
    const fresh = await insert('test-history-2', 1);
    // A job whose newest runs failed keeps its last completed one too (when it last did its work).
    const lastDone = await insert('test-history-3', 50);
    const failedOld = await insert('test-history-3', 45, 'failed');
    const failedNewest = await insert('test-history-3', 40, 'failed');
    expect(await pruneJobHistory(service.ctx, now)).toBe(2);
    const left = (await sql<{ id: string }[]>`select id from job_runs where job like 'test-history%'`).map((row) => row.id).sort();
    expect(left).toEqual([newestButOld, week, fresh, lastDone, failedNewest].sort());
    expect(left).not.toContain(failedOld);
    expect(left).not.toContain(old);
    const lines = (await sql<{ runId: string }[]>`select run_id from job_activity where run_id = any(${left}::uuid[])`).map((row) => row.runId);
    // Each job's newest run keeps its lines: a status page shows them however old they are.
    expect(lines.sort()).toEqual([newestButOld, fresh, failedNewest].sort());
  });
});

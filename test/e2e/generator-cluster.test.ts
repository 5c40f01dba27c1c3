// Two daemons on one PostgreSQL share the generator queue (issue 14 on the job runner): Run started
// on one daemon is reported by the other, both daemons generate items, each item is generated and
// recorded once, and Stop given to the other daemon ends Run. PostgreSQL only: the embedded database
// is one process per data folder (these tests run in CI's PostgreSQL pass).
import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../fixtures/fake-openai/server.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';
import { startCluster, type TestCluster } from '../helpers/cluster.js';
import { usingPostgres } from '../helpers/db.js';
import { type DaemonProcess, pidOf } from '../helpers/daemon.js';

const TRENDS = [
  'Storm floods Port Linden',
  'Ferries halted in Port Linden',
  'Old Mill bridge closed',
  'Shelters open at Linden schools',
  'Power cut to 18,000 homes',
  'Insurers open Port Linden office',
];
const ARTICLE = `**Port Linden after the storm**

${'A storm flooded the harbor district of Port Linden and about 1,200 residents left their homes overnight. '.repeat(3)}`;

describe.skipIf(!usingPostgres)('two daemons sharing the generator queue', () => {
  let fake: FakeOpenAi;
  let cluster: TestCluster;
  let sql: postgres.Sql;
  let daemons: DaemonProcess[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    // Each model call takes a while, so the second daemon finds items left to take.
    fake.respondWith(() => ({ kind: 'slow', delayMs: 1_500, reply: { kind: 'text', content: ARTICLE } }));
    cluster = await startCluster({
      daemons: 2,
      name: 'generator-cluster',
      env: { NEWSCTL_LLM_BASE_URL: fake.baseUrl, NEWSCTL_LLM_API_KEY: 'sk-fake', NEWSCTL_LLM_MAX_RETRIES: '0', NEWSCTL_JOB_LEASE_SECONDS: '4' },
      prepare: async (db) => {
        for (const [index, title] of TRENDS.entries()) {
          await storeStoryTrend(db as never, { title, topic: 'usa', relevance: 10 - index, sources: harborStorm(2 + (index % 3)) });
        }
      },
    });
    ({ sql, daemons } = cluster);
  }, 180_000);

  afterAll(async () => {
    await cluster?.close();
    await fake?.close();
  });

  it('generates each item once, on both daemons, and takes Run and Stop from either', { timeout: 180_000 }, async () => {
    const [a, b] = daemons as [DaemonProcess, DaemonProcess];
    const cookieA = await cluster.login(a);
    const cookieB = await cluster.login(b);
    const get = async (daemon: DaemonProcess, cookie: string, path: string) => (await fetch(`${daemon.baseUrl}${path}`, { headers: { cookie } })).json();

    const run = await fetch(`${a.baseUrl}/api/generator/run`, { method: 'POST', headers: { cookie: cookieA } });
    expect(await run.json()).toEqual({ message: `Article generator started: ${TRENDS.length} trends queued`, queued: TRENDS.length });
    // Cluster-wide: Run is live for the other daemon too.
    expect((await fetch(`${b.baseUrl}/api/generator/run`, { method: 'POST', headers: { cookie: cookieB } })).status).toBe(409);
    expect((await get(b, cookieB, '/api/status')).generatorStatus).not.toBe('idle');

    // Who holds the generations while they run.
    const holders = new Set<number>();
    const deadline = Date.now() + 150_000;
    for (;;) {
      for (const row of await sql<{ holder: string }[]>`select holder from job_runs where job = 'generate-article' and status = 'running'`) {
        holders.add(pidOf(row.holder));
      }
      const [counted] = await sql<{ done: number }[]>`select count(*)::int as done from job_runs where job = 'generate-article' and status = 'completed'`;
      const done = counted!.done;
      if (done === TRENDS.length) break;
      if (Date.now() > deadline) throw new Error(`only ${done} of ${TRENDS.length} generations done`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect([...holders].sort()).toEqual([a.child.pid, b.child.pid].sort());

    // Each trend asked of the model once, each generation recorded once, as one article.
    // First attempts only: a model answer failing its checks is asked again with the reasons.
    const prompts = fake
      .chatRequests()
      .map((request) => request.messages.at(-1)!.content)
      .filter((prompt) => !prompt.includes('Your previous answer could not be published'));
    for (const title of TRENDS)
      expect(
        prompts.filter((prompt) => prompt.includes(`Trend: ${title}\n`)),
        title,
      ).toHaveLength(1);
    const runs = await sql<{ id: string; status: string; attempts: number }[]>`select id, status, attempts from job_runs where job = 'generate-article'`;
    expect(runs).toHaveLength(TRENDS.length);
    expect(runs.every((run) => run.status === 'completed' && run.attempts === 1)).toBe(true);
    const articles = await sql<{ jobRunId: string }[]>`select job_run_id from generated_articles`;
    expect(articles).toHaveLength(TRENDS.length);
    expect(new Set(articles.map((article) => article.jobRunId))).toEqual(new Set(runs.map((run) => run.id)));
    expect((await get(a, cookieA, '/api/generated-articles')).length).toBe(TRENDS.length);

    // Stop given to the other daemon ends the Run started on the first.
    expect((await get(a, cookieA, '/api/status')).generatorStatus).toBe('running');
    const stop = await fetch(`${b.baseUrl}/api/generator/stop`, { method: 'POST', headers: { cookie: cookieB } });
    expect((await stop.json()).message).toBe('Article generator stopped');
    expect((await get(a, cookieA, '/api/status')).generatorStatus).toBe('idle');
    const jobs = (await get(a, cookieA, '/api/jobs')) as { name: string; status: string; run: { status: string } | null }[];
    expect(jobs.find((job) => job.name === 'generator')).toMatchObject({ status: 'idle', run: { status: 'stopped' } });
  });
});

// The generator queue survives kill -9 mid-generation: the restarted daemon generates the
// interrupted item again and the rest of the queue, and no item is recorded twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openRuntime } from '../../src/runtime.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fixtures/fake-openai/server.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';
import { spawnDaemon, daemonStorage, type DaemonProcess } from '../helpers/daemon.js';

const admin = { NEWSCTL_ADMIN_USERNAME: 'operator', NEWSCTL_ADMIN_PASSWORD: 'a long enough password' };
const storage = daemonStorage('newsctl-generator-');
let fake: FakeOpenAi;
let daemonEnv: Record<string, string>;
const ARTICLE = `**Port Linden after the storm**

${'A storm flooded the harbor district of Port Linden and about 1,200 residents left their homes overnight. '.repeat(3)}`;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  daemonEnv = {
    ...admin,
    NEWSCTL_LLM_BASE_URL: fake.baseUrl,
    NEWSCTL_LLM_API_KEY: 'sk-fake',
    NEWSCTL_LLM_MAX_RETRIES: '0',
    NEWSCTL_SCHEDULER: 'false',
    // With PostgreSQL a dead daemon's run is taken over when its lease lapses; keep that short here.
    NEWSCTL_JOB_LEASE_SECONDS: '4',
  };
  // The stories are stored before any daemon owns the data folder.
  const config = loadConfig({ NEWSCTL_LOG_LEVEL: 'silent' }, { dataDir: storage.dataDir, databaseUrl: storage.database?.url ?? undefined });
  const runtime = await openRuntime(config);
  try {
    await storeStoryTrend(runtime.ctx.sql, { title: 'Storm floods Port Linden', topic: 'usa', relevance: 9, sources: harborStorm(3) });
    await storeStoryTrend(runtime.ctx.sql, { title: 'Ferries halted in Port Linden', topic: 'usa', relevance: 5, sources: harborStorm(2) });
  } finally {
    await runtime.close();
  }
});
afterAll(async () => fake?.close());

async function login(daemon: DaemonProcess): Promise<string> {
  const response = await fetch(`${daemon.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: admin.NEWSCTL_ADMIN_USERNAME, password: admin.NEWSCTL_ADMIN_PASSWORD }),
  });
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the generator queue across kill -9', { timeout: 180_000 }, () => {
  it('resumes after the daemon is killed mid-generation and records each item once', async () => {
    // The first generation hangs at the model: the daemon is killed while it waits.
    fake.respondWith(() => ({ kind: 'slow', delayMs: 60_000, reply: { kind: 'text', content: ARTICLE } }));
    const first = await spawnDaemon(['--data-dir', storage.dataDir, ...storage.dbArgs], daemonEnv);
    const cookie = await login(first);
    for (const trendTitle of ['Storm floods Port Linden', 'Ferries halted in Port Linden']) {
      const response = await fetch(`${first.baseUrl}/api/generator/generate-from-trend`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ trendTitle }),
      });
      expect(response.status).toBe(200);
    }
    // Run mode too: it is a run of the runner's generator job, resumed like the items.
    const run = await fetch(`${first.baseUrl}/api/generator/run`, { method: 'POST', headers: { cookie } });
    expect(run.status).toBe(200);
    await until('the first model call', async () => fake.chatRequests().length > 0);
    const queue = await (await fetch(`${first.baseUrl}/api/generator/queue-status`, { headers: { cookie } })).json();
    expect(queue).toMatchObject({ queueLength: 2, isGenerating: true, currentTrend: 'Storm floods Port Linden' });
    first.child.kill('SIGKILL');
    expect(await first.exited).toBe('SIGKILL');

    fake.respondWith(() => ({ kind: 'text', content: ARTICLE }));
    const second = await spawnDaemon(['--data-dir', storage.dataDir, ...storage.dbArgs], daemonEnv);
    try {
      const articles = await until('both articles', async () => {
        const list = await (await fetch(`${second.baseUrl}/api/generated-articles`, { headers: { cookie } })).json();
        const status = await (await fetch(`${second.baseUrl}/api/generator/queue-status`, { headers: { cookie } })).json();
        return list.length === 2 && status.queueLength === 0 ? list : null;
      });
      expect(articles.map((a: { trendTitle: string }) => a.trendTitle).sort()).toEqual(['Ferries halted in Port Linden', 'Storm floods Port Linden']);
      // The interrupted item was asked of the model twice (before and after the kill), the other once.
      // First attempts only: a model answer failing its checks is asked again with the reasons.
      const prompts = fake
        .chatRequests()
        .map((r) => r.messages.at(-1)!.content)
        .filter((p) => !p.includes('Your previous answer could not be published'));
      expect(prompts.filter((p) => p.includes('Trend: Storm floods Port Linden'))).toHaveLength(2);
      expect(prompts.filter((p) => p.includes('Trend: Ferries halted in Port Linden'))).toHaveLength(1);
      const logs = await (await fetch(`${second.baseUrl}/api/logs?component=GENERATOR&limit=50`, { headers: { cookie } })).json();
      expect(logs.map((l: { message: string }) => l.message)).toEqual(
        expect.arrayContaining([expect.stringMatching(/^Resuming the article generator: .*run mode on/)]),
      );
      // The second daemon took the run-mode run over (a second attempt of the same run): still running.
      const generator = await until('run mode taken over', async () => {
        const jobs = await (await fetch(`${second.baseUrl}/api/jobs`, { headers: { cookie } })).json();
        const job = jobs.find((j: { name: string }) => j.name === 'generator');
        return job?.run?.attempts === 2 ? job : null;
      });
      expect(generator).toMatchObject({ status: 'running', liveRuns: 1 });
      const status = await (await fetch(`${second.baseUrl}/api/status`, { headers: { cookie } })).json();
      expect(status.generatorStatus).toBe('running');
      const stop = await fetch(`${second.baseUrl}/api/generator/stop`, { method: 'POST', headers: { cookie } });
      expect((await stop.json()).message).toBe('Article generator stopped');
    } finally {
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    }
    // Straight from the database: one article per trend, each the output of exactly one generation.
    const config = loadConfig({ NEWSCTL_LOG_LEVEL: 'silent' }, { dataDir: storage.dataDir, databaseUrl: storage.database?.url ?? undefined });
    const runtime = await openRuntime(config);
    try {
      const runs = await runtime.ctx.sql<{ id: string; trendTitle: string; status: string; attempts: number; articleId: number }[]>`
        select id, params ->> 'trendTitle' as trend_title, status, attempts, (result ->> 'articleId')::int as article_id
        from job_runs where job = 'generate-article' order by created_at`;
      expect(runs).toEqual([
        expect.objectContaining({ trendTitle: 'Storm floods Port Linden', status: 'completed', attempts: 2 }),
        expect.objectContaining({ trendTitle: 'Ferries halted in Port Linden', status: 'completed', attempts: 1 }),
      ]);
      const articles = await runtime.ctx.sql<{ id: number; jobRunId: string }[]>`select id, job_run_id from generated_articles order by id`;
      expect(articles).toHaveLength(2);
      expect(new Set(articles.map((a) => a.jobRunId))).toEqual(new Set(runs.map((run) => run.id)));
      expect(new Set(runs.map((run) => run.articleId))).toEqual(new Set(articles.map((a) => a.id)));
    } finally {
      await runtime.close();
    }
  });
});

// The generator with providers configured, against the local fake OpenAI-compatible server (chat,
// images, and Gemini's image endpoint): the configured prompts go out with their placeholders
// filled, and a provider failure leaves the item failed with its reason logged, never stuck.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { GeneratedArticle, QueueStatus } from '../../src/api/generator.js';
import type { JobState } from '../../src/api/jobs.js';
import { startFakeOpenAi, type FakeOpenAi } from '../fixtures/fake-openai/server.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let fake: FakeOpenAi;
let cookie: string;

const MODEL_ARTICLE = `**Port Linden counts the cost of a record storm**

A storm flooded the harbor district of Port Linden on Monday night and about 1,200 residents left their homes, according to several local newsrooms.

Rescue crews pulled 37 people from the water, power was cut to 18,000 homes and the Old Mill bridge was closed for inspection.

**Sources**
https://www.harbor-times.test/news/port-linden-storm-0`;

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function generate(trendTitle: string): Promise<void> {
  expect((await api('POST', '/api/generator/generate-from-trend', { trendTitle })).status).toBe(200);
  for (let i = 0; i < 600; i++) {
    const queue = (await api('GET', '/api/generator/queue-status')).body as QueueStatus;
    if (queue.queueLength === 0 && !queue.isGenerating) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the queue did not empty');
}

async function articleOf(trendTitle: string): Promise<GeneratedArticle | undefined> {
  return ((await api('GET', '/api/generated-articles')).body as GeneratedArticle[]).find((a) => a.trendTitle === trendTitle);
}

beforeAll(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({
    env: {
      NEWSCTL_LLM_BASE_URL: fake.baseUrl,
      NEWSCTL_LLM_API_KEY: 'sk-fake',
      NEWSCTL_LLM_MODEL: 'fake-small',
      NEWSCTL_LLM_MAX_RETRIES: '0',
      NEWSCTL_IMAGE_MODEL: 'fake-image',
      NEWSCTL_GEMINI_BASE_URL: fake.geminiBaseUrl,
    },
  });
  cookie = await server.loginCookie();
  await storeStoryTrend(server.sql, {
    title: 'Storm floods Port Linden',
    description: 'Evacuations after a storm.',
    topic: 'usa',
    relevance: 9,
    sources: harborStorm(3),
  });
  await storeStoryTrend(server.sql, {
    title: 'Headlines only story',
    topic: 'tech',
    relevance: 5,
    sources: [
      { url: 'https://a.test/1', title: 'Chip plant opens', domain: 'a.test', text: 'Chip plant opens.' },
      { url: 'b.test/2', title: 'New fab starts work', domain: 'b.test', text: '' },
    ],
  });
  await storeStoryTrend(server.sql, { title: 'Ferries halted in Port Linden', topic: 'usa', relevance: 4, sources: harborStorm(2) });
});
beforeEach(() => fake.reset());
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('article generation with a model', () => {
  it('sends the "with sources" configuration with %ArticleText%, {wordCount} and {topic} filled, and asks the image model', async () => {
    await api('POST', '/api/word-count-settings', { targetWordCount: 350 });
    await api('POST', '/api/article-gen-with-sources-config', {
      systemPrompt: 'You are the {topic} desk.',
      userPrompt: 'Write about {wordCount} words from these sources:\n%ArticleText%\nEND OF SOURCES',
      modelName: 'fake-large',
    });
    fake.respondWith(() => ({ kind: 'text', content: MODEL_ARTICLE }));
    await generate('Storm floods Port Linden');

    const [request] = fake.chatRequests();
    expect(request!.model).toBe('fake-large');
    expect(request!.messages[0]).toEqual({ role: 'system', content: 'You are the usa desk.' });
    const user = request!.messages[1]!.content;
    expect(user).toMatch(/^Write about 350 words from these sources:\nTrend: Storm floods Port Linden\n/);
    expect(user).toContain('Source 1: ');
    expect(user).toContain('URL: https://www.harbor-times.test/news/port-linden-storm-0');
    expect(user).toContain('A powerful storm flooded the harbor district of Port Linden on Monday night');
    expect(user.endsWith('\nEND OF SOURCES')).toBe(true);
    expect(user).not.toMatch(/%ArticleText%|\{wordCount\}/);

    const article = (await articleOf('Storm floods Port Linden'))!;
    expect(article).toMatchObject({ title: 'Port Linden counts the cost of a record storm', writer: 'model', modelName: 'fake-large', category: 'usa' });
    expect(article.content.startsWith('A storm flooded')).toBe(true);
    expect(article.excerpt).toMatch(/^A storm flooded the harbor district/);

    // The image prompt (google-api-config's, no key set) goes to the OpenAI-compatible image model.
    const [image] = fake.imageRequests();
    expect(image!.body).toMatchObject({ model: 'fake-image', n: 1 });
    expect(String(image!.body!.prompt)).toContain('"Port Linden counts the cost of a record storm"');
    expect(String(image!.body!.prompt)).toContain(article.excerpt.slice(0, 40));
    const png = await fetch(`${server.baseUrl}${article.imageUrl}`);
    expect(png.headers.get('content-type')).toBe('image/png');
  });

  it('uses the "without sources" configuration when the sources hold little text', async () => {
    await api('POST', '/api/article-gen-no-sources-config', { systemPrompt: 'Explain.', userPrompt: 'Explainer:\n%ArticleText%', modelName: '' });
    fake.respondWith(() => ({
      kind: 'text',
      content:
        '**Chip plants explained**\n\nA chip plant turns silicon wafers into processors through hundreds of careful steps, each repeated many times, in rooms far cleaner than any hospital operating theatre.',
    }));
    await generate('Headlines only story');
    const user = fake.chatRequests()[0]!.messages.at(-1)!.content;
    expect(user).toMatch(/^Explainer:\nTrend: Headlines only story\nTopic: tech\n/);
    expect(user).toContain('- New fab starts work (B)');
    expect(fake.chatRequests()[0]!.model).toBe('fake-small');
    expect((await articleOf('Headlines only story'))!.sourceUrls).toEqual(expect.arrayContaining(['https://b.test/2']));
  });

  it('fails the generation on a provider error, logs why, and never leaves it generating', async () => {
    fake.respondWith(() => ({ kind: 'status', status: 500, message: 'model melted' }));
    const before = (await api('GET', '/api/status')).body.totalArticlesGenerated;
    await generate('Ferries halted in Port Linden');
    const queue = (await api('GET', '/api/generator/queue-status')).body;
    expect(queue).toEqual({ queueLength: 0, isGenerating: false, currentTrend: null, items: [], regenerating: false });
    const [row] = await server.sql<{ status: string; error: string }[]>`
      select status, error from job_runs where job = 'generate-article' and params ->> 'trendTitle' = 'Ferries halted in Port Linden' order by created_at desc limit 1`;
    expect(row!.status).toBe('failed');
    expect(row!.error).toContain('model melted');
    const logs = (await api('GET', '/api/logs?component=GENERATOR&limit=20')).body as { level: string; message: string }[];
    expect(logs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          level: 'error',
          message: expect.stringMatching(/^Article generation failed for "Ferries halted in Port Linden": .*model melted/),
        }),
      ]),
    );
    const status = (await api('GET', '/api/status')).body;
    expect(status).toMatchObject({ generatorStatus: 'idle', totalArticlesGenerated: before });
  });

  it("holds the model's article to the writer's rules: written again once with the reasons, then replaced by the offline writer's", async () => {
    await storeStoryTrend(server.sql, { title: 'Storm floods Port Linden harbor again', topic: 'usa', relevance: 3, sources: harborStorm(3) });
    await storeStoryTrend(server.sql, { title: 'Port Linden storm: the harbor floods', topic: 'usa', relevance: 3, sources: harborStorm(3) });
    const foreign = `${MODEL_ARTICLE}\nhttps://evil.example/phish`;
    let calls = 0;
    fake.respondWith(() => ({ kind: 'text', content: calls++ === 0 ? foreign : MODEL_ARTICLE }));
    await generate('Storm floods Port Linden harbor again');
    const requests = fake.chatRequests();
    expect(requests).toHaveLength(2);
    expect(requests[1]!.messages.at(-1)!.content).toContain(
      'Your previous answer could not be published:\n- Cite only the sources given; these addresses are not among them: https://evil.example/phish\nWrite the article again.',
    );
    expect(await articleOf('Storm floods Port Linden harbor again')).toMatchObject({ writer: 'model', title: 'Port Linden counts the cost of a record storm' });

    // Wrong twice (a foreign address, and the same sentence twice): the offline writer's article, and the log says so.
    fake.reset();
    const twice = MODEL_ARTICLE.replace(
      '\n\n**Sources**',
      '\n\nRescue crews pulled 37 people from the water, power was cut to 18,000 homes and the Old Mill bridge was closed for inspection.\n\n**Sources**',
    );
    fake.respondWith(() => ({ kind: 'text', content: `${twice}\nhttps://evil.example/phish` }));
    await generate('Port Linden storm: the harbor floods');
    expect(fake.chatRequests()).toHaveLength(2);
    const replaced = (await articleOf('Port Linden storm: the harbor floods'))!;
    expect(replaced.writer).toBe('offline');
    expect(replaced.content).not.toContain('evil.example');
    const logs = (await api('GET', '/api/logs?component=GENERATOR&level=warning&limit=5')).body as { message: string }[];
    expect(logs.map((log) => log.message)).toContainEqual(
      expect.stringMatching(
        /^The model's article for "Port Linden storm: the harbor floods" failed its checks twice \(Cite only the sources given; .*; Say each fact once; this is said twice: "Rescue crews pulled 37 people/,
      ),
    );
    expect(logs.map((log) => log.message)).toContainEqual(expect.stringMatching(/the offline writer's article is stored instead$/));
  });

  it('falls back to the offline cover when the image model fails during generation', async () => {
    fake.respondWith(() => ({ kind: 'text', content: MODEL_ARTICLE }));
    fake.scriptImages({ kind: 'status', status: 400, message: 'content policy' });
    await generate('Ferries halted in Port Linden');
    const article = (await articleOf('Ferries halted in Port Linden'))!;
    const png = Buffer.from(await (await fetch(`${server.baseUrl}${article.imageUrl}`)).arrayBuffer());
    expect(png.readUInt32BE(16)).toBe(1200);
    const logs = (await api('GET', '/api/logs?component=GENERATOR&level=warning&limit=5')).body as { message: string }[];
    expect(logs[0]!.message).toMatch(/content policy; using the offline cover instead$/);
  });
});

describe('stopping the generator on the job runner', () => {
  it('stops a generation midway: the model call is abandoned, its run stopped, nothing recorded', async () => {
    fake.respondWith(() => ({ kind: 'slow', delayMs: 60_000, reply: { kind: 'text', content: MODEL_ARTICLE } }));
    const before = await articleOf('Storm floods Port Linden');
    expect((await api('POST', '/api/generator/generate-from-trend', { trendTitle: 'Storm floods Port Linden' })).status).toBe(200);
    for (let i = 0; i < 200 && fake.chatRequests().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.chatRequests()).toHaveLength(1);
    expect((await api('GET', '/api/status')).body.generatorStatus).toBe('generating');
    // The item is a run of the runner's generate-article job; Run (the generator job) is not on.
    let jobs = (await api('GET', '/api/jobs')).body as JobState[];
    expect(jobs.find((job) => job.name === 'generate-article')).toMatchObject({ label: 'Article generation', status: 'running', liveRuns: 1 });
    expect(jobs.find((job) => job.name === 'generator')).toMatchObject({ label: 'The article generator', status: 'idle', liveRuns: 0 });

    const stopped = await api('POST', '/api/generator/stop');
    expect(stopped).toEqual({ status: 200, body: { message: 'Article generator stopped: 1 queued item cancelled', queued: 0 } });
    expect((await api('GET', '/api/status')).body.generatorStatus).toBe('idle');
    expect((await api('GET', '/api/generator/queue-status')).body).toEqual({
      queueLength: 0,
      isGenerating: false,
      currentTrend: null,
      items: [],
      regenerating: false,
    });
    const [row] = await server.sql<{ status: string; error: string }[]>`
      select status, error from job_runs where job = 'generate-article' and params ->> 'trendTitle' = 'Storm floods Port Linden' order by created_at desc limit 1`;
    expect(row).toEqual({ status: 'stopped', error: 'Stopped by the administrator' });
    jobs = (await api('GET', '/api/jobs')).body as JobState[];
    expect(jobs.find((job) => job.name === 'generate-article')).toMatchObject({ status: 'idle', liveRuns: 0, run: { status: 'stopped' } });
    expect(await articleOf('Storm floods Port Linden')).toEqual(before);
    expect((await api('POST', '/api/generator/stop')).body).toEqual({ message: 'The article generator is not running', queued: 0 });
  });
  it('says a generation stopped through the job runner’s own stop call ended', async () => {
    fake.respondWith(() => ({ kind: 'slow', delayMs: 60_000, reply: { kind: 'text', content: MODEL_ARTICLE } }));
    expect((await api('POST', '/api/generator/generate-from-trend', { trendTitle: 'Ferries halted in Port Linden' })).status).toBe(200);
    for (let i = 0; i < 200 && fake.chatRequests().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await api('POST', '/api/jobs/generate-article/stop')).body).toEqual({ message: 'Article generation stopped', status: 'stopped' });
    for (let i = 0; i < 100 && (await api('GET', '/api/generator/queue-status')).body.queueLength > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await api('GET', '/api/generator/queue-status')).body).toEqual({
      queueLength: 0,
      isGenerating: false,
      currentTrend: null,
      items: [],
      regenerating: false,
    });
    const [row] = await server.sql<{ status: string }[]>`
      select status from job_runs where job = 'generate-article' and params ->> 'trendTitle' = 'Ferries halted in Port Linden' order by created_at desc limit 1`;
    expect(row!.status).toBe('stopped');
    const logs = (await api('GET', '/api/logs?component=GENERATOR&limit=5')).body as { message: string }[];
    expect(logs.map((l) => l.message)).toContain('Article generation for "Ferries halted in Port Linden" stopped');
  });
});

describe('feature images through Gemini', () => {
  it('fills {ARTICLE_TITLE} and {ARTICLE_EXCERPT} and sends the key; a failure is a 502 that keeps the old image', async () => {
    expect(
      (await api('POST', '/api/google-api-config', { apiKey: 'gk-test-123456', imagePrompt: 'Cover for {ARTICLE_TITLE} — {ARTICLE_EXCERPT}' })).status,
    ).toBe(200);
    const article = (await articleOf('Storm floods Port Linden'))!;
    const regenerated = await api('POST', `/api/articles/${article.id}/regenerate-image`);
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.message).toContain('(gemini gemini-2.5-flash-image)');
    const [request] = fake.geminiRequests();
    expect(request!.path).toBe('/v1beta/models/gemini-2.5-flash-image:generateContent');
    expect(request!.headers['x-goog-api-key']).toBe('gk-test-123456');
    const text = (request!.body as unknown as { contents: { parts: { text: string }[] }[] }).contents[0]!.parts[0]!.text;
    expect(text).toBe(`Cover for ${article.title} — ${article.excerpt}`);
    expect(fake.imageRequests()).toHaveLength(0);

    fake.scriptImages({ kind: 'status', status: 429, message: 'quota exceeded' });
    const failed = await api('POST', `/api/articles/${article.id}/regenerate-image`);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toMatch(/^Image generation failed: Gemini gemini-2\.5-flash-image: HTTP 429: quota exceeded/);
    expect((await articleOf('Storm floods Port Linden'))!.imageUrl).toBe(regenerated.body.article.imageUrl);
  });
});

describe('social posts with a model', () => {
  it('send the social system prompt and prompts 1 and 2 with {content} and {category} filled, to the social model', async () => {
    await api('POST', '/api/social-system-prompt', { promptText: 'Social desk.' });
    await api('POST', '/api/social-prompt-1', { promptText: 'Short post on {category}: {content}' });
    await api('POST', '/api/social-prompt-2', { promptText: 'Long post on {category}: {content}' });
    await api('POST', '/api/social-model-name', { modelName: 'fake-social' });
    fake.script({ kind: 'text', content: 'Short one.' }, { kind: 'text', content: 'Long one.' });
    const { status, body } = await api('POST', '/api/generate-social-content', { trendText: 'Storm floods Port Linden', category: 'usa' });
    expect(status).toBe(200);
    expect(body).toEqual({ content: 'Short one.\n\nLong one.', writer: 'model' });
    const [first, second] = fake.chatRequests();
    expect(first!.model).toBe('fake-social');
    expect(first!.messages[0]).toEqual({ role: 'system', content: 'Social desk.' });
    expect(first!.messages[1]!.content).toMatch(/^Short post on USA: Storm floods Port Linden\n\n/);
    expect(first!.messages[1]!.content).toContain(`Link: ${server.baseUrl}/usa/`);
    expect(second!.messages[1]!.content).toMatch(/^Long post on USA: /);
  });
});

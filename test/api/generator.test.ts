// The article generator's calls over real HTTP, offline (no model configured): queue, writing,
// images, exports, regeneration and its live messages, logs and status.
import { strFromU8, unzipSync } from 'fflate';
import { DOMParser } from 'linkedom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GeneratedArticle, QueueStatus } from '../../src/api/generator.js';
import type { JobState } from '../../src/api/jobs.js';
import type { LiveMessage } from '../../src/api/live.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let cookie: string;
const messages: LiveMessage[] = [];
let stormTrend: number;

async function call(method: string, path: string, body?: unknown, options: { anonymous?: boolean } = {}) {
  const headers: Record<string, string> = options.anonymous ? {} : { cookie };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const type = response.headers.get('content-type') ?? '';
  const raw = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, raw, body: type.includes('json') && raw.length ? JSON.parse(raw.toString()) : raw.toString() };
}

async function untilQueueEmpty(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const queue = (await call('GET', '/api/generator/queue-status')).body as QueueStatus;
    const status = (await call('GET', '/api/status')).body;
    if (queue.queueLength === 0 && !queue.isGenerating && status.generatorStatus !== 'generating') return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the queue did not empty');
}

async function articles(): Promise<GeneratedArticle[]> {
  return (await call('GET', '/api/generated-articles?limit=50')).body;
}

beforeAll(async () => {
  server = await startTestServer({ env: { NEWSCTL_SITE_NAME: 'Morning Ledger' } });
  cookie = await server.loginCookie();
  server.ctx.events.onAny((message) => messages.push(message));
  ({ trendId: stormTrend } = await storeStoryTrend(server.sql, {
    title: 'Storm floods Port Linden harbor, 1,200 evacuated',
    description: 'A powerful storm flooded the harbor district of Port Linden.',
    topic: 'usa',
    relevance: 9,
    sources: harborStorm(6),
  }));
  await storeStoryTrend(server.sql, { title: 'A lone report', topic: 'usa', relevance: 3, sources: harborStorm(1) });
});
afterAll(async () => server?.close());

describe('article generator API', () => {
  it('is for administrators only', async () => {
    for (const [method, path] of [
      ['GET', '/api/generated-articles'],
      ['DELETE', '/api/generated-articles/all'],
      ['DELETE', '/api/generated-articles/1'],
      ['GET', '/api/generated-articles/1/export?format=txt'],
      ['POST', '/api/articles/1/regenerate-image'],
      ['POST', '/api/generator/run'],
      ['POST', '/api/generator/stop'],
      ['GET', '/api/generator/queue-status'],
      ['POST', '/api/generator/generate-from-trend'],
      ['POST', '/api/trends/regenerate-articles'],
    ] as const) {
      expect((await call(method, path, undefined, { anonymous: true })).status, `${method} ${path}`).toBe(401);
    }
  });

  it('starts idle and empty', async () => {
    expect(await articles()).toEqual([]);
    expect((await call('GET', '/api/generator/queue-status')).body).toEqual({
      queueLength: 0,
      isGenerating: false,
      currentTrend: null,
      items: [],
      regenerating: false,
    });
    const status = (await call('GET', '/api/status')).body;
    expect(status).toMatchObject({ generatorStatus: 'idle', totalArticlesGenerated: 0, generatorLastRun: null });
    expect((await call('POST', '/api/generator/stop')).body).toEqual({ message: 'The article generator is not running', queued: 0 });
  });

  it('refuses an unknown trend or one with too few sources, saying "Insufficient matching articles"', async () => {
    const unknown = await call('POST', '/api/generator/generate-from-trend', { trendTitle: 'Nothing like this' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toContain('Insufficient matching articles');
    const lone = await call('POST', '/api/generator/generate-from-trend', { trendTitle: 'a lone report ' });
    expect(lone.status).toBe(400);
    expect(lone.body.message).toContain('Insufficient matching articles');
    expect((await call('POST', '/api/generator/generate-from-trend', {})).status).toBe(400);
  });

  it('generates a trend’s article: the trend’s topic, sources with schemes, a page address, an image, a log line', async () => {
    const queued = await call('POST', '/api/generator/generate-from-trend', { trendTitle: 'Storm floods Port Linden harbor, 1,200 evacuated' });
    expect(queued).toMatchObject({
      status: 200,
      body: { message: 'Queued article generation for "Storm floods Port Linden harbor, 1,200 evacuated"', queued: 1 },
    });
    await untilQueueEmpty();
    const [article] = await articles();
    expect(article).toMatchObject({ title: 'Storm floods Port Linden harbor, 1,200 evacuated', category: 'usa', trendId: stormTrend, writer: 'offline' });
    expect(article!.sourceUrls.length).toBeGreaterThanOrEqual(2);
    expect(article!.sourceUrls.every((url) => url.startsWith('https://'))).toBe(true);
    expect(article!.wordCount).toBeGreaterThan(250);
    expect(article!.content).toContain('**Sources**');
    expect(article!.htmlFilePath).toBe(`/usa/storm-floods-port-linden-harbor-1-200-evacuated-${stormTrend}.html`);
    const [trend] = (await call('GET', '/api/trends')).body.filter((t: { id: number }) => t.id === stormTrend);
    expect(trend.htmlFilePath).toBe(article!.htmlFilePath);

    const image = await fetch(`${server.baseUrl}${article!.imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');

    const status = (await call('GET', '/api/status')).body;
    expect(status).toMatchObject({ generatorStatus: 'idle', totalArticlesGenerated: 1 });
    expect(Date.parse(status.generatorLastRun)).toBeGreaterThan(Date.now() - 60_000);
    const logs = (await call('GET', '/api/logs?limit=100&component=GENERATOR')).body as { message: string }[];
    expect(logs.map((l) => l.message)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Generated "Storm floods.*words from \d+ sources \(offline writer, offline image/)]),
    );
    expect(messages.some((m) => m.type === 'generator_action' && m.action.startsWith('Generating article for "Storm floods'))).toBe(true);
    expect(messages.some((m) => m.type === 'queue_update' && (m as unknown as QueueStatus).isGenerating)).toBe(true);
    // The status object comes from the status publisher, which reads the runner's runs.
    expect(messages.some((m) => m.type === 'status_update' && (m as unknown as { generatorStatus: string }).generatorStatus === 'generating')).toBe(true);
    const jobs = (await call('GET', '/api/jobs')).body as JobState[];
    expect(jobs.find((job) => job.name === 'generate-article')).toMatchObject({ status: 'idle', run: { status: 'completed' } });
  });

  it('rewrites in place: same id, same address, new image', async () => {
    const [before] = await articles();
    await call('POST', '/api/generator/generate-from-trend', { trendTitle: 'Storm floods Port Linden harbor, 1,200 evacuated' });
    await untilQueueEmpty();
    const after = await articles();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before!.id, htmlFilePath: before!.htmlFilePath });
    expect(after[0]!.imageUrl).not.toBe(before!.imageUrl);
    expect((await fetch(`${server.baseUrl}${before!.imageUrl}`)).status).toBe(404);
  });

  it('regenerates every current trend’s article with [n/total] progress ending in "complete"', async () => {
    const second = await storeStoryTrend(server.sql, {
      title: 'Port Linden ferries halted after storm',
      topic: 'usa',
      relevance: 5,
      sources: harborStorm(4).reverse(),
    });
    messages.length = 0;
    // Two clicks at the same moment: one run, and a 409 for the other.
    const both = await Promise.all([call('POST', '/api/trends/regenerate-articles'), call('POST', '/api/trends/regenerate-articles')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const response = both.find((r) => r.status === 200)!;
    expect(both.find((r) => r.status === 409)!.body).toMatchObject({ message: 'Article regeneration is already running', code: 'conflict' });
    expect(response.body).toEqual({ message: 'Regenerating the articles of 2 current trends', queued: 2 });
    await untilQueueEmpty();
    // The "[n/total]" lines come from each run's settled hook, after its run reads completed: the
    // queue can be empty a moment before the last of them is said.
    await expect.poll(() => messages.some((m) => m.type === 'generator_action' && m.complete === true), { timeout: 10_000 }).toBe(true);
    const actions = messages.flatMap((m) => (m.type === 'generator_action' ? [m.action] : []));
    const progress = actions.filter((a) => /^\[\d+\/2\]/.test(a));
    expect(progress[0]).toMatch(/^\[0\/2\] Regenerating/);
    expect(progress).toEqual(expect.arrayContaining([expect.stringMatching(/^\[1\/2\] Rewrote "/), expect.stringMatching(/^\[2\/2\] Rewrote "/)]));
    expect(actions.at(-1)).toMatch(/complete/);
    expect(actions.filter((a) => a.includes('complete'))).toEqual(['Regeneration complete: 2 of 2 articles rewritten']);
    // The progress and the end travel as fields, not only inside the text.
    const structured = messages.flatMap((m) => (m.type === 'generator_action' && m.progress ? [{ ...m.progress, complete: m.complete === true }] : []));
    expect(structured[0]).toEqual({ done: 0, total: 2, complete: false });
    expect(structured.at(-1)).toEqual({ done: 2, total: 2, complete: true });
    // The queue said a regeneration was under way while its items were in it, and says it no longer is.
    expect(messages.some((m) => m.type === 'queue_update' && m.regenerating === true)).toBe(true);
    expect(((await call('GET', '/api/generator/queue-status')).body as QueueStatus).regenerating).toBe(false);
    const list = await articles();
    expect(list.map((a) => a.trendId).sort()).toEqual([stormTrend, second.trendId].sort());
  });

  it('runs: queues every current trend without an article, best first, until stopped', async () => {
    const third = await storeStoryTrend(server.sql, { title: 'Old Mill bridge closed by flood damage', topic: 'usa', relevance: 8, sources: harborStorm(3) });
    // Two sources with nothing to write from: it fails once and Run does not retry it in a loop.
    const hopeless = await storeStoryTrend(server.sql, {
      title: 'Headlines without text',
      topic: 'usa',
      relevance: 2,
      sources: [
        { url: 'https://a.test/x', title: 'One', domain: 'a.test', text: 'Subscribe now.' },
        { url: 'https://b.test/y', title: 'Two', domain: 'b.test', text: '' },
      ],
    });
    const run = await call('POST', '/api/generator/run');
    expect(run.body).toEqual({ message: 'Article generator started: 2 trends queued', queued: 2 });
    expect((await call('POST', '/api/generator/run')).status).toBe(409);
    expect((await call('POST', '/api/generator/run')).body.message).toBe('The article generator is already running');
    await untilQueueEmpty();
    expect((await articles()).some((a) => a.trendId === third.trendId)).toBe(true);
    expect((await call('GET', '/api/status')).body.generatorStatus).toBe('running');
    expect(((await call('GET', '/api/jobs')).body as JobState[]).find((job) => job.name === 'generator')).toMatchObject({ status: 'running', liveRuns: 1 });
    // Best first: the more relevant trend was generated before the hopeless one.
    const order = await server.sql<{ trendId: number }[]>`
      select (params ->> 'trendId')::int as trend_id from job_runs
      where job = 'generate-article' and params ->> 'trendId' in (${String(third.trendId)}, ${String(hopeless.trendId)}) order by started_at`;
    expect(order.map((row) => row.trendId)).toEqual([third.trendId, hopeless.trendId]);
    // A later analysis: Run keeps going.
    const fourth = await storeStoryTrend(server.sql, {
      title: 'Insurers open office at Port Linden library',
      topic: 'usa',
      relevance: 4,
      sources: harborStorm(5),
    });
    server.ctx.events.emit('home_data_updated', {});
    for (let i = 0; i < 200 && !(await articles()).some((a) => a.trendId === fourth.trendId); i++) await new Promise((r) => setTimeout(r, 50));
    expect((await articles()).some((a) => a.trendId === fourth.trendId)).toBe(true);
    // Deleting an article is no new analysis: Run does not write it again.
    const fourthArticle = (await articles()).find((a) => a.trendId === fourth.trendId)!;
    expect((await call('DELETE', `/api/generated-articles/${fourthArticle.id}`)).body).toEqual({ deleted: 1 });
    server.ctx.events.emit('home_data_updated', {});
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await server.sql`select status from job_runs where job = 'generate-article' and params ->> 'trendId' = ${String(fourth.trendId)}`).toEqual([
      { status: 'completed' },
    ]);
    expect((await articles()).some((a) => a.trendId === fourth.trendId)).toBe(false);
    const attempts = await server.sql<{ status: string; error: string }[]>`
      select status, error from job_runs where job = 'generate-article' and params ->> 'trendId' = ${String(hopeless.trendId)}`;
    expect(attempts).toEqual([{ status: 'failed', error: expect.stringContaining('Insufficient matching articles for "Headlines without text"') }]);
    expect((await call('POST', '/api/generator/stop')).body.message).toMatch(/^Article generator stopped/);
    expect((await call('GET', '/api/status')).body.generatorStatus).toBe('idle');
    expect(((await call('GET', '/api/jobs')).body as JobState[]).find((job) => job.name === 'generator')).toMatchObject({
      status: 'idle',
      run: { status: 'stopped' },
    });
    expect((await call('POST', '/api/generator/stop')).body).toEqual({ message: 'The article generator is not running', queued: 0 });
  });

  it('exports .txt and .docx named by the rule, the Word file with a bold 20-point title, headings and sources', async () => {
    const [article] = (await articles()).filter((a) => a.trendId === stormTrend);
    const txt = await call('GET', `/api/generated-articles/${article!.id}/export?format=txt`);
    expect(txt.status).toBe(200);
    expect(txt.headers.get('content-disposition')).toContain('filename="Article-usa-Storm_floods_Port_Linden_harbor_1200_evacuated.txt"');
    expect(txt.body.startsWith('Storm floods Port Linden harbor, 1,200 evacuated\n\n')).toBe(true);
    const docx = await call('GET', `/api/generated-articles/${article!.id}/export?format=docx`);
    expect(docx.headers.get('content-disposition')).toContain('filename="Article-usa-Storm_floods_Port_Linden_harbor_1200_evacuated.docx"');
    const files = unzipSync(new Uint8Array(docx.raw));
    const xml = strFromU8(files['word/document.xml']!);
    // Parsed back as XML: the title first, bold and 20-point; the headings; the sources after "Sources".
    const document = new DOMParser().parseFromString(xml, 'text/xml');
    const paragraphs = [...document.getElementsByTagName('w:p')].map((p) => ({
      text: [...p.getElementsByTagName('w:t')].map((t) => t.textContent).join(''),
      style: p.getElementsByTagName('w:pStyle')[0]?.getAttribute('w:val') ?? null,
      bold: p.getElementsByTagName('w:b').length > 0,
      size: p.getElementsByTagName('w:sz')[0]?.getAttribute('w:val') ?? null,
    }));
    expect(paragraphs[0]).toEqual({ text: 'Storm floods Port Linden harbor, 1,200 evacuated', style: null, bold: true, size: '40' });
    const headings = paragraphs.filter((p) => p.style === 'Heading2').map((p) => p.text);
    expect(headings.at(-1)).toBe('Sources');
    // Every heading of the article's text (its wholly bold lines) is a heading of the Word file.
    const boldLines = article!.content
      .split('\n')
      .filter((line) => /^\*\*[^*]+\*\*$/.test(line.trim()))
      .map((line) => line.trim().slice(2, -2));
    expect(headings).toEqual(boldLines);
    const afterSources = paragraphs
      .slice(paragraphs.findIndex((p) => p.style === 'Heading2' && p.text === 'Sources') + 1)
      .map((p) => p.text)
      .join('\n');
    for (const url of article!.sourceUrls) expect(afterSources).toContain(url);
    expect(paragraphs.length).toBeGreaterThan(headings.length + 3);
    const page = document.getElementsByTagName('w:pgSz')[0]!;
    expect(page.getAttribute('w:w')).toBe('11906');
    expect(document.getElementsByTagName('w:pgMar')[0]!.getAttribute('w:left')).toBe('1440');
    expect((await call('GET', `/api/generated-articles/${article!.id}/export?format=pdf`)).status).toBe(400);
    expect((await call('GET', '/api/generated-articles/999999/export?format=txt')).status).toBe(404);
  });

  it('regenerates a feature image, deletes one article and then all', async () => {
    const [article] = await articles();
    const regenerated = await call('POST', `/api/articles/${article!.id}/regenerate-image`);
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.article.imageUrl).not.toBe(article!.imageUrl);
    expect(regenerated.body.message).toMatch(/^Feature image regenerated for ".*" \(offline\)$/);
    expect((await call('POST', '/api/articles/999999/regenerate-image')).status).toBe(404);

    expect((await call('DELETE', `/api/generated-articles/${article!.id}`)).body).toEqual({ deleted: 1 });
    expect((await call('DELETE', `/api/generated-articles/${article!.id}`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}${regenerated.body.article.imageUrl}`)).status).toBe(404);
    const left = (await articles()).length;
    expect((await call('DELETE', '/api/generated-articles/all')).body).toEqual({ deleted: left });
    expect(await articles()).toEqual([]);
    const trends = (await call('GET', '/api/trends')).body as { htmlFilePath: string | null }[];
    expect(trends.every((t) => t.htmlFilePath === null)).toBe(true);
  });

  it('wrote every step to the system log under GENERATOR', async () => {
    const logs = (await call('GET', '/api/logs?component=GENERATOR&limit=1000')).body as { component: string; level: string; message: string }[];
    expect(logs.every((log) => log.component === 'GENERATOR')).toBe(true);
    const steps: [string, RegExp][] = [
      ['info', /^Queued article generation for "Storm floods/],
      ['info', /^Generating article for "Storm floods/],
      ['info', /^Generated "Storm floods.*words from \d+ sources/],
      ['info', /^Regenerating the articles of 2 current trends$/],
      ['info', /^Regeneration complete: 2 of 2 articles rewritten$/],
      ['info', /^Article generator started: 2 trends queued$/],
      ['error', /^Article generation failed for "Headlines without text": .*Insufficient matching articles/],
      ['info', /^Queued 1 trend of the latest analysis for article generation$/],
      ['info', /^Article generator stopped/],
      ['info', /^Exported generated article \d+ as Article-usa-Storm_floods_Port_Linden_harbor_1200_evacuated\.docx$/],
      ['info', /^Feature image regenerated for ".*" \(offline\)$/],
      ['info', /^Deleted the generated article "/],
      ['info', /^Cleared \d+ generated articles?$/],
    ];
    for (const [level, message] of steps) {
      expect(logs, String(message)).toEqual(expect.arrayContaining([expect.objectContaining({ level, message: expect.stringMatching(message) })]));
    }
  });
});

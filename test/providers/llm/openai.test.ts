// The OpenAI-compatible provider against the local fake server: every failure mode over real HTTP.
import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createOpenAiChatModel, extractJson, retryAfterMs, type OpenAiChatModelOptions } from '../../../src/providers/llm/openai.js';
import { LlmError, type LlmCallRecord } from '../../../src/providers/llm/types.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../fixtures/fake-openai/server.js';

let fake: FakeOpenAi;
let records: LlmCallRecord[];
let logs: { level: string; message: string }[];
let waits: number[];

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => fake?.close());
beforeEach(() => {
  fake.reset();
  records = [];
  logs = [];
  waits = [];
});

function model(overrides: Partial<OpenAiChatModelOptions> = {}) {
  return createOpenAiChatModel({
    baseUrl: fake.baseUrl,
    apiKey: 'sk-test-123',
    defaultModel: 'fake-small',
    timeoutMs: 5_000,
    maxRetries: 2,
    backoffBaseMs: 10,
    recorder: {
      record: async (call) => void records.push(call),
      log: async (level, message) => void logs.push({ level, message }),
    },
    // Waits are recorded, not slept: the tests check what was asked for.
    sleep: async (ms) => void waits.push(ms),
    ...overrides,
  });
}

const user = (content: string) => [{ role: 'user' as const, content }];
const topicSchema = z.object({ topic: z.enum(['health', 'food']) });

async function failure(promise: Promise<unknown>): Promise<LlmError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(LlmError);
    return error as LlmError;
  }
  throw new Error('expected the call to fail');
}

describe('OpenAI-compatible chat model', () => {
  it('sends the model, messages and key, and returns the text with its usage', async () => {
    fake.script({ kind: 'text', content: 'Hello there.', usage: { prompt: 20, completion: 5 } });
    const result = await model().complete({
      feature: 'test',
      messages: [{ role: 'system', content: 'Be brief.' }, ...user('Hi')],
      temperature: 0.2,
      maxTokens: 50,
    });
    expect(result).toMatchObject({ text: 'Hello there.', value: undefined, model: 'fake-small', attempts: 1 });
    expect(result.usage).toEqual({ promptTokens: 20, completionTokens: 5, totalTokens: 25 });
    const [request] = fake.chatRequests();
    expect(request!.model).toBe('fake-small');
    expect(request!.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Hi' },
    ]);
    expect(request!.headers.authorization).toBe('Bearer sk-test-123');
    expect(request!.body).toMatchObject({ temperature: 0.2, max_tokens: 50 });
    expect(request!.body!.response_format).toBeUndefined();
    expect(records).toEqual([
      expect.objectContaining({ feature: 'test', provider: new URL(fake.baseUrl).host, model: 'fake-small', ok: true, attempts: 1, error: null }),
    ]);
    expect(records[0]!.usage.totalTokens).toBe(25);
    // A success is recorded as a call, not written to the activity log.
    expect(logs).toEqual([]);
  });

  it('uses the model the request names over the default', async () => {
    fake.script({ kind: 'text', content: 'ok' });
    const result = await model().complete({ feature: 'test', model: 'fake-large', messages: user('Hi') });
    expect(result.model).toBe('fake-large');
    expect(fake.chatRequests()[0]!.model).toBe('fake-large');
    expect(records[0]!.model).toBe('fake-large');
  });

  it('asks for JSON mode and validates the reply against the schema', async () => {
    fake.script({ kind: 'json', value: { topic: 'food' } });
    const result = await model().complete({ feature: 'classify', messages: user('Classify as JSON'), schema: topicSchema });
    expect(result.value).toEqual({ topic: 'food' });
    expect(fake.chatRequests()[0]!.body!.response_format).toEqual({ type: 'json_object' });
  });

  it('mentions JSON when the prompts do not, as JSON mode requires', async () => {
    fake.script({ kind: 'json', value: { topic: 'food' } });
    await model().complete({ feature: 'classify', messages: user('Which topic?'), schema: topicSchema });
    expect(fake.chatRequests()[0]!.messages[0]).toEqual({ role: 'system', content: expect.stringMatching(/JSON/) });
  });

  it('accepts JSON wrapped in a code fence or in a sentence', async () => {
    fake.script({ kind: 'text', content: '```json\n{"topic": "health"}\n```' }, { kind: 'text', content: 'Sure! {"topic": "food"} Hope that helps.' });
    expect((await model().complete({ feature: 'c', messages: user('JSON please'), schema: topicSchema })).value).toEqual({ topic: 'health' });
    expect((await model().complete({ feature: 'c', messages: user('JSON please'), schema: topicSchema })).value).toEqual({ topic: 'food' });
  });

  it('repairs malformed JSON once, showing the model its reply and the problem', async () => {
    fake.script({ kind: 'malformed', content: '{"topic": "health",' }, { kind: 'json', value: { topic: 'health' } });
    const result = await model().complete({ feature: 'classify', messages: user('JSON please'), schema: topicSchema });
    expect(result.value).toEqual({ topic: 'health' });
    expect(result.attempts).toBe(2);
    const repair = fake.chatRequests()[1]!;
    expect(repair.messages.at(-2)).toEqual({ role: 'assistant', content: '{"topic": "health",' });
    expect(repair.messages.at(-1)!.content).toMatch(/not valid JSON/);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ ok: true, attempts: 2 });
    expect(records[0]!.usage.totalTokens).toBe(36);
    expect(logs.some((log) => log.level === 'warning' && /repair/.test(log.message))).toBe(true);
  });

  it('repairs a reply of the wrong shape', async () => {
    fake.script({ kind: 'json', value: { topic: 'sports' } }, { kind: 'json', value: { topic: 'food' } });
    const result = await model().complete({ feature: 'classify', messages: user('JSON please'), schema: topicSchema });
    expect(result.value).toEqual({ topic: 'food' });
    expect(fake.chatRequests()[1]!.messages.at(-1)!.content).toMatch(/topic/);
  });

  it('fails with invalid_output when the repair is no better', async () => {
    fake.script({ kind: 'malformed' }, { kind: 'malformed' });
    const error = await failure(model().complete({ feature: 'classify', messages: user('JSON please'), schema: topicSchema }));
    expect(error.failure).toBe('invalid_output');
    expect(error.providerDown).toBe(false);
    expect(fake.chatRequests()).toHaveLength(2);
    expect(records).toEqual([expect.objectContaining({ ok: false, attempts: 2, error: expect.stringMatching(/unusable/) })]);
    expect(logs.at(-1)!.level).toBe('error');
  });

  it('waits as long as Retry-After says on 429, then succeeds', async () => {
    fake.script({ kind: 'status', status: 429, retryAfter: '2' }, { kind: 'text', content: 'done' });
    const result = await model().complete({ feature: 'test', messages: user('Hi') });
    expect(result).toMatchObject({ text: 'done', attempts: 2 });
    expect(waits).toEqual([2000]);
    expect(records).toEqual([expect.objectContaining({ ok: true, attempts: 2 })]);
    expect(logs.find((log) => log.level === 'warning')!.message).toMatch(/HTTP 429.*retrying in 2\.0 s \(attempt 2 of 3\)/);
  });

  it('honours retry-after-ms too', async () => {
    fake.script({ kind: 'status', status: 429, retryAfterMs: 250 }, { kind: 'text', content: 'done' });
    await model().complete({ feature: 'test', messages: user('Hi') });
    expect(waits).toEqual([250]);
  });

  it('really sleeps for Retry-After when no sleep is injected', async () => {
    fake.script({ kind: 'status', status: 429, retryAfter: '1' }, { kind: 'text', content: 'done' });
    await model({ sleep: undefined }).complete({ feature: 'test', messages: user('Hi') });
    const [first, second] = fake.chatRequests();
    // A lower bound only: the retry must not come before the server allowed it.
    expect(second!.receivedAt - first!.receivedAt).toBeGreaterThanOrEqual(950);
  });

  it('fails at once when Retry-After is longer than the cap', async () => {
    fake.script({ kind: 'status', status: 429, retryAfter: '3600' });
    const error = await failure(model({ maxRetryAfterMs: 30_000 }).complete({ feature: 'test', messages: user('Hi') }));
    expect(error.failure).toBe('rate_limited');
    expect(error.status).toBe(429);
    expect(error.message).toMatch(/asks to wait/);
    expect(fake.chatRequests()).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('backs off exponentially on 5xx without Retry-After', async () => {
    fake.script({ kind: 'status', status: 500 }, { kind: 'status', status: 503 }, { kind: 'text', content: 'finally' });
    const result = await model().complete({ feature: 'test', messages: user('Hi') });
    expect(result.text).toBe('finally');
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(7.5);
    expect(waits[0]).toBeLessThanOrEqual(10);
    expect(waits[1]).toBeGreaterThanOrEqual(15);
    expect(waits[1]).toBeLessThanOrEqual(20);
  });

  it('gives up after the configured retries and records one failed call', async () => {
    fake.respondWith(() => ({ kind: 'status', status: 500, message: 'model crashed' }));
    const error = await failure(model().complete({ feature: 'test', messages: user('Hi') }));
    expect(error).toMatchObject({ failure: 'http', status: 500, attempts: 3 });
    expect(error.providerDown).toBe(true);
    expect(error.message).toMatch(/model crashed/);
    expect(fake.chatRequests()).toHaveLength(3);
    expect(records).toEqual([expect.objectContaining({ ok: false, attempts: 3 })]);
  });

  it('does not retry a client error', async () => {
    fake.script({ kind: 'status', status: 400, message: 'unknown model' });
    const error = await failure(model().complete({ feature: 'test', messages: user('Hi') }));
    expect(error).toMatchObject({ failure: 'http', status: 400, attempts: 1 });
    expect(fake.chatRequests()).toHaveLength(1);
  });

  it('times out a slow reply and retries', async () => {
    fake.script({ kind: 'slow', delayMs: 3_000, reply: { kind: 'text', content: 'too late' } }, { kind: 'text', content: 'in time' });
    const result = await model({ timeoutMs: 300 }).complete({ feature: 'test', messages: user('Hi') });
    expect(result).toMatchObject({ text: 'in time', attempts: 2 });
    expect(logs.find((log) => log.level === 'warning')!.message).toMatch(/did not answer in time/);
  });

  it('fails with timeout when every attempt is too slow', async () => {
    fake.respondWith(() => ({ kind: 'slow', delayMs: 3_000, reply: { kind: 'text', content: 'too late' } }));
    const error = await failure(model({ timeoutMs: 200, maxRetries: 1 }).complete({ feature: 'test', messages: user('Hi') }));
    expect(error).toMatchObject({ failure: 'timeout', attempts: 2 });
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    fake.respondWith(() => ({ kind: 'slow', delayMs: 3_000, reply: { kind: 'text', content: 'too late' } }));
    const controller = new AbortController();
    const call = model().complete({ feature: 'test', messages: user('Hi'), signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    const error = await failure(call);
    expect(error.failure).toBe('aborted');
    expect(fake.chatRequests()).toHaveLength(1);
    expect(records).toEqual([expect.objectContaining({ ok: false, error: expect.stringMatching(/stopped/) })]);
    expect(logs.at(-1)!.level).toBe('info');
  });

  it('leaves no listener on a signal shared by many calls (a long job has one signal)', async () => {
    fake.respondWith(() => ({ kind: 'text', content: 'ok' }));
    const controller = new AbortController();
    for (let i = 0; i < 12; i++) await model().complete({ feature: 'test', messages: user('Hi'), signal: controller.signal });
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('reports an unreachable server as a connection failure', async () => {
    const gone = await startFakeOpenAi();
    const baseUrl = gone.baseUrl;
    await gone.close();
    const error = await failure(model({ baseUrl, maxRetries: 1 }).complete({ feature: 'test', messages: user('Hi') }));
    expect(error).toMatchObject({ failure: 'connection', attempts: 2 });
  });

  it('reports a body that is not JSON as an unreadable answer', async () => {
    fake.script({ kind: 'broken-body' });
    const error = await failure(model().complete({ feature: 'test', messages: user('Hi') }));
    expect(error.failure).toBe('http');
    expect(error.message).toMatch(/Unreadable/);
  });

  it('works without an API key (Ollama)', async () => {
    fake.script({ kind: 'text', content: 'local' });
    expect((await model({ apiKey: null }).complete({ feature: 'test', messages: user('Hi') })).text).toBe('local');
  });
});

describe('reply helpers', () => {
  it('reads Retry-After as seconds, a date or milliseconds', () => {
    const now = Date.parse('2030-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }), now)).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Tue, 01 Jan 2030 00:00:10 GMT' }), now)).toBe(10_000);
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '120', 'retry-after': '9' }), now)).toBe(120);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterMs(new Headers(), now)).toBeNull();
  });

  it('extracts JSON from fences and prose, and rejects what is not JSON', () => {
    expect(extractJson('{"a":1}')).toEqual({ a: 1 });
    expect(extractJson('```\n[1,2]\n```')).toEqual([1, 2]);
    expect(extractJson('Here you go: {"a": {"b": 2}}.')).toEqual({ a: { b: 2 } });
    expect(() => extractJson('no json here')).toThrow();
  });
});

describe('fake OpenAI server', () => {
  it('lists its models', async () => {
    const response = await fetch(`${fake.baseUrl}/models`);
    expect((await response.json()).data.map((m: { id: string }) => m.id)).toEqual(['fake-small', 'fake-large']);
  });
});

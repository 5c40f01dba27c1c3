import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSetting, SETTINGS } from '../../src/services/platform/settings/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

let server: TestServer;
let cookie: string;

async function call(method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  server = await startTestServer();
  cookie = await server.loginCookie();
});
afterAll(async () => server?.close());

describe('settings calls of spec 001 §7', () => {
  const promptKeys = [
    'trends-analyzer-system-prompt',
    'trends-analyzer-user-prompt',
    'analyze-implications-prompt',
    'system-prompt',
    'user-prompt',
    'latest-news-prompt',
    'article-classifier-system-prompt',
    'article-classifier-user-prompt',
    'social-system-prompt',
    'social-prompt-1',
    'social-prompt-2',
    'conversational-audio-system-prompt',
    'conversational-audio-user-prompt',
    'conversational-audio-refinement-prompt',
    'interview-system-prompt',
    'interview-user-prompt',
    'interview-refinement-prompt',
    'music-generator-prompt',
  ];
  const modelKeys = ['trends-analyzer-model-name', 'social-model-name', 'conversational-audio-model-name', 'interview-model-name'];

  it('serves every prompt as {promptText} and stores what is posted', async () => {
    for (const key of promptKeys) {
      const before = await call('GET', `/api/${key}`);
      expect(before.status, key).toBe(200);
      expect(typeof before.body.promptText, key).toBe('string');
      const saved = await call('POST', `/api/${key}`, { promptText: `my ${key}` });
      expect(saved, key).toEqual({ status: 200, body: { promptText: `my ${key}` } });
      expect((await call('GET', `/api/${key}`)).body).toEqual({ promptText: `my ${key}` });
    }
  });

  it('serves every model name as {modelName}', async () => {
    for (const key of modelKeys) {
      expect((await call('GET', `/api/${key}`)).body, key).toEqual({ modelName: '' });
      expect((await call('POST', `/api/${key}`, { modelName: 'mistral-large-latest' })).status, key).toBe(200);
      expect((await call('GET', `/api/${key}`)).body).toEqual({ modelName: 'mistral-large-latest' });
    }
  });

  it('keeps the {trend} placeholder in the default implications prompt, readable without a session', async () => {
    await server.sql`delete from settings where key = 'analyze-implications-prompt'`;
    // Written behind the service's back: announced as the service would, for the public snapshot.
    server.ctx.events.emit('settings_updated', { key: 'analyze-implications-prompt' });
    const response = await fetch(`${server.baseUrl}/api/analyze-implications-prompt`);
    expect(response.status).toBe(200);
    expect((await response.json()).promptText).toContain('{trend}');
    const write = await fetch(`${server.baseUrl}/api/analyze-implications-prompt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ promptText: 'x' }),
    });
    expect(write.status).toBe(401);
  });

  it('validates the target word count (integer ≥ 1), defaulting to 600', async () => {
    expect((await call('GET', '/api/word-count-settings')).body).toEqual({ targetWordCount: 600 });
    for (const bad of [0, -3, 1.5, '600', null]) {
      const response = await call('POST', '/api/word-count-settings', { targetWordCount: bad });
      expect(response.status, String(bad)).toBe(400);
      expect(response.body.message).toMatch(/targetWordCount/);
    }
    expect((await call('POST', '/api/word-count-settings', { targetWordCount: 850 })).body).toEqual({ targetWordCount: 850 });
  });

  it('validates schedule minutes 0–59 and accepts partial updates', async () => {
    expect((await call('GET', '/api/schedule-settings')).body).toEqual({ spiderMinuteA: 1, spiderMinuteB: 1, trendsMinuteA: 31, trendsMinuteB: 0 });
    expect((await call('POST', '/api/schedule-settings', { trendsMinuteA: 60 })).status).toBe(400);
    expect((await call('POST', '/api/schedule-settings', { trendsMinuteB: -1 })).status).toBe(400);
    expect((await call('POST', '/api/schedule-settings', {})).status).toBe(400);
    expect((await call('POST', '/api/schedule-settings', { bogus: 1 })).status).toBe(400);
    const saved = await call('POST', '/api/schedule-settings', { trendsMinuteA: 45, trendsMinuteB: 15 });
    expect(saved.body).toEqual({ spiderMinuteA: 1, spiderMinuteB: 1, trendsMinuteA: 45, trendsMinuteB: 15 });
  });

  it('returns the image API key masked and keeps it when the masked or empty value comes back', async () => {
    const empty = await call('POST', '/api/google-api-config', { apiKey: '', imagePrompt: 'p' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/API key/);
    const saved = await call('POST', '/api/google-api-config', { apiKey: 'sk-secret-1234567890', imagePrompt: 'Draw {ARTICLE_TITLE}' });
    expect(saved.body).toEqual({ apiKey: '********7890', imagePrompt: 'Draw {ARTICLE_TITLE}' });
    expect((await call('GET', '/api/google-api-config')).body.apiKey).toMatch(/^\*+7890$/);
    await call('POST', '/api/google-api-config', { apiKey: '********7890', imagePrompt: 'Paint {ARTICLE_TITLE}' });
    await call('POST', '/api/google-api-config', { apiKey: '', imagePrompt: 'Paint {ARTICLE_TITLE}' });
    const stored = await getSetting<{ apiKey: string; imagePrompt: string }>(server.ctx, 'google-api-config');
    expect(stored).toEqual({ apiKey: 'sk-secret-1234567890', imagePrompt: 'Paint {ARTICLE_TITLE}' });
  });

  it('refuses a music configuration that Generate Music would refuse, and keeps the stored one', async () => {
    const before = (await call('GET', '/api/music-generator-prompt')).body;
    const broken = await call('POST', '/api/music-generator-prompt', { promptText: '{"style": "Warm pop", "tempo": ' });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/^The music configuration is not valid JSON: /);
    const outOfRange = await call('POST', '/api/music-generator-prompt', { promptText: '{"key": "H"}' });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.message).toMatch(/^Invalid music configuration: key /);
    expect((await call('GET', '/api/music-generator-prompt')).body).toEqual(before);
    // Plain text is the style, and valid JSON is kept as written.
    expect((await call('POST', '/api/music-generator-prompt', { promptText: 'Dreamy synthwave' })).status).toBe(200);
    const json = '{"style": "Warm pop", "tempo": 96, "key": "G"}';
    expect(await call('POST', '/api/music-generator-prompt', { promptText: json })).toEqual({ status: 200, body: { promptText: json } });
  });

  it('refuses, when it is saved, a voice the voice table lacks: the music introduction, the bulletin, the speakers', async () => {
    const before = (await call('GET', '/api/music-introduction-narration')).body;
    const table = 'Orus, Iapetus, Achird, Aoede, Kore, Leda';
    expect(await call('POST', '/api/music-introduction-narration', { narrationText: 'Hello', voice: 'Nova' })).toEqual({
      status: 400,
      body: { message: `Invalid music introduction narration: the voice "Nova" is not in the voice table (${table})`, code: 'invalid' },
    });
    expect((await call('POST', '/api/music-introduction-narration', { narrationText: 'Hello', voice: '' })).status).toBe(400);
    expect((await call('GET', '/api/music-introduction-narration')).body).toEqual(before);
    // Names match in any case, as when audio is made.
    expect((await call('POST', '/api/music-introduction-narration', { narrationText: 'Hello', voice: 'kore' })).status).toBe(200);

    // The check reads the voice table as it is now: a voice added there is accepted at once.
    const voices = (await call('GET', '/api/voice-table')).body.voices;
    const nova = { ...voices[3], name: 'Nova' };
    expect((await call('POST', '/api/voice-table', { voices: [...voices, nova] })).status).toBe(200);
    expect(await call('POST', '/api/music-introduction-narration', { narrationText: 'Hi', voice: 'Nova' })).toEqual({
      status: 200,
      body: { narrationText: 'Hi', voice: 'Nova' },
    });
    // And the table keeps a voice a setting still names, until that setting changes.
    expect(await call('POST', '/api/voice-table', { voices })).toEqual({
      status: 400,
      body: {
        message: 'Invalid voice table: "Nova" is still the voice in the music introduction narration; choose another voice there first',
        code: 'invalid',
      },
    });
    expect((await call('GET', '/api/voice-table')).body.voices.map((voice: { name: string }) => voice.name)).toContain('Nova');
    expect((await call('POST', '/api/music-introduction-narration', { narrationText: 'Hi', voice: 'Kore' })).status).toBe(200);
    expect((await call('POST', '/api/voice-table', { voices })).status).toBe(200);
    const withoutAchird = voices.filter((voice: { name: string }) => voice.name !== 'Achird');
    expect((await call('POST', '/api/voice-table', { voices: withoutAchird })).body).toEqual({
      message: 'Invalid voice table: "Achird" is still Alex\'s voice in the podcast speaker table; choose another voice there first',
      code: 'invalid',
    });

    // The same rule, from the same settings table, for the other settings that name voices.
    const bulletin = await call('POST', '/api/latest-news-audio-settings', { voice: 'Zephyr' });
    expect(bulletin).toEqual({
      status: 400,
      body: { message: `Invalid latest news audio settings: the voice "Zephyr" is not in the voice table (${table})`, code: 'invalid' },
    });
    const speakers = await call('POST', '/api/conversational-audio-speakers', {
      speakers: [
        { name: 'Alex', voice: 'Achird' },
        { name: 'Jordan', voice: 'Zephyr' },
      ],
    });
    expect(speakers).toEqual({
      status: 400,
      body: { message: `Invalid podcast speaker table: Jordan's voice "Zephyr" is not in the voice table (${table})`, code: 'invalid' },
    });
    expect((await call('POST', '/api/interview-speakers', { speakers: [{ name: 'Sam', voice: 'Leda' }] })).status).toBe(200);
  });

  it('stores the object settings with their exact field names', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['audio-ads', { prePlug: 'Brought to you by X.', endingPlug: 'Thanks for listening.' }],
      ['get-json-config', { jsonTextTop: '{', jsonText: '"a": 1', jsonTextBottom: '}' }],
      ['interview-topic', { topic: 'Grid batteries' }],
      ['music-introduction-narration', { narrationText: 'Hello', voice: 'Aoede' }],
      ['lyrics-generator-prompt', { promptText: 'Sing {narration}', modelName: 'small' }],
      ['article-gen-with-sources-config', { systemPrompt: 's', userPrompt: 'u %ArticleText%', modelName: 'm' }],
      ['article-gen-no-sources-config', { systemPrompt: 's2', userPrompt: 'u2 %ArticleText%', modelName: '' }],
    ];
    for (const [key, value] of cases) {
      expect(await call('POST', `/api/${key}`, value), key).toEqual({ status: 200, body: value });
      expect((await call('GET', `/api/${key}`)).body, key).toEqual(value);
      const missing = Object.fromEntries(Object.entries(value).slice(1));
      expect((await call('POST', `/api/${key}`, missing)).status, `${key} without a field`).toBe(400);
    }
  });

  it('describes every setting for editors: fields, kinds, limits, labels, the default model', async () => {
    const described = await call('GET', '/api/settings');
    expect(described.status).toBe(200);
    expect(described.body.settings.map((s: { key: string }) => s.key)).toEqual(SETTINGS.map((s) => s.key));
    expect(described.body).toMatchObject({ defaultModel: server.config.llm.model, modelConfigured: false });
    const byKey = new Map(described.body.settings.map((s: { key: string }) => [s.key, s]));
    expect(byKey.get('trends-analyzer-system-prompt')).toEqual({
      key: 'trends-analyzer-system-prompt',
      label: 'trends analyzer system prompt',
      publicRead: false,
      partial: false,
      fields: [
        {
          name: 'promptText',
          label: 'Trends analyzer system prompt',
          kind: 'multiline',
          secret: false,
          minimum: null,
          maximum: null,
          maxLength: 50_000,
          placeholder: null,
        },
      ],
    });
    expect(byKey.get('word-count-settings')).toMatchObject({
      fields: [{ name: 'targetWordCount', label: 'Target word count', kind: 'integer', minimum: 1, maximum: 20_000 }],
    });
    expect(byKey.get('google-api-config')).toMatchObject({
      fields: [
        { name: 'apiKey', label: 'API key', kind: 'text', secret: true },
        { name: 'imagePrompt', label: 'Image prompt', kind: 'multiline', secret: false },
      ],
    });
    expect(byKey.get('schedule-settings')).toMatchObject({
      partial: true,
      fields: [
        { name: 'spiderMinuteA', label: 'Spider minute A', kind: 'integer', minimum: 0, maximum: 59 },
        { name: 'spiderMinuteB', label: 'Spider minute B' },
        { name: 'trendsMinuteA', label: 'Trends minute A' },
        { name: 'trendsMinuteB', label: 'Trends minute B' },
      ],
    });
    expect(byKey.get('social-model-name')).toMatchObject({
      fields: [{ name: 'modelName', label: 'Model name', kind: 'text', maxLength: 200, placeholder: server.config.llm.model }],
    });
    expect(byKey.get('get-json-config')).toMatchObject({
      fields: [{ label: 'JSON text (top)' }, { label: 'JSON text' }, { label: 'JSON text (bottom)' }],
    });
    const anonymous = await fetch(`${server.baseUrl}/api/settings`);
    expect(anonymous.status).toBe(401);
  });

  it('has one GET and one POST route per setting of the schema table', async () => {
    for (const definition of SETTINGS) {
      const response = await call('GET', `/api/${definition.key}`);
      expect(response.status, definition.key).toBe(200);
    }
  });
});

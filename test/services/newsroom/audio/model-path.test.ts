// The audio features' model path against the fake OpenAI-compatible server: each prompt setting
// with its placeholder filled, each feature's model setting, the §5 clean-up applied to what the
// model writes, and the offline writer taking over when the model fails. Both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulletinScript } from '../../../../src/services/newsroom/audio/latest-news.js';
import { generateInterviewScript } from '../../../../src/services/newsroom/audio/interview.js';
import { generateConversationalScript } from '../../../../src/services/newsroom/audio/podcast.js';
import { generateLyrics } from '../../../../src/services/newsroom/music/index.js';
import { updateSetting } from '../../../../src/services/platform/settings/index.js';
import { createServiceContext, type ServiceContext } from '../../../fixtures/fake-openai/context.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../../fixtures/fake-openai/server.js';
import { storeNewsDay } from '../../../fixtures/stories/news-day.js';

let fake: FakeOpenAi;
let service: ServiceContext;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  service = await createServiceContext({ fake, env: { NEWSCTL_SITE_NAME: 'Morning Ledger' } });
  await storeNewsDay(service.ctx.sql);
}, 60_000);
afterAll(async () => {
  await service?.close();
  await fake?.close();
});

describe('audio with a model', () => {
  it('summarises the bulletin with the latest-news prompt and {trends}, between the greeting and the plugs', async () => {
    fake.reset();
    await updateSetting(service.ctx, 'latest-news-prompt', { promptText: 'Summarise for radio:\n{trends}' });
    await updateSetting(service.ctx, 'audio-ads', { prePlug: 'Sponsored by the library.', endingPlug: 'Goodbye.' });
    fake.script({ kind: 'text', content: '## Today\n\n**Storms** hit Port Linden.\n\n- Rates held at 4.25 percent.' });
    const script = await bulletinScript(service.ctx, new Date(), new AbortController().signal);
    const prompt = fake.chatRequests()[0]!.messages.at(-1)!.content;
    expect(prompt).toMatch(/^Summarise for radio:\n1\. Storm floods Port Linden harbor, 1,200 evacuated \(usa; reported by /);
    expect(prompt).toMatch(/Key facts: About 1,200 residents/);
    expect(script.writer).toBe('model');
    expect(script.text.split('\n').map((line) => line.replace(/^Narrator: /, ''))).toEqual([
      expect.stringMatching(/^Hello, and welcome to the Morning Ledger News Podcast\./),
      'Sponsored by the library.',
      'Today',
      'Storms hit Port Linden.',
      'Rates held at 4.25 percent.',
      'Goodbye.',
    ]);
  });

  it('writes the podcast with the conversational prompts and model, cleaned by the §5 rules', async () => {
    fake.reset();
    await updateSetting(service.ctx, 'conversational-audio-model-name', { modelName: 'fake-large' });
    await updateSetting(service.ctx, 'conversational-audio-user-prompt', { promptText: 'Discuss:\n{trends}' });
    fake.script({ kind: 'text', content: '**Alex:** [pause] Climate Change is *big* [laughs] news [pause long]\nJordan: Indeed.\nMore from Jordan.' });
    const generated = await generateConversationalScript(service.ctx);
    const request = fake.chatRequests()[0]!;
    expect(request.model).toBe('fake-large');
    expect(request.messages[0]).toMatchObject({ role: 'system', content: expect.stringMatching(/two-host news podcast/) });
    expect(request.messages[1]!.content).toMatch(/^Discuss:\n1\. Storm floods Port Linden/);
    expect(generated).toMatchObject({
      writer: 'model',
      script: 'Alex: climate engineering is big news[pause long]\nJordan: Indeed.\nJordan: More from Jordan.',
    });
  });

  it('falls back to the offline conversation when the model fails', async () => {
    fake.reset();
    fake.respondWith(() => ({ kind: 'status', status: 400, message: 'bad model' }));
    const generated = await generateConversationalScript(service.ctx);
    expect(generated.writer).toBe('offline');
    expect(generated.script).toMatch(/^Alex: Welcome to the Morning Ledger News Podcast\./);
  });

  it('writes the interview from the topic with the interview prompts, reporting tokens', async () => {
    fake.reset();
    await updateSetting(service.ctx, 'interview-topic', { topic: 'Hospital waiting times' });
    await updateSetting(service.ctx, 'interview-model-name', { modelName: 'fake-small' });
    fake.script({ kind: 'text', content: 'Sam: Why are waits shorter?\nDr. Morgan: A shared triage system.', usage: { prompt: 40, completion: 12 } });
    const interview = await generateInterviewScript(service.ctx);
    expect(fake.chatRequests()[0]!.messages.at(-1)!.content).toBe('Write an interview of about 10 minutes on this topic: Hospital waiting times');
    expect(interview).toEqual({ script: 'Sam: Why are waits shorter?\nDr. Morgan: A shared triage system.', totalTokens: 52, writer: 'model' });
    expect(service.eventsOf('interview_token_progress').at(-1)).toMatchObject({ tokens: 12 });
    expect(service.eventsOf('interview_token_complete').at(-1)).toMatchObject({ tokens: 52 });
  });

  it('writes lyrics with the lyrics prompt, {narration} and the lyrics model', async () => {
    fake.reset();
    await updateSetting(service.ctx, 'lyrics-generator-prompt', { promptText: 'Song about:\n{narration}', modelName: 'fake-large' });
    fake.script({ kind: 'text', content: '[Verse]\nWater in the harbor' });
    const lyrics = await generateLyrics(service.ctx);
    const request = fake.chatRequests()[0]!;
    expect(request.model).toBe('fake-large');
    expect(request.messages.at(-1)!.content).toMatch(
      /^Song about:\nHere is today's news, in a song\.\nStorm floods Port Linden harbor, 1,200 evacuated\. About 1,200/,
    );
    expect(lyrics).toEqual({ lyrics: '[Verse]\nWater in the harbor', message: 'Lyrics generated successfully', writer: 'model' });
  });
});

// Stopping an interview refinement from the console reaches the model call (spec 001 §4, §7
// "abortable"): the daemon talks to the local fake OpenAI-compatible server, whose refinement reply
// is slow; Stop Refinement aborts the request, the daemon cuts the model call, and no refined script
// is stored. The script itself is written by the model, with its token count shown live.
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi } from '../../fixtures/fake-openai/server.js';
import { expectToast, openConsoleTab, selectTab } from './console.js';
import { resetConsole } from './console-seed.js';
import { browserSuite } from './harness.js';

const fake = await startFakeOpenAi();
const SCRIPT = 'Sam: Welcome. Today we talk about rates.\nDr. Morgan: Thanks, Sam. Rates are on hold for now.';
fake.respondWith((request) => {
  const prompt = request.messages.map((message) => message.content).join('\n');
  if (/^Refine this interview script/m.test(prompt)) return { kind: 'slow', delayMs: 30_000, then: { kind: 'text', content: SCRIPT } };
  return { kind: 'text', content: SCRIPT, usage: { prompt: 40, completion: 25 } };
});

const suite = browserSuite({
  reset: async (sql) => {
    await resetConsole(sql);
    await sql`truncate scripts restart identity`;
  },
  env: { NEWSCTL_SCHEDULER: 'false', NEWSCTL_LLM_BASE_URL: fake.baseUrl, NEWSCTL_LLM_API_KEY: 'test-key', NEWSCTL_LLM_MAX_RETRIES: '0' },
});
afterAll(() => fake.close());

describe('Interviews tab with a model', () => {
  it('writes the script with the model and stops a refinement at the model call', async () => {
    await suite.server().sql`insert into settings (key, value) values ('interview-topic', ${suite.server().sql.json({ topic: 'Interest rates' })})`;
    const { page } = await suite.visit();
    await openConsoleTab(page, 'Interviews');
    const script = page.getByRole('region', { name: 'Interview Script', exact: true });
    await script.getByRole('button', { name: 'Generate Script' }).click();
    await script.getByTestId('token-progress').getByText('Script written: 65 tokens').waitFor({ timeout: 15_000 });
    await script.getByText('Script generated (model): 65 tokens.').waitFor();
    expect(await script.getByTestId('interview-text').inputValue()).toBe(SCRIPT);

    const before = fake.chatRequests().length;
    await script.getByRole('button', { name: 'Refine Script' }).click();
    await expect.poll(() => fake.chatRequests().length, { timeout: 10_000 }).toBe(before + 1);
    expect(fake.chatRequests().at(-1)!.messages.at(-1)!.content).toContain(SCRIPT);
    await script.getByRole('button', { name: 'Stop Refinement' }).click();
    await expectToast(page, 'Refinement Stopped');
    await script.getByRole('button', { name: 'Refine Script' }).waitFor();
    // The daemon gave up the model call at once, rather than waiting 30 s for its reply.
    const sql = suite.server().sql;
    await expect
      .poll(async () => (await sql<{ message: string }[]>`select message from logs where message like 'Interview refinement stopped%'`).length, { timeout: 5_000 })
      .toBe(1);
    expect((await sql`select id from scripts where kind = 'interview-refined'`).length).toBe(0);
    expect(await script.getByTestId('interview-text').inputValue()).toBe(SCRIPT);

    // Started, then the tab left and opened again: Stop still reaches the daemon.
    await script.getByRole('button', { name: 'Refine Script' }).click();
    await expect.poll(() => fake.chatRequests().length, { timeout: 10_000 }).toBe(before + 2);
    await selectTab(page, 'Music');
    await selectTab(page, 'Interviews');
    await script.getByRole('button', { name: 'Stop Refinement' }).click();
    await expectToast(page, 'Refinement Stopped');
    await script.getByRole('button', { name: 'Refine Script' }).waitFor({ timeout: 5_000 });
    await expect
      .poll(async () => (await sql<{ message: string }[]>`select message from logs where message like 'Interview refinement stopped%'`).length, { timeout: 5_000 })
      .toBe(2);
    expect((await sql`select id from scripts where kind = 'interview-refined'`).length).toBe(0);
  }, 90_000);
});

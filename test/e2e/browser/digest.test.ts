// The e-mail digest's subscribe form on the home page, in Chromium: hidden while no e-mail server is
// set; then filled and sent by keyboard, it answers with the confirmation notice and the mail comes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, smtpSetting, type TestSmtp } from '../../helpers/smtp.js';
import { browserSuite } from './harness.js';

const suite = browserSuite({ reset: async (sql) => void (await sql`delete from subscribers`) });
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => smtp?.close());

describe('digest subscribe form', () => {
  it('is not shown while no e-mail server is set', async () => {
    const { page } = await suite.visit();
    const siteInfo = page.waitForResponse((response) => response.url().endsWith('/api/site-info'));
    await page.goto('/');
    expect(((await (await siteInfo).json()) as { digests: boolean }).digests).toBe(false);
    await page.getByRole('search').waitFor();
    expect(await page.getByTestId('digest-signup').count()).toBe(0);
  });

  it('subscribes by keyboard and says to look for the confirmation mail', async () => {
    const server = suite.server();
    const cookie = await server.loginCookie();
    const saved = await fetch(`${server.baseUrl}/api/email`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(smtpSetting(smtp)),
    });
    expect(saved.status).toBe(200);
    for (let tries = 0; !((await (await fetch(`${server.baseUrl}/api/site-info`)).json()) as { digests: boolean }).digests; tries++) {
      if (tries > 50) throw new Error('site-info never said digests are on');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const { page, consoleErrors } = await suite.visit({ width: 390 });
    await page.goto('/');
    const form = page.getByTestId('digest-signup');
    await form.waitFor();
    // Two topics are ticked to begin with; the reader adds Science and chooses weekly.
    await form.getByLabel('Science').check();
    await form.getByLabel('Weekly').check();
    await form.getByLabel('E-mail address').fill('browser.reader@example.org');
    await page.keyboard.press('Enter');
    await form.getByRole('status').filter({ hasText: 'Check your inbox' }).waitFor();
    const [mail] = await smtp.mailTo('browser.reader@example.org');
    expect(mail!.text).toContain('the weekly');
    expect(mail!.text).toMatch(/USA, International, Science/);
    expect(consoleErrors).toEqual([]);
  });
});

// `newsctl digest`: the same services as the console's digest panel, in-process on a data folder —
// a send with no e-mail server is a 409 (exit 5); with one, a test digest reaches the SMTP server,
// and the subscriber list says what is set up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, daemonStorage } from '../helpers/daemon.js';
import { smtpSetting, startSmtpServer, type TestSmtp } from '../helpers/smtp.js';

const storage = daemonStorage('newsctl-cli-digest-');
const args = () => ['--data-dir', storage.dataDir, ...storage.dbArgs];
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => smtp?.close());

describe('newsctl digest', () => {
  it('refuses to send without an e-mail server, then sends a test digest through one', { timeout: 120_000 }, async () => {
    const off = await runCli(['digest', 'send', '--to', 'ops@example.org', ...args()]);
    expect(off.code).toBe(5);
    expect(off.stderr).toContain('E-mail digests are not turned on');
    const list = await runCli(['digest', 'subscribers', ...args()]);
    expect(list.stdout).toContain('0 subscribed, 0 waiting for confirmation');
    expect(list.stdout).toContain('No e-mail server is set');

    expect((await runCli(['settings', 'set', 'email', JSON.stringify(smtpSetting(smtp)), ...args()])).code).toBe(0);
    const sent = await runCli(['digest', 'send', '--to', 'ops@example.org', ...args()]);
    expect(sent.stdout.trim()).toBe('Test digest sent to ops@example.org');
    const [mail] = await smtp.mailTo('ops@example.org');
    expect(mail!.subject).toMatch(/daily digest/);
    expect(mail!.text).toContain('Nothing new in your topics since the last digest.');
  });
});

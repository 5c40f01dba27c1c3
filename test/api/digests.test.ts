// E-mail digests end to end, over a real SMTP conversation with a server the test starts: the
// subscribe form (202 the same for any address, no mail before confirmation), the confirmation
// link, the digest with the right stories and its one-click unsubscribe (RFC 8058), a test digest,
// bounces that stop sending, and the form's limits.
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';
import { pruneSubscriptions } from '../../src/services/reader/digests/subscriptions.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { startSmtpServer, type TestSmtp } from '../helpers/smtp.js';

const PUBLIC_URL = 'http://news.example.test';
let server: TestServer;
let cookie: string;
let smtp: TestSmtp;
let stormId: number;

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}
const admin = (method: string, path: string, body?: unknown) => api(method, path, body, { cookie });

const mailTo = (address: string, count?: number) => smtp.mailTo(address, count);

/** A header as it was sent (mailparser reads the List-* ones into objects). */
const rawHeader = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((line) => line.key === name)
    ?.line.replace(new RegExp(`^${name}:\\s*`, 'i'), '')
    .replace(/\r?\n\s+/g, ' ');

/** A link of the mail's text part, at the daemon under test instead of the public address. */
function linkIn(mail: ParsedMail, path: string): string {
  const match = new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}(${path}\\?token=[A-Za-z0-9_%-]+)`).exec(mail.text ?? '');
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  return `${server.baseUrl}${match[1]}`;
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  server = await startTestServer({ env: { NEWSCTL_PUBLIC_URL: PUBLIC_URL } });
  cookie = await server.loginCookie();
  ({ trendId: stormId } = await storeStoryTrend(server.sql, { title: 'Storm floods Port Linden harbor', topic: 'usa', sources: harborStorm(3) }));
  await storeStoryTrend(server.sql, { title: 'Clinic trial of a new flu vaccine begins', topic: 'health', sources: harborStorm(2) });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('e-mail digests', { timeout: 120_000 }, () => {
  it('refuses subscriptions while no e-mail server is set, then keeps the server password masked', async () => {
    const off = await api('POST', '/api/subscriptions', { email: 'early@example.org', topics: ['usa'], frequency: 'daily' });
    expect(off.status).toBe(409);
    expect(off.body.message).toMatch(/not turned on/);
    expect((await api('GET', '/api/site-info')).body.digests).toBe(false);
    const digestRow = async () => (await admin('GET', '/api/jobs')).body.find((job: { name: string }) => job.name === 'email-digest').schedule;
    expect(await digestRow()).toMatchObject({ slot: 'digest', when: 'off (no e-mail server is set)', nextAt: null });
    const saved = await admin('POST', '/api/email', {
      host: '127.0.0.1',
      port: smtp.port,
      secure: false,
      user: '',
      password: 'smtp secret value',
      from: 'Newsroom <news@example.org>',
    });
    expect(saved.status).toBe(200);
    expect((await admin('GET', '/api/email')).body.password).toBe('********alue');
    // The schedule's digest row comes on with the server: daily at digest-settings' time.
    expect(await digestRow()).toMatchObject({ when: expect.stringMatching(/^daily at 07:00/), nextAt: expect.any(String) });
    // The site's subscribe form comes on with it.
    for (let tries = 0; !(await api('GET', '/api/site-info')).body.digests; tries++) {
      if (tries > 50) throw new Error('site-info never said digests are on');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it('answers 202 alike for a new and a known address, mails one confirmation, and sends nothing before it is used', async () => {
    const first = await api('POST', '/api/subscriptions', { email: 'Reader@Example.org ', topics: ['usa'], frequency: 'daily' });
    const again = await api('POST', '/api/subscriptions', { email: 'reader@example.org', topics: ['usa'], frequency: 'daily' });
    expect(first.status).toBe(202);
    expect(again).toEqual(first);
    const [confirmation] = await mailTo('reader@example.org');
    expect(confirmation!.subject).toBe(`Confirm your ${server.config.siteName} digest`);
    expect(confirmation!.text).toContain('daily');
    expect(confirmation!.html).toContain('Confirm my subscription');
    const pending = await admin('POST', '/api/digests/send', { frequency: 'daily' });
    expect(pending.body).toMatchObject({ sent: 0, failed: 0 });
    // The second request within ten minutes mailed nothing more.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await mailTo('reader@example.org')).toHaveLength(1);

    const confirm = await fetch(linkIn(confirmation!, '/subscriptions/confirm'));
    expect(confirm.status).toBe(200);
    expect(await confirm.text()).toContain('You are subscribed');
    const reused = await fetch(linkIn(confirmation!, '/subscriptions/confirm'));
    expect(reused.status).toBe(404);
    const list = await admin('GET', '/api/subscriptions');
    expect(list.body.subscribers).toEqual([
      expect.objectContaining({ email: 'reader@example.org', status: 'subscribed', topics: ['usa'], frequency: 'daily' }),
    ]);
  });

  it('mails the digest of the reader’s topics with story links and source counts, once per period, with one-click unsubscribe', async () => {
    const sent = await admin('POST', '/api/digests/send', { frequency: 'daily' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ sent: 1, failed: 0, skipped: 0, frequencies: ['daily'] });
    const [, digest] = await mailTo('reader@example.org', 2);
    expect(digest!.subject).toBe(`${server.config.siteName} daily digest: Storm floods Port Linden harbor`);
    expect(digest!.text).toContain(`${PUBLIC_URL}/story/${stormId}-storm-floods-port-linden-harbor`);
    expect(digest!.text).toContain('told by 3 outlets');
    expect(digest!.text).not.toContain('flu vaccine');
    expect(digest!.html).toContain('Storm floods Port Linden harbor');
    const unsubscribeUrl = linkIn(digest!, '/subscriptions/unsubscribe');
    expect(rawHeader(digest!, 'list-unsubscribe')).toBe(`<${unsubscribeUrl.replace(server.baseUrl, PUBLIC_URL)}>`);
    expect(rawHeader(digest!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // This period's digest went out: a second send skips the reader.
    expect((await admin('POST', '/api/digests/send', { frequency: 'daily' })).body).toMatchObject({ sent: 0, skipped: 1 });

    // The page behind the link only asks; the mail app's one-click POST (another origin, no session) unsubscribes.
    const page = await fetch(unsubscribeUrl);
    expect(await page.text()).toContain('<button type="submit">Unsubscribe</button>');
    expect((await admin('GET', '/api/subscriptions')).body.subscribers[0].status).toBe('subscribed');
    const oneClick = await fetch(unsubscribeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example.com' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect((await admin('GET', '/api/subscriptions')).body.subscribers[0].status).toBe('unsubscribed');
    expect((await fetch(`${server.baseUrl}/subscriptions/unsubscribe?token=forged`, { method: 'POST' })).status).toBe(404);
  });

  it('sends a test digest to one address, and stops a reader’s digests after three bounces', async () => {
    const test = await admin('POST', '/api/digests/send', { to: 'editor@example.org' });
    expect(test.body).toMatchObject({ sent: 1, message: 'Test digest sent to editor@example.org' });
    const [mail] = await mailTo('editor@example.org');
    expect(mail!.text).toContain('Clinic trial of a new flu vaccine begins');
    expect(rawHeader(mail!, 'list-unsubscribe')).toBeUndefined();

    expect((await api('POST', '/api/subscriptions', { email: 'gone@example.org', topics: ['usa', 'health'], frequency: 'daily' })).status).toBe(202);
    const [confirmation] = await mailTo('gone@example.org');
    expect((await fetch(linkIn(confirmation!, '/subscriptions/confirm'))).status).toBe(200);
    smtp.refusing.add('gone@example.org');
    for (let i = 0; i < 3; i++) expect((await admin('POST', '/api/digests/send', { frequency: 'daily' })).body).toMatchObject({ sent: 0, failed: 1 });
    const gone = (await admin('GET', '/api/subscriptions')).body.subscribers.find((row: { email: string }) => row.email === 'gone@example.org');
    expect(gone).toMatchObject({ status: 'stopped', bounces: 3, lastError: expect.stringContaining('No such mailbox') });
    expect((await admin('POST', '/api/digests/send', { frequency: 'daily' })).body).toMatchObject({ sent: 0, failed: 0 });
    expect((await admin('POST', '/api/digests/send', { to: 'gone@example.org' })).status).toBe(502);
  });

  it('refuses a bad address or topic with 400, and a client subscribing in bulk with 429', async () => {
    expect((await api('POST', '/api/subscriptions', { email: 'not an address', topics: ['usa'], frequency: 'daily' })).status).toBe(400);
    expect((await api('POST', '/api/subscriptions', { email: 'a@example.org, b@example.org', topics: ['usa'], frequency: 'daily' })).status).toBe(400);
    expect((await api('POST', '/api/subscriptions', { email: 'a@example.org', topics: ['sports'], frequency: 'daily' })).status).toBe(400);
    expect((await api('POST', '/api/subscriptions', { email: 'a@example.org', topics: [], frequency: 'daily' })).status).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await api('POST', '/api/subscriptions', { email: `bulk${i}@example.org`, topics: ['usa'], frequency: 'weekly' })).status);
    expect(statuses).toContain(429);
    const limited = await api('POST', '/api/subscriptions', { email: 'late@example.org', topics: ['usa'], frequency: 'weekly' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'too_many_requests', retryAfterSeconds: expect.any(Number) });
  });

  it('forgets an address nobody confirmed a week after its link expired, and a reader a month after they left', async () => {
    await server.sql`update subscribers set created_at = now() - interval '10 days', confirm_expires_at = now() - interval '8 days' where email = 'bulk0@example.org'`;
    await server.sql`update subscribers set unsubscribed_at = now() - interval '31 days' where email = 'reader@example.org'`;
    await pruneSubscriptions(server.ctx);
    const emails = (await admin('GET', '/api/subscriptions')).body.subscribers.map((row: { email: string }) => row.email).sort();
    expect(emails).toEqual(['bulk1@example.org', 'gone@example.org']);
  });
});

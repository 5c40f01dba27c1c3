// Webhooks: endpoints in the `webhooks` setting get a signed JSON POST for the events they asked
// for, through the outbound guard; a failing endpoint is retried with back-off and then marked
// failed; the secret is masked when read; every delivery is listed for the console.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookSignature } from '../../src/services/platform/webhooks/index.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: TestServer;
let cookie: string;
let receiver: Server;
let base: string;
const received: Received[] = [];

async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      response.writeHead(request.url === '/broken' ? 500 : 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.5', resolve));
  base = `http://127.0.0.5:${(receiver.address() as { port: number }).port}`;
  server = await startTestServer({ env: { NEWSCTL_ALLOW_PRIVATE_NETWORKS: '127.0.0.5/32' } });
  cookie = await server.loginCookie();
}, 60_000);
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('webhooks', { timeout: 120_000 }, () => {
  it('refuses an address newsctl may not call and an event it does not send, and masks the secret', async () => {
    const refused = await api('POST', '/api/webhooks', { endpoints: [{ url: 'http://127.0.0.1:9/hook', events: '*', secret: 's' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Invalid webhook: 127\.0\.0\.1:9 is a loopback address/);
    const unknown = await api('POST', '/api/webhooks', { endpoints: [{ url: `${base}/hook`, events: 'trend.created, sports.scored', secret: 's' }] });
    expect(unknown.body.message).toBe('Invalid webhook events: sports.scored (known: trend.created, article.generated, audio.ready, crawl.finished, or *)');
    const saved = await api('POST', '/api/webhooks', {
      endpoints: [
        { url: `${base}/hook`, events: 'article.generated, trend.created', secret: 'a long shared secret' },
        { url: `${base}/broken`, events: 'article.generated', secret: 'another secret' },
      ],
    });
    expect(saved.status).toBe(200);
    const read = await api('GET', '/api/webhooks');
    expect(read.body.endpoints[0].secret).toBe('********cret');
    // The masked value sent back keeps the stored secret (checked by the signature below).
    expect((await api('POST', '/api/webhooks', read.body)).status).toBe(200);
  });

  it('POSTs a signed JSON body for each event asked for, and retries a failing endpoint before marking it failed', async () => {
    await storeStoryTrend(server.sql, { title: 'Storm floods Port Linden harbor', topic: 'usa', sources: harborStorm(3) });
    expect((await api('POST', '/api/generator/generate-from-trend', { trendTitle: 'Storm floods Port Linden harbor' })).status).toBe(200);
    const hook = await until(
      async () => received.find((request) => request.path === '/hook'),
      (request) => request !== undefined,
    );
    expect(hook!.headers['content-type']).toBe('application/json');
    expect(hook!.headers['x-newsctl-event']).toBe('article.generated');
    const timestamp = Number(hook!.headers['x-newsctl-timestamp']);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(120);
    expect(hook!.headers['x-newsctl-signature']).toBe(webhookSignature('a long shared secret', timestamp, hook!.body));
    const payload = JSON.parse(hook!.body);
    expect(payload).toMatchObject({
      event: 'article.generated',
      data: { title: expect.any(String), category: 'usa', pageUrl: expect.stringMatching(/^\/usa\//) },
    });

    // 500 each time: the first try and three retries, then failed.
    const deliveries = await until(
      async () =>
        (await api('GET', '/api/webhooks/deliveries')).body as {
          url: string;
          status: string;
          attempts: number;
          responseStatus: number | null;
          error: string;
        }[],
      (list) => list.some((delivery) => delivery.url.endsWith('/broken') && delivery.status === 'failed'),
    );
    const broken = deliveries.find((delivery) => delivery.url.endsWith('/broken'))!;
    expect(broken).toMatchObject({ attempts: 4, responseStatus: 500 });
    expect(broken.error).toBe(`${new URL(base).host} answered HTTP 500`);
    expect(received.filter((request) => request.path === '/broken')).toHaveLength(4);
    expect(deliveries.find((delivery) => delivery.url.endsWith('/hook'))).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 204 });
  });
});

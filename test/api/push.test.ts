// Web Push end to end against a push service the test runs: a browser's subscription (its keys made
// here as a browser makes them), a story alert queued by an analysis's stories, the request the
// service gets — VAPID-signed (RFC 8292) and encrypted (RFC 8291), decrypted here with the browser's
// private key — each alert once, a subscription the service says is gone removed, and the operators'
// ntfy topic told of big stories. On both databases.
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertStories } from '../../src/services/reader/alerts/stories.js';
import { harborStorm, storeStoryTrend } from '../fixtures/stories/index.js';
import { startTestServer, type TestServer } from '../helpers/server.js';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let server: TestServer;
let cookie: string;
let pushService: Server;
let base: string;
const received: Received[] = [];

/** A browser's subscription keys: a P-256 key pair and a 16-byte authentication secret. */
function browserKeys(): { ecdh: ECDH; auth: Buffer; json: { p256dh: string; auth: string } } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

/** RFC 8291 in reverse: the plaintext of an aes128gcm body, as the browser reads it. */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const secret = ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, auth, keyInfo, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  let end = plain.length - 1;
  while (plain[end] === 0) end--;
  expect(plain[end]).toBe(2); // the last record's delimiter
  return plain.subarray(0, end).toString('utf8');
}

/** The VAPID JWT is signed with the key the site hands browsers, for the push service's origin. */
function checkVapid(header: string, publicKey: string, audience: string): void {
  const [, token, key] = /^vapid t=([^,]+), k=(.+)$/.exec(header) ?? [];
  expect(key).toBe(publicKey);
  const [head, claims, signature] = token!.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const jwk = { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') };
  const valid = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(valid).toBe(true);
  const payload = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  expect(payload.aud).toBe(audience);
  expect(payload.exp * 1000).toBeGreaterThan(Date.now());
  expect(payload.sub).toMatch(/^(mailto:|https:)/);
}

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

async function until<T>(read: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`not received in ${timeoutMs} ms; got ${received.map((r) => r.path).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  pushService = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(request.url === '/push/gone' ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.6', resolve));
  base = `http://127.0.0.6:${(pushService.address() as { port: number }).port}`;
  server = await startTestServer({ env: { NEWSCTL_ALLOW_PRIVATE_NETWORKS: '127.0.0.6/32' } });
  cookie = await server.loginCookie();
}, 60_000);
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => pushService?.close(resolve));
});

describe('Web Push', { timeout: 120_000 }, () => {
  const reader = browserKeys();

  it('takes a browser’s subscription, and refuses an endpoint that is no push service or keys that are not keys', async () => {
    const key = await call('GET', '/api/push/public-key');
    expect(Buffer.from(key.body.publicKey, 'base64url')).toHaveLength(65);
    // Made once: every daemon (and the next start) hands out the same key.
    expect((await call('GET', '/api/push/public-key')).body.publicKey).toBe(key.body.publicKey);
    const made = await call('POST', '/api/push/subscriptions', { endpoint: `${base}/push/reader`, keys: reader.json, topics: ['usa'], expirationTime: null });
    expect(made).toEqual({ status: 201, body: { message: 'Alerts on for usa' } });
    const elsewhere = await call('POST', '/api/push/subscriptions', { endpoint: 'https://collector.example/hook', keys: reader.json, topics: ['usa'] });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toBe('Invalid body: endpoint must be a browser push service');
    const badKeys = await call('POST', '/api/push/subscriptions', {
      endpoint: `${base}/push/x`,
      keys: { p256dh: 'AAAA', auth: reader.json.auth },
      topics: ['usa'],
    });
    expect(badKeys.status).toBe(400);
  });

  it('pushes a new story to the browsers following its topic, encrypted for each and signed by the site, once', async () => {
    const publicKey = (await call('GET', '/api/push/public-key')).body.publicKey as string;
    const { trendId } = await storeStoryTrend(server.sql, { title: 'Storm floods Port Linden harbor', topic: 'usa', sources: harborStorm(4) });
    await storeStoryTrend(server.sql, { title: 'Clinic trial of a new flu vaccine begins', topic: 'health', sources: harborStorm(3) });
    await alertStories(server.ctx, [trendId], new Set([trendId]));
    const push = await until(() => received.find((request) => request.path === '/push/reader'));
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    checkVapid(String(push.headers.authorization), publicKey, base);
    expect(JSON.parse(decrypt(push.body, reader.ecdh, reader.auth))).toEqual({
      title: 'New in USA',
      body: 'Storm floods Port Linden harbor — told by 4 outlets',
      url: `/story/${trendId}-storm-floods-port-linden-harbor`,
      tag: `story-${trendId}`,
    });
    // The next analysis stores the story again: no second alert.
    await alertStories(server.ctx, [trendId], new Set([trendId]));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(received.filter((request) => request.path === '/push/reader')).toHaveLength(1);
  });

  it('tells big stories to the ntfy topic too, and removes a subscription its push service says is gone', async () => {
    expect((await call('POST', '/api/ntfy', { url: `${base}/newsroom-alerts`, token: 'tk_operators' }, { cookie })).status).toBe(200);
    const gone = browserKeys();
    expect((await call('POST', '/api/push/subscriptions', { endpoint: `${base}/push/gone`, keys: gone.json, topics: ['usa'] })).status).toBe(201);
    const { trendId } = await storeStoryTrend(server.sql, { title: 'Port Linden opens shelters as the river rises', topic: 'usa', sources: harborStorm(6) });
    await alertStories(server.ctx, [trendId], new Set());
    const ntfy = await until(() => received.find((request) => request.path === '/'));
    expect(ntfy.headers.authorization).toBe('Bearer tk_operators');
    expect(JSON.parse(ntfy.body.toString())).toMatchObject({
      topic: 'newsroom-alerts',
      title: 'Big story in USA',
      message: 'Port Linden opens shelters as the river rises — now told by 6 outlets',
      click: expect.stringMatching(new RegExp(`/story/${trendId}-port-linden-opens-shelters`)),
    });
    await until(() => received.find((request) => request.path === '/push/gone'));
    for (let tries = 0; (await server.sql`select 1 from push_subscriptions where endpoint = ${`${base}/push/gone`}`).length; tries++) {
      if (tries > 50) throw new Error('the gone subscription was kept');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const big = received.filter((request) => request.path === '/push/reader').at(-1)!;
    expect(JSON.parse(decrypt(big.body, reader.ecdh, reader.auth)).title).toBe('Big story in USA');
  });

  it('turns a browser’s alerts off', async () => {
    expect((await call('DELETE', '/api/push/subscriptions', { endpoint: `${base}/push/reader` })).body).toEqual({ message: 'Alerts off' });
    expect((await call('DELETE', '/api/push/subscriptions', { endpoint: `${base}/push/reader` })).body).toEqual({ message: 'This browser had no alerts on' });
  });
});

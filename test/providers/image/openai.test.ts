// The OpenAI-compatible images path: an answer may name its image by URL, which is a remote party's
// choice, so it is fetched through the outbound guard (no private address unless allowed, a size cap).
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAiImageProvider } from '../../../src/providers/image/openai.js';
import { startFakeOpenAi, TINY_PNG, type FakeOpenAi } from '../../fixtures/fake-openai/server.js';

const UA = 'newsctl-test/0.1 (+https://newsctl.invalid)';

describe('OpenAI-compatible images named by URL', () => {
  let fake: FakeOpenAi;
  let files: http.Server;
  const fileRequests: string[] = [];
  const origins: Record<string, string> = {};

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    files = http.createServer((req, res) => {
      fileRequests.push(`${req.socket.localAddress} ${req.url}`);
      if (req.url === '/huge.png') {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.concat([TINY_PNG, Buffer.alloc(21 * 1024 * 1024)]));
      } else res.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG);
    });
    // One server on two loopback addresses: 127.0.0.4 stands for an allowed intranet host, 127.0.0.1 for the daemon's own.
    await new Promise<void>((resolve) => files.listen(0, '0.0.0.0', resolve));
    const port = (files.address() as { port: number }).port;
    origins.allowed = `http://127.0.0.4:${port}`;
    origins.loopback = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await fake?.close();
    files.closeAllConnections();
    await new Promise((resolve) => files.close(resolve));
  });

  const provider = (allow: string[]) =>
    createOpenAiImageProvider({ baseUrl: fake.baseUrl, apiKey: 'sk-image', model: 'fake-image' }, { userAgent: UA, allowPrivateNetworks: allow });
  const request = { prompt: 'a harbor', title: 'Harbor', excerpt: '', topic: 'usa' as const, sourceCount: 2, siteName: 'newsctl' };

  it('downloads an image at an allowed address', async () => {
    fake.scriptImages({ kind: 'url', url: `${origins.allowed}/cover.png` });
    const image = await provider(['127.0.0.4/32']).generate(request);
    expect(image.mimeType).toBe('image/png');
    expect(image.data.equals(TINY_PNG)).toBe(true);
  });

  it('never requests an image at a private address the allow-list does not name', async () => {
    fileRequests.length = 0;
    fake.scriptImages({ kind: 'url', url: `${origins.loopback}/cover.png` });
    await expect(provider(['127.0.0.4/32']).generate(request)).rejects.toThrow(/Refused to connect to private address 127\.0\.0\.1/);
    expect(fileRequests).toEqual([]);
  });

  it('stops reading an image past 20 MB', async () => {
    fake.scriptImages({ kind: 'url', url: `${origins.allowed}/huge.png` });
    await expect(provider(['127.0.0.4/32']).generate(request)).rejects.toThrow(/too large|larger/i);
  });
});

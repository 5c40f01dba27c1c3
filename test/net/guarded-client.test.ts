import http from 'node:http';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AbortedError,
  BlockedAddressError,
  BlockedHostError,
  DnsError,
  FetchError,
  HttpStatusError,
  IMAGE_CONTENT_TYPES,
  InvalidUrlError,
  NetworkError,
  SITEMAP_CONTENT_TYPES,
  TimeoutError,
  TooLargeError,
  TooManyRedirectsError,
  UnsupportedContentTypeError,
  UnsupportedSchemeError,
  createGuardedClient,
  type GuardedClient,
  type GuardedClientOptions,
  type ResolvedAddress,
} from '../../src/net/index.js';
import { createAvoidMatcher } from '../../src/services/reader/spider/net/url.js';
import { CHARSET_SAMPLE, startNewsWeb, type NewsWeb } from '../fixtures/news-web/index.js';

const UA = 'newsctl/0.1 (+https://newsctl.invalid/contact)';

let web: NewsWeb;
const clients: GuardedClient[] = [];

function client(options: Partial<GuardedClientOptions> = {}): GuardedClient {
  const created = createGuardedClient({
    userAgent: UA,
    allowPrivateNetworks: web.allowPrivateNetworks,
    totalTimeoutMs: 10_000,
    ...options,
  });
  clients.push(created);
  return created;
}

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FetchError);
    return error as FetchError;
  }
  throw new Error('expected the fetch to fail');
}

/** A resolver mapping made-up names to fixed addresses, counting its calls. */
function resolverFor(table: Record<string, string[]>) {
  const calls: string[] = [];
  const lookup = async (hostname: string): Promise<ResolvedAddress[]> => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, calls };
}

beforeAll(async () => {
  web = await startNewsWeb({ sites: 3 });
});
afterEach(() => {
  while (clients.length) clients.pop()!.close();
});
afterAll(async () => {
  await web.close();
});

describe('ordinary fetches', () => {
  it('fetches a page with our User-Agent and reports the final URL, status and type', async () => {
    const site = web.sites[0]!;
    web.clearLog();
    const response = await client().fetch(site.homeUrl);
    expect(response).toMatchObject({ url: site.homeUrl, status: 200, contentType: 'text/html', redirects: [] });
    expect(response.text()).toContain(site.name);
    const [request] = web.requestsTo(site.host);
    expect(request).toMatchObject({ path: '/', userAgent: UA });
  });

  it('decodes gzip and brotli responses', async () => {
    const gzipSite = web.sites.find((s) => s.compression === 'gzip')!;
    const brSite = web.sites.find((s) => s.compression === 'br')!;
    for (const site of [gzipSite, brSite]) {
      const response = await client().fetch(site.homeUrl);
      expect(response.headers['content-encoding']).toBe(site.compression);
      expect(response.text()).toContain(`<title>${site.name}`);
    }
  });

  it('reads feeds and gzip sitemaps when asked for them', async () => {
    const site = web.sites.find((s) => s.sitemapUrls.some((u) => u.endsWith('.gz')))!;
    const gz = site.sitemapUrls.find((u) => u.endsWith('.gz'))!;
    await expect(client().fetch(gz)).rejects.toBeInstanceOf(UnsupportedContentTypeError);
    const response = await client().fetch(gz, { accept: SITEMAP_CONTENT_TYPES });
    expect(response.contentType).toBe('application/x-gzip');
    expect([...response.body.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    const feed = await client().fetch(site.feed!.url);
    expect(feed.contentType).toMatch(/xml/);
  });

  it('fetches favicons only when images are accepted', async () => {
    const url = `${web.sites[0]!.origin}/favicon.ico`;
    await expect(client().fetch(url)).rejects.toBeInstanceOf(UnsupportedContentTypeError);
    const icon = await client().fetch(url, { accept: IMAGE_CONTENT_TYPES });
    expect(icon.contentType).toBe('image/x-icon');
  });

  it('refuses content it does not parse', async () => {
    const error = await failure(client().fetch(web.hostile!.urls.pdf));
    expect(error).toBeInstanceOf(UnsupportedContentTypeError);
    expect(error.message).toBe('Unsupported content type application/pdf');
    await expect(client().fetch(web.hostile!.urls.image)).rejects.toBeInstanceOf(UnsupportedContentTypeError);
  });

  it('sniffs a response without Content-Type', async () => {
    const response = await client().fetch(web.hostile!.urls.untyped);
    expect(response.contentType).toBe('text/html');
  });

  it('sends extra headers but never lets them replace the User-Agent', async () => {
    const site = web.sites[1]!;
    web.clearLog();
    await client().fetch(site.homeUrl, { headers: { 'User-Agent': 'spoof', 'Accept-Language': 'en' } });
    expect(web.requestsTo(site.host)[0]!.userAgent).toBe(UA);
  });

  it('turns HTTP errors into HttpStatusError', async () => {
    const error = await failure(client().fetch(`${web.sites[0]!.origin}/no-such-page`));
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(404);
    expect(error.message).toBe('HTTP 404 Not Found');
  });

  it('reports a refused connection', async () => {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const error = await failure(client().fetch(`http://127.0.0.2:${port}/`));
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toBe('Connection refused (ECONNREFUSED)');
  });

  it('sends a request again at once when the server had closed the kept-alive connection', async () => {
    // The server answers on each connection once, keeps it open, and drops it when a second
    // request arrives on it: what a server's idle timeout does to a pooled connection.
    const requests: { connection: number; line: string }[] = [];
    let connections = 0;
    const server = net.createServer((socket) => {
      const connection = ++connections;
      let answered = false;
      socket.on('data', (chunk) => {
        requests.push({ connection, line: chunk.toString('latin1').split('\r\n')[0]! });
        if (answered) return void socket.destroy();
        answered = true;
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 16\r\nConnection: keep-alive\r\n\r\n<p>answered</p>\n');
      });
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
    const { port } = server.address() as { port: number };
    try {
      const fetcher = client();
      expect((await fetcher.fetch(`http://127.0.0.2:${port}/first`)).text()).toContain('answered');
      const second = await fetcher.fetch(`http://127.0.0.2:${port}/second`);
      expect(second.status).toBe(200);
      expect(requests).toEqual([
        { connection: 1, line: 'GET /first HTTP/1.1' },
        { connection: 1, line: 'GET /second HTTP/1.1' },
        { connection: 2, line: 'GET /second HTTP/1.1' },
      ]);
    } finally {
      server.close();
    }
  });

  it('says when the request went out: after a stall that held it, once for a chain of redirects', async () => {
    const site = web.sites[0]!;
    web.clearLog();
    const sent: number[] = [];
    const calledAt = Date.now();
    const fetching = client().fetch(site.homeUrl, { onSent: (at) => sent.push(at) });
    const stalledUntil = calledAt + 200;
    while (Date.now() < stalledUntil); // the process busy before the socket was written
    await fetching;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeGreaterThanOrEqual(stalledUntil);
    expect(web.requestsTo(site.host)[0]!.startedAt).toBeGreaterThanOrEqual(sent[0]!);

    const chain: number[] = [];
    await client().fetch(web.hostile!.urls.redirectChain(3), { onSent: (at) => chain.push(at) });
    expect(chain).toHaveLength(1);
  });

  it('rejects malformed URLs', async () => {
    await expect(client().fetch('http://')).rejects.toBeInstanceOf(InvalidUrlError);
    await expect(client().fetch('not a url')).rejects.toBeInstanceOf(InvalidUrlError);
  });

  it('can be aborted by the caller', async () => {
    const controller = new AbortController();
    const pending = client().fetch(web.hostile!.urls.drip, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await failure(pending)).toBeInstanceOf(AbortedError);
    const aborted = new AbortController();
    aborted.abort();
    await expect(client().fetch(web.sites[0]!.homeUrl, { signal: aborted.signal })).rejects.toBeInstanceOf(AbortedError);
  });
});

describe('addresses', () => {
  it('refuses the test hosts without the allow-list, before connecting', async () => {
    const site = web.sites[0]!;
    web.clearLog();
    const error = await failure(client({ allowPrivateNetworks: [] }).fetch(site.homeUrl));
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect(error.message).toBe(`Refused to connect to private address ${site.host} (loopback)`);
    expect(web.requestsTo(site.host)).toEqual([]);
  });

  it.each([
    ['loopback', 'http://127.0.0.1:{port}/'],
    ['decimal', 'http://2130706433:{port}/'],
    ['hex', 'http://0x7f000001:{port}/'],
    ['dotted hex', 'http://0x7f.0.0.1:{port}/'],
    ['octal', 'http://0177.0.0.1:{port}/'],
    ['short form', 'http://127.1:{port}/'],
    ['IPv4-mapped IPv6', 'http://[::ffff:127.0.0.1]:{port}/'],
    ['IPv4-mapped IPv6 in hex', 'http://[::ffff:7f00:1]:{port}/'],
    ['IPv6 loopback', 'http://[::1]:{port}/'],
    ['unspecified', 'http://0.0.0.0:{port}/'],
    ['zero', 'http://0:{port}/'],
    ['metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['metadata in decimal', 'http://2852039166/latest/meta-data/'],
    ['private', 'http://10.0.0.1/'],
    ['CGNAT', 'http://100.64.0.1/'],
    ['ULA', 'http://[fd00::1]/'],
    ['link-local IPv6', 'http://[fe80::1]/'],
    ['NAT64 of metadata', 'http://[64:ff9b::a9fe:a9fe]/'],
  ])('refuses a %s address literal', async (_label, template) => {
    const url = template.replace('{port}', String(web.hostile ? await sentinelPort() : 80));
    const error = await failure(client().fetch(url));
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect(web.sentinelLog).toEqual([]);
  });

  it('never opens 127.0.0.1 even with every test host allowed', async () => {
    expect(web.allowPrivateNetworks.some((cidr) => cidr.startsWith('127.0.0.1/'))).toBe(false);
  });

  it.each(['file:///etc/passwd', 'ftp://example.com/', 'javascript:alert(1)', 'data:text/html,hi', 'gopher://example.com/'])(
    'refuses the scheme of %s',
    async (url) => {
      expect(await failure(client().fetch(url))).toBeInstanceOf(UnsupportedSchemeError);
    },
  );

  it('checks the address a name resolves to at connect time', async () => {
    const site = web.sites[0]!;
    const { lookup, calls } = resolverFor({ 'news.example.test': [site.host] });
    web.clearLog();
    const error = await failure(client({ lookup, allowPrivateNetworks: [] }).fetch(`http://news.example.test:${site.port}/`));
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect(error.message).toBe(`Refused to connect to private address ${site.host} (loopback)`);
    expect(calls).toEqual(['news.example.test']);
    expect(web.requestsTo(site.host)).toEqual([]);

    const allowed = await client({ lookup, allowPrivateNetworks: [`${site.host}/32`] }).fetch(`http://news.example.test:${site.port}/`);
    expect(allowed.status).toBe(200);
    expect(web.requestsTo(site.host)[0]!.hostHeader).toBe(`news.example.test:${site.port}`);
  });

  it('refuses a public-looking name that resolves to the metadata service', async () => {
    const { lookup } = resolverFor({ 'metadata.example.test': ['169.254.169.254'], 'intranet.example.test': ['10.1.2.3', 'fd00::7'] });
    const metadata = await failure(client({ lookup }).fetch('http://metadata.example.test/latest/meta-data/'));
    expect(metadata.message).toBe('Refused to connect to private address 169.254.169.254 (link-local)');
    expect(await failure(client({ lookup }).fetch('http://intranet.example.test/'))).toBeInstanceOf(BlockedAddressError);
  });

  it('checks https connections at connect time too', async () => {
    const { lookup, calls } = resolverFor({ 'secure.example.test': ['169.254.169.254'] });
    const error = await failure(client({ lookup }).fetch('https://secure.example.test/'));
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect(calls).toEqual(['secure.example.test']);
    expect(await failure(client().fetch('https://[::ffff:169.254.169.254]/'))).toBeInstanceOf(BlockedAddressError);
  });

  it('connects only to the allowed addresses of a name that resolves to several', async () => {
    const site = web.sites[0]!;
    const { lookup } = resolverFor({ 'mixed.example.test': ['169.254.169.254', site.host] });
    const response = await client({ lookup, allowPrivateNetworks: [`${site.host}/32`] }).fetch(`http://mixed.example.test:${site.port}/`);
    expect(response.status).toBe(200);
  });

  it('judges every new connection, so DNS rebinding cannot slip past', async () => {
    const [first, second] = web.sites;
    let call = 0;
    const lookup = async (): Promise<ResolvedAddress[]> => [{ address: call++ === 0 ? first!.host : second!.host, family: 4 }];
    const guarded = client({ lookup, allowPrivateNetworks: [`${first!.host}/32`] });
    web.clearLog();
    const url = `http://rebind.example.test:${first!.port}/`;
    expect((await guarded.fetch(url, { headers: { Connection: 'close' } })).status).toBe(200);
    const error = await failure(guarded.fetch(url, { headers: { Connection: 'close' } }));
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect(error.message).toContain(second!.host);
    expect(call).toBe(2);
  });

  it('reports names that do not resolve', async () => {
    const { lookup } = resolverFor({});
    const error = await failure(client({ lookup }).fetch('http://nowhere.example.test/'));
    expect(error).toBeInstanceOf(DnsError);
    expect(error.message).toBe('Could not resolve host nowhere.example.test (ENOTFOUND)');
  });

  it('refuses hosts on the avoid list, and malformed IP-like hosts', async () => {
    const site = web.sites[0]!;
    web.clearLog();
    const avoiding = client({ isHostAllowed: (host) => host !== site.host });
    const error = await failure(avoiding.fetch(site.homeUrl));
    expect(error).toBeInstanceOf(BlockedHostError);
    expect(error.message).toBe(`Refused to fetch from ${site.host}: host is on the avoid list`);
    expect(web.requestsTo(site.host)).toEqual([]);
  });
});

let sentinel: number | undefined;
async function sentinelPort(): Promise<number> {
  if (sentinel === undefined) {
    // The sentinel's port is visible in the loopback redirect target.
    const location = await new Promise<string>((resolve, reject) => {
      http
        .get(web.hostile!.urls.redirectToLoopback, (response) => {
          response.resume();
          resolve(response.headers.location ?? '');
        })
        .on('error', reject);
    });
    sentinel = Number(new URL(location).port);
  }
  return sentinel;
}

describe('avoid list through the client', () => {
  it('never fetches an avoided domain, given as people type it, nor a redirect into it', async () => {
    const site = web.sites[0]!;
    const avoided = createAvoidMatcher([site.origin]);
    const guarded = client({ isHostAllowed: (host) => !avoided(host) });
    web.clearLog();
    await expect(guarded.fetch(`${site.origin}/robots.txt`)).rejects.toBeInstanceOf(BlockedHostError);
    await expect(guarded.fetch(web.hostile!.urls.redirectToSite)).rejects.toBeInstanceOf(BlockedHostError);
    expect(web.requestsTo(site.host)).toEqual([]);
    expect((await guarded.fetch(web.sites[1]!.homeUrl)).status).toBe(200);
  });
});

describe('redirects', () => {
  it('follows up to 5 redirects and lists them', async () => {
    const response = await client().fetch(web.hostile!.urls.redirectChain(5));
    expect(response.status).toBe(200);
    expect(response.redirects).toHaveLength(5);
    expect(response.redirects[0]).toBe(web.hostile!.urls.redirectChain(5));
    expect(response.url).toBe(web.hostile!.urls.redirectChain(0));
  });

  it('stops at the sixth', async () => {
    const error = await failure(client().fetch(web.hostile!.urls.redirectChain(6)));
    expect(error).toBeInstanceOf(TooManyRedirectsError);
    expect(error.message).toBe('More than 5 redirects');
  });

  it('honours a lower limit', async () => {
    await expect(client({ maxRedirects: 2 }).fetch(web.hostile!.urls.redirectChain(3))).rejects.toBeInstanceOf(TooManyRedirectsError);
  });

  it('detects a loop', async () => {
    const error = await failure(client().fetch(web.hostile!.urls.redirectLoop));
    expect(error).toBeInstanceOf(TooManyRedirectsError);
    expect(error.message).toBe('Redirect loop detected');
  });

  it.each([
    ['redirectToLoopback', '127.0.0.1'],
    ['redirectToMetadata', '169.254.169.254'],
    ['redirectToDecimalIp', '127.0.0.1'],
    ['redirectToOctalIp', '127.0.0.1'],
    ['redirectToHexIp', '127.0.0.1'],
    ['redirectToMappedIPv6', '::ffff:127.0.0.1'],
  ] as const)('refuses %s', async (name, address) => {
    const error = await failure(client().fetch(web.hostile!.urls[name]));
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect((error as BlockedAddressError).address).toBe(address);
    expect(web.sentinelLog).toEqual([]);
  });

  it('refuses redirects to other schemes', async () => {
    expect(await failure(client().fetch(web.hostile!.urls.redirectToFile))).toBeInstanceOf(UnsupportedSchemeError);
    expect(await failure(client().fetch(web.hostile!.urls.redirectToJavascript))).toBeInstanceOf(UnsupportedSchemeError);
  });

  it('follows a redirect to another allowed host, unless that host is avoided', async () => {
    const target = web.sites[0]!;
    const response = await client().fetch(web.hostile!.urls.redirectToSite);
    expect(response.url).toBe(target.homeUrl);
    web.clearLog();
    const error = await failure(client({ isHostAllowed: (host) => host !== target.host }).fetch(web.hostile!.urls.redirectToSite));
    expect(error).toBeInstanceOf(BlockedHostError);
    expect(web.requestsTo(target.host)).toEqual([]);
  });
});

describe('hostile bodies and servers', () => {
  it('aborts a 50 MB body announced by Content-Length without reading it', async () => {
    const error = await failure(client().fetch(web.hostile!.urls.hugeBody));
    expect(error).toBeInstanceOf(TooLargeError);
    expect(error.message).toBe('Response body larger than 5 MB');
  });

  it('aborts a chunked 50 MB body while streaming', async () => {
    const error = await failure(client({ maxBodyBytes: 256 * 1024 }).fetch(web.hostile!.urls.hugeChunked));
    expect(error).toBeInstanceOf(TooLargeError);
    expect((error as TooLargeError).limitBytes).toBe(256 * 1024);
  });

  it('applies a per-request lower limit', async () => {
    await expect(client().fetch(web.hostile!.urls.hugeChunked, { maxBodyBytes: 1024 })).rejects.toBeInstanceOf(TooLargeError);
  });

  it.each(['gzipBomb', 'brotliBomb'] as const)('stops inflating a %s at the decompressed limit', async (name) => {
    const error = await failure(client({ maxDecompressedBytes: 8 * 1024 * 1024 }).fetch(web.hostile!.urls[name]));
    expect(error).toBeInstanceOf(TooLargeError);
    expect(error.message).toBe('Decompressed response larger than 8 MB');
    expect((error as TooLargeError).kind).toBe('decompressed');
  });

  it('gives up on a slow drip at the total timeout', async () => {
    const error = await failure(client({ totalTimeoutMs: 800, readTimeoutMs: 5000 }).fetch(web.hostile!.urls.drip));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).phase).toBe('total');
  });

  it('gives up on a server that stalls mid-body or never answers, at the read timeout', async () => {
    for (const url of [web.hostile!.urls.stall, web.hostile!.urls.silentHeaders]) {
      const error = await failure(client({ readTimeoutMs: 300 }).fetch(url));
      expect(error).toBeInstanceOf(TimeoutError);
      expect((error as TimeoutError).phase).toBe('read');
      expect(error.message).toBe('No data from the server for 300 ms');
    }
  });

  it('times out a connection that never completes', async () => {
    const lookup = () => new Promise<ResolvedAddress[]>(() => undefined);
    const error = await failure(client({ lookup, connectTimeoutMs: 200 }).fetch('http://hanging.example.test/'));
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).phase).toBe('connect');
  });

  it('carries Retry-After on 429 and 503', async () => {
    const tooMany = (await failure(client().fetch(web.hostile!.urls.tooManyRequests))) as HttpStatusError;
    expect(tooMany).toMatchObject({ status: 429, retryAfterMs: 2000, message: 'HTTP 429 Too Many Requests' });
    const unavailable = (await failure(client().fetch(web.hostile!.urls.unavailable))) as HttpStatusError;
    expect(unavailable.status).toBe(503);
    expect(unavailable.retryAfterMs).toBeGreaterThan(0);
    expect(unavailable.retryAfterMs).toBeLessThanOrEqual(3000);
    const bare = (await failure(client().fetch(web.hostile!.urls.tooManyRequestsBare))) as HttpStatusError;
    expect(bare.retryAfterMs).toBeUndefined();
  });

  it.each(['charsetMetaOnly', 'charsetMislabelled', 'charsetHeaderWins', 'charsetUtf16Bom', 'charsetLatin1Feed'] as const)(
    'decodes %s correctly',
    async (name) => {
      const response = await client().fetch(web.hostile!.urls[name]);
      expect(response.text()).toContain(CHARSET_SAMPLE);
    },
  );

  it('decodes a windows-1252 news site that declares its charset only in <meta>', async () => {
    const legacy = await startNewsWeb({ sites: 6, hostile: false });
    try {
      const site = legacy.sites.find((s) => s.charset === 'windows-1252')!;
      const guarded = createGuardedClient({ userAgent: UA, allowPrivateNetworks: legacy.allowPrivateNetworks });
      clients.push(guarded);
      const article = site.articles.find((a) => !a.disallowed && /[’“”–é]/.test(a.text)) ?? site.articles[0]!;
      const response = await guarded.fetch(article.url);
      expect(response.headers['content-type']).toBe('text/html');
      for (const paragraph of article.paragraphs) expect(response.text()).toContain(paragraph.replace(/&/g, '&amp;'));
    } finally {
      await legacy.close();
    }
  });
});

describe('calls with a method and a body (a music API, a webhook)', () => {
  let api: http.Server;
  let origin: string;
  const seen: { method: string; path: string; body: string; length: string | undefined }[] = [];
  beforeAll(async () => {
    api = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        seen.push({ method: req.method!, path: req.url!, body, length: req.headers['content-length'] });
        if (req.url === '/see-other') res.writeHead(303, { location: '/result' }).end();
        else if (req.url === '/temporary') res.writeHead(307, { location: '/again' }).end();
        else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true }));
      });
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.2', resolve));
    origin = `http://127.0.0.2:${(api.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    api.closeAllConnections();
    await new Promise((resolve) => api.close(resolve));
  });

  it('sends the body with its length; a 303 goes on as a GET, a 307 repeats the POST', async () => {
    const c = client({ allowPrivateNetworks: ['127.0.0.2/32'], acceptedContentTypes: ['*/*'] });
    seen.length = 0;
    const answer = await c.fetch(`${origin}/songs`, { method: 'POST', body: '{"a":"é"}', headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(answer.text())).toEqual({ ok: true });
    expect(seen).toEqual([{ method: 'POST', path: '/songs', body: '{"a":"é"}', length: String(Buffer.byteLength('{"a":"é"}')) }]);
    seen.length = 0;
    await c.fetch(`${origin}/see-other`, { method: 'POST', body: 'x' });
    expect(seen.map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual(['POST /see-other x', 'GET /result ']);
    seen.length = 0;
    await c.fetch(`${origin}/temporary`, { method: 'POST', body: 'y' });
    expect(seen.map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual(['POST /temporary y', 'POST /again y']);
  });

  it('refuses a loopback address the allow-list does not name, before any connection', async () => {
    const c = client({ allowPrivateNetworks: [], acceptedContentTypes: ['*/*'] });
    seen.length = 0;
    const error = await failure(c.fetch(`${origin}/songs`, { method: 'POST', body: 'z' }));
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect(seen).toEqual([]);
  });
});

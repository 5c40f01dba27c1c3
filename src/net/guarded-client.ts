// The one HTTP client for every outbound request newsctl makes on behalf of a crawl or a user
// (pages, robots.txt, sitemaps, feeds, favicons, `extract <url>`).
//
// Built on node:http/https rather than fetch/undici: their agents accept a `lookup` function
// that net.connect calls for every new connection, so the address we judge is exactly the
// address the socket connects to (no DNS-rebinding gap between a check and the connect), and
// the raw response stream lets us cap bytes before and after decompression ourselves. undici's
// fetch would need a custom connector for the first and still buffers through its own decoders.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction, Socket } from 'node:net';
import { TLSSocket } from 'node:tls';
import { classifyHost, createAddressPolicy, type AddressPolicy } from './address-policy.js';
import { decodeText } from './charset.js';
import { PAGE_CONTENT_TYPES, acceptHeader, isAcceptedType, mediaTypeOf, sniffMediaType } from './content-type.js';
import {
  AbortedError,
  BlockedAddressError,
  BlockedHostError,
  DnsError,
  type FetchError,
  HttpStatusError,
  InvalidUrlError,
  NetworkError,
  TimeoutError,
  TooLargeError,
  TooManyRedirectsError,
  UnsupportedContentTypeError,
  UnsupportedSchemeError,
} from './errors.js';
import { parseRetryAfter } from './retry-after.js';
import { discard, flattenHeaders, readBody, toFetchError } from './response-reading.js';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses. Injected in tests to point names at loopback. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface GuardedClientOptions {
  /** Identifying User-Agent, with a contact URL, e.g. "newsctl/0.1 (+https://example.org/bot)". */
  userAgent: string;
  /** CIDRs opened despite being non-public (tests, intranets). Never put 127.0.0.1 here. */
  allowPrivateNetworks?: string | readonly string[];
  /** DNS lookup plus TCP (and TLS) connect; default 10 s. */
  connectTimeoutMs?: number;
  /** Longest silence allowed while waiting for headers or body bytes; default 20 s. */
  readTimeoutMs?: number;
  /** Whole request, redirects included: the defence against a slow drip; default 60 s. */
  totalTimeoutMs?: number;
  /** Bytes on the wire; default 5 MB. */
  maxBodyBytes?: number;
  /** Bytes after gzip/deflate/br decoding (the defence against a compression bomb); default 4 × maxBodyBytes. */
  maxDecompressedBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** Media types read when a request names none (default: HTML, XML and feeds). */
  acceptedContentTypes?: readonly string[];
  lookup?: Resolver;
  /** Says whether a host may be fetched at all (the avoid list); asked for the first URL and every redirect. */
  isHostAllowed?: (host: string) => boolean;
  /** Clock for Retry-After dates. */
  now?: () => number;
}

export interface FetchOptions {
  signal?: AbortSignal;
  /** Media types accepted for this request (patterns like `image/*`); also sent as Accept. */
  accept?: readonly string[];
  headers?: Record<string, string>;
  /** Lower body limit for this request (e.g. robots.txt). */
  maxBodyBytes?: number;
  /** Default GET. A 303 (or a 301/302 answering a POST) continues as a GET without the body, as browsers do; 307/308 repeat the request. */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Request body (its Content-Length is set). */
  body?: string | Buffer;
  /** Whole-request time limit for this request, when shorter than the client's. */
  totalTimeoutMs?: number;
  /**
   * Told when the first request has been handed to the connection (after connecting), by the
   * clock of `Date.now()`: the moment the host sees, which a busy process puts later than the
   * moment the caller let it go.
   */
  onSent?: (at: number) => void;
}

export interface FetchedResponse {
  /** Final URL, after redirects. */
  url: string;
  status: number;
  headers: Record<string, string>;
  /** Media type (lower-case, no parameters), sniffed when the server sent none. */
  contentType: string;
  /** Decoded (decompressed) body. */
  body: Buffer;
  /** Body as text: BOM, Content-Type charset, <meta>/XML declaration, then a sensible guess. */
  text(): string;
  /** URLs that answered with a redirect, in order (the first is the requested URL). */
  redirects: string[];
}

export interface GuardedClient {
  readonly userAgent: string;
  readonly policy: AddressPolicy;
  fetch(url: string | URL, options?: FetchOptions): Promise<FetchedResponse>;
  /** Closes pooled keep-alive connections. */
  close(): void;
}

const DEFAULT_MAX_BODY_BYTES = 5 * 1024 * 1024;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function createGuardedClient(options: GuardedClientOptions): GuardedClient {
  const settings = {
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    readTimeoutMs: options.readTimeoutMs ?? 20_000,
    totalTimeoutMs: options.totalTimeoutMs ?? 60_000,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    maxDecompressedBytes: options.maxDecompressedBytes ?? 4 * (options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES),
    maxRedirects: options.maxRedirects ?? 5,
    accepted: options.acceptedContentTypes ?? PAGE_CONTENT_TYPES,
  };
  const policy = createAddressPolicy(options.allowPrivateNetworks ?? []);
  const resolve: Resolver = options.lookup ?? defaultResolver;
  const now = options.now ?? Date.now;

  // Called by net.connect for every new socket to a host name: the only place an address is
  // chosen, so the only place it needs judging.
  const guardedLookup: LookupFunction = (hostname, lookupOptions, callback) => {
    const host = classifyHost(hostname);
    if (host.kind === 'invalid') {
      callback(new BlockedHostError('', hostname, host.reason), '', 4);
      return;
    }
    const addresses: Promise<ResolvedAddress[]> =
      host.kind === 'ip' ? Promise.resolve([{ address: host.ip.text, family: host.ip.version }]) : resolve(hostname);
    addresses.then(
      (found) => {
        const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        let refused: BlockedAddressError | undefined;
        const allowed = found.filter((a) => {
          if (family && a.family !== family) return false;
          const verdict = policy.judge(a.address);
          if (!verdict.allowed) refused ??= new BlockedAddressError(verdict.address, verdict.range);
          return verdict.allowed;
        });
        if (allowed.length === 0) {
          callback(refused ?? new DnsError(hostname, undefined, { code: 'ENOTFOUND' }), '', 4);
        } else if (lookupOptions.all) {
          callback(
            null,
            allowed.map((a) => ({ address: a.address, family: a.family })),
          );
        } else {
          callback(null, allowed[0]!.address, allowed[0]!.family);
        }
      },
      (error: unknown) => callback(new DnsError(hostname, undefined, error), '', 4),
    );
  };

  const httpAgent = new http.Agent({ keepAlive: true, lookup: guardedLookup });
  const httpsAgent = new https.Agent({ keepAlive: true, lookup: guardedLookup });

  function checkTarget(url: URL, requested: string): void {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new UnsupportedSchemeError(url.href, url.protocol.slice(0, -1));
    }
    const host = classifyHost(url.hostname);
    if (host.kind === 'invalid') throw new BlockedHostError(url.href, url.hostname, host.reason);
    if (options.isHostAllowed && !options.isHostAllowed(url.hostname.toLowerCase())) {
      throw new BlockedHostError(url.href, url.hostname);
    }
    // net.connect skips `lookup` for IP literals, so they are judged here.
    if (host.kind === 'ip') {
      const verdict = policy.judge(host.ip);
      if (!verdict.allowed) throw new BlockedAddressError(verdict.address, verdict.range, url.href || requested);
    }
  }

  async function fetchUrl(input: string | URL, fetchOptions: FetchOptions = {}): Promise<FetchedResponse> {
    const requested = String(input);
    let url: URL;
    try {
      url = new URL(requested);
    } catch (error) {
      throw new InvalidUrlError(requested, { cause: error });
    }
    url.hash = '';
    checkTarget(url, requested);

    const accept = fetchOptions.accept ?? settings.accepted;
    const limits = {
      ...settings,
      maxBodyBytes: Math.min(fetchOptions.maxBodyBytes ?? settings.maxBodyBytes, settings.maxBodyBytes),
    };
    const controller = new AbortController();
    const fail = (error: FetchError) => {
      if (!controller.signal.aborted) controller.abort(error);
    };
    const totalMs = Math.min(fetchOptions.totalTimeoutMs ?? settings.totalTimeoutMs, settings.totalTimeoutMs);
    const totalTimer = setTimeout(() => fail(new TimeoutError('total', totalMs)), totalMs);
    const onCallerAbort = () => fail(new AbortedError());
    if (fetchOptions.signal?.aborted) onCallerAbort();
    fetchOptions.signal?.addEventListener('abort', onCallerAbort, { once: true });

    const redirects: string[] = [];
    const visited = new Set([url.href]);
    let method = fetchOptions.method ?? 'GET';
    let requestBody = fetchOptions.body;
    try {
      for (;;) {
        const hop = await requestOnce(url, {
          signal: controller.signal,
          accept,
          headers: fetchOptions.headers ?? {},
          limits,
          method,
          body: requestBody,
          onSent: redirects.length === 0 ? fetchOptions.onSent : undefined,
        });
        if (hop.kind === 'redirect') {
          let next: URL;
          try {
            next = new URL(hop.location, url);
          } catch (error) {
            throw new NetworkError(`Invalid redirect location "${hop.location.slice(0, 200)}"`, url.href, error);
          }
          next.hash = '';
          redirects.push(url.href);
          if (visited.has(next.href)) throw new TooManyRedirectsError(next.href, redirects, true, settings.maxRedirects);
          if (redirects.length > settings.maxRedirects) {
            throw new TooManyRedirectsError(next.href, redirects, false, settings.maxRedirects);
          }
          checkTarget(next, hop.location);
          visited.add(next.href);
          url = next;
          if (hop.status === 303 || ((hop.status === 301 || hop.status === 302) && method === 'POST')) {
            method = 'GET';
            requestBody = undefined;
          }
          continue;
        }
        const { status, headers, body, contentType, rawContentType } = hop;
        let decoded: string | undefined;
        return {
          url: url.href,
          status,
          headers,
          contentType,
          body,
          redirects,
          text: () => (decoded ??= decodeText(body, rawContentType).text),
        };
      }
    } catch (error) {
      const failure = toFetchError(controller.signal.reason ?? error);
      failure.url ??= url.href;
      throw failure;
    } finally {
      clearTimeout(totalTimer);
      fetchOptions.signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  type Hop =
    | { kind: 'redirect'; location: string; status: number }
    | {
        kind: 'response';
        status: number;
        headers: Record<string, string>;
        body: Buffer;
        contentType: string;
        rawContentType: string;
      };

  function requestOnce(
    url: URL,
    hop: {
      signal: AbortSignal;
      accept: readonly string[];
      headers: Record<string, string>;
      limits: typeof settings;
      method: string;
      body: string | Buffer | undefined;
      onSent?: ((at: number) => void) | undefined;
    },
  ): Promise<Hop> {
    const { limits } = hop;
    return new Promise<Hop>((resolvePromise, rejectPromise) => {
      let settled = false;
      let connectTimer: NodeJS.Timeout | undefined;
      const cleanup = () => {
        clearTimeout(connectTimer);
        hop.signal.removeEventListener('abort', onAbort);
      };
      const succeed = (value: Hop) => {
        if (settled) return;
        settled = true;
        cleanup();
        resolvePromise(value);
      };
      /** `keepSocket`: the response is being drained so the keep-alive connection can be reused. */
      const fail = (error: unknown, keepSocket = false) => {
        if (settled) return;
        settled = true;
        cleanup();
        if (!keepSocket) request.destroy();
        rejectPromise(toFetchError(error, url.href));
      };
      const onAbort = () => fail(hop.signal.reason);
      if (hop.signal.aborted) {
        rejectPromise(toFetchError(hop.signal.reason, url.href));
        return;
      }

      const secure = url.protocol === 'https:';
      const request = (secure ? https : http).request({
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: hop.method,
        agent: secure ? httpsAgent : httpAgent,
        lookup: guardedLookup,
        headers: {
          Accept: acceptHeader(hop.accept),
          'Accept-Encoding': 'gzip, deflate, br',
          ...hop.headers,
          ...(hop.body !== undefined ? { 'Content-Length': String(Buffer.byteLength(hop.body)) } : {}),
          'User-Agent': options.userAgent,
        },
      });
      hop.signal.addEventListener('abort', onAbort, { once: true });

      request.on('socket', (socket: Socket) => {
        if (!socket.connecting) return;
        connectTimer = setTimeout(() => fail(new TimeoutError('connect', limits.connectTimeoutMs)), limits.connectTimeoutMs);
        socket.once(socket instanceof TLSSocket ? 'secureConnect' : 'connect', () => clearTimeout(connectTimer));
      });
      // Idle timer on the socket: starts once connected, reset by every byte received.
      request.setTimeout(limits.readTimeoutMs, () => {
        fail(new TimeoutError('read', limits.readTimeoutMs));
        request.destroy(); // also ends a drain that stalled after the request settled
      });
      let responded = false;
      request.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive connection the server closed while it sat in the pool (servers drop idle
        // ones after a few seconds, about our pause between two requests to a host): the request
        // never got an answer, so it goes again on another connection at once (Node's documented
        // pattern). Charging it to the crawler's retries would give up on healthy hosts.
        if (request.reusedSocket && !responded && !settled && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) {
          settled = true;
          cleanup();
          requestOnce(url, hop).then(resolvePromise, rejectPromise);
          return;
        }
        fail(error);
      });

      request.on('response', (response) => {
        responded = true;
        const status = response.statusCode ?? 0;
        const headers = flattenHeaders(response.headers);
        const location = headers.location;
        if (REDIRECT_STATUSES.has(status) && location) {
          discard(response);
          succeed({ kind: 'redirect', location, status });
          return;
        }
        if (status < 200 || status >= 300) {
          const draining = discard(response);
          fail(new HttpStatusError(status, url.href, parseRetryAfter(headers['retry-after'], now())), draining);
          return;
        }
        const rawContentType = headers['content-type'] ?? '';
        const declaredType = mediaTypeOf(rawContentType);
        const needsSniffing = declaredType === '' || (declaredType === 'application/octet-stream' && !isAcceptedType(declaredType, hop.accept));
        if (!needsSniffing && !isAcceptedType(declaredType, hop.accept)) {
          fail(new UnsupportedContentTypeError(declaredType, url.href));
          return;
        }
        const declaredLength = Number(headers['content-length']);
        if (Number.isFinite(declaredLength) && declaredLength > limits.maxBodyBytes) {
          fail(new TooLargeError('body', limits.maxBodyBytes, url.href));
          return;
        }

        readBody(response, headers['content-encoding'] ?? '', limits, fail, (body) => {
          let contentType = declaredType;
          if (needsSniffing) {
            contentType = sniffMediaType(body);
            if (!isAcceptedType(contentType, hop.accept)) {
              fail(new UnsupportedContentTypeError(declaredType || contentType, url.href));
              return;
            }
          }
          succeed({ kind: 'response', status, headers, body, contentType, rawContentType });
        });
      });
      const { onSent } = hop;
      if (onSent) request.once('finish', () => onSent(Date.now()));
      request.end(hop.body);
    });
  }

  return {
    userAgent: options.userAgent,
    policy,
    fetch: fetchUrl,
    close() {
      httpAgent.destroy();
      httpsAgent.destroy();
    },
  };
}

const defaultResolver: Resolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

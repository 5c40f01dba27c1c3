// Typed failures of the spider's network layer. Each carries a stable `code` and a message short
// and plain enough to be stored as a domain's errorMessage (the console shows its first 50 chars).

export type FetchErrorCode =
  | 'INVALID_URL'
  | 'BLOCKED_SCHEME'
  | 'BLOCKED_HOST'
  | 'BLOCKED_ADDRESS'
  | 'DNS'
  | 'NETWORK'
  | 'TIMEOUT'
  | 'TOO_LARGE'
  | 'TOO_MANY_REDIRECTS'
  | 'UNSUPPORTED_CONTENT_TYPE'
  | 'HTTP_STATUS'
  | 'ABORTED';

export class FetchError extends Error {
  readonly code: FetchErrorCode;
  /** The URL being fetched when the failure happened (after any redirects). */
  url: string | undefined;

  constructor(code: FetchErrorCode, message: string, url?: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
    this.url = url;
  }
}

export class InvalidUrlError extends FetchError {
  constructor(input: string, options?: { cause?: unknown }) {
    super('INVALID_URL', `Invalid URL: ${truncate(input, 200)}`, undefined, options);
  }
}

export class UnsupportedSchemeError extends FetchError {
  readonly scheme: string;
  constructor(url: string, scheme: string) {
    super('BLOCKED_SCHEME', `Refused to fetch ${scheme} URL (only http and https are allowed)`, url);
    this.scheme = scheme;
  }
}

/** The host is on the avoid list, or is not a valid host name at all. */
export class BlockedHostError extends FetchError {
  readonly host: string;
  constructor(url: string, host: string, reason = 'is on the avoid list') {
    super('BLOCKED_HOST', `Refused to fetch from ${host}: host ${reason}`, url);
    this.host = host;
  }
}

export class BlockedAddressError extends FetchError {
  readonly address: string;
  /** Which non-public range the address fell in, e.g. "link-local". */
  readonly range: string;
  constructor(address: string, range: string, url?: string) {
    super('BLOCKED_ADDRESS', `Refused to connect to private address ${address} (${range})`, url);
    this.address = address;
    this.range = range;
  }
}

export class DnsError extends FetchError {
  readonly host: string;
  constructor(host: string, url: string | undefined, cause: unknown) {
    super('DNS', `Could not resolve host ${host}${causeCode(cause)}`, url, { cause });
    this.host = host;
  }
}

export class NetworkError extends FetchError {
  constructor(message: string, url: string | undefined, cause?: unknown) {
    super('NETWORK', `${message}${causeCode(cause)}`, url, { cause });
  }
}

export type TimeoutPhase = 'connect' | 'read' | 'total';

export class TimeoutError extends FetchError {
  readonly phase: TimeoutPhase;
  readonly timeoutMs: number;
  constructor(phase: TimeoutPhase, timeoutMs: number, url?: string) {
    const message =
      phase === 'connect'
        ? `Connection timed out after ${formatMs(timeoutMs)}`
        : phase === 'read'
          ? `No data from the server for ${formatMs(timeoutMs)}`
          : `Request took longer than ${formatMs(timeoutMs)}`;
    super('TIMEOUT', message, url);
    this.phase = phase;
    this.timeoutMs = timeoutMs;
  }
}

export class TooLargeError extends FetchError {
  readonly limitBytes: number;
  readonly kind: 'body' | 'decompressed';
  constructor(kind: 'body' | 'decompressed', limitBytes: number, url?: string) {
    const what = kind === 'body' ? 'Response body' : 'Decompressed response';
    super('TOO_LARGE', `${what} larger than ${formatBytes(limitBytes)}`, url);
    this.kind = kind;
    this.limitBytes = limitBytes;
  }
}

export class TooManyRedirectsError extends FetchError {
  readonly redirects: string[];
  constructor(url: string, redirects: string[], loop: boolean, max: number) {
    super('TOO_MANY_REDIRECTS', loop ? 'Redirect loop detected' : `More than ${max} redirects`, url);
    this.redirects = redirects;
  }
}

export class UnsupportedContentTypeError extends FetchError {
  readonly contentType: string;
  constructor(contentType: string, url?: string) {
    super('UNSUPPORTED_CONTENT_TYPE', `Unsupported content type ${contentType || '(none)'}`, url);
    this.contentType = contentType;
  }
}

export class HttpStatusError extends FetchError {
  readonly status: number;
  /** Delay asked for by a Retry-After header, when the response carried a valid one. */
  readonly retryAfterMs: number | undefined;
  constructor(status: number, url: string, retryAfterMs?: number) {
    super('HTTP_STATUS', `HTTP ${status}${statusText(status)}`, url);
    this.status = status;
    this.retryAfterMs = retryAfterMs;
  }
}

export class AbortedError extends FetchError {
  constructor(url?: string) {
    super('ABORTED', 'Request aborted', url);
  }
}

function statusText(status: number): string {
  const known: Record<number, string> = {
    400: 'Bad Request',
    401: 'Unauthorized',
    403: 'Forbidden',
    404: 'Not Found',
    410: 'Gone',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
  };
  const text = known[status];
  return text ? ` ${text}` : '';
}

function causeCode(cause: unknown): string {
  const code = (cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? ` (${code})` : '';
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

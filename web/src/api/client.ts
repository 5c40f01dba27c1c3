// The only place the web app calls fetch: credentials always included, JSON in and out,
// and one rule for turning a failed response into an error message.
import { addressOf, type ApiRequest, type Endpoint, type QueryValues, type ResponseOf } from '../../../src/api/endpoints.js';

export { apiPath, endpoints, settingEndpoints } from '../../../src/api/endpoints.js';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** True when the caller aborted the request (its signal fired). */
  aborted = false;
  constructor(
    message: string,
    /** HTTP status, or 0 when the request never got a response. */
    readonly status: number,
    /** The parsed JSON body of the failed response, when it was JSON. */
    readonly body: unknown = undefined,
    /** The raw body of the failed response. */
    readonly text = '',
  ) {
    super(message);
  }
}

/** Message of a failed response: JSON `message`, else `error`, else the raw text; status text when empty. */
export function errorMessageFromText(text: string, statusText: string): string {
  if (text === '') return statusText;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') {
      const { message, error } = parsed as { message?: unknown; error?: unknown };
      if (typeof message === 'string' && message !== '') return message;
      if (typeof error === 'string' && error !== '') return error;
    }
  } catch {
    // Not JSON: the raw text is the message.
  }
  return text;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function request<T>(method: string, path: string, body?: unknown, options: { signal?: AbortSignal } = {}): Promise<T> {
  // cache: 'no-cache' — always ask the server. The public reads carry `stale-while-revalidate` for
  // CDNs, which a browser would also use to answer from its cache after a change;
  // revalidating costs a 304 thanks to their ETag.
  const init: RequestInit = { method, credentials: 'include', cache: 'no-cache', headers: { Accept: 'application/json' }, signal: options.signal };
  if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  let response: Response;
  let text: string;
  try {
    response = await fetch(path, init);
    text = await response.text();
  } catch (cause) {
    const error = new ApiError(cause instanceof Error ? cause.message : String(cause), 0);
    error.aborted = options.signal?.aborted ?? false;
    throw error;
  }
  if (!response.ok) {
    throw new ApiError(errorMessageFromText(text, response.statusText), response.status, parseJson(text), text);
  }
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** The message a failed call's JSON body carried (`error`, else `message`), for toasts that fall back to their own text. */
export function serverMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return undefined;
  const { error: text, message } = error.body as { error?: unknown; message?: unknown };
  if (typeof text === 'string' && text !== '') return text;
  if (typeof message === 'string' && message !== '') return message;
  return undefined;
}

/**
 * What the server said about a failed console call: the body's `message`, else its
 * `error`, else the raw text; undefined when it said nothing (or never answered), so the caller
 * shows its own fallback.
 */
export function responseMessage(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status === 0) return undefined;
  if (error.body !== undefined) {
    if (error.body && typeof error.body === 'object') {
      const { message, error: text } = error.body as { message?: unknown; error?: unknown };
      if (typeof message === 'string' && message !== '') return message;
      if (typeof text === 'string' && text !== '') return text;
    }
    return undefined;
  }
  return error.text.trim() || undefined;
}

/** A file's name from a Content-Disposition header (RFC 6266: filename* first, then filename). */
function fileNameOfDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim());
    } catch {
      // Malformed escapes: fall back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  return plain ? (plain[1] ?? plain[2]!.trim()) : null;
}

/** Downloads a file the server sends as an attachment: its bytes and the name it gave it. */
export async function getFile(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include' });
  } catch (cause) {
    throw new ApiError(cause instanceof Error ? cause.message : String(cause), 0);
  }
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(errorMessageFromText(text, response.statusText), response.status, parseJson(text), text);
  }
  return { blob: await response.blob(), fileName: fileNameOfDisposition(response.headers.get('content-disposition')) };
}

/** GETs an address (the default query function, with the path a query key holds). */
export const get = <T>(path: string, init?: { signal?: AbortSignal }): Promise<T> => request<T>('GET', path, undefined, init);

// biome-ignore lint/complexity/noBannedTypes: `{} extends T` asks whether every field of T is optional.
type CallArgs<E> = {} extends ApiRequest<E> ? [request?: ApiRequest<E> & CallInit] : [request: ApiRequest<E> & CallInit];
interface CallInit {
  signal?: AbortSignal;
}

/** Calls one endpoint of the URL table (src/api/endpoints.ts): its address, method, body and answer type come from it. */
export function callApi<E extends Endpoint<unknown, unknown>>(endpoint: E, ...[call]: CallArgs<E>): Promise<ResponseOf<E>> {
  const { params, query, body, signal } = (call ?? {}) as { params?: Record<string, string | number>; query?: QueryValues; body?: unknown } & CallInit;
  return request<ResponseOf<E>>(endpoint.method, addressOf(endpoint, params, query), body, { signal });
}

/**
 * Path of a query key. Leading parts that do not start with '/' name the key's area (so one
 * invalidation refreshes an area) and are not part of the path; the rest are joined with slashes,
 * and a trailing object becomes the query string.
 */
export function pathOfQueryKey(queryKey: readonly unknown[]): string {
  const parts: string[] = [];
  let search = '';
  let inPath = false;
  for (const part of queryKey) {
    if (!inPath) {
      if (typeof part === 'string' && part.startsWith('/')) inPath = true;
      else continue;
    }
    if (part !== null && typeof part === 'object') {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(part)) {
        if (value !== undefined && value !== null) params.set(name, String(value));
      }
      const query = params.toString();
      if (query) search = `?${query}`;
    } else if (part !== undefined && part !== null) {
      parts.push(String(part));
    }
  }
  return parts.join('/') + search;
}

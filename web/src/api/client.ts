// The only place the web app calls fetch: credentials always included, JSON in and out,
// and one rule for turning a failed response into an error message (spec 000 §8).

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    /** HTTP status, or 0 when the request never got a response. */
    readonly status: number,
    /** The parsed JSON body of the failed response, when it was JSON. */
    readonly body: unknown = undefined,
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

export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const init: RequestInit = { method, credentials: 'include', headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    init.headers = { ...init.headers, 'Content-Type': 'application/json' };
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (cause) {
    throw new ApiError(cause instanceof Error ? cause.message : String(cause), 0);
  }
  const text = await response.text();
  if (!response.ok) {
    throw new ApiError(errorMessageFromText(text, response.statusText), response.status, parseJson(text));
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

export const get = <T>(path: string): Promise<T> => request<T>('GET', path);
export const post = <T>(path: string, body?: unknown): Promise<T> => request<T>('POST', path, body);

/** Path of a query key: string parts joined with slashes; a trailing object becomes the query string. */
export function pathOfQueryKey(queryKey: readonly unknown[]): string {
  const parts: string[] = [];
  let search = '';
  for (const part of queryKey) {
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

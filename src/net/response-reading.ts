// Reading a response for the guarded client (guarded-client.ts): its body streamed under a wire
// and a decoded byte cap, an unwanted body drained or dropped, and whatever a socket, parser or
// decoder threw as one of the typed fetch errors.
import type http from 'node:http';
import zlib from 'node:zlib';
import type { Transform } from 'node:stream';
import { DnsError, FetchError, NetworkError, TooLargeError } from './errors.js';

/** Small error bodies are drained so the keep-alive connection can be reused (feed-path probing hits many 404s). */
const DRAIN_LIMIT_BYTES = 64 * 1024;

/** Streams a body, counting wire bytes and decoded bytes, and stops at either limit. */
export function readBody(
  response: http.IncomingMessage,
  contentEncoding: string,
  limits: { maxBodyBytes: number; maxDecompressedBytes: number },
  fail: (error: unknown) => void,
  done: (body: Buffer) => void,
): void {
  const encoding = contentEncoding.trim().toLowerCase();
  const chunks: Buffer[] = [];
  let wireBytes = 0;
  let decodedBytes = 0;
  let decoder: Transform | null = null;
  let finished = false;
  const stop = (error: unknown) => {
    if (finished) return;
    finished = true;
    decoder?.destroy();
    response.destroy();
    fail(error);
  };
  const collect = (chunk: Buffer) => {
    if (finished) return;
    decodedBytes += chunk.length;
    const limit = decoder ? limits.maxDecompressedBytes : limits.maxBodyBytes;
    if (decodedBytes > limit) {
      stop(new TooLargeError(decoder ? 'decompressed' : 'body', limit));
      return;
    }
    chunks.push(chunk);
  };
  const finish = () => {
    if (finished) return;
    finished = true;
    done(Buffer.concat(chunks));
  };

  const createDecoder = (first: Buffer): Transform | null => {
    // Truncated compressed bodies are common; decode what arrived, as browsers do.
    const lenient = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
    if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.createGunzip(lenient);
    if (encoding === 'br') return zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH });
    if (encoding === 'deflate') {
      // "deflate" is meant to be zlib-wrapped, but some servers send raw deflate.
      const zlibWrapped = first.length >= 2 && (first[0]! & 0x0f) === 8 && ((first[0]! << 8) | first[1]!) % 31 === 0;
      return zlibWrapped ? zlib.createInflate(lenient) : zlib.createInflateRaw(lenient);
    }
    return null;
  };
  if (encoding !== '' && encoding !== 'identity' && !['gzip', 'x-gzip', 'br', 'deflate'].includes(encoding)) {
    stop(new NetworkError(`Unsupported content encoding ${encoding}`, undefined));
    return;
  }

  let started = false;
  response.on('data', (chunk: Buffer) => {
    if (finished) return;
    wireBytes += chunk.length;
    if (wireBytes > limits.maxBodyBytes) {
      stop(new TooLargeError('body', limits.maxBodyBytes));
      return;
    }
    if (!started) {
      started = true;
      decoder = createDecoder(chunk);
      if (decoder) {
        decoder.on('data', collect);
        decoder.on('end', finish);
        decoder.on('error', (error) => stop(new NetworkError('Could not decode compressed response', undefined, error)));
      }
    }
    if (decoder) decoder.write(chunk);
    else collect(chunk);
  });
  response.on('end', () => {
    if (!response.complete) {
      stop(new NetworkError('Connection closed before the response was complete', undefined));
    } else if (decoder) decoder.end();
    else finish();
  });
  response.on('aborted', () => stop(new NetworkError('Connection closed before the response was complete', undefined)));
  response.on('error', (error) => stop(error));
}

/** Drains a small unwanted body (keeping the connection) or drops a large one; says which. */
export function discard(response: http.IncomingMessage): boolean {
  const length = Number(response.headers['content-length']);
  if (response.headers['content-length'] !== undefined && Number.isFinite(length) && length <= DRAIN_LIMIT_BYTES) {
    response.resume();
    return true;
  }
  response.destroy();
  return false;
}

export function flattenHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    flat[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return flat;
}

const SOCKET_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'Connection refused',
  ECONNRESET: 'Connection reset by the server',
  EPIPE: 'Connection reset by the server',
  EHOSTUNREACH: 'Host unreachable',
  ENETUNREACH: 'Network unreachable',
  ETIMEDOUT: 'Connection timed out',
  EPROTO: 'TLS handshake failed',
  HPE_INVALID_CONSTANT: 'Malformed HTTP response',
  HPE_HEADER_OVERFLOW: 'Response headers too large',
};

/** Maps whatever a socket, parser or decoder threw to one of the typed errors. */
export function toFetchError(error: unknown, url?: string): FetchError {
  if (error instanceof FetchError) {
    error.url ??= url;
    return error;
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') {
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'ENODATA') {
      return new DnsError(url ? new URL(url).hostname : '', url, error);
    }
    const known = SOCKET_ERRORS[code] ?? (code.startsWith('HPE_') ? 'Malformed HTTP response' : undefined);
    if (known) return new NetworkError(known, url, error);
    if (/CERT|SSL|TLS/.test(code)) return new NetworkError('TLS certificate problem', url, error);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new NetworkError(message || 'Network error', url, error);
}

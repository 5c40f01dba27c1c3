// The one mapping from errors to HTTP: every error body is JSON with `message` (auth errors carry
// it in `error` too) and a stable `code` (src/errors.ts); no stack trace ever leaves the process and
// no client input yields a 5xx.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, errorCodeOfStatus, isAppError, type ErrorCode } from '../errors.js';
import { databaseMonitor, RETRY_AFTER_SECONDS } from '../services/platform/health/database-monitor.js';

const DATABASE_UNAVAILABLE_MESSAGE = 'The database is unavailable right now; try again in a few seconds.';

/** 503 with Retry-After: the database is away (the monitor probes it and lifts this when it answers). */
export function databaseUnavailable(): AppError {
  return new AppError('unavailable', DATABASE_UNAVAILABLE_MESSAGE, { retryAfterSeconds: RETRY_AFTER_SECONDS });
}

interface ErrorBody {
  message: string;
  /** Stable: what a client branches on. Derived from the status when not given. */
  code?: ErrorCode;
  error?: string;
  [key: string]: unknown;
}

// PostgreSQL error classes that can only come from a value the client sent.
function databaseClientError(error: unknown): { status: number; message: string } | null {
  const code = (error as { code?: unknown; name?: unknown }).code;
  if ((error as { name?: unknown }).name !== 'PostgresError' || typeof code !== 'string') return null;
  if (code === '23505') return { status: 409, message: 'That entry already exists' };
  if (code.startsWith('22')) return { status: 400, message: 'Invalid value in request' };
  if (code === '23503') return { status: 409, message: 'That entry is still referenced by other data' };
  if (code === '23514' || code === '23502') return { status: 400, message: 'Invalid value in request' };
  return null;
}

function validationMessage(error: FastifyError): string {
  // e.g. "body/url must be string" → "Invalid body: url must be string"
  const where = error.validationContext ?? 'request';
  const detail = error.message.replace(new RegExp(`^${where}/?`), '').trim();
  return `Invalid ${where}: ${detail || 'does not match the expected format'}`;
}

export function sendError(reply: FastifyReply, status: number, body: ErrorBody): void {
  if (status === 401 || status === 403 || status === 429) body.error = body.message;
  body.code ??= errorCodeOfStatus(status);
  void reply.code(status).type('application/json; charset=utf-8').send(body);
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (!isAppError(error) && databaseMonitor(request.server.ctx).report(error)) error = databaseUnavailable() as unknown as FastifyError;
  if (isAppError(error)) {
    const retryAfter = error.details?.retryAfterSeconds;
    if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
    sendError(reply, error.status, { ...(error.details ?? {}), message: error.message, code: error.code });
    return;
  }
  if (error.validation) {
    sendError(reply, 400, { message: validationMessage(error) });
    return;
  }
  const dbError = databaseClientError(error);
  if (dbError) {
    request.log.warn({ err: error }, 'database refused a client value');
    sendError(reply, dbError.status, { message: dbError.message });
    return;
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? `Malformed JSON in request body: ${error.message}` : error.message;
    sendError(reply, status, { message });
    return;
  }
  request.log.error({ err: error }, 'request failed');
  sendError(reply, 500, { message: 'Internal server error' });
}

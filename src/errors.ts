// Typed errors thrown by services. The HTTP layer maps `status` to the response and the CLI maps
// `exitCode` to the process exit code, so a service never knows which front end called it. Every
// error body on the wire carries the code beside the message: clients branch on `code` (stable),
// people read `message` (the spec's texts, which may be reworded).

export type ErrorCode =
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_many_requests'
  | 'payload_too_large'
  | 'upstream'
  | 'unavailable'
  | 'disk_full'
  | 'internal';

const statusOf: Record<ErrorCode, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  upstream: 502,
  unavailable: 503,
  disk_full: 507,
  internal: 500,
};

const exitCodeOf: Record<ErrorCode, number> = {
  invalid: 2,
  unauthorized: 3,
  forbidden: 3,
  not_found: 4,
  conflict: 5,
  payload_too_large: 2,
  too_many_requests: 6,
  upstream: 7,
  unavailable: 7,
  disk_full: 8,
  internal: 1,
};

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly exitCode: number;
  /** Extra fields merged into the JSON error body (e.g. retryAfterSeconds). */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = statusOf[code];
    this.exitCode = exitCodeOf[code];
    this.details = details;
  }
}

export const Invalid = (message: string, details?: Record<string, unknown>) => new AppError('invalid', message, details);
export const Unauthorized = (message = 'Authentication required') => new AppError('unauthorized', message);
export const Forbidden = (message: string) => new AppError('forbidden', message);
export const NotFound = (message: string) => new AppError('not_found', message);
export const Conflict = (message: string, details?: Record<string, unknown>) => new AppError('conflict', message, details);
export const TooManyRequests = (message: string, details?: Record<string, unknown>) => new AppError('too_many_requests', message, details);
export const Upstream = (message: string, details?: Record<string, unknown>) => new AppError('upstream', message, details);
export const Unavailable = (message: string) => new AppError('unavailable', message);

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

const codeOfStatus = new Map<number, ErrorCode>(Object.entries(statusOf).map(([code, status]) => [status, code as ErrorCode]));

/** The code of an error answered with `status` by anything but an AppError (a framework 4xx, a failure). */
export function errorCodeOfStatus(status: number): ErrorCode {
  return codeOfStatus.get(status) ?? (status >= 500 ? 'internal' : 'invalid');
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(statusOf, value);
}

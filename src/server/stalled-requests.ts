// Requests waiting on the database when it is found down (a silent network: their queries may
// never answer) get the outage's 503 at once instead of hanging; the handler's own answer, should
// it ever come, is dropped (the reply is hijacked, so Fastify does not send it twice).
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseMonitor } from '../services/platform/health/database-monitor.js';
import { databaseUnavailable } from './errors.js';

export interface StalledRequests {
  /** Follows a request until its response ends (or its connection closes). */
  track(request: FastifyRequest, reply: FastifyReply): void;
  close(): void;
}

export function answerStalledRequests(monitor: DatabaseMonitor): StalledRequests {
  const waiting = new Map<FastifyRequest, { reply: FastifyReply; done: () => void }>();
  const forget = (request: FastifyRequest) => {
    waiting.get(request)?.done();
    waiting.delete(request);
  };
  const unsubscribe = monitor.onChange((available) => {
    if (available) return;
    for (const [request, { reply }] of [...waiting]) {
      forget(request);
      if (reply.sent || reply.raw.headersSent || reply.raw.destroyed) continue;
      // The error handler's answer to the same outage, written by hand: the reply is taken over.
      const error = databaseUnavailable();
      const retryAfter = error.details?.retryAfterSeconds;
      const body = JSON.stringify({ ...error.details, message: error.message });
      reply.hijack();
      reply.raw.writeHead(503, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
        'retry-after': String(retryAfter),
      });
      reply.raw.end(body);
    }
  });
  return {
    close: unsubscribe,
    track(request, reply) {
      waiting.set(request, { reply, done: monitor.track() });
      // 'close' comes for every ending: sent, hijacked and streamed, or the client gone.
      reply.raw.once('close', () => forget(request));
    },
  };
}

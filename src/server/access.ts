// Who is calling, and may they: session cookie, API token (Bearer) or the local operator (the CLI
// through the daemon's private socket or in-process). Cookie-authenticated writes must come from
// our own pages (Origin / Sec-Fetch-Site), so another site cannot ride an admin's session.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Forbidden, Unauthorized } from '../errors.js';
import { authenticateApiToken, authenticateSession, describeRefusedToken, SESSION_COOKIE, type Principal } from '../services/platform/auth/index.js';
import type { AppContext } from '../context.js';

export const LOCAL_OPERATOR_HEADER = 'x-newsctl-local';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

export function sessionToken(request: FastifyRequest): string {
  return request.cookies?.[SESSION_COOKIE] ?? '';
}

export async function resolvePrincipal(ctx: AppContext, localSecret: string, request: FastifyRequest): Promise<Principal | null> {
  const local = request.headers[LOCAL_OPERATOR_HEADER];
  if (typeof local === 'string' && sameSecret(local, localSecret)) {
    return { kind: 'local', userId: null, username: 'local operator' };
  }
  const bearer = bearerToken(request);
  if (bearer) return authenticateApiToken(ctx, bearer);
  return authenticateSession(ctx, sessionToken(request));
}

/** Whether the request's Origin names another site (or the opaque "null" origin); no Origin: a non-browser client. */
export function crossSiteOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  if (origin === 'null') return true;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

/** Cross-site request check for cookie-authenticated (or cookie-setting) writes. */
export function assertSameOrigin(request: FastifyRequest): void {
  if (!UNSAFE_METHODS.has(request.method)) return;
  const principal = request.principal;
  if (principal && principal.kind !== 'session') return;
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && fetchSite !== 'same-origin' && fetchSite !== 'none') {
    throw Forbidden('Cross-site request refused');
  }
  if (crossSiteOrigin(request)) throw Forbidden('Cross-site request refused');
}

export async function requireAdmin(ctx: AppContext, request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (request.principal) return;
  // A client that sent a token learns why it was refused and what to do, not only that it was.
  const bearer = bearerToken(request);
  throw Unauthorized(bearer ? await describeRefusedToken(ctx, bearer) : 'Authentication required');
}

// Administrator accounts, database-backed sessions, API tokens and the failed-login throttle.
import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../../context.js';
import { apiTokenIsLive, findApiTokenByHash, insertApiToken, listApiTokens, markApiTokenUsed, revokeApiToken } from '../../../db/api-tokens.js';
import { clearLoginFailures, deleteLoginFailuresBefore, recentLoginFailures, recordLoginFailure } from '../../../db/login-failures.js';
import { deleteExpiredSessions, deleteSession, deleteSessionsOfUser, findLiveSession, insertSession, touchSession } from '../../../db/sessions.js';
import { countUsers, findUserById, findUserByUsername, firstUserId, upsertUser } from '../../../db/users.js';
import { Invalid, NotFound, TooManyRequests, Unauthorized } from '../../../errors.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { decoyPasswordHash, generatePassword, hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './passwords.js';
import { counted } from '../../../shared/words.js';

/** Failures for one username from one client address before that pair is refused (429) for the window. */
const LOGIN_FAILURE_LIMIT = 5;
/** Failures from one client address, whatever the usernames, before that address is refused. */
const LOGIN_ADDRESS_FAILURE_LIMIT = 10;
const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/**
 * A username failing from many addresses is never locked (anyone could lock the administrator out
 * that way): each attempt at it waits a little longer instead, up to this, so guessing stays slow
 * while the right password from a new address still gets in.
 */
const LOGIN_SLOWDOWN_MAX_MS = 5_000;
const LOGIN_SLOWDOWN_STEP_MS = 500;
export const SESSION_COOKIE = 'newsctl_session';
// Sliding expiry is written at most this often, not on every request.
const SESSION_TOUCH_INTERVAL_MS = 60 * 60 * 1000;
const INVALID_CREDENTIALS = 'Invalid username or password';

type Ctx = Pick<AppContext, 'sql' | 'events' | 'config'>;

export interface Principal {
  kind: 'session' | 'token' | 'local';
  userId: number | null;
  username: string;
  /** The session's id (the hash of its cookie token), for sessions. */
  sessionId?: string;
  /** The token's id, for API tokens. */
  tokenId?: number;
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function newToken(prefix: string): string {
  return prefix + randomBytes(32).toString('base64url');
}

function normaliseUsername(username: string): string {
  return username.trim().toLowerCase();
}

function sessionTtlMs(ctx: Ctx): number {
  return ctx.config.sessionTtlHours * 60 * 60 * 1000;
}

/** Refuses an address (or an address and name) that failed too often; returns how long this attempt should wait. */
async function throttle(ctx: Ctx, username: string, ip: string): Promise<number> {
  const now = Date.now();
  const { byUsername, byIp, byPair } = await recentLoginFailures(ctx.sql, username, ip, new Date(now - LOGIN_FAILURE_WINDOW_MS));
  const blocked = [
    { window: byPair, limit: LOGIN_FAILURE_LIMIT },
    { window: byIp, limit: LOGIN_ADDRESS_FAILURE_LIMIT },
  ]
    .filter(({ window, limit }) => window.count >= limit && window.oldest)
    .map(({ window }) => window);
  if (blocked.length === 0) {
    const over = byUsername.count - LOGIN_FAILURE_LIMIT + 1;
    return over > 0 ? Math.min(LOGIN_SLOWDOWN_MAX_MS, over * LOGIN_SLOWDOWN_STEP_MS) : 0;
  }
  const liftsAt = Math.max(...blocked.map((window) => window.oldest!.getTime() + LOGIN_FAILURE_WINDOW_MS));
  const retryAfterSeconds = Math.max(1, Math.ceil((liftsAt - now) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw TooManyRequests(`Too many failed login attempts. Try again in ${counted(minutes, 'minute')}.`, { retryAfterSeconds });
}

export interface LoginResult {
  token: string;
  expiresAt: Date;
  username: string;
}

export async function login(ctx: Ctx, attempt: { username: string; password: string; ip: string; userAgent?: string | null }): Promise<LoginResult> {
  const key = normaliseUsername(attempt.username);
  if (!key || !attempt.password) throw Invalid('Username and password are required');
  const wait = await throttle(ctx, key, attempt.ip);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));

  const user = await findUserByUsername(ctx.sql, key);
  // Unknown users cost the same scrypt work as wrong passwords, and get the same answer.
  const valid = await verifyPassword(attempt.password, user?.passwordHash ?? (await decoyPasswordHash()));
  if (!user || !valid) {
    await recordLoginFailure(ctx.sql, key, attempt.ip);
    await logEvent(ctx, LOG_COMPONENTS.auth, 'warning', `Failed login for ${quoted(key.slice(0, 100))} from ${attempt.ip}`);
    throw Unauthorized(INVALID_CREDENTIALS);
  }
  await clearLoginFailures(ctx.sql, key, attempt.ip);
  const token = newToken('s_');
  const expiresAt = new Date(Date.now() + sessionTtlMs(ctx));
  await insertSession(ctx.sql, {
    id: sha256(token),
    userId: user.id,
    expiresAt,
    ip: attempt.ip,
    userAgent: attempt.userAgent?.slice(0, 500) ?? null,
  });
  await logEvent(ctx, LOG_COMPONENTS.auth, 'info', `${user.username} logged in from ${attempt.ip}`);
  return { token, expiresAt, username: user.username };
}

export async function authenticateSession(ctx: Ctx, token: string): Promise<Principal | null> {
  if (!token) return null;
  const id = sha256(token);
  const session = await findLiveSession(ctx.sql, id);
  if (!session) return null;
  if (Date.now() - session.lastSeenAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    await touchSession(ctx.sql, id, new Date(Date.now() + sessionTtlMs(ctx)));
  }
  return { kind: 'session', userId: session.userId, username: session.username, sessionId: id };
}

export async function logout(ctx: Ctx, token: string): Promise<void> {
  if (!token) return;
  const id = sha256(token);
  await deleteSession(ctx.sql, id);
  ctx.events.emit('access_revoked', { sessionIds: [id] });
}

export async function authenticateApiToken(ctx: Ctx, token: string): Promise<Principal | null> {
  if (!token) return null;
  const row = await findApiTokenByHash(ctx.sql, sha256(token));
  if (!row || row.revokedAt) return null;
  await markApiTokenUsed(ctx.sql, row.id);
  return { kind: 'token', userId: row.userId, username: `token:${row.name}`, tokenId: row.id };
}

/** Why a bearer token was refused, in words that say what to do. */
/**
 * The account an API token reads as, for reader apps (read and starred state are per user). A token
 * the operator made from the command line belongs to no user: it reads as the first administrator.
 * Null while no administrator exists.
 */
export async function tokenAccount(ctx: Ctx, principal: Principal): Promise<{ userId: number; username: string } | null> {
  if (principal.userId !== null) return { userId: principal.userId, username: principal.username };
  const userId = await firstUserId(ctx.sql);
  if (userId === null) return null;
  const user = await findUserById(ctx.sql, userId);
  return { userId, username: user?.username ?? principal.username };
}

export async function describeRefusedToken(ctx: Ctx, token: string): Promise<string> {
  const row = token ? await findApiTokenByHash(ctx.sql, sha256(token)) : undefined;
  const remedy = 'Make a new one with `newsctl token create --name NAME` where the daemon runs (or in the console), and send it as NEWSCTL_TOKEN or --token.';
  if (row?.revokedAt) return `The API token "${row.name}" was revoked on ${row.revokedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC. ${remedy}`;
  return `The API token is not known to this newsctl (mistyped, or made for another installation). ${remedy}`;
}

/**
 * Whether a principal's credential still holds: a live socket re-checks now and then, so an expired
 * session or a token revoked while no message announced it still loses its rights.
 */
export async function principalStillValid(ctx: Ctx, principal: Principal): Promise<boolean> {
  if (principal.kind === 'session') return principal.sessionId ? (await findLiveSession(ctx.sql, principal.sessionId)) !== undefined : false;
  if (principal.kind === 'token') return principal.tokenId !== undefined && (await apiTokenIsLive(ctx.sql, principal.tokenId));
  return true;
}

export async function createApiToken(ctx: Ctx, name: string, userId: number | null = null): Promise<{ id: number; name: string; token: string }> {
  const cleanName = name.trim();
  if (!cleanName) throw Invalid('A token needs a name');
  const token = newToken('nct_');
  const row = await insertApiToken(ctx.sql, { userId, name: cleanName.slice(0, 100), tokenHash: sha256(token) });
  await logEvent(ctx, LOG_COMPONENTS.auth, 'info', `API token "${row.name}" created`);
  return { id: row.id, name: row.name, token };
}

export async function listTokens(ctx: Ctx) {
  return (await listApiTokens(ctx.sql)).map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

export async function revokeToken(ctx: Ctx, id: number): Promise<void> {
  const row = await revokeApiToken(ctx.sql, id);
  if (!row) throw NotFound(`No API token with id ${id}`);
  ctx.events.emit('access_revoked', { tokenIds: [id] });
  await logEvent(ctx, LOG_COMPONENTS.auth, 'info', `API token ${quoted(row.name)} (id ${id}) revoked`);
}

/** Adds an administrator or resets the password of an existing one (their sessions end). */
export async function setAdminAccount(ctx: Ctx, username: string, password: string): Promise<{ created: boolean; username: string }> {
  const name = username.trim();
  if (!/^[\w.@-]{1,64}$/.test(name)) throw Invalid('Username must be 1–64 letters, digits, dots, dashes, underscores or @');
  if (password.length < MIN_PASSWORD_LENGTH) throw Invalid(`Password must have at least ${MIN_PASSWORD_LENGTH} characters`);
  if (password.length > 1024) throw Invalid('Password is too long');
  const { id, created } = await upsertUser(ctx.sql, name, await hashPassword(password));
  if (!created) {
    // A password reset ends every session of the account, and every live socket riding one.
    const ended = await deleteSessionsOfUser(ctx.sql, id);
    ctx.events.emit('access_revoked', { sessionIds: ended, userIds: [id] });
  }
  await logEvent(ctx, LOG_COMPONENTS.auth, 'info', created ? `Administrator ${name} created` : `Password of ${name} reset; its sessions ended`);
  return { created, username: name };
}

export type AdminBootstrap =
  | { source: 'existing' }
  | { source: 'env'; username: string; created: boolean }
  | { source: 'generated'; username: string; password: string };

/**
 * At start: while NEWSCTL_ADMIN_USERNAME/PASSWORD are set they define that account (created, or its
 * password reset when it differs). Without them, a first start generates a password that the caller
 * prints once; an existing account is never touched.
 */
export async function ensureAdminAccount(ctx: Ctx): Promise<AdminBootstrap> {
  const { adminUsername, adminPassword } = ctx.config;
  if (adminUsername && adminPassword) {
    const existing = await findUserByUsername(ctx.sql, adminUsername);
    if (existing && (await verifyPassword(adminPassword, existing.passwordHash))) return { source: 'existing' };
    const result = await setAdminAccount(ctx, adminUsername, adminPassword);
    return { source: 'env', username: result.username, created: result.created };
  }
  if ((await countUsers(ctx.sql)) > 0) return { source: 'existing' };
  const username = adminUsername ?? 'admin';
  const password = generatePassword();
  await setAdminAccount(ctx, username, password);
  return { source: 'generated', username, password };
}

/** Drops expired sessions and throttle rows; run periodically. */
export async function pruneAuthState(ctx: Ctx): Promise<void> {
  const expired = await deleteExpiredSessions(ctx.sql);
  if (expired.length) ctx.events.emit('access_revoked', { sessionIds: expired });
  await deleteLoginFailuresBefore(ctx.sql, new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS));
}

/** User text inside a log line: quoted and escaped, so it can never end the line or drive a terminal. */
function quoted(text: string): string {
  return JSON.stringify(text);
}

// Login, logout and the admin check, administrator accounts and API tokens.
import type { FastifyInstance } from 'fastify';
import { createApiToken, listTokens, login, logout, revokeToken, SESSION_COOKIE, setAdminAccount } from '../../services/platform/auth/index.js';
import { sessionToken } from '../access.js';
import { endpoints } from '../../api/endpoints.js';

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: { username: string; password: string } }>(
    endpoints.login.path,
    { config: { public: true, whileDiskFull: true } },
    async (request, reply) => {
      const session = await login(app.ctx, {
        username: request.body.username,
        password: request.body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      void reply.setCookie(SESSION_COOKIE, session.token, {
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        path: '/',
        expires: session.expiresAt,
      });
      return { ok: true, username: session.username };
    },
  );

  app.post(endpoints.logout.path, { config: { public: true, whileDiskFull: true } }, async (request, reply) => {
    await logout(app.ctx, sessionToken(request));
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { ok: true };
  });

  // Answers during a database outage too (the public pages poll it): a caller whose session cannot
  // be read then counts as anonymous.
  app.get(endpoints.authCheck.path, { config: { public: true, withoutDatabase: true } }, async (request) => ({ isAdmin: request.principal !== null }));

  app.post<{ Body: { username: string; password: string } }>(endpoints.setAdmin.path, async (request) =>
    setAdminAccount(app.ctx, request.body.username, request.body.password),
  );

  app.get(endpoints.tokens.path, async () => ({ tokens: await listTokens(app.ctx) }));

  app.post<{ Body: { name: string } }>(endpoints.createToken.path, async (request) =>
    createApiToken(app.ctx, request.body.name, request.principal?.userId ?? null),
  );

  app.delete<{ Params: { id: number } }>(endpoints.revokeToken.path, async (request) => {
    await revokeToken(app.ctx, request.params.id);
    return { ok: true };
  });
}

// The Google Reader API's routes, under both prefixes reader apps use: /api/greader.php (what the
// apps' "FreshRSS" account type appends to the server address) and the root (/accounts/ClientLogin,
// /reader/api/0/…, as Miniflux serves it), so either account type works. Form bodies, GoogleLogin
// auth headers and the T edit token are the protocol's; the logic is in services/reader.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { READER_API_PREFIX } from '../api/endpoints.js';
import { Invalid, Unauthorized } from '../errors.js';
import { authenticateApiToken, tokenAccount, type Principal } from '../services/platform/auth/index.js';
import {
  editTags,
  editToken,
  itemContents,
  markAllAsRead,
  READING_LIST,
  streamContents,
  streamItemIds,
  subscriptionList,
  tagList,
  unreadCount,
  userInfo,
  type StreamQuery,
} from '../services/reader/reader-api/index.js';
import { requestOrigin } from './pages.js';

type Query = Record<string, string | string[] | undefined>;

/** The credential a reader app sends: `GoogleLogin auth=…` (or a Bearer token). */
function credentialOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization ?? '';
  const match = /^(?:GoogleLogin\s+auth=|Bearer\s+)(\S+)$/i.exec(header);
  return match ? match[1]! : null;
}

/** A field from the form body and the query string together (apps use either, and repeat `i`). */
function values(request: FastifyRequest, name: string): string[] {
  const form = request.body instanceof URLSearchParams ? request.body.getAll(name) : [];
  const query = (request.query as Query)[name];
  return [...form, ...(query === undefined ? [] : Array.isArray(query) ? query : [query])];
}
const value = (request: FastifyRequest, name: string) => values(request, name)[0];

async function readerRoutes(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) =>
    done(null, new URLSearchParams(String(body))),
  );

  const authenticate = async (request: FastifyRequest): Promise<{ principal: Principal & { userId: number }; credential: string }> => {
    const credential = credentialOf(request);
    const principal = credential ? await authenticateApiToken(app.ctx, credential) : null;
    if (!credential || !principal) throw Unauthorized('Sign in with an API token as the password (newsctl token create --name reader)');
    const account = await tokenAccount(app.ctx, principal);
    if (!account) throw Unauthorized('No administrator account exists yet');
    return { principal: { ...principal, ...account }, credential };
  };
  /** Write calls carry the T token from /token, so a page elsewhere cannot make them. */
  const authenticateWrite = async (request: FastifyRequest, reply: FastifyReply) => {
    const auth = await authenticate(request);
    if (value(request, 'T') !== editToken(auth.credential)) {
      void reply.header('x-reader-google-bad-token', 'true');
      throw Unauthorized('Missing or wrong T token: ask /reader/api/0/token for one');
    }
    return auth;
  };
  const streamQuery = (request: FastifyRequest, stream?: string): StreamQuery => ({
    s: stream || value(request, 's') || READING_LIST,
    n: value(request, 'n'),
    c: value(request, 'c'),
    r: value(request, 'r'),
    xt: values(request, 'xt'),
    it: values(request, 'it'),
    ot: value(request, 'ot'),
    nt: value(request, 'nt'),
  });

  app.post('/accounts/ClientLogin', async (request, reply) => {
    const password = value(request, 'Passwd') ?? '';
    const principal = password ? await authenticateApiToken(app.ctx, password) : null;
    reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8');
    if (!principal) return reply.code(401).send('Error=BadAuthentication\n');
    // The token is the session: apps send it back as `GoogleLogin auth=…`.
    return reply.send(`SID=${password}\nLSID=null\nAuth=${password}\n`);
  });

  app.get('/reader/api/0/token', async (request, reply) => {
    const { credential } = await authenticate(request);
    return reply.type('text/plain; charset=utf-8').send(`${editToken(credential)}\n`);
  });

  app.get('/reader/api/0/user-info', async (request) => {
    const { principal } = await authenticate(request);
    return userInfo(principal.userId, principal.username);
  });

  app.get('/reader/api/0/subscription/list', async (request) => {
    await authenticate(request);
    return subscriptionList(app.ctx, requestOrigin(app, request));
  });

  app.get('/reader/api/0/tag/list', async (request) => {
    await authenticate(request);
    return tagList();
  });

  app.get('/reader/api/0/unread-count', async (request) => {
    const { principal } = await authenticate(request);
    return unreadCount(app.ctx, principal.userId);
  });

  const contents = async (request: FastifyRequest<{ Params: { '*': string } }>) => {
    const { principal } = await authenticate(request);
    return streamContents(app.ctx, principal.userId, streamQuery(request, request.params['*']), requestOrigin(app, request));
  };
  app.get('/reader/api/0/stream/contents/*', contents);
  app.get('/reader/api/0/stream/contents', contents);

  app.get('/reader/api/0/stream/items/ids', async (request) => {
    const { principal } = await authenticate(request);
    return streamItemIds(app.ctx, principal.userId, streamQuery(request));
  });

  const itemsContents = async (request: FastifyRequest) => {
    const { principal } = await authenticate(request);
    return itemContents(app.ctx, principal.userId, values(request, 'i'), requestOrigin(app, request));
  };
  app.post('/reader/api/0/stream/items/contents', itemsContents);
  app.get('/reader/api/0/stream/items/contents', itemsContents);

  app.post('/reader/api/0/edit-tag', async (request, reply) => {
    const { principal } = await authenticateWrite(request, reply);
    await editTags(app.ctx, principal.userId, values(request, 'i'), values(request, 'a'), values(request, 'r'));
    return reply.type('text/plain; charset=utf-8').send('OK');
  });

  app.post('/reader/api/0/mark-all-as-read', async (request, reply) => {
    const { principal } = await authenticateWrite(request, reply);
    const stream = value(request, 's');
    if (!stream) throw Invalid('Send the stream as s=…');
    await markAllAsRead(app.ctx, principal.userId, stream, value(request, 'ts'));
    return reply.type('text/plain; charset=utf-8').send('OK');
  });
}

export async function registerReaderApi(app: FastifyInstance): Promise<void> {
  await app.register(readerRoutes, { prefix: READER_API_PREFIX });
  await app.register(readerRoutes);
}

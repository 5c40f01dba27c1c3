// The digest's two links, as pages of the site: the confirmation (double opt-in) and the way out.
// GET on the unsubscribe link only shows a page with a button, so a mail scanner that opens links
// unsubscribes nobody; POST to it unsubscribes at once, which is RFC 8058's one-click from the
// reader's mail app (a form body `List-Unsubscribe=One-Click`, from any origin, without a session).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { confirmSubscription, unsubscribe } from '../services/reader/digests/subscriptions.js';
import { html, type Html } from '../services/reader/pages/html.js';
import { renderPage } from '../services/reader/pages/layout.js';
import { PAGES } from '../shared/pages.js';
import { TOPIC_NAMES, type Topic } from '../shared/topics.js';
import { requestOrigin } from './pages.js';

type TokenRequest = FastifyRequest<{ Querystring: { token?: string } }>;

function page(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, status: number, title: string, body: Html) {
  const origin = requestOrigin(app, request);
  const text = renderPage(
    { title, description: title, url: `${origin}${request.url.split('?')[0]}`, siteName: app.ctx.config.siteName, type: 'website', feeds: [] },
    html`<main><h1>${title}</h1>${body}<p><a href="/">Back to the news</a></p></main>`,
  );
  // Token pages are for one reader: never cached, never indexed, never a referrer.
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-robots-tag', 'noindex')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(text);
}

const tokenOf = (request: TokenRequest) => (typeof request.query.token === 'string' ? request.query.token : '');
const topicNames = (topics: readonly string[]) => topics.map((topic) => TOPIC_NAMES[topic as Topic] ?? topic).join(', ');

export async function registerSubscriptionPages(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // The one-click body; the token is in the address, so the body is only read to be accepted.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, String(body)));

    scope.get<{ Querystring: { token?: string } }>(PAGES.confirmSubscription, async (request, reply) => {
      const row = await confirmSubscription(app.ctx, tokenOf(request));
      if (!row) {
        return page(
          app,
          request,
          reply,
          404,
          'This link has expired',
          html`<p>The confirmation link is unknown, was used already, or is more than two days old. Subscribe again on the home page to get a new one.</p>`,
        );
      }
      return page(
        app,
        request,
        reply,
        200,
        'You are subscribed',
        html`<p>The ${row.frequency} digest of ${topicNames(row.topics)} will come to ${row.email}. Every digest has a link to unsubscribe.</p>`,
      );
    });

    scope.get<{ Querystring: { token?: string } }>(PAGES.unsubscribe, async (request, reply) => {
      const token = tokenOf(request);
      if (!token) return page(app, request, reply, 404, 'This link is incomplete', html`<p>Open the unsubscribe link from one of our mails.</p>`);
      return page(
        app,
        request,
        reply,
        200,
        'Unsubscribe from the digest',
        html`<form method="post" action="${PAGES.unsubscribe}?token=${encodeURIComponent(token)}"><p>No more digests will be sent to you.</p><button type="submit">Unsubscribe</button></form>`,
      );
    });

    scope.post<{ Querystring: { token?: string } }>(PAGES.unsubscribe, async (request, reply) => {
      const row = await unsubscribe(app.ctx, tokenOf(request));
      if (!row) return page(app, request, reply, 404, 'This link is unknown', html`<p>Open the unsubscribe link from one of our mails.</p>`);
      return page(
        app,
        request,
        reply,
        200,
        'You are unsubscribed',
        html`<p>No more digests will be sent to ${row.email}. You can subscribe again on the home page.</p>`,
      );
    });
  });
}

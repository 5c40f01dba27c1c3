// Reaching readers: the e-mail digest's public subscribe call (rate-limited in the service), the
// administrator's list and sends, and Web Push's key and subscriptions.
import type { FastifyInstance } from 'fastify';
import type { DigestFrequency, PushSubscribeRequest, SubscribeRequest } from '../../api/subscriptions.js';
import { pushPublicKey, subscribePush, unsubscribePush } from '../../services/reader/alerts/push.js';
import { sendDigestNow } from '../../services/reader/digests/digest.js';
import { listSubscribers, removeSubscriber, subscribe } from '../../services/reader/digests/subscriptions.js';
import { endpoints } from '../../api/endpoints.js';

export default async function subscriptionRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: SubscribeRequest }>(endpoints.subscribe.path, { config: { public: true } }, async (request, reply) =>
    reply.code(202).send(await subscribe(app.ctx, request.body, request.ip)),
  );
  app.get(endpoints.pushPublicKey.path, { config: { public: true } }, async () => pushPublicKey(app.ctx));
  app.post<{ Body: PushSubscribeRequest }>(endpoints.pushSubscribe.path, { config: { public: true } }, async (request, reply) =>
    reply.code(201).send(await subscribePush(app.ctx, request.body, request.ip)),
  );
  app.delete<{ Body: { endpoint: string } }>(endpoints.pushUnsubscribe.path, { config: { public: true } }, async (request) =>
    unsubscribePush(app.ctx, request.body.endpoint),
  );
  app.get<{ Querystring: { limit: number } }>(endpoints.subscribers.path, async (request) => listSubscribers(app.ctx, request.query.limit));
  app.delete<{ Params: { id: number } }>(endpoints.removeSubscriber.path, async (request) => removeSubscriber(app.ctx, request.params.id));
  app.post<{ Body: { frequency?: DigestFrequency; to?: string } | null }>(endpoints.sendDigest.path, async (request) =>
    sendDigestNow(app.ctx, request.body ?? {}),
  );
}

// Webhooks: when something happens (a new trend, an article written, audio ready, a crawl
// finished), each endpoint of the `webhooks` setting that asked for the event gets a JSON POST,
// signed so the receiver knows it came from us and was not replayed:
//
//   X-Newsctl-Event: trend.created
//   X-Newsctl-Delivery: 42
//   X-Newsctl-Timestamp: 1795830000                (Unix seconds)
//   X-Newsctl-Signature: sha256=<hex HMAC-SHA256 of "{timestamp}.{body}" with the endpoint's secret>
//
// Deliveries are queued on the job runner (any daemon sends them; a failure is retried with
// back-off) and go through the crawler's address guard like every call a user's setting aims.
import { createHmac } from 'node:crypto';
import type { AppContext } from '../../../context.js';
import type { WebhookDeliveryView } from '../../../api/webhooks.js';
import {
  insertWebhookDelivery,
  pruneWebhookDeliveries,
  recentWebhookDeliveries,
  recordWebhookAttempt,
  webhookDelivery,
  type WebhookDeliveryRow,
} from '../../../db/webhooks.js';
import { createOutboundClient, describeOutboundFailure, HttpStatusError } from '../../../net/index.js';
import { defineJob, enqueue, type JobHandle } from '../jobs/index.js';
import { LOG_COMPONENTS, logEvent } from '../logs/index.js';
import { getSetting } from '../settings/index.js';
import { eventsOf, type WebhookEvent } from './events.js';

const WEBHOOK_JOB = 'webhook-delivery';
const RETRIES = 3;
const DELIVERIES_KEPT = 500;
const TIMEOUT_MS = 10_000;

export interface WebhookEndpoint {
  url: string;
  /** Comma-separated events, or `*` for all. */
  events: string;
  secret: string;
}

/** The signature header's value for a body sent at `timestamp` (seconds). */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

async function endpoints(ctx: Pick<AppContext, 'sql'>): Promise<WebhookEndpoint[]> {
  const setting = await getSetting<{ endpoints: WebhookEndpoint[] }>(ctx, 'webhooks');
  return setting.endpoints;
}

/**
 * Queues the event for every endpoint that wants it. Never throws: a webhook problem must not
 * fail the crawl, the analysis or the article that triggered it (it is logged instead).
 */
export async function emitWebhook(ctx: AppContext, event: WebhookEvent, data: Record<string, unknown>): Promise<void> {
  try {
    const wanted = (await endpoints(ctx)).filter((endpoint) => endpoint.url && eventsOf(endpoint).includes(event));
    for (const endpoint of wanted) {
      const id = await insertWebhookDelivery(ctx.sql, { event, url: endpoint.url, payload: { event, sentAt: new Date().toISOString(), data } });
      await enqueue(ctx, WEBHOOK_JOB, { deliveryId: id });
    }
    if (wanted.length) await pruneWebhookDeliveries(ctx.sql, DELIVERIES_KEPT);
  } catch (error) {
    await logEvent(ctx, LOG_COMPONENTS.system, 'warning', `Webhook ${event} not queued: ${error instanceof Error ? error.message : String(error)}`).catch(
      () => {},
    );
  }
}

async function deliver(ctx: AppContext, params: { deliveryId: number }, job: JobHandle): Promise<{ status: WebhookDeliveryRow['status'] }> {
  const delivery = await webhookDelivery(ctx.sql, params.deliveryId);
  if (!delivery || delivery.status === 'delivered') return { status: 'delivered' };
  // The secret is read now, not stored with the delivery: a rotated secret signs the retries.
  const endpoint = (await endpoints(ctx)).find((candidate) => candidate.url === delivery.url);
  if (!endpoint) {
    await recordWebhookAttempt(ctx.sql, delivery.id, { status: 'failed', responseStatus: null, error: 'The endpoint was removed from the settings' });
    return { status: 'failed' };
  }
  const body = JSON.stringify(delivery.payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const client = createOutboundClient(ctx.config, { maxBodyBytes: 64 * 1024, totalTimeoutMs: TIMEOUT_MS });
  try {
    const response = await client.fetch(delivery.url, {
      method: 'POST',
      body,
      signal: job.signal,
      headers: {
        'content-type': 'application/json',
        'x-newsctl-event': delivery.event,
        'x-newsctl-delivery': String(delivery.id),
        'x-newsctl-timestamp': String(timestamp),
        'x-newsctl-signature': webhookSignature(endpoint.secret, timestamp, body),
      },
    });
    await recordWebhookAttempt(ctx.sql, delivery.id, { status: 'delivered', responseStatus: response.status, error: null });
    return { status: 'delivered' };
  } catch (error) {
    const last = job.attempt > RETRIES;
    const responseStatus = error instanceof HttpStatusError ? error.status : null;
    const reason = describeOutboundFailure(error, delivery.url);
    await recordWebhookAttempt(ctx.sql, delivery.id, { status: last ? 'failed' : 'pending', responseStatus, error: reason });
    if (last) {
      await logEvent(
        ctx,
        LOG_COMPONENTS.system,
        'warning',
        `Webhook ${delivery.event} to ${new URL(delivery.url).host} failed after ${job.attempt} tries: ${reason}`,
      );
      return { status: 'failed' };
    }
    // Thrown, so the runner tries again after its back-off.
    throw new Error(reason);
  } finally {
    client.close();
  }
}

export const webhookDeliveryJob = defineJob({
  name: WEBHOOK_JOB,
  label: 'Webhook delivery',
  exclusive: false,
  // A delivery is a small row; a full disk must not lose the notice of what happened before it.
  startsWhileDiskFull: true,
  concurrency: 2,
  retry: { limit: RETRIES, delaySeconds: 2, backoff: true },
  run: (ctx, params: { deliveryId: number }, job) => deliver(ctx, params, job),
});

export async function listWebhookDeliveries(ctx: Pick<AppContext, 'sql'>, limit: number): Promise<WebhookDeliveryView[]> {
  return (await recentWebhookDeliveries(ctx.sql, limit)).map((row) => ({
    id: row.id,
    event: row.event,
    url: row.url,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    error: row.error,
    createdAt: new Date(row.createdAt).toISOString(),
    deliveredAt: row.deliveredAt ? new Date(row.deliveredAt).toISOString() : null,
  }));
}

// Web Push (RFC 8030, with VAPID, RFC 8292, and the aes128gcm payload encryption of RFC 8291): the
// site's key pair, made at first use and shared by every daemon; the browsers that allowed alerts;
// and one alert's delivery to them. The payload is encrypted by the web-push library; the request
// goes out through the outbound guard like every call newsctl makes to an address it was given.
import { onFirstUse } from '../../../load-on-use.js';
import type { AppContext } from '../../../context.js';
import { deletePushSubscription, deletePushSubscriptionById, pushSubscriptionsFor, recordPushSent, upsertPushSubscription } from '../../../db/push.js';
import { siteKey } from '../../../db/subscribers.js';
import { Invalid, TooManyRequests } from '../../../errors.js';
import { classifyHost, createAddressPolicy } from '../../../net/address-policy.js';
import { createOutboundClient, describeOutboundFailure, HttpStatusError } from '../../../net/index.js';
import { contextJob, contextSlot } from '../../../context.js';
import { TOPICS, isTopic } from '../../../shared/topics.js';
import { RateWindow } from '../../platform/rate-window.js';
import { emailSettings } from '../digests/mailer.js';

/** How long a push service keeps an alert for a browser that is off (seconds). */
// Loaded with the first key made or alert sent, not at every start.
const webpush = onFirstUse<typeof import('web-push')>('web-push');
const TTL_SECONDS = 12 * 3600;
const TIMEOUT_MS = 15_000;
/** Push services browsers use (their hosts and sub-domains); any other endpoint is refused. */
const PUSH_SERVICES = ['fcm.googleapis.com', 'android.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];
const PER_CLIENT = { limit: 10, windowMs: 15 * 60_000 };

export interface PushAlert {
  title: string;
  body: string;
  /** The page the notification opens (a path of the site). */
  url: string;
  /** Alerts with the same tag replace each other on the device. */
  tag: string;
}

interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

async function vapidKeys(ctx: Pick<AppContext, 'sql'>): Promise<VapidKeys> {
  return JSON.parse(await siteKey(ctx.sql, 'vapid', () => JSON.stringify(webpush().generateVAPIDKeys()))) as VapidKeys;
}

/** GET /api/push/public-key: what a browser subscribes with (applicationServerKey). */
export async function pushPublicKey(ctx: Pick<AppContext, 'sql'>): Promise<{ publicKey: string }> {
  return { publicKey: (await vapidKeys(ctx)).publicKey };
}

/** Why an endpoint is not a push service newsctl will post to, or null. */
export function refusedPushEndpoint(raw: string, allowPrivateNetworks: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'endpoint must be a URL';
  }
  const host = url.hostname.toLowerCase();
  if (url.protocol === 'https:' && PUSH_SERVICES.some((service) => host === service || host.endsWith(`.${service}`))) return null;
  // A push server of one's own, on an address the administrator allowed (NEWSCTL_ALLOW_PRIVATE_NETWORKS).
  const kind = classifyHost(url.hostname);
  if (kind.kind === 'ip' && createAddressPolicy(allowPrivateNetworks).judge(kind.ip).viaAllowList) return null;
  return 'endpoint must be a browser push service';
}

const clientWindows = contextSlot<RateWindow>('push subscribe calls');

/** POST /api/push/subscriptions (public): this browser follows these topics. */
export async function subscribePush(
  ctx: AppContext,
  request: { endpoint: string; keys: { p256dh: string; auth: string }; topics: string[] },
  clientAddress: string,
): Promise<{ message: string }> {
  const refused = refusedPushEndpoint(request.endpoint, ctx.config.allowPrivateNetworks);
  if (refused) throw Invalid(`Invalid body: ${refused}`);
  // The browser's keys as RFC 8291 has them: an uncompressed P-256 point and a 16-byte secret.
  const p256dh = Buffer.from(request.keys.p256dh, 'base64url');
  if (p256dh.length !== 65 || p256dh[0] !== 4) throw Invalid('Invalid body: keys.p256dh must be a P-256 public key (65 bytes, base64url)');
  if (Buffer.from(request.keys.auth, 'base64url').length !== 16) throw Invalid('Invalid body: keys.auth must be 16 bytes, base64url');
  const topics = TOPICS.filter((topic) => request.topics.includes(topic));
  const unknown = request.topics.filter((topic) => !isTopic(topic));
  if (unknown.length || topics.length === 0) throw Invalid(`Invalid body: topics must be some of ${TOPICS.join(', ')}`);
  const wait = contextJob(ctx, clientWindows, () => new RateWindow(PER_CLIENT.limit, PER_CLIENT.windowMs)).take(clientAddress);
  if (wait !== null) throw TooManyRequests(`Too many alert subscriptions; try again in ${Math.ceil(wait / 60)} minutes`, { retryAfterSeconds: wait });
  await upsertPushSubscription(ctx.sql, { endpoint: request.endpoint, p256dh: request.keys.p256dh, auth: request.keys.auth, topics });
  return { message: `Alerts on for ${topics.join(', ')}` };
}

/** DELETE /api/push/subscriptions (public): this browser wants no more alerts. */
export async function unsubscribePush(ctx: Pick<AppContext, 'sql'>, endpoint: string): Promise<{ message: string }> {
  return { message: (await deletePushSubscription(ctx.sql, endpoint)) ? 'Alerts off' : 'This browser had no alerts on' };
}

/** The VAPID subject: the site's https address, else the sender of its mail, else a placeholder mailbox. */
async function vapidSubject(ctx: Pick<AppContext, 'sql' | 'config'>): Promise<string> {
  if (ctx.config.publicUrl?.startsWith('https://')) return ctx.config.publicUrl;
  const from = (await emailSettings(ctx))?.from.match(/[^\s<>]+@[^\s<>]+/)?.[0];
  return `mailto:${from ?? 'newsctl@example.invalid'}`;
}

/**
 * Sends one alert to every browser following `topic`; a subscription the push service says is gone
 * (404, 410) is removed. Returns how many got it.
 */
export async function pushToFollowers(
  ctx: AppContext,
  topic: string,
  alert: PushAlert,
  signal?: AbortSignal,
): Promise<{ sent: number; removed: number; failed: number; error: string | null }> {
  const subscriptions = await pushSubscriptionsFor(ctx.sql, topic);
  const result = { sent: 0, removed: 0, failed: 0, error: null as string | null };
  if (!subscriptions.length) return result;
  const keys = await vapidKeys(ctx);
  const vapidDetails = { subject: await vapidSubject(ctx), publicKey: keys.publicKey, privateKey: keys.privateKey };
  const payload = JSON.stringify(alert);
  const client = createOutboundClient(ctx.config, { maxBodyBytes: 64 * 1024, totalTimeoutMs: TIMEOUT_MS });
  try {
    for (const subscription of subscriptions) {
      if (signal?.aborted) break;
      try {
        const details = webpush().generateRequestDetails(
          { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
          payload,
          {
            vapidDetails,
            TTL: TTL_SECONDS,
            contentEncoding: 'aes128gcm',
            urgency: 'normal',
            topic: alert.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
          },
        );
        await client.fetch(details.endpoint, { method: 'POST', body: details.body ?? undefined, headers: details.headers as Record<string, string>, signal });
        await recordPushSent(ctx.sql, subscription.id);
        result.sent++;
      } catch (error) {
        if (error instanceof HttpStatusError && (error.status === 404 || error.status === 410)) {
          await deletePushSubscriptionById(ctx.sql, subscription.id);
          result.removed++;
        } else {
          // One browser's push service failing must not hold up the others; the first reason is reported.
          result.failed++;
          result.error ??= describeOutboundFailure(error, subscription.endpoint);
        }
      }
    }
  } finally {
    client.close();
  }
  return result;
}

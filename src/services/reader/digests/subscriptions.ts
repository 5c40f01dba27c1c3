// Subscribing to the e-mail digest: a reader gives an address, topics and a frequency; a link mailed
// to that address confirms the choice (double opt-in), and every mail carries a link that ends it.
// The public call answers the same whatever the address's state, and sends at most one confirmation
// per address in ten minutes, so the form tells nobody who subscribes and mails no stranger in bulk.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { AppContext } from '../../../context.js';
import type { DigestFrequency, SubscribeRequest, SubscriberList, SubscriberView } from '../../../api/subscriptions.js';
import {
  allSubscribers,
  confirmationsSentSince,
  confirmByTokenHash,
  deleteSubscriber,
  ensureSubscriber,
  pruneSubscribers,
  recordPendingChoice,
  siteKey,
  subscriberById,
  subscriberCounts,
  unsubscribeByTokenHash,
  type SubscriberRow,
} from '../../../db/subscribers.js';
import { countPushSubscriptions } from '../../../db/push.js';
import { Invalid, NotFound, TooManyRequests } from '../../../errors.js';
import { contextJob, contextSlot } from '../../../context.js';
import { TOPICS, isTopic } from '../../../shared/topics.js';
import { defineJob, enqueue } from '../../platform/jobs/index.js';
import { LOG_COMPONENTS, logEvent } from '../../platform/logs/index.js';
import { RateWindow } from '../../platform/rate-window.js';
import { emailSettings, openMailer, requireEmailSettings } from './mailer.js';
import { confirmationMail, digestOrigin } from './mail-text.js';

const CONFIRM_HOURS = 48;
/** One confirmation mail per address in this long, whatever the form is sent. */
const RESEND_AFTER_MS = 10 * 60_000;
/** Confirmation mails to every address together in an hour: past it, the form answers 429. */
const CONFIRMATIONS_PER_HOUR = 200;
/** Subscribe calls from one client address. */
const PER_CLIENT = { limit: 5, windowMs: 15 * 60_000 };
const CONFIRMATION_JOB = 'digest-confirmation';

export const SUBSCRIBE_ANSWER = 'Check your inbox: we sent a link to confirm your subscription. Nothing is sent until you confirm.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The address as stored: trimmed, lower-cased; refused unless it looks like one mailbox. */
export function normaliseAddress(raw: string): string {
  const email = raw.trim().toLowerCase();
  // One mailbox, no display name, no list, nothing a header could carry further.
  if (email.length > 254 || !/^[^\s@<>()[\]\\,;:"]{1,64}@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/.test(email)) {
    throw Invalid('Invalid body: email must be an e-mail address');
  }
  return email;
}

function chosenTopics(topics: readonly string[]): string[] {
  const unknown = topics.filter((topic) => !isTopic(topic));
  if (unknown.length) throw Invalid(`Invalid body: unknown topic ${unknown.join(', ')} (topics: ${TOPICS.join(', ')})`);
  const chosen = TOPICS.filter((topic) => topics.includes(topic));
  if (chosen.length === 0) throw Invalid('Invalid body: choose at least one topic');
  return chosen;
}

/** The address's unsubscribe token: signed with the site's key, so only a mail we wrote holds it. */
export async function unsubscribeToken(ctx: Pick<AppContext, 'sql'>, email: string): Promise<string> {
  const key = await siteKey(ctx.sql, 'digest-unsubscribe', () => randomBytes(32).toString('base64url'));
  return createHmac('sha256', key).update(`unsubscribe:${email}`).digest('base64url');
}

const clientWindows = contextSlot<RateWindow>('digest subscribe calls');

/** POST /api/subscriptions. */
export async function subscribe(ctx: AppContext, request: SubscribeRequest, clientAddress: string): Promise<{ message: string }> {
  await requireEmailSettings(ctx);
  const email = normaliseAddress(request.email);
  const topics = chosenTopics(request.topics);
  const wait = contextJob(ctx, clientWindows, () => new RateWindow(PER_CLIENT.limit, PER_CLIENT.windowMs)).take(clientAddress);
  if (wait !== null) throw TooManyRequests(`Too many subscription requests; try again in ${Math.ceil(wait / 60)} minutes`, { retryAfterSeconds: wait });
  if ((await confirmationsSentSince(ctx.sql, new Date(Date.now() - 3600_000))) >= CONFIRMATIONS_PER_HOUR) {
    throw TooManyRequests('Too many subscription requests; try again in an hour', { retryAfterSeconds: 3600 });
  }
  const row = await ensureSubscriber(ctx.sql, email, hashToken(await unsubscribeToken(ctx, email)));
  if (row.confirmationSentAt && Date.now() - row.confirmationSentAt.getTime() < RESEND_AFTER_MS) return { message: SUBSCRIBE_ANSWER };
  const token = randomBytes(32).toString('base64url');
  await recordPendingChoice(ctx.sql, row.id, {
    topics,
    frequency: request.frequency,
    confirmTokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + CONFIRM_HOURS * 3600_000),
  });
  await enqueue(ctx, CONFIRMATION_JOB, { subscriberId: row.id, token });
  return { message: SUBSCRIBE_ANSWER };
}

/** The confirmation link: the pending choice applied; null for an unknown, used or expired token. */
export async function confirmSubscription(ctx: AppContext, token: string): Promise<SubscriberRow | null> {
  if (!token || token.length > 200) return null;
  const row = await confirmByTokenHash(ctx.sql, hashToken(token));
  if (row) await logEvent(ctx, LOG_COMPONENTS.system, 'info', `Digest subscription confirmed (${row.frequency}: ${row.topics.join(', ')})`);
  return row;
}

/** The unsubscribe link (and RFC 8058's one-click POST): null for an unknown token. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<SubscriberRow | null> {
  if (!token || token.length > 200) return null;
  return unsubscribeByTokenHash(ctx.sql, hashToken(token));
}

function statusOf(row: SubscriberRow): SubscriberView['status'] {
  if (row.unsubscribedAt) return 'unsubscribed';
  if (row.stoppedAt) return 'stopped';
  return row.confirmedAt ? 'subscribed' : 'pending';
}

/** GET /api/subscriptions (administrator): the digest's subscribers, and how many browsers have push alerts on. */
export async function listSubscribers(ctx: AppContext, limit: number): Promise<SubscriberList> {
  const [rows, counts, settings, pushBrowsers] = await Promise.all([
    allSubscribers(ctx.sql, limit),
    subscriberCounts(ctx.sql),
    emailSettings(ctx),
    countPushSubscriptions(ctx.sql),
  ]);
  return {
    subscribers: rows.map((row) => ({
      id: row.id,
      email: row.email,
      // Until the first confirmation, what the reader asked for.
      topics: row.confirmedAt ? row.topics : (row.pendingTopics ?? []),
      frequency: (row.confirmedAt ? row.frequency : (row.pendingFrequency ?? row.frequency)) as DigestFrequency,
      status: statusOf(row),
      bounces: row.bounces,
      lastError: row.lastError,
      lastDigestAt: row.lastDigestAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    counts,
    emailConfigured: settings !== null,
    linksTo: digestOrigin(ctx.config),
    pushBrowsers,
  };
}

async function sendConfirmation(ctx: AppContext, params: { subscriberId: number; token: string }): Promise<{ sent: boolean }> {
  const row = await subscriberById(ctx.sql, params.subscriberId);
  if (!row?.pendingTopics || !row.pendingFrequency) return { sent: false };
  const settings = await emailSettings(ctx);
  if (!settings) return { sent: false };
  const mailer = openMailer(settings);
  try {
    const mail = confirmationMail(ctx.config, {
      email: row.email,
      topics: row.pendingTopics,
      frequency: row.pendingFrequency,
      alreadySubscribed: row.confirmedAt !== null && row.unsubscribedAt === null,
      confirmToken: params.token,
      unsubscribeToken: await unsubscribeToken(ctx, row.email),
      expiresInHours: CONFIRM_HOURS,
    });
    const outcome = await mailer.send(mail);
    if (outcome.ok) return { sent: true };
    // A mailbox that does not exist will not exist on the next try either.
    if (outcome.permanent) {
      await logEvent(ctx, LOG_COMPONENTS.system, 'warning', `Digest confirmation refused by the mail server: ${outcome.error}`);
      return { sent: false };
    }
    throw new Error(outcome.error);
  } finally {
    mailer.close();
  }
}

export const digestConfirmationJob = defineJob({
  name: CONFIRMATION_JOB,
  label: 'Digest confirmation mail',
  exclusive: false,
  concurrency: 2,
  retry: { limit: 3, delaySeconds: 30, backoff: true },
  run: (ctx, params: { subscriberId: number; token: string }) => sendConfirmation(ctx, params),
});

/**
 * The upkeep's step: an address nobody confirmed is forgotten a week after its link expired, and a
 * reader who unsubscribed a month after they left (no digest went to either meanwhile).
 */
export async function pruneSubscriptions(ctx: Pick<AppContext, 'sql'>): Promise<void> {
  const day = 86_400_000;
  await pruneSubscribers(ctx.sql, new Date(Date.now() - 7 * day), new Date(Date.now() - 30 * day));
}

/** DELETE /api/subscriptions/:id (administrator): the address and its choices erased. */
export async function removeSubscriber(ctx: AppContext, id: number): Promise<{ message: string }> {
  const row = await subscriberById(ctx.sql, id);
  if (!row) throw NotFound(`Subscriber ${id} not found`);
  await deleteSubscriber(ctx.sql, id);
  return { message: `Removed ${row.email}` };
}

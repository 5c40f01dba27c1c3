// Answers of the digest routes: the public subscribe call, and the administrator's subscriber list and sends.
import { z } from 'zod';

/** POST /api/subscriptions: the same answer whether the address is new, pending or subscribed. */
export const subscribeAnswer = z.object({ message: z.string() });

/** GET /api/subscriptions, one subscriber. */
export const subscriber = z.object({
  id: z.number(),
  email: z.string(),
  topics: z.array(z.string()),
  frequency: z.enum(['daily', 'weekly']),
  status: z.enum(['pending', 'subscribed', 'stopped', 'unsubscribed']),
  bounces: z.number(),
  lastError: z.string().nullable(),
  lastDigestAt: z.string().nullable(),
  createdAt: z.string(),
});

export const subscriberList = z.object({
  subscribers: z.array(subscriber),
  counts: z.object({ confirmed: z.number(), pending: z.number(), stopped: z.number(), unsubscribed: z.number() }),
  /** Whether an e-mail server is set (no server: nothing is sent). */
  emailConfigured: z.boolean(),
  /** Where the digests' links point. */
  linksTo: z.string(),
  /** Browsers with push alerts on. */
  pushBrowsers: z.number(),
});

/** POST /api/digests/send. */
export const digestSendResult = z.object({
  message: z.string(),
  sent: z.number(),
  failed: z.number(),
  /** Subscribers left out: a digest of this period already sent, or nothing new in their topics. */
  skipped: z.number(),
  frequencies: z.array(z.enum(['daily', 'weekly'])),
});

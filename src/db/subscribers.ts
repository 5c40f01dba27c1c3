// Digest subscribers (see sql/026_digests.sql) and the site keys every daemon shares.
import type { Queryable } from './client.js';

export type Frequency = 'daily' | 'weekly';

export interface SubscriberRow {
  id: number;
  email: string;
  topics: string[];
  frequency: Frequency;
  pendingTopics: string[] | null;
  pendingFrequency: Frequency | null;
  confirmExpiresAt: Date | null;
  confirmationsSent: number;
  confirmationSentAt: Date | null;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
  bounces: number;
  lastError: string | null;
  stoppedAt: Date | null;
  lastDigestAt: Date | null;
  createdAt: Date;
}

const columns = (sql: Queryable) => sql`
  id, email, topics, frequency, pending_topics, pending_frequency, confirm_expires_at, confirmations_sent, confirmation_sent_at,
  confirmed_at, unsubscribed_at, bounces, last_error, stopped_at, last_digest_at, created_at`;

export async function subscriberById(sql: Queryable, id: number): Promise<SubscriberRow | null> {
  const [row] = await sql<SubscriberRow[]>`select ${columns(sql)} from subscribers where id = ${id}`;
  return row ?? null;
}

/** The address's row, made if it is new (nothing confirmed yet). */
export async function ensureSubscriber(sql: Queryable, email: string, unsubscribeTokenHash: string): Promise<SubscriberRow> {
  const [row] = await sql<SubscriberRow[]>`
    insert into subscribers (email, unsubscribe_token_hash) values (${email}, ${unsubscribeTokenHash})
    on conflict (email) do update set unsubscribe_token_hash = excluded.unsubscribe_token_hash
    returning ${columns(sql)}`;
  return row!;
}

/** What the reader asked for, waiting for their confirmation; counts the mail about to be sent. */
export async function recordPendingChoice(
  sql: Queryable,
  id: number,
  choice: { topics: string[]; frequency: Frequency; confirmTokenHash: string; expiresAt: Date },
): Promise<void> {
  await sql`
    update subscribers set pending_topics = ${choice.topics}::text[], pending_frequency = ${choice.frequency},
      confirm_token_hash = ${choice.confirmTokenHash}, confirm_expires_at = ${choice.expiresAt},
      confirmations_sent = confirmations_sent + 1, confirmation_sent_at = now()
    where id = ${id}`;
}

/**
 * Applies the pending choice of the address whose confirmation token hashes to `hash`, if it has not
 * expired: the address is confirmed (again), subscribed, and sending starts afresh.
 */
export async function confirmByTokenHash(sql: Queryable, hash: string): Promise<SubscriberRow | null> {
  const [row] = await sql<SubscriberRow[]>`
    update subscribers set topics = pending_topics, frequency = pending_frequency, pending_topics = null, pending_frequency = null,
      confirm_token_hash = null, confirm_expires_at = null, confirmed_at = now(), unsubscribed_at = null,
      stopped_at = null, bounces = 0, last_error = null
    where confirm_token_hash = ${hash} and confirm_expires_at > now() and pending_topics is not null
    returning ${columns(sql)}`;
  return row ?? null;
}

export async function unsubscribeByTokenHash(sql: Queryable, hash: string): Promise<SubscriberRow | null> {
  const [row] = await sql<SubscriberRow[]>`
    update subscribers set unsubscribed_at = coalesce(unsubscribed_at, now()), pending_topics = null, pending_frequency = null,
      confirm_token_hash = null, confirm_expires_at = null
    where unsubscribe_token_hash = ${hash}
    returning ${columns(sql)}`;
  return row ?? null;
}

/** Confirmed, subscribed and still deliverable addresses of one frequency. */
export async function dueSubscribers(sql: Queryable, frequency: Frequency): Promise<SubscriberRow[]> {
  return sql<SubscriberRow[]>`
    select ${columns(sql)} from subscribers
    where frequency = ${frequency} and confirmed_at is not null and unsubscribed_at is null and stopped_at is null
    order by id`;
}

export async function allSubscribers(sql: Queryable, limit: number): Promise<SubscriberRow[]> {
  return sql<SubscriberRow[]>`select ${columns(sql)} from subscribers order by created_at desc, id desc limit ${limit}`;
}

export async function subscriberCounts(sql: Queryable): Promise<{ confirmed: number; pending: number; stopped: number; unsubscribed: number }> {
  const [row] = await sql<{ confirmed: number; pending: number; stopped: number; unsubscribed: number }[]>`
    select
      count(*) filter (where confirmed_at is not null and unsubscribed_at is null and stopped_at is null)::int as confirmed,
      count(*) filter (where confirmed_at is null and unsubscribed_at is null)::int as pending,
      count(*) filter (where stopped_at is not null and unsubscribed_at is null)::int as stopped,
      count(*) filter (where unsubscribed_at is not null)::int as unsubscribed
    from subscribers`;
  return row!;
}

/** Confirmation mails sent since `since`, every address together (the form's cap on mail to strangers). */
export async function confirmationsSentSince(sql: Queryable, since: Date): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from subscribers where confirmation_sent_at > ${since}`;
  return row!.count;
}

export async function recordDigestSent(sql: Queryable, id: number): Promise<void> {
  await sql`update subscribers set last_digest_at = now(), bounces = 0, last_error = null where id = ${id}`;
}

/** A permanent refusal: counted, and sending stops at `limit` in a row. */
export async function recordBounce(sql: Queryable, id: number, error: string, limit: number): Promise<void> {
  await sql`
    update subscribers set bounces = bounces + 1, last_error = ${error},
      stopped_at = case when bounces + 1 >= ${limit} then now() else stopped_at end
    where id = ${id}`;
}

/** Addresses nobody confirmed (their link expired before `unconfirmedBefore`) and readers who left before `leftBefore`. */
export async function pruneSubscribers(sql: Queryable, unconfirmedBefore: Date, leftBefore: Date): Promise<number> {
  const rows = await sql`
    delete from subscribers
    where (confirmed_at is null and (confirm_expires_at is null or confirm_expires_at < ${unconfirmedBefore}) and created_at < ${unconfirmedBefore})
       or unsubscribed_at < ${leftBefore}`;
  return rows.count;
}

export async function deleteSubscriber(sql: Queryable, id: number): Promise<void> {
  await sql`delete from subscribers where id = ${id}`;
}

/** A site key by name, made by `make` the first time any daemon asks (the first writer wins). */
export async function siteKey(sql: Queryable, name: string, make: () => string): Promise<string> {
  await sql`insert into site_keys (name, value) values (${name}, ${make()}) on conflict (name) do nothing`;
  const [row] = await sql<{ value: string }[]>`select value from site_keys where name = ${name}`;
  return row!.value;
}

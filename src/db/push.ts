// Web Push subscriptions and the alerts each story has had (sql/028_push.sql).
import type { Queryable } from './client.js';
import { outletCount } from './trends.js';

export interface PushSubscriptionRow {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  topics: string[];
}

/** Adds the browser, or updates its keys and topics (a browser renews its subscription now and then). */
export async function upsertPushSubscription(sql: Queryable, subscription: Omit<PushSubscriptionRow, 'id'>): Promise<void> {
  await sql`
    insert into push_subscriptions (endpoint, p256dh, auth, topics)
    values (${subscription.endpoint}, ${subscription.p256dh}, ${subscription.auth}, ${subscription.topics}::text[])
    on conflict (endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth, topics = excluded.topics`;
}

export async function deletePushSubscription(sql: Queryable, endpoint: string): Promise<boolean> {
  const rows = await sql`delete from push_subscriptions where endpoint = ${endpoint}`;
  return rows.count > 0;
}

export async function deletePushSubscriptionById(sql: Queryable, id: number): Promise<void> {
  await sql`delete from push_subscriptions where id = ${id}`;
}

/** The browsers following a topic. */
export async function pushSubscriptionsFor(sql: Queryable, topic: string): Promise<PushSubscriptionRow[]> {
  return sql<PushSubscriptionRow[]>`select id, endpoint, p256dh, auth, topics from push_subscriptions where ${topic} = any(topics) order by id`;
}

export async function countPushSubscriptions(sql: Queryable): Promise<number> {
  const [row] = await sql<{ count: number }[]>`select count(*)::int as count from push_subscriptions`;
  return row!.count;
}

export async function recordPushSent(sql: Queryable, id: number): Promise<void> {
  await sql`update push_subscriptions set last_sent_at = now() where id = ${id}`;
}

/** Claims a story's alert of one kind: true for the one caller that may send it. */
export async function claimStoryAlert(sql: Queryable, trendId: number, kind: 'new' | 'big'): Promise<boolean> {
  const rows = await sql`insert into story_alerts (trend_id, kind) values (${trendId}, ${kind}) on conflict do nothing`;
  return rows.count > 0;
}

export interface AlertStoryRow {
  id: number;
  title: string;
  topic: string;
  sourceCount: number;
}

/** The stories with how many outlets tell each. */
export async function storiesWithSourceCounts(sql: Queryable, ids: readonly number[]): Promise<AlertStoryRow[]> {
  if (!ids.length) return [];
  return sql<AlertStoryRow[]>`
    select t.id, t.title, t.topic, ${outletCount(sql, 't.id')} as source_count
    from trends t where t.id = any(${ids as number[]}::int[])`;
}

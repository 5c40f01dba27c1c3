// Webhook deliveries: what was (or is to be) sent where, and how it went.
import type { Queryable } from './client.js';

export interface WebhookDeliveryRow {
  id: number;
  event: string;
  url: string;
  payload: Record<string, unknown>;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  responseStatus: number | null;
  error: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

const columns = (sql: Queryable) => sql`id, event, url, payload, status, attempts, response_status, error, created_at, delivered_at`;

export async function insertWebhookDelivery(sql: Queryable, delivery: { event: string; url: string; payload: Record<string, unknown> }): Promise<number> {
  const [row] = await sql<{ id: number }[]>`
    insert into webhook_deliveries (event, url, payload) values (${delivery.event}, ${delivery.url}, ${sql.json(delivery.payload as never)}) returning id`;
  return row!.id;
}

export async function webhookDelivery(sql: Queryable, id: number): Promise<WebhookDeliveryRow | null> {
  const [row] = await sql<WebhookDeliveryRow[]>`select ${columns(sql)} from webhook_deliveries where id = ${id}`;
  return row ?? null;
}

export async function recordWebhookAttempt(
  sql: Queryable,
  id: number,
  outcome: { status: WebhookDeliveryRow['status']; responseStatus: number | null; error: string | null },
): Promise<void> {
  await sql`
    update webhook_deliveries set status = ${outcome.status}, attempts = attempts + 1, response_status = ${outcome.responseStatus},
      error = ${outcome.error}, delivered_at = case when ${outcome.status} = 'delivered' then now() else delivered_at end
    where id = ${id}`;
}

export async function recentWebhookDeliveries(sql: Queryable, limit: number): Promise<WebhookDeliveryRow[]> {
  return sql<WebhookDeliveryRow[]>`select ${columns(sql)} from webhook_deliveries order by created_at desc, id desc limit ${limit}`;
}

/** Keeps the newest `keep` deliveries. */
export async function pruneWebhookDeliveries(sql: Queryable, keep: number): Promise<void> {
  await sql`delete from webhook_deliveries where id < (select coalesce(min(id), 0) from (select id from webhook_deliveries order by id desc limit ${keep}) newest)`;
}

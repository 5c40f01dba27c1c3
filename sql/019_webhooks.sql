-- Webhook deliveries: one row per event and endpoint, kept so the console can show what was sent,
-- how it was answered and how often it was tried. The endpoints themselves are a setting.
create table webhook_deliveries (
  id integer generated always as identity primary key,
  event text not null,
  url text not null,
  payload jsonb not null,
  status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
  attempts integer not null default 0,
  response_status integer,
  error text,
  created_at timestamptz not null default now(),
  delivered_at timestamptz
);
create index webhook_deliveries_created on webhook_deliveries (created_at desc);

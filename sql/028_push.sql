-- Web Push: each browser that allowed alerts, with the topics it follows, and which alerts each
-- story has had (a story is announced once as new and once as big, whichever daemon analyses it).
create table push_subscriptions (
  id integer generated always as identity primary key,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  topics text[] not null default '{}',
  created_at timestamptz not null default now(),
  last_sent_at timestamptz
);

create table story_alerts (
  trend_id integer not null references trends (id) on delete cascade,
  kind text not null check (kind in ('new', 'big')),
  sent_at timestamptz not null default now(),
  primary key (trend_id, kind)
);
